"""The game-text catalogue (brawl.core.i18n): templates matched and filled in one place, names
kept, and every text of real games of the translated games covered (issue 28, point 3)."""

from __future__ import annotations

import re

import pytest

from brawl.core.i18n import Catalogue, Template
from brawl.core.match import Match
from brawl.core.sources import SeededDice
from brawl.games import game_class, game_names, make_game
from brawl.games.lang import catalogue, value_labels
from tests.i18n.texts import PLAYS, texts_of

SMALL = Catalogue.build([{
    "{who} attacks {whom}": "{who} ataca a {whom}",
    "{who} takes {n} damage": "{who} recibe {n} de daño",
    "{a}; {b}": "{a}; {b}",
    "attack or charge": "atacar o cargar",
    "{who}: {what}?": "{who}: ¿{what}?",
}], [{"Player": "Jugador", "Heroes": "Héroes"}])


def test_a_template_is_matched_and_its_blanks_filled():
    assert SMALL.translate("Sun attacks Moon") == "Sun ataca a Moon"
    assert SMALL.translate("Sun takes 7 damage") == "Sun recibe 7 de daño"


def test_names_pass_unchanged_unless_the_names_table_has_them():
    """A name a player chose is never translated, even one that is a word of the catalogue."""
    assert SMALL.translate("attack or charge attacks Ana") is None or "Ana" in SMALL.translate("attack or charge attacks Ana")
    assert SMALL.translate("Ana attacks Player 2") == "Ana ataca a Jugador 2"
    assert SMALL.translate("Heroes attacks Raiders") == "Héroes ataca a Raiders"


def test_a_name_numbered_in_brackets_is_a_name():
    """Two parties of one name are "Duo (1)" and "Duo (2)" (Tactics)."""
    cat = catalogue("es", ("tactics",))
    assert cat.is_name("Duo (2)") and cat.name("Duo (2)") == "Dúo (2)"
    assert cat.translate("Jeff (Duo (1))") == "Jeff (Dúo (1))"


def test_a_text_with_a_name_in_it_is_not_taken_for_a_list_of_names():
    assert SMALL.translate("Player 1, Player 2") == "Jugador 1, Jugador 2"
    assert SMALL.translate("Sun shouts at Player 1, Player 2 and Player 3") is None
    cat = catalogue("es", ("ktog",))
    assert cat.translate("Initiative tie between Player 1, Player 2, Player 3: they roll again") == \
        "Empate en la iniciativa entre Jugador 1, Jugador 2, Jugador 3: vuelven a tirar"


def test_text_blanks_are_translated_in_turn_and_joined_texts_part_by_part():
    assert SMALL.translate("Sun: attack or charge?") == "Sun: ¿atacar o cargar?"
    assert SMALL.translate("Sun attacks Moon; Moon takes 3 damage") == "Sun ataca a Moon; Moon recibe 3 de daño"


def test_a_capitalised_log_line_finds_its_small_letter_template():
    cat = Catalogue.build([{"{who} misses": "{who} falla", "critical hit": "golpe crítico"}])
    assert cat.translate("Critical hit") == "Golpe crítico"


def test_a_capitalised_log_line_prefers_its_own_template_to_a_generic_one():
    """The log capitalises a line ("turn 1: A1 moves ..." shows as "Turn 1: A1 moves ..."): its
    small-letter template is more specific than the generic "{a} ({b})" that also matches the
    capitalised text, which left "A1 mueve 2.9 in to (9.5, 5.8)" half English."""
    cat = catalogue("es", ("kniggits",))
    assert cat.translate("Turn 1: A1 moves 2.9 in to (9.5, 5.8)") == "Turno 1: A1 se mueve 2.9 pulg hasta (9.5, 5.8)"
    assert cat.translate("Turn limit: Red 3 tokens, Blue 4 tokens") == "Límite de turnos: Rojo 3 fichas, Azul 4 fichas"


def test_a_number_blank_takes_only_a_number_and_an_unknown_text_gives_none():
    assert SMALL.translate("Sun takes many damage") is None
    assert SMALL.translate("Sun dances") is None
    assert SMALL.show("Sun dances") == "Sun dances"


