"""States are values: frozen dataclasses that the rules copy with a few fields changed.

A transition never alters a state; it makes a new one with :func:`replace`, so a state can be
kept, compared, replayed and handed to a solver as it is.  Rules modules make many such copies
(every move of every kniggit, every blow of every fight), so :func:`replace` here does what
:func:`dataclasses.replace` does for these classes at a fifth of the cost: it copies the fields
and sets the changed ones without running ``__init__`` again.  That is the same value only when
``__init__`` does nothing but set the fields, so a class with a ``__post_init__`` (or with
``__slots__``) goes through :func:`dataclasses.replace` as before.  Only fields are copied:
anything else an instance keeps (a memo of answers worked out from it) stays with the old value.

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True)
... class Duel:
...     hp: tuple = (20, 20)
...     to_act: int = 0
>>> before = Duel()
>>> replace(before, to_act=1)
Duel(hp=(20, 20), to_act=1)
>>> before
Duel(hp=(20, 20), to_act=0)
>>> replace(before, mana=3)
Traceback (most recent call last):
...
TypeError: Duel has no field 'mana'
"""

from __future__ import annotations

import dataclasses
from typing import Any, Callable, Hashable, TypeVar

T = TypeVar("T")
_UNKNOWN = object()  # a memo's mark for "not worked out yet" (None may be an answer)

_PLAIN: dict[type, frozenset[str] | None] = {}


def _plain_fields(cls: type) -> frozenset[str] | None:
    """The field names of ``cls`` when its instances may be copied field by field, else None."""
    if cls not in _PLAIN:
        plain = (dataclasses.is_dataclass(cls) and not hasattr(cls, "__post_init__")
                 and not hasattr(cls, "__slots__"))
        _PLAIN[cls] = frozenset(f.name for f in dataclasses.fields(cls) if f.init) if plain else None
    return _PLAIN[cls]


def replace(value: T, **changes: Any) -> T:
    """``value`` with ``changes`` (field name to new value): :func:`dataclasses.replace`, faster."""
    cls = type(value)
    names = _PLAIN[cls] if cls in _PLAIN else _plain_fields(cls)
    if names is None:
        return dataclasses.replace(value, **changes)
    if not changes.keys() <= names:
        unknown = sorted(changes.keys() - names)[0]
        raise TypeError(f"{cls.__name__} has no field {unknown!r}")
    new = object.__new__(cls)
    fields = new.__dict__
    kept = value.__dict__
    fields.update(kept)
    if len(kept) != len(names):  # answers kept beside the fields (a memo) belong to the old value
        fields.pop("_memo", None)
        if len(fields) != len(names):
            for extra in fields.keys() - names:
                del fields[extra]
    fields.update(changes)
    return new


class Remembers:
    """A base for frozen values that keep a memo of what is read off them.

    A value never changes, so what is worked out from it (whose decision it is, the legal
    decisions, who stands within reach of a piece, a piece's part of an observation) is the same
    every time, and one decision asks it several times: listing the choices, checking the one
    made, carrying it out.  The memo lives beside the fields, never among them: it is not
    compared, hashed, shown, pickled or written to JSON, and a new value (:func:`replace`) starts
    without one.

    >>> @dataclasses.dataclass(frozen=True)
    ... class Piece(Remembers):
    ...     x: int
    >>> p = Piece(3)
    >>> p.remembered("me", "double", lambda: 2 * p.x)
    6
    >>> p.recalled("me", "double"), replace(p, x=4).recalled("me", "double")
    (6, None)
    >>> p == Piece(3)
    True
    """

    def remembered(self, owner: object, question: Hashable, work: Callable[[], Any]) -> Any:
        """``work()``, the answer of ``owner`` (a game or an encoding) to ``question`` about this
        value, worked out the first time it is asked and kept with the value.  Every later asker
        gets the very same answer object, so answers are tuples and frozen values, or dictionaries
        no one changes; they are kept per owner, so a game with other options gets its own."""
        memo = self.memo()
        key = (owner, question)
        answer = memo.get(key, _UNKNOWN)
        if answer is _UNKNOWN:
            answer = memo[key] = work()
        return answer

    def memo(self) -> dict:
        """The memo itself, for a hot path that keys its answers as :meth:`remembered` does,
        ``(owner, question)``, without a function to call."""
        memo = self.__dict__.get("_memo")
        if memo is None:
            # a frozen dataclass refuses attribute assignment; the memo is not a field, so it goes
            # into the instance dictionary directly (as functools.cached_property does)
            memo = self.__dict__["_memo"] = {}
        return memo

    def recalled(self, owner: object, question: Hashable) -> Any:
        """The answer :meth:`remembered` keeps for ``owner`` and ``question``, or None when it has
        not been worked out (so that a cheaper question can be answered from a dearer one)."""
        memo = self.__dict__.get("_memo")
        return None if memo is None else memo.get((owner, question))

    def __getstate__(self) -> dict:
        """Pickled (and copied) without the memo of :meth:`remembered`."""
        fields = dict(self.__dict__)
        fields.pop("_memo", None)
        return fields
