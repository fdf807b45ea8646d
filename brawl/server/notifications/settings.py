"""An account's notification choices and its browsers' push subscriptions."""

from __future__ import annotations

import base64
import secrets
import time
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, field_validator
from sqlalchemy import delete, insert, select, update
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError

from ..db import NOTIFY_SETTINGS, PUSH_SUBSCRIPTIONS


class NotifySettings(BaseModel):
    """What an account is told when a decision of its opens (each off until chosen, but the page's)."""

    model_config = ConfigDict(extra="forbid")

    in_page: bool = Field(True, description="the page's tab title (and sound) when it is your turn, as before")
    sound: bool = Field(False, description="a sound on the page when it is your turn")
    system: bool = Field(False, description="a system notification (Notification API) while any brawl page is open")
    push: bool = Field(False, description="Web Push to every browser you subscribed (POST /api/me/push), even with "
                                          "no page open")
    email: str | None = Field(None, max_length=254, description="the address mails go to (null: no mail)")
    mail: bool = Field(False, description="a mail when it is your turn (at most one per game an hour)")
    digest: bool = Field(False, description="one mail a day listing the games waiting for you, instead of each")

    @field_validator("email")
    @classmethod
    def _address(cls, v: str | None) -> str | None:
        if v is None or v == "":
            return None
        v = v.strip()
        if v.count("@") != 1 or any(c.isspace() or c in "<>,;\"" for c in v) or "." not in v.split("@")[1]:
            raise ValueError("not an e-mail address")
        return v


class Subscription(BaseModel):
    """A browser's push subscription, as ``PushSubscription.toJSON()`` gives it."""

    model_config = ConfigDict(extra="ignore")

    endpoint: str = Field(max_length=1000, description="the push service's URL for this browser (https)")
    keys: dict[str, str] = Field(description="p256dh (the browser's P-256 public key) and auth (16 bytes), "
                                             "base64url")

    @field_validator("endpoint")
    @classmethod
    def _endpoint(cls, v: str) -> str:
        if not (v.startswith("https://") or v.startswith("http://")) or any(c.isspace() for c in v):
            raise ValueError("the endpoint is an http(s) URL")
        return v

    @field_validator("keys")
    @classmethod
    def _keys(cls, v: dict[str, str]) -> dict[str, str]:
        try:
            p256dh = _b64(v["p256dh"])
            auth = _b64(v["auth"])
        except (KeyError, ValueError, TypeError):
            raise ValueError("keys needs p256dh and auth, base64url") from None
        if len(p256dh) != 65 or p256dh[0] != 4:
            raise ValueError("p256dh is an uncompressed P-256 public key (65 bytes)")
        if len(auth) != 16:
            raise ValueError("auth is 16 bytes")
        return {"p256dh": v["p256dh"], "auth": v["auth"]}


def _b64(text: str) -> bytes:
    if not isinstance(text, str) or len(text) > 200:
        raise ValueError("base64url")
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def read(engine: Engine, account_id: int) -> tuple[NotifySettings, str]:
    """The account's choices (the defaults until it chose) and its unsubscribe secret."""
    with engine.connect() as conn:
        row = conn.execute(select(NOTIFY_SETTINGS.c.settings, NOTIFY_SETTINGS.c.unsubscribe)
                           .where(NOTIFY_SETTINGS.c.account_id == account_id)).first()
    if row is None:
        return NotifySettings(), ""
    return NotifySettings.model_validate(row[0]), row[1]


def write(engine: Engine, account_id: int, settings: NotifySettings) -> None:
    with engine.begin() as conn:
        done = conn.execute(update(NOTIFY_SETTINGS).where(NOTIFY_SETTINGS.c.account_id == account_id)
                            .values(settings=settings.model_dump()))
        if done.rowcount == 0:
            conn.execute(insert(NOTIFY_SETTINGS).values(account_id=account_id, settings=settings.model_dump(),
                                                        unsubscribe=secrets.token_urlsafe(24)))


def unsubscribe(engine: Engine, secret: str) -> bool:
    """The one-click unsubscribe: mails off for the account of ``secret``; whether one was found."""
    with engine.begin() as conn:
        row = conn.execute(select(NOTIFY_SETTINGS.c.account_id, NOTIFY_SETTINGS.c.settings)
                           .where(NOTIFY_SETTINGS.c.unsubscribe == secret)).first()
        if row is None:
            return False
        conn.execute(update(NOTIFY_SETTINGS).where(NOTIFY_SETTINGS.c.account_id == row[0])
                     .values(settings={**row[1], "mail": False, "digest": False}))
    return True


def subscribe(engine: Engine, account_id: int, sub: Subscription) -> None:
    """Keep a browser's subscription for the account (the same endpoint again replaces it)."""
    values = {"account_id": account_id, "endpoint": sub.endpoint, "p256dh": sub.keys["p256dh"],
              "auth": sub.keys["auth"], "created_at": time.time()}
    with engine.begin() as conn:
        conn.execute(delete(PUSH_SUBSCRIPTIONS).where(PUSH_SUBSCRIPTIONS.c.endpoint == sub.endpoint))
        try:
            conn.execute(insert(PUSH_SUBSCRIPTIONS).values(**values))
        except IntegrityError:  # the same endpoint at the same moment: kept once
            pass


def unsubscribe_push(engine: Engine, account_id: int | None, endpoint: str) -> int:
    """Drop a subscription (the account's own, or any with ``account_id`` None: the service said it
    is gone); the number dropped."""
    where = PUSH_SUBSCRIPTIONS.c.endpoint == endpoint
    if account_id is not None:
        where = where & (PUSH_SUBSCRIPTIONS.c.account_id == account_id)
    with engine.begin() as conn:
        return conn.execute(delete(PUSH_SUBSCRIPTIONS).where(where)).rowcount


def subscriptions(engine: Engine, account_id: int) -> list[dict[str, Any]]:
    with engine.connect() as conn:
        rows = conn.execute(select(PUSH_SUBSCRIPTIONS.c.endpoint, PUSH_SUBSCRIPTIONS.c.p256dh, PUSH_SUBSCRIPTIONS.c.auth)
                            .where(PUSH_SUBSCRIPTIONS.c.account_id == account_id)).all()
    return [{"endpoint": e, "keys": {"p256dh": p, "auth": a}} for e, p, a in rows]