def test_a_translation_may_not_use_a_blank_its_english_lacks():
    with pytest.raises(ValueError):
        Template.of("{who} misses", "{whom} falla")


def test_the_browser_gets_the_same_patterns_in_the_same_order():
    data = catalogue("es", ("ktog",)).to_json()
    weights = [t[4] for t in data["templates"]]
    assert weights == sorted(weights, reverse=True)
    assert all(t[0].startswith("^") and t[0].endswith("$") for t in data["templates"])


@pytest.mark.parametrize("game", game_names())
def test_the_lobby_words_of_every_game_are_in_spanish(game):
    """Issue 28, points 3 and 9: title, description, option names, option help and value labels."""
    cls = game_class(game)
    cat = catalogue("es", (game,))
    assert cls.description, f"{game} has no description"
    texts = [cls.title, cls.description]
    labels = value_labels(game)
    for name, prop in cls.Options.model_json_schema()["properties"].items():
        texts += [prop.get("title", name), prop.get("description", "")]
        texts += list(labels.get(name, {}).values())
    missing = [t for t in texts if t and cat.translate(t) is None]
    assert missing == []


@pytest.mark.parametrize("game", ["ktog", "tactics"])
def test_option_values_have_labels_for_people(game):
    """Issue 28, point 9: the lobby shows "again every round", not every_round."""
    cls = game_class(game)
    for name, prop in cls.Options.model_json_schema()["properties"].items():
        values = prop.get("enum") or []
        raw = [v for v in values if isinstance(v, str) and "_" in v]
        assert all(v in value_labels(game).get(name, {}) for v in raw), (name, raw)


TRANSLATED = {"rps": 3, "krig": 3, "ktog": 3, "tactics": 1, "kniggits": 2}  # game: seeds played with each option set


@pytest.mark.parametrize("game", TRANSLATED)
def test_every_text_of_real_games_is_in_the_catalogue(game):
    """Issue 28, point 3: prompts, decision labels, odds, log lines, status tables and summaries of
    seeded random games, every one made by a template (seat names pass as names)."""
    cat = catalogue("es", (game,))
    missing = set()
    for name, options in PLAYS:
        if name != game:
            continue
        seats = {make_game(game, options).seat_name(s) for s in range(8)}
        for seed in range(TRANSLATED[game]):
            missing |= {t for t in texts_of(game, options, seed) if t not in seats and not spanish(cat, t)}
    assert sorted(missing) == []


def spanish(cat, text: str) -> bool:
    """``text`` translates, and no name the catalogue translates ("Player") is left in English."""
    out = cat.translate(text)
    words = [e for e, s in cat.names.items() if e != s]
    return out is not None and not any(re.search(rf"\b{re.escape(w)}\b", out) for w in words)


def test_ktog_cure_on_oneself_reads_naturally():
    """Issue 28, point 9: "casts Cure on themselves", and in Spanish "sobre sí"."""
    game = make_game("ktog")
    state = Match(game, SeededDice(0)).state  # initiative rolled: a player's first turn
    seat = game.node(state).seats[0]
    text = game.describe_action(state, seat, f"cure:{seat + 1}")
    assert text.endswith("casts Cure on themselves")
    assert catalogue("es", ("ktog",)).translate(text).endswith("lanza Curar sobre sí")


def test_a_party_named_by_a_plural_wins_with_a_plural_verb():
    """Issue 28, point 9: "Game over: Heroes win", not "Heroes wins"; Steve still wins."""
    heroes = make_game("tactics", {"party1": "heroes", "party2": "raiders"})
    assert heroes.seat_plural(0) and heroes.seat_plural(1)
    steve = make_game("tactics", {"party1": "steve", "party2": "jeff"})
    assert not steve.seat_plural(0)
    assert not make_game("krig").seat_plural(0)


