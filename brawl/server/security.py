"""What guards the server's doors: body size, well-formed JSON, response headers, quiet logs.

- :class:`Guard` (ASGI middleware): request headers over their limit get 431 (a WebSocket is
  refused); a request body over the limit gets 413 before it is read whole;
  a JSON body that does not parse, nests too deep or holds text that is not valid Unicode (a lone
  surrogate such as ``"\\ud800"``) gets 400, in the same ``{"error": ...}`` shape as every refusal;
  every HTTP answer carries the security headers below.
- :func:`check_json`: the same checks for a WebSocket message.
- :class:`TokenFilter`: the access log never shows a seat token, even one sent where it should not be.
"""

from __future__ import annotations

import json
import logging
import re
from typing import Any

HEADERS = {
    "content-security-policy": ("default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
                                "img-src 'self' data:; connect-src 'self' ws: wss:; media-src 'self' data:; "
                                "frame-ancestors 'none'; base-uri 'none'; form-action 'self'; object-src 'none'"),
    "x-content-type-options": "nosniff",
    "referrer-policy": "no-referrer",
    "x-frame-options": "DENY",
}
# The API page runs the packaged Swagger UI, which starts from an inline script.
DOCS_CSP = HEADERS["content-security-policy"].replace("script-src 'self'", "script-src 'self' 'unsafe-inline'")


class BadInput(ValueError):
    """A message or body that is not acceptable JSON: say why, change nothing."""


def _depth_ok(value: Any, limit: int) -> bool:
    stack = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if depth > limit:
            return False
        if isinstance(item, dict):
            stack.extend((v, depth + 1) for v in item.values())
            stack.extend((k, depth + 1) for k in item.keys())
        elif isinstance(item, list):
            stack.extend((v, depth + 1) for v in item)
    return True


def _text_ok(value: Any) -> bool:
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            try:
                item.encode("utf-8")
            except UnicodeEncodeError:
                return False
        elif isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return True


def check_json(raw: str | bytes, max_depth: int) -> Any:
    """Parse ``raw`` and refuse what the server will not handle (with :class:`BadInput`)."""
    try:
        value = json.loads(raw)
    except RecursionError:
        raise BadInput(f"malformed JSON: nested deeper than {max_depth} levels") from None
    except (ValueError, UnicodeDecodeError) as exc:
        raise BadInput(f"malformed JSON: {exc}") from None
    if not _depth_ok(value, max_depth):
        raise BadInput(f"malformed JSON: nested deeper than {max_depth} levels")
    if not _text_ok(value):
        raise BadInput("malformed text: a string holds characters that are not valid Unicode (a lone surrogate)")
    return value


async def _send_json(send, status: int, body: dict, headers: dict) -> None:
    data = json.dumps(body).encode()
    raw = [(b"content-type", b"application/json"), (b"content-length", str(len(data)).encode())]
    raw += [(k.encode(), v.encode()) for k, v in headers.items()]
    await send({"type": "http.response.start", "status": status, "headers": raw})
    await send({"type": "http.response.body", "body": data})


class Guard:
    """ASGI middleware: body limit, JSON checks and security headers for every HTTP request."""

    def __init__(self, app, max_body: int, max_depth: int, max_headers: int = 16 * 1024) -> None:
        self.app = app
        self.max_body = max_body
        self.max_depth = max_depth
        self.max_headers = max_headers

    async def __call__(self, scope, receive, send):
        if scope["type"] in ("http", "websocket") \
                and sum(len(k) + len(v) + 4 for k, v in scope.get("headers", ())) > self.max_headers:
            if scope["type"] == "websocket":  # refused before the handshake completes
                return await send({"type": "websocket.close", "code": 1008})
            return await _send_json(send, 431, {"error": f"request headers too large: at most {self.max_headers} bytes"},
                                    dict(HEADERS))
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        headers = dict(HEADERS)
        if scope.get("path", "").startswith("/docs"):
            headers["content-security-policy"] = DOCS_CSP

        async def send_with_headers(message):
            if message["type"] == "http.response.start":
                have = {k.lower() for k, _ in message.get("headers", [])}
                extra = [(k.encode(), v.encode()) for k, v in headers.items() if k.encode() not in have]
                message = {**message, "headers": list(message.get("headers", [])) + extra}
            await send(message)

        if scope["method"] in ("POST", "PUT", "PATCH"):
            length = dict(scope.get("headers", [])).get(b"content-length")
            if length is not None and length.isdigit() and int(length) > self.max_body:
                return await _send_json(send, 413, {"error": f"request body too large: at most {self.max_body} bytes"}, headers)
            chunks, size = [], 0
            while True:
                message = await receive()
                if message["type"] == "http.disconnect":
                    return
                chunk = message.get("body", b"")
                size += len(chunk)
                if size > self.max_body:
                    return await _send_json(send, 413, {"error": f"request body too large: at most {self.max_body} bytes"}, headers)
                chunks.append(chunk)
                if not message.get("more_body"):
                    break
            body = b"".join(chunks)
            ctype = dict(scope.get("headers", [])).get(b"content-type", b"")
            if body and b"json" in ctype:
                try:
                    check_json(body, self.max_depth)
                except BadInput as exc:
                    return await _send_json(send, 400, {"error": str(exc)}, headers)
            sent = False

            async def replay_body():
                nonlocal sent
                if not sent:
                    sent = True
                    return {"type": "http.request", "body": body, "more_body": False}
                return await receive()

            return await self.app(scope, replay_body, send_with_headers)
        return await self.app(scope, receive, send_with_headers)


_TOKEN = re.compile(r"((?:token|t)=)[^&\s\"#]+", re.IGNORECASE)


class TokenFilter(logging.Filter):
    """Blanks any ``token=...`` in a log record (the access log prints request paths)."""

    def filter(self, record: logging.LogRecord) -> bool:
        if record.args:
            record.args = tuple(_TOKEN.sub(r"\1[hidden]", a) if isinstance(a, str) else a for a in record.args)
        if isinstance(record.msg, str):
            record.msg = _TOKEN.sub(r"\1[hidden]", record.msg)
        return True


def quiet_tokens() -> None:
    for name in ("uvicorn.access", "uvicorn.error", "brawl.server"):
        logger = logging.getLogger(name)
        if not any(isinstance(f, TokenFilter) for f in logger.filters):
            logger.addFilter(TokenFilter())
