"""Every number and scalar formula of the Kniggits rules, once, in the rulebook's words.

Each name cites the section of the Kniggits rule text or the numbered ruling of the rules page
(``rules.md``) it comes from.  Distances are in inches for figures of about an inch; the option
``scale`` multiplies every one of them (Equipment 2: "halve all of the distances ... double all of
the distances"), which :class:`.geometry.Table` does.  The rules, the bots, the words and the
research encoding read these names; none of them writes the numbers again.
"""

from __future__ import annotations

import math

# -- the table and the armies (Equipment, Setup) ----------------------------------------------------
TABLE_SIDE = 36.0  # Equipment 1: "at least 3 feet square" (ruling: the smallest such table)
POINTS_TO_START = 50  # Setup: "50 points is a good number to start with"
KNIGGIT_COST = 5  # Setup 2: kniggits "cost 5 points each"
TOKEN_COST = 1  # Setup 2: skill tokens "cost 1 point each"
OBSTACLE_GAP = 2.0  # Setup 1: obstacles touch "or at least two inches apart"
DEPLOY_DEPTH = 6.0  # Setup 4: "anywhere within six inches of their side of the table"
RPS_WINS_TO_GO_FIRST = 2  # Dispute Resolution: "best-of-three Rock-Paper-Scissors"

# -- phase one: moving (Playing, Phase one; The Results) --------------------------------------------
INCHES_PER_MOVEMENT_TOKEN = 2.0  # "two inches for every Movement skill token he has left"
MAX_MOVE = 12.0  # "up to a maximum of 12 inches"
CRAWL = 2.0  # The Results: no movement tokens left, "crawl at two inches per turn"
COMBAT_RANGE = 2.0  # "within two inches of an enemy kniggit then you are IN COMBAT"
MAX_STRETCHES = 8  # ruling 13: a move is a path of up to 8 straight stretches
MEASURE_TOLERANCE = 1e-3  # ruling 13: lengths are checked to a thousandth of an inch
DIRECTLY_AWAY_DEGREES = 5.0  # ruling 14: "directly away" is within 5 degrees
HEAD_RADIUS = 0.25  # ruling 4: a head is a disc a quarter inch about its centre
STANDING_ROOM = 2 * HEAD_RADIUS  # ruling 4: no two heads end a move closer than half an inch
REACH = 1.0  # rulings 30 and 31: a potion, flag, princess or grail within 1 inch is in reach
FLAG_BASE_DISTANCE = 2.0  # ruling 35: each flag 2 inches in front of its army's edge

# -- fighting (Playing, Phase three; The Results) ---------------------------------------------------
COLOURS = ("move", "attack", "defense")  # Equipment 3: movement, attack and defense tokens
HEIGHTS = ("high", "middle", "low")  # Sword moves; Shield moves
# Sword moves: the height a sword strikes names the tokens it knocks down.
HEIGHT_TOKEN = {"high": "attack", "middle": "defense", "low": "move"}
TOKENS_PER_BLOW = 1  # The Results: an undefended blow knocks down "a skill token"
FLEES_AT_COLOURS = 1  # The Results: "only got tokens of one colour left get scared and run"

# -- advanced rules ---------------------------------------------------------------------------------
POWER_TOKENS = 5  # Horses, Magic Swords, Double Defense, Two Swords: "5 or more" tokens of the colour
POTION_TOKENS = 5  # Magic Potions: "five extra attack tokens, five extra defense tokens or ..."
RANGE_PER_DEFENSE_TOKEN = 2.0  # Archers: "how far he can shoot - two inches for each token"
JOUST_MIN_POINTS = KNIGGIT_COST + POWER_TOKENS * TOKEN_COST  # ruling 39: one kniggit on horseback
# ruling 30: two potions of each colour, placed the same for both armies (the second turned half a
# circle about the centre); (colour, x, y) as fractions of the table's side.
POTION_PLACES = (("attack", 0.2, 0.5), ("defense", 0.40, 0.45), ("move", 0.5, 0.38))


def army_cost(kniggits: int, tokens: int) -> int:
    """Setup 2: 5 points a kniggit and 1 a skill token."""
    return KNIGGIT_COST * kniggits + TOKEN_COST * tokens


def move_allowance(movement_tokens: int, on_horseback: bool, scale: float = 1.0) -> float:
    """How far a kniggit may move this turn (Phase one; The Results: the crawl; Horses: no cap)."""
    if movement_tokens <= 0:
        return CRAWL * scale
    inches = INCHES_PER_MOVEMENT_TOKEN * scale * movement_tokens
    if on_horseback:
        return inches
    return min(inches, MAX_MOVE * scale)


def shooting_range(defense_tokens: int, scale: float = 1.0) -> float:
    """Archers: two inches for each defense token."""
    return RANGE_PER_DEFENSE_TOKEN * scale * defense_tokens


def has_power(tokens: int) -> bool:
    """Horses, Magic Swords, Double Defense, Two Swords: a power needs 5 or more tokens of its
    colour, and is lost once they drop below 5."""
    return tokens >= POWER_TOKENS


def fights_with_two_swords(attack: int, defense: int, archer: bool) -> bool:
    """Two Swords: "given no defensive skills and 5 or more attack tokens at the start" (an archer
    has a bow instead)."""
    return defense == 0 and has_power(attack) and not archer


def flees(colours_left: int) -> bool:
    """The Results: tokens of one colour left (or none), the kniggit is scared and runs."""
    return colours_left <= FLEES_AT_COLOURS


def blows_to_flee(move: int, attack: int, defense: int) -> int:
    """The fewest undefended blows that leave a kniggit with one colour, so it flees (The Results):
    every colour but the largest knocked down."""
    move, attack, defense = max(move, 0), max(attack, 0), max(defense, 0)
    return move + attack + defense - max(move, attack, defense)  # no sort: the kernels compile this too


def directly_away(cos_angle: float) -> bool:
    """Ruling 14: a move out of combat with a single enemy points straight away from him, within
    5 degrees."""
    return cos_angle >= math.cos(math.radians(DIRECTLY_AWAY_DEGREES))


def turn_limit_score(tokens_on_fighting_kniggits: list[int]) -> int:
    """Ruling 33: at the turn limit an army scores the tokens on its kniggits still fighting."""
    return sum(tokens_on_fighting_kniggits)