def test_the_end_line_agrees_with_the_winner():
    """Issue 28, point 9: the match's last line says "win" for a plural name, "wins" for one person."""
    for plural, verb in ((True, " win"), (False, " wins")):
        game = make_game("rps", {"wins_needed": 1})
        game.seat_plural = lambda seat, plural=plural: plural  # as a party named "Heroes" says
        match = Match(game, SeededDice(0))
        match.decide(0, "rock")
        match.decide(1, "scissors")
        assert match.log[-1].text == "Game over: Player 1" + verb


def test_tactics_refusals_are_in_spanish():
    """Issue 28, point 3: the rules' refusals (Rules page, Tactics, Decisions: what a character may do)
    read in Spanish: a decision out of turn, an unknown one, a move nowhere, and an attack of
    opportunity answered with something else, each refused by the rules and translated whole."""
    from brawl.core.game import Decision, IllegalAction

    cat = catalogue("es", ("tactics",))
    game = make_game("tactics", {"party1": "steve", "party2": "jeff"})
    match = Match(game, SeededDice(1))
    node = game.node(match.state)
    assert isinstance(node, Decision)
    seat = node.seats[0]
    refusals = []
    for action in ("attack:nobody", "move:99,99", "cast:wish", "cast:fireball:zz", "hide"):
        if action in game.legal_actions(match.state, seat):
            continue
        with pytest.raises(IllegalAction) as refused:
            game.apply_action(match.state, seat, action)
        refusals.append(str(refused.value))
    other = 1 - seat
    with pytest.raises(IllegalAction):
        game.apply_action(match.state, other, "end_turn")
    assert game.refusal(match.state, other, "end_turn", []).endswith("has nothing to decide now")
    refusals.append(game.refusal(match.state, other, "end_turn", []))
    # walk up to the enemy until it is offered an attack of opportunity, and answer it wrongly
    for _ in range(200):
        node = game.node(match.state)
        if not isinstance(node, Decision):
            break
        legal = game.legal_actions(match.state, node.seats[0])
        if "aoo" in legal:
            with pytest.raises(IllegalAction) as refused:
                game.apply_action(match.state, node.seats[0], "end_turn")
            refusals.append(str(refused.value))
            break
        match.decide(node.seats[0], next((a for a in legal if a.startswith("move:")), legal[-1]))
    assert len(refusals) >= 6 and any("Not possible now" in r for r in refusals)
    for text in refusals:
        out = cat.translate(text)
        assert out is not None and out != text, text
        assert re.search(r"Ahora no es posible|no tiene nada que decidir|nada más", out), out


def test_kniggits_refusals_read_in_spanish():
    """Issue 28, point 3: the rules' refusals, as the page shows them, come out of the catalogue in
    Spanish (real refusals of the Kniggits rules: an army, a move, a turn, a shot, a fight's hands)."""
    from brawl.core.game import IllegalAction
    from tests.games.kniggits.helpers import battle, game, kn, play

    def refusal(g, state, seat, action) -> str:
        with pytest.raises(IllegalAction) as refused:
            g.apply_action(state, seat, action)
        return str(refused.value)

    g = game(archers=True, magic_swords=True)
    start = g.initial_state()
    texts = [refusal(g, start, 0, a) for a in ("army:nope", "army:cavalry", "army:30/30/30@10,2", "army:3/3/3@10,20",
                                               "army:3/3/3@10,2;3/3/3@10.1,2", "army:3/3/3@1.2.3,2")]
    texts.append(refusal(game(), start, 0, "army:3/3/3/archer@10,2"))
    s = battle(g, kn("A1", 10, 10, a=6), kn("A2", 20, 5, archer=True), kn("B1", 10, 11.5), kn("B2", 30, 30),
               kn("B4", 20, 15))
    texts += [refusal(g, s, 0, a) for a in ("move:B1:1:1", "move:A2:40:1", "move:A2:20:15", "move:A1:12:8",
                                            "face:A1:B2", "second:A1:B2", "shoot:A1:B1", "shoot:A2:B2", "drop:A1",
                                            "dance")]
    texts.append(refusal(g, play(g, s, (0, "move:A2:20:6")), 0, "move:A2:20:7"))
    fight = play(g, battle(g, kn("A1", 10, 10), kn("B1", 10, 11.5)), (0, "end_move"))
    texts.append(refusal(g, fight, 0, "fight:A1-B1:up:down"))
    cat = catalogue("es", ("kniggits",))
    english = re.compile(r"\b(the|is|not|and|or|may|has|of|in combat|move|army|turn|choose|sword|shield|high|low)\b")
    for text in texts:
        spanish = cat.translate(text)
        assert spanish is not None and not english.search(spanish), (text, spanish)
    assert cat.translate("the move is 7.00 in; A1 may move 6 in") == "el movimiento mide 7.00 pulg; A1 puede moverse 6 pulg"


