"""The check that a compiled game's uncounted loops are handed back no array (issue 39).

In the fast build a game's loop is compiled without reference counting
(:func:`brawl.sim.kernel.borrowed`), with steps inlined into it (:func:`brawl.sim.kernel.inlined`,
:func:`brawl.sim.kernel.inlined_twin`).  Every call made there must hand back numbers: an array, a
list or a dictionary handed back would never be freed.  In the tests' quick build the steps are
functions of their own that count, so no allocation count can see it: this reads the compiled
signatures instead."""

from __future__ import annotations

import ast
import inspect
import sys
import textwrap

from numba.core import types
from numba.core.dispatcher import Dispatcher


def called(fn):
    """The compiled functions ``fn``'s source calls (by name or as ``module.name``)."""
    py = fn.py_func
    for node in ast.walk(ast.parse(textwrap.dedent(inspect.getsource(py)))):
        if not isinstance(node, ast.Call):
            continue
        f, obj = node.func, None
        if isinstance(f, ast.Name):
            obj = py.__globals__.get(f.id)
        elif isinstance(f, ast.Attribute) and isinstance(f.value, ast.Name):
            obj = getattr(py.__globals__.get(f.value.id), f.attr, None)
        if isinstance(obj, Dispatcher):
            yield obj


def _holds(t) -> bool:
    if isinstance(t, (types.Array, types.List, types.ListType, types.DictType)):
        return True
    return isinstance(t, types.BaseTuple) and any(_holds(x) for x in t.types)


def _tape(t) -> bool:  # a tape: a plain tuple of arrays (the records are named tuples)
    return isinstance(t, types.BaseTuple) and not isinstance(t, (types.NamedTuple, types.NamedUniTuple)) and _holds(t)


def check_uncounted(loops, batch_modules: str) -> int:
    """Walk from the uncounted ``loops`` through every function they call (and those an uncounted
    one calls in turn), and assert that none, compiled for the fast source (a number, not a tape),
    returns an array, list or dictionary.  The functions must have been compiled in this process:
    if fewer than 50 signatures were seen (the runs read the loops from Numba's cache, leaving their
    callees uncompiled here), every compiled function of the modules named ``batch_modules...`` is
    compiled again, past the cache, and the walk repeated.  Returns the signatures checked."""

    def walk() -> int:
        seen, todo, checked = set(), list(loops), 0
        while todo:
            fn = todo.pop()
            for callee in called(fn):
                fast = [sig for sig in callee.nopython_signatures if not any(_tape(a) for a in sig.args)]
                for sig in fast:
                    checked += 1
                    assert not _holds(sig.return_type), f"{fn.py_func.__name__} is handed {sig.return_type} by " \
                                                        f"{callee.py_func.__name__}"
                if callee.targetoptions.get("_nrt") is not True and callee not in seen:
                    seen.add(callee)
                    todo.append(callee)
        return checked

    checked = walk()
    if checked <= 50:
        from numba.core.caching import NullCache

        made = list({id(f): f for name, module in list(sys.modules.items()) if name.startswith(batch_modules)
                     for f in vars(module).values() if isinstance(f, Dispatcher)}.values())
        for f in made:
            f._cache = NullCache()
        for f in made:
            if f.nopython_signatures:
                f.recompile()
        checked = walk()
    return checked
