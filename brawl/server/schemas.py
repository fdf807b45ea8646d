"""Request and response models of the HTTP API (they make the /docs page)."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictInt

from .clocks import TimeControl


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class GameInfo(BaseModel):
    name: str = Field(description="the game's registry name, used in every other call")
    title: str = Field(description="the game's title for people")
    min_players: int
    max_players: int
    seats: int = Field(description="number of seats with the default options")
    options_schema: dict[str, Any] = Field(description="JSON Schema of the game's options (types, defaults, limits, descriptions)")
    defaults: dict[str, Any] = Field(description="the default value of every option")
    bots: list[str] = Field(description="bot names for seats given as 'bot:NAME'")
    levels: list[str] = Field(["easy", "normal", "hard"], description="levels for computer seats, given as 'bot:LEVEL': "
                              "each plays the strongest of its bots that can play the chosen options")
    renderer: bool = Field(description="true when the game ships its own browser renderer (static/games/<game>.js)")
    renderer_parts: list[str] = Field(default_factory=list,
                                      description="the renderer's parts (static/games/<game>-<part>.js), loaded before it")
    description: str = Field("", description="what the game is, in a sentence or two for newcomers")
    dice: bool = Field(True, description="whether the game rolls dice (a dice commitment means something)")
    values: dict[str, dict[str, str]] = Field({}, description="labels for people of option values, per option "
                                              "(an option or value not here is shown as it is)")
    ratings: dict[str, int] = Field({}, description="each bot's and level's rating on the players' scale (default "
                                                    "options), measured by the bot ladder")


class CreateRoom(Strict):
    game: str = Field(description="game name from GET /api/games", examples=["krig"])
    options: dict[str, Any] = Field(default_factory=dict, description="game options; unknown names and bad values are refused",
                                    examples=[{"edition": "author", "hp": 20}])
    seats: list[str] = Field(description="one entry per seat in order: 'human' or 'bot:NAME'",
                             examples=[["human", "bot:heuristic"]], max_length=8)
    public: bool = Field(False, description="list the free seats in the lobby so strangers can join")
    time_control: TimeControl | None = Field(None, description="mode none|move|game, seconds, increment, away_limit; "
                                             "or mode correspondence with days (1, 2, 3, 7 or 14 for each decision) "
                                             "or bank_days and increment_days: no away limit, no claims, a loss on time",
                                             examples=[{"mode": "game", "seconds": 300, "increment": 5},
                                                       {"mode": "correspondence", "days": 3}])
    names: dict[int, str] = Field(default_factory=dict, description="seat -> the name its player goes by (optional)")
    dice: Literal["server", "table"] = Field("server", description="server: the server rolls (committed dice); table: "
                                              "dice rolled at the table, each face entered with POST /api/rooms/ID/rolls")
    rated: bool = Field(False, description="a rated game (log in first): the server's rules (server dice, no hints, no "
                                           "takebacks, a time control of GET /api/rated/GAME); you get your own seat's "
                                           "token only, and each other person's seat is taken by an account through "
                                           "POST /api/rooms/ID/join; a bot seat only of a level the ladder rated")
    seat: int | None = Field(None, ge=0, le=7, description="rated: the seat you play (default: the first person's seat)")


class SeatLink(BaseModel):
    seat: int
    name: str = Field(description="the seat's name in the game (e.g. Sun, Moon)")
    kind: str = Field(description="'human' or 'bot'")
    bot: str | None = None
    token: str | None = Field(None, description="secret seat token (humans only); keep it private, it is the seat")
    invite: str | None = Field(None, description="invite path for this seat: /play/<room>#t=<token>")
    player: str | None = Field(None, description="the name its player goes by, when known")


class RoomCreated(BaseModel):
    room: str = Field(description="room id")
    game: str
    commitment: str = Field(description="SHA-256 of the secret dice seed, fixed before any roll; the seed is revealed at the end")
    spectate: str = Field(description="spectator path: the public view, no decisions")
    seats: list[SeatLink]
    rated: bool = Field(False, description="a rated game: only your own seat's token is here")


class Decide(Strict):
    token: str = Field(description="the deciding seat's secret token")
    action: str = Field(description="the decision, e.g. 'attack', 'parry', 'rock', or a free-form string the rules judge ('move:3.5,2')")
    expect: StrictInt | None = Field(None, description="optional: the last event number you saw; refused with 409 if the game has moved on")
    client_id: str | None = Field(None, max_length=64, description="optional: your id for this decision; "
                                  "a resend with the same id returns the first answer and is applied once")


class NameIn(Strict):
    token: str = Field(description="your seat's secret token")
    name: str = Field(description="the name you go by in this room (shown to everyone)")


class ChatIn(Strict):
    token: str = Field(description="your seat's secret token (spectators read only)")
    text: str = Field(description="the chat line")


class TakebackAnswer(Strict):
    token: str
    accept: bool = Field(description="true: take the decision back; false: it stands")


class TokenOnly(Strict):
    token: str = Field(description="a seat's secret token")


class Event(BaseModel):
    n: int = Field(description="event number within the room, from 0")
    type: str = Field(description="'decision', 'roll' or 'forfeit' (a seat out of time left the game)")
    seat: int | None = None
    action: str | None = Field(None, description="the decision (left out for another seat's sealed choice)")
    sealed: bool | None = Field(None, description="a choice made in secret at a simultaneous decision")
    event: str | None = Field(None, description="the chance event rolled (e.g. 'd10')")
    outcome: Any = Field(None, description="the roll's outcome")
    forfeit: str | None = Field(None, description="why the seat left a game the others play on ('time')")
    log: list[dict[str, Any]] = Field(description="log lines this event wrote that this seat may read")


class LegalDecision(BaseModel):
    action: str
    label: str = Field(description="what the decision does, in words")
    odds: str | None = Field(None, description="the chance of what it tries, shown before committing")


class RoomView(BaseModel):
    room: str
    game: str
    title: str
    options: dict[str, Any]
    seat: int | None = Field(description="your seat, or null for a spectator")
    seats: list[dict[str, Any]]
    state: dict[str, Any] = Field(description="the game's view for this seat (hidden choices of others removed)")
    status_rows: list[dict[str, Any]] | None = Field(description="one row per seat for a table, if the game provides it")
    summary: str
    node: dict[str, Any] = Field(description="type (decision/chance/terminal), kind (turn/reaction/simultaneous), seats to decide, winners")
    your_turn: bool
    legal: list[LegalDecision] = Field(description="your legal decisions now (empty when it is not your decision)")
    free_form: bool = Field(description="the rules accept decisions beyond the listed ones (e.g. a point on a table)")
    over: bool
    winners: list[int] | None
    last: int = Field(description="number of the last event")
    table_dice: bool = Field(False, description="the room's dice are rolled at the table (each face entered)")
    roll: dict[str, Any] | None = Field(None, description="dice rolled at the table: the die to roll now, in words "
                                        "({roll, seat, label, faces, text}); enter it with POST /api/rooms/ID/rolls")
    commitment: str = Field(description="SHA-256 of the dice seed")
    seed: str | None = Field(description="the dice seed, revealed when the game is over")
    rematch: str | None = Field(description="room id of the rematch, once someone asked for one")
    ended: str | None = Field(None, description="why the server ended the game before the rules did (a claim, the event limit)")
    clocks: dict[str, Any] | None = Field(None, description="the room's time control and each person's time left")
    hints: bool = Field(False, description="whether GET /hints can answer for this room")
    rated: dict[str, Any] | None = Field(None, description="a rated game's fixed rules (time_control, away_limit, "
                                                         "abort_after ...); null: a casual game")
    dice: bool = Field(True, description="whether the game rolls dice")
    public: bool = False
    takeback: dict[str, Any] | None = Field(None, description="an open takeback request: by, waiting, yours")
    can_take_back: bool = Field(False, description="whether you may ask now to take back your last decision (a decision "
                                                   "of yours is the last event: no roll after it, no sealed choice)")
    claim: dict[str, Any] | None = Field(None, description="a seat's claims: after (seconds a person whose decision is "
                                         "open must be away before a claim), against (the seats you may claim against "
                                         "now: out of time or away that long); the room's connections are told "
                                         "when that changes")
    chat_last: int = Field(-1, description="number of the last chat line")
    renderer: bool = Field(False, description="the game ships its own browser board (static/games/<game>.js)")
    timer: dict[str, float] | None = Field(None, description="the open decision's clock, when the game sets one: ends_at (Unix time, "
                                          "server clock), seconds (the whole period) and left (seconds left when this view was made); "
                                          "when it runs out the server decides for every seat still to choose (the game's stand-in); "
                                          "in a room played from one device, the clock of the seat holding the phone (see one_device)")
    one_device: dict[str, Any] | None = Field(None, description="a room played from one device (pass-and-play, POST "
                                              "/api/rooms/ID/one-device): a sealed decision's clock runs for one seat at "
                                              "a time, from when that seat takes the phone (POST /api/rooms/ID/phone) "
                                              "until it has chosen. holder: the seat whose clock runs now (null: nobody's "
                                              "runs); seconds: each seat's period at the open sealed decision (null: no "
                                              "clock). null for a room played from several devices")


class Events(BaseModel):
    last: int
    events: list[Event]


class Decided(BaseModel):
    accepted: list[Event] = Field(description="the events the decision produced (the decision and any rolls after it)")
    view: RoomView


class Hints(BaseModel):
    available: bool = Field(description="false when no solver is installed or the game is not solved")
    hints: dict[str, float] = Field(description="decision -> chance of winning with best play afterwards")
    message: str = ""


class ErrorOut(BaseModel):
    error: str = Field(description="what was wrong; nothing was changed")


def refusals(*codes: int) -> dict[int, dict]:
    """The API page's entries for refusals: each of ``codes`` answers :class:`ErrorOut`.

    Written as a reference to the schema rather than as ``{"model": ErrorOut}``: with a model
    FastAPI builds a validator for every route and code when the app is built (the rooms' 20 routes
    times 8 codes cost about 40 ms of start-up) that it only ever uses to write this page.  The
    page is the same; ErrorOut is among its schemas because the games routes name the model
    (``tests/server/test_startup.py`` checks that every reference resolves)."""
    return {code: {"content": {"application/json": {"schema": {"$ref": "#/components/schemas/ErrorOut"}}}}
            for code in codes}
