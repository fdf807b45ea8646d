"""Quick pairing and ratings (issue 32): seekers paired by rating with a widening window, a rated
Krig game moving both ratings the right way, a KtOG game of four rating all four by the order they
fell, profiles and the leaderboard."""

from __future__ import annotations

import pytest

from brawl.server.accounts import pairing
from brawl.server.accounts import ratings as R

from .conftest import no_ties, paired, person, play_out


def seek(i, rating, at=0.0, account=None, **kw):
    return {"id": f"s{i}", "account_id": account if account is not None else i, "game": "krig", "options": {},
            "rated": True, "time_control": None, "players": 2, "rating": rating, "created_at": at,
            "opponent_id": None, **kw}


def test_pairing_takes_the_closest_rating_within_both_windows():
    seeks = [seek(0, 1500, at=-1.0), seek(1, 1900), seek(2, 1560), seek(3, 1450)]
    tables = pairing.tables(seeks, now=0.0)
    # the oldest seek (s0) takes its closest (s3, 50 points away, before s2 at 60); s1 and s2 are 340
    # apart, outside their 100-point windows
    assert [[s["id"] for s in t] for t in tables] == [["s0", "s3"]]


def test_the_window_widens_while_a_seek_waits():
    far = [seek(0, 1500, at=0.0), seek(1, 1800, at=0.0)]
    assert pairing.tables(far, now=0.0) == []  # 300 apart: outside 100-point windows
    assert pairing.tables(far, now=3.0) == []  # 250-point windows
    assert len(pairing.tables(far, now=4.0)) == 1  # 300-point windows
    assert pairing.window(0) == pairing.START and pairing.window(1e6) == pairing.WIDEST


def test_seeks_pair_only_with_the_same_game_options_rated_choice_and_clock():
    base = seek(0, 1500)
    for other in (seek(1, 1500, game="rps"), seek(1, 1500, options={"hp": 5}), seek(1, 1500, rated=False),
                  seek(1, 1500, time_control={"mode": "move", "seconds": 30})):
        assert pairing.tables([base, other], now=0.0) == []
    assert pairing.tables([base, seek(1, 1500, account=0)], now=0.0) == []  # never oneself


def test_a_challenge_pairs_only_the_two_named_players():
    a = seek(0, 1500, opponent_id=1)
    b_open, b_back = seek(1, 2400), seek(2, 2400, account=1, opponent_id=0)
    assert pairing.tables([a, b_open], now=0.0) == []
    assert [[s["id"] for s in t] for t in pairing.tables([a, b_open, b_back], now=0.0)] == [["s0", "s2"]]


def test_a_four_player_game_waits_for_four():
    four = [seek(i, 1500 + i, players=4) for i in range(3)]
    assert pairing.tables(four, now=0.0) == []
    four.append(seek(3, 1490, players=4))
    assert len(pairing.tables(four, now=0.0)[0]) == 4


def test_ranks_follow_the_order_players_fell():
    """Rules page, KtOG, Win: the last one standing wins; the others rank by when they fell."""
    assert R.ranks(4, [2], [[0], [1, 3]]) == [3, 2, 1, 2]
    assert R.ranks(2, [], None) == [1, 1]  # a draw
    assert R.ranks(3, [0], None) == [1, 2, 2]


def krig_policy(legal):
    for a in ("attack", "take"):
        if a in legal:
            return a
    return legal[0]


