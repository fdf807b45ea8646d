"""``/api/games``: the games, their options and bots, and their rules pages."""

from __future__ import annotations

from pathlib import Path

from fastapi import APIRouter

from ...bots import bot_names, level_names
from ...games import game_class, game_names
from ..schemas import ErrorOut, GameInfo

REFUSALS = {404: {"model": ErrorOut}}


def renderer_parts(name: str, static: Path) -> list[str]:
    """The parts of a game's board, ``games/<name>-<part>.js``, loaded before ``games/<name>.js``."""
    return sorted(p.name for p in (static / "games").glob(f"{name}-*.js"))


def game_info(name: str, static: Path) -> dict:
    from ...games.lang import value_labels  # the games' words load with the first game asked for

    cls = game_class(name)
    defaults = cls.Options().model_dump(mode="json")
    return {"name": name, "title": cls.title, "min_players": cls.min_players, "max_players": cls.max_players,
            "seats": defaults.get("players", cls.min_players), "options_schema": cls.Options.model_json_schema(),
            "defaults": defaults, "bots": bot_names(name), "levels": level_names(name), "renderer": (static / "games" / f"{name}.js").is_file(),
            "renderer_parts": renderer_parts(name, static),
            "description": cls.description, "dice": cls.has_dice(), "values": value_labels(name),
            "ratings": bot_ratings(name)}


def bot_ratings(name: str) -> dict[str, int]:
    """Each measured bot's rating on the players' scale, and each level's (the bot it plays with the
    default options)."""
    from ...bots import bot_for_level
    from ...games import make_game
    from ..accounts.service import read_bot_ratings

    found = read_bot_ratings(name)
    if found:
        game = make_game(name, {})
        for level in level_names(name):
            try:
                bot = bot_for_level(name, level, game)
            except Exception:  # a level with no bot for the default options: no rating to show
                continue
            if bot in found:
                found[level] = found[bot]
    return found


def make_router(static: Path) -> APIRouter:
    r = APIRouter(prefix="/api/games", tags=["games"])

    @r.get("", response_model=list[GameInfo])
    async def list_games() -> list[dict]:
        """Every game in the registry with its options (schema and defaults) and bots."""
        return [game_info(name, static) for name in game_names()]

    @r.get("/{game}", response_model=GameInfo, responses=REFUSALS)
    async def get_game(game: str) -> dict:
        """One game's options and bots."""
        return game_info(game, static)

    @r.get("/{game}/words", responses=REFUSALS)
    async def get_words(game: str, lang: str = "es") -> dict:
        """The game's catalogue for a language (``lang``: one of the languages brawl speaks besides
        English): its exact sentences, its templates compiled to patterns, and the names it
        translates (see ``brawl.core.i18n``).  An unknown language gives an empty catalogue."""
        game_class(game)  # 404 for an unknown game
        from ...games.lang import LANGUAGES, catalogue

        return catalogue(lang if lang in LANGUAGES else "", (game,)).to_json()

    @r.get("/{game}/rules", responses=REFUSALS)
    async def get_rules(game: str) -> dict:
        """The game's rules page (Markdown)."""
        return {"game": game, "markdown": game_class(game).rules_page()}

    return r