def test_kniggits_option_help_names_its_values_by_their_spanish_labels():
    """Issue 28, points 3 and 9: Archer defense and Disengage describe their values by the labels the
    lobby shows, in Spanish, never by shots, never, direct or away."""
    cat = catalogue("es", ("kniggits",))
    props = game_class("kniggits").Options.model_json_schema()["properties"]
    for option in ("archer_defense", "disengage"):
        help_es = cat.translate(props[option]["description"]).lower()
        for value, label in value_labels("kniggits")[option].items():
            assert cat.translate(label).lower() in help_es, (option, label)
            assert not re.search(rf"\b{value}\b", help_es), (option, value)


@pytest.mark.parametrize("options", [
    {"unarmed_strikes": True, "iterative_attacks": True, "level": 12, "surprise_round": "first"},
    {"unarmed_strikes": True, "iterative_attacks": True, "cover": True, "shooting_into_melee": True, "map": "pillars",
     "party1": "raiders", "party2": "wardens", "level": 16, "two_weapon_penalty": "both_attacks"}])
def test_tactics_texts_of_the_srd_options_are_in_spanish(options):
    """Issue 28, point 3, and Rules page, Tactics, rules 59 to 70: with the SRD options on, punches'
    nonlethal damage, staggered and knocked-out characters, hamstrings, Heal checks and full attacks
    (their question and odds) read in Spanish too."""
    cat = catalogue("es", ("tactics",))
    game = make_game("tactics", options)
    seats = {game.seat_name(s) for s in range(2)}
    missing = {t for seed in range(4) for t in texts_of("tactics", options, seed) if t not in seats and not spanish(cat, t)}
    assert sorted(missing) == []


def test_tactics_fireball_line_on_the_board_card_is_in_spanish():
    """Rules page, Tactics, rule 12: the fireball's line as the board's card shows it (the state's
    own text, "fireball 8: ...", not capitalised by the log) reads in Spanish, not as a name."""
    from brawl.core.game import Decision

    cat = catalogue("es", ("tactics",))
    game = make_game("tactics", {"party1": "steve", "party2": "jeff"})
    match = Match(game, SeededDice(3))
    lines = []
    for _ in range(60):
        node = game.node(match.state)
        if not isinstance(node, Decision):
            break
        legal = game.legal_actions(match.state, node.seats[0])
        fire = [a for a in legal if a.startswith("cast:fireball:")]
        match.decide(node.seats[0], fire[0] if fire else "end_turn" if "end_turn" in legal else legal[0])
        if match.state.last.startswith("fireball"):
            lines.append(match.state.last)
    assert lines
    for line in lines:
        assert cat.translate(line).startswith("bola de fuego"), line


def test_tactics_rarer_lines_translate_whole():
    """Rules page, Tactics, rules 37 and 68: a spell lost to concentration, a spoiled Heal check and a
    full attack given up for a move read in Spanish, the move not taken for part of a name."""
    cat = catalogue("es", ("tactics",))
    assert cat.translate("Jeff loses the scorching ray") == "Jeff pierde el conjuro rayo abrasador"
    assert cat.translate("Ada's Heal check is spoiled by the attack of opportunity").startswith("la prueba de Sanar de Ada")
    out = cat.translate("Steve stops the full attack and moves to square 3,4 (15 ft, provoking 1 attack of opportunity)")
    assert out.startswith("Steve deja el ataque completo y va a la casilla 3,4") and "stops" not in out