def test_two_accounts_seek_are_paired_and_a_rated_krig_game_moves_their_ratings(app, client):
    ana, sun = person(app, "Ana"), person(app, "Sun")
    first = paired(ana, {"game": "krig", "options": {"hp": 6}, "rated": True})
    assert first["paired"] is False and first["waiting"] == 1
    second = paired(sun, {"game": "krig", "options": {"hp": 6}, "rated": True})
    assert second["paired"] is True
    mine = ana.get(f"/api/seeks/{first['seek']}").json()
    assert mine["paired"] and mine["room"] == second["room"] and {mine["seat"], second["seat"]} == {0, 1}
    assert sun.get(f"/api/seeks/{first['seek']}").status_code == 404  # a seek is its owner's
    seats = {mine["seat"]: (ana, mine["token"]), second["seat"]: (sun, second["token"])}
    names = [s["player"] for s in ana.get(f"/api/rooms/{mine['room']}").json()["seats"]]
    assert sorted(names) == ["Ana", "Sun"]
    end = play_out(app, seats, mine["room"], krig_policy)
    winner = {0: names[0], 1: names[1]}[end["winners"][0]]
    loser = ({"Ana", "Sun"} - {winner}).pop()
    app.state.accounts.round()
    won, lost = ana.get(f"/api/players/{winner}").json(), ana.get(f"/api/players/{loser}").json()
    assert won["ratings"]["krig"]["rating"] > 1500 > lost["ratings"]["krig"]["rating"]
    assert won["ratings"]["krig"]["provisional"] and won["ratings"]["krig"]["wins"] == 1
    assert lost["ratings"]["krig"]["losses"] == 1 and len(lost["ratings"]["krig"]["history"]) == 1
    assert won["games"][0]["room"] == mine["room"] and won["games"][0]["replay"] == f"/replay/{mine['room']}"
    board = client.get("/api/leaderboard/krig").json()["players"]
    assert board == []  # both ratings are provisional after one game: the leaderboard lists settled ones only
    app.state.accounts.round()  # counted once only
    assert ana.get(f"/api/players/{winner}").json()["ratings"]["krig"]["games"] == 1


def test_a_casual_game_leaves_ratings_alone(app):
    ana, sun = person(app, "Ana"), person(app, "Sun")
    a = paired(ana, {"game": "rps", "rated": False})
    b = paired(sun, {"game": "rps", "rated": False})
    a = ana.get(f"/api/seeks/{a['seek']}").json()
    play_out(app, {a["seat"]: (ana, a["token"]), b["seat"]: (sun, b["token"])}, a["room"], no_ties())
    app.state.accounts.round()
    assert ana.get("/api/players/Ana").json()["ratings"] == {}


def test_a_ktog_game_of_four_accounts_rates_all_four(app):
    people = [person(app, n) for n in ("Ana", "Ben", "Cy", "Di")]
    seeks = [paired(c, {"game": "ktog", "options": {"players": 4, "hp": 4}, "rated": True}) for c in people]
    seeks = [c.get(f"/api/seeks/{s['seek']}").json() for c, s in zip(people, seeks)]
    assert all(s["paired"] for s in seeks) and len({s["room"] for s in seeks}) == 1
    room = seeks[0]["room"]
    end = play_out(app, {s["seat"]: (c, s["token"]) for c, s in zip(people, seeks)}, room,
                   lambda legal: next((a for a in legal if a.startswith("attack")), legal[0]))
    app.state.accounts.round()
    names = [s["player"] for s in people[0].get(f"/api/rooms/{room}").json()["seats"]]
    rated = {n: people[0].get(f"/api/players/{n}").json()["ratings"]["ktog"] for n in names}
    assert all(r["games"] == 1 for r in rated.values())
    champion = names[end["winners"][0]]
    assert rated[champion]["rating"] == max(r["rating"] for r in rated.values())
    assert sum(r["wins"] for r in rated.values()) == 1


def test_cancelled_seeks_are_not_paired(app):
    ana, sun = person(app, "Ana"), person(app, "Sun")
    paired(ana, {"game": "krig", "rated": True})
    assert ana.delete("/api/seeks").json() == {"cancelled": 1}
    assert paired(sun, {"game": "krig", "rated": True})["paired"] is False


@pytest.mark.parametrize("body", [{"game": "nope"}, {"game": "krig", "options": {"hp": 0}},
                                  {"game": "krig", "time_control": {"mode": "x"}}, {"game": "krig", "opponent": "Nobody"}])
def test_bad_seeks_are_refused_with_a_clear_error(app, body):
    ana = person(app, "Ana")
    r = ana.post("/api/seeks", json=body)
    assert 400 <= r.status_code < 500 and r.json()["error"]
