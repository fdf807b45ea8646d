"""E-mail through the SMTP server the operator names (``brawl serve --smtp URL``).

The URL: ``smtp://[USER:PASSWORD@]HOST[:PORT]/?from=ADDRESS&site=https://brawl.example``
(``smtps://`` for TLS from the start; ``starttls=1`` to upgrade a plain connection).  ``site`` is
the address of the site that links in a mail point to (``/games`` and the unsubscribe link).

Every mail goes out from the notices' sender thread, never from a request or a clock: a mail
server that is down or slow delays mails (tried again with backoff), never a decision.  Each mail
carries a one-click unsubscribe link (``List-Unsubscribe`` with ``List-Unsubscribe-Post``, RFC 8058)
that turns the account's mails off."""

from __future__ import annotations

import logging
import smtplib
from email.message import EmailMessage
from urllib.parse import parse_qs, unquote, urlsplit

log = logging.getLogger("brawl.server")


class Mailer:
    def __init__(self, url: str, timeout: float = 10.0, tries: int = 8, backoff: float = 60.0) -> None:
        parts = urlsplit(url)
        if parts.scheme not in ("smtp", "smtps") or not parts.hostname:
            raise ValueError("the SMTP URL is smtp://[user:password@]host[:port]/?from=ADDRESS&site=URL")
        query = {k: v[-1] for k, v in parse_qs(parts.query).items()}
        self.tls = parts.scheme == "smtps"
        self.starttls = query.get("starttls") in ("1", "true", "yes")
        self.host, self.port = parts.hostname, parts.port or (465 if self.tls else 25)
        self.user = unquote(parts.username) if parts.username else None
        self.password = unquote(parts.password) if parts.password else None
        self.sender = query.get("from") or f"brawl@{self.host}"
        self.site = (query.get("site") or "http://localhost:8000").rstrip("/")
        self.timeout, self.tries, self.backoff = timeout, tries, backoff
        self.sent = 0
        self.retried = 0

    def message(self, to: str, subject: str, text: str, unsubscribe: str) -> EmailMessage:
        link = f"{self.site}/unsubscribe/{unsubscribe}"
        msg = EmailMessage()
        msg["From"], msg["To"], msg["Subject"] = self.sender, to, subject
        msg["List-Unsubscribe"] = f"<{link}>"
        msg["List-Unsubscribe-Post"] = "List-Unsubscribe=One-Click"
        msg.set_content(f"{text}\n\nYour games: {self.site}/games\n\n"
                        f"No more mails from brawl (one click): {link}\n")
        return msg

    def send(self, msg: EmailMessage) -> None:
        """Send one mail now (on the sender thread); raises OSError or SMTPException when it fails."""
        factory = smtplib.SMTP_SSL if self.tls else smtplib.SMTP
        with factory(self.host, self.port, timeout=self.timeout) as smtp:
            if self.starttls:
                smtp.starttls()
            if self.user:
                smtp.login(self.user, self.password or "")
            smtp.send_message(msg)
        self.sent += 1

    def deliver(self, later, msg: EmailMessage, attempt: int = 0) -> None:
        """Send ``msg``, and when the server cannot be reached, ask ``later`` to try again after a
        backoff (``later(job, delay)``: the sender thread's queue)."""
        try:
            self.send(msg)
        except (OSError, smtplib.SMTPException) as exc:
            if isinstance(exc, smtplib.SMTPRecipientsRefused) or attempt + 1 >= self.tries:
                log.warning("a mail to %s was given up: %s", msg["To"], exc)
                return
            self.retried += 1
            later(lambda: self.deliver(later, msg, attempt + 1), self.backoff * 2 ** attempt)
