from __future__ import annotations

import sys

import typer
from rich.console import Console

from ..core.game import BrawlError

app = typer.Typer(help="brawl: small tabletop combat games as software.", no_args_is_help=True,
                  pretty_exceptions_enable=False, add_completion=False)
console = Console(highlight=False)
err = Console(stderr=True, highlight=False)

EXTRA = {"allow_extra_args": True, "ignore_unknown_options": True}


def fail(message: str, code: int = 2) -> None:
    """Print a clear error (no traceback) and exit."""
    err.print(f"[bold red]error:[/] {message}", markup=True)
    raise typer.Exit(code)


class handle_errors:
    """Context manager: a BrawlError becomes a one-line message and exit code 2."""

    def __enter__(self):
        return self

    def __exit__(self, exc_type, exc, tb):
        if exc_type is not None and issubclass(exc_type, BrawlError):
            err.print(f"error: {exc}", markup=False)
            sys.exit(2)
        return False
