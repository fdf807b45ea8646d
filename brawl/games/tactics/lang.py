"""tactics's text in Spanish (see :mod:`brawl.core.i18n`): each English sentence the rules make,
with its blanks, and the Spanish sentence; the names worth translating; the English labels of
the option values."""

VALUES: dict[str, dict[str, str]] = {}

NAMES_ES: dict[str, str] = {}

ES: dict[str, str] = {
}
