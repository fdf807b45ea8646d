"""HTTP API of the web app: rooms, every refusal (nothing changes), catch-up, records, bots, rematch."""

from __future__ import annotations

import hashlib
import json

import pytest
from typer.testing import CliRunner

from brawl.cli import app as cli_app
from brawl.core.record import Record, RecordError
from brawl.games import replay
from brawl.games import game_names
from brawl.server.app import STATIC
from brawl.server.routes.pages import GAME_PARTS

from .conftest import decide, krig_choice, make_room, play_krig_step, tokens, view, wait_for


def snapshot(client, room):
    """Everything a refusal must leave unchanged: each seat's view and the full event list."""
    out = {"spectator": view(client, room, None),
           "events": client.get(f"/api/rooms/{room['room']}/events").json()}
    for seat in tokens(room):
        out[seat] = view(client, room, seat)
    return out


def room_count(client) -> int:
    engine = client.app.state.engine
    with engine.connect() as conn:
        return conn.exec_driver_sql("select count(*) from rooms").scalar()


def test_games_lists_the_registry_with_option_defaults(client):
    """Issue 4, lobby: the UI lists whatever the registry holds, options with their defaults."""
    games = {g["name"]: g for g in client.get("/api/games").json()}
    assert sorted(games) == game_names()
    krig = games["krig"]
    assert krig["defaults"] == {"edition": "author", "hp": 20}
    assert set(krig["options_schema"]["properties"]) == {"edition", "hp"}
    assert "heuristic" in krig["bots"] and "random" in krig["bots"]
    assert client.get("/api/games/nope").status_code == 404


def test_create_room_gives_each_human_seat_a_secret_invite(client):
    room = make_room(client, seats=["human", "bot:heuristic"])
    human, bot = room["seats"]
    assert human["token"] and human["invite"] == f"/play/{room['room']}#t={human['token']}"
    assert bot["kind"] == "bot" and bot["token"] is None and bot["invite"] is None
    assert room["spectate"] == f"/watch/{room['room']}"
    assert len(room["commitment"]) == 64


@pytest.mark.parametrize("body, status, words", [
    ({"game": "nope", "seats": ["human", "human"]}, 404, "unknown game"),
    ({"game": "krig", "options": {"hpx": 5}, "seats": ["human", "human"]}, 422, "unknown option 'hpx'"),
    ({"game": "krig", "options": {"hp": 0}, "seats": ["human", "human"]}, 422, "hp"),
    ({"game": "krig", "options": {"edition": "nope"}, "seats": ["human", "human"]}, 422, "edition"),
    ({"game": "krig", "seats": ["human"]}, 422, "2 seats; 1 given"),
    ({"game": "krig", "seats": ["human", "robot"]}, 422, "bad seat 'robot'"),
    ({"game": "krig", "seats": ["human", "bot:nobody"]}, 422, "unknown bot 'nobody'"),
    ({"game": "krig"}, 422, "malformed request: seats"),
    ({"game": "krig", "seats": ["human", "human"], "colour": "red"}, 422, "malformed request: colour"),
])
def test_bad_room_requests_are_refused_and_create_nothing(client, body, status, words):
    """Issue 4: an unknown option (OptionsError), a bad seat or a malformed request is refused clearly."""
    before = room_count(client)
    r = client.post("/api/rooms", json=body)
    assert r.status_code == status
    assert words in r.json()["error"]
    assert room_count(client) == before


def test_malformed_json_body_is_refused(client):
    """Issue 12: malformed JSON gets 400 in the same {"error": ...} shape as every refusal."""
    r = client.post("/api/rooms", content=b"{not json", headers={"Content-Type": "application/json"})
    assert r.status_code == 400 and "malformed JSON" in r.json()["error"]


def test_decision_refusals_change_nothing(client):
    """Issue 4: a wrong token, a decision out of turn, an illegal decision, a malformed message or a
    stale decision are refused with a clear error, and every view and the event list stay the same."""
    room = make_room(client, options={"hp": 6})
    v = view(client, room, None)
    on_turn = v["node"]["seats"][0]
    other = 1 - on_turn
    snapshot(client, room)  # every seat asks once first: each then shows present (a request counts)
    before = snapshot(client, room)
    rid = room["room"]
    cases = [
        (client.post(f"/api/rooms/{rid}/decisions", json={"token": "forged", "action": "attack"}), 403, "token"),
        (decide(client, room, other, "attack"), 409, "not"),
        (decide(client, room, on_turn, "dance"), 422, "legal"),
        (decide(client, room, on_turn, "parry"), 422, "legal"),
        (decide(client, room, on_turn, "attack", expect=v["last"] - 1), 409, "moved on"),
        (client.post(f"/api/rooms/{rid}/decisions", json={"token": tokens(room)[on_turn], "action": 3}), 422, "malformed"),
        (client.post(f"/api/rooms/{rid}/decisions", json={"action": "attack"}), 422, "malformed request: token"),
        (client.post(f"/api/rooms/{rid}/decisions", json={"token": tokens(room)[on_turn], "action": "attack", "x": 1}),
         422, "malformed"),
    ]
    for response, status, words in cases:
        assert response.status_code == status, response.text
        assert words in response.json()["error"]
        assert snapshot(client, room) == before
    assert client.get("/api/rooms/nowhere").status_code == 404
    assert client.get(f"/api/rooms/{rid}", headers={"X-Seat-Token": "forged"}).status_code == 403


def test_accepted_decision_returns_its_events_and_the_new_view(client):
    room = make_room(client)
    v = view(client, room, None)
    seat = v["node"]["seats"][0]
    r = decide(client, room, seat, "attack", expect=v["last"])
    assert r.status_code == 200
    accepted = r.json()["accepted"]
    assert accepted[0] == {**accepted[0], "n": v["last"] + 1, "type": "decision", "seat": seat, "action": "attack"}
    assert [e["type"] for e in accepted[1:3]] == ["roll", "roll"]  # agility d10 and attack d6
    assert r.json()["view"]["last"] == accepted[-1]["n"]


def test_catch_up_by_event_number(client):
    """Issue 4: a client that reconnects gets exactly the events after the last one it has."""
    room = make_room(client, options={"hp": 8})
    for _ in range(4):
        play_krig_step(client, room)
    everything = client.get(f"/api/rooms/{room['room']}/events").json()
    n = len(everything["events"])
    assert [e["n"] for e in everything["events"]] == list(range(n))
    since = n // 2
    later = client.get(f"/api/rooms/{room['room']}/events", params={"since": since}).json()
    assert later["events"] == everything["events"][since + 1:]
    assert later["last"] == n - 1
    lines = [line["n"] for e in everything["events"] for line in e["log"]]
    assert lines == sorted(lines) and len(lines) == len(set(lines))


def test_play_to_the_end_then_record_verifies_against_the_commitment(client, tmp_path):
    """Issue 4, fair dice: the commitment shown at the start is SHA-256 of the seed revealed at the end,
    and the record replays from that seed (brawl verify prints OK; a changed roll is reported)."""
    room = make_room(client, options={"hp": 5})
    rid = room["room"]
    assert view(client, room, None)["seed"] is None
    r = client.get(f"/api/rooms/{rid}/record")
    assert r.status_code == 409 and "when the game ends" in r.json()["error"]
    steps = 0
    while play_krig_step(client, room):
        steps += 1
        assert steps < 500
    v = view(client, room, 0)
    assert v["over"] and v["winners"] and v["legal"] == []
    r = decide(client, room, 0, "attack")
    assert r.status_code == 409 and "over" in r.json()["error"]
    data = client.get(f"/api/rooms/{rid}/record").json()
    # issue 12: the commitment covers the seed, the options and the seats
    covers = data["dice"]["covers"]
    assert covers == {"game": "krig", "options": data["options"], "seats": [{"kind": "human"}, {"kind": "human"}]}
    blob = bytes.fromhex(v["seed"]) + json.dumps(covers, sort_keys=True, separators=(",", ":")).encode()
    assert hashlib.sha256(blob).hexdigest() == room["commitment"]
    assert data["dice"]["seed"] == v["seed"] and data["dice"]["commitment"] == room["commitment"]
    record = Record.from_json(data)
    match = replay(record, verify=True)
    assert match.over and list(match.game.winners(match.state)) == v["winners"]
    events = client.get(f"/api/rooms/{rid}/events").json()["events"]
    assert len(record.entries) == len(events)

    good = tmp_path / "good.json"
    good.write_text(json.dumps(data))
    result = CliRunner().invoke(cli_app, ["verify", str(good)])
    assert result.exit_code == 0 and result.stdout.startswith("OK")

    rolls = [i for i, e in enumerate(data["entries"]) if "roll" in e and e["roll"] == "d6"]
    tampered = json.loads(json.dumps(data))
    k = rolls[0]
    tampered["entries"][k]["outcome"] = tampered["entries"][k]["outcome"] % 6 + 1
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(tampered))
    result = CliRunner().invoke(cli_app, ["verify", str(bad)])
    assert result.exit_code == 1 and "MISMATCH" in result.stdout and f"entry {k}" in result.stdout
    with pytest.raises(RecordError):
        replay(Record.from_json(tampered), verify=True)

    # issue 12: a record whose options were changed, or that was cut short, does not verify
    other = json.loads(json.dumps(data))
    other["options"]["hp"] = 6
    other["dice"]["covers"]["options"]["hp"] = 6
    short = json.loads(json.dumps(data))
    short["entries"] = short["entries"][:len(short["entries"]) // 2]
    for name, bad_record in (("options.json", other), ("short.json", short)):
        path = tmp_path / name
        path.write_text(json.dumps(bad_record))
        result = CliRunner().invoke(cli_app, ["verify", str(path)])
        assert result.exit_code == 1 and "MISMATCH" in result.stdout, (name, result.stdout)

    unrevealed = json.loads(json.dumps(data))
    del unrevealed["dice"]["seed"]
    (tmp_path / "sealed.json").write_text(json.dumps(unrevealed))
    result = CliRunner().invoke(cli_app, ["verify", str(tmp_path / "sealed.json")])
    assert result.exit_code == 1 and "no revealed seed" in result.output


def test_bot_seat_moves_on_the_server(client):
    """Issue 4: bots move on the server; a human plays a whole game against one through the API."""
    room = make_room(client, options={"hp": 20}, seats=["human", "bot:heuristic"])  # no single blow ends it: the bot must decide
    decisions = 0
    while True:
        v = wait_for(lambda: (lambda x: x if (x["over"] or x["your_turn"]) else None)(view(client, room, 0)))
        if v["over"]:
            break
        r = decide(client, room, 0, krig_choice([d["action"] for d in v["legal"]]))
        assert r.status_code == 200, r.text
        decisions += 1
        assert decisions < 300
    events = client.get(f"/api/rooms/{room['room']}/events").json()["events"]
    bot_decisions = [e for e in events if e["type"] == "decision" and e["seat"] == 1]
    assert bot_decisions, "the bot never decided"
    assert view(client, room, 0)["over"]


def test_rematch_keeps_the_seats_and_their_tokens(client):
    room = make_room(client, options={"hp": 3})
    rid = room["room"]
    r = client.post(f"/api/rooms/{rid}/rematch", json={"token": tokens(room)[0]})
    assert r.status_code == 409
    while play_krig_step(client, room):
        pass
    assert client.post(f"/api/rooms/{rid}/rematch", json={"token": "forged"}).status_code == 403
    r = client.post(f"/api/rooms/{rid}/rematch", json={"token": tokens(room)[1]})
    assert r.status_code == 200
    new = r.json()["room"]
    assert new != rid
    again = client.post(f"/api/rooms/{rid}/rematch", json={"token": tokens(room)[0]}).json()["room"]
    assert again == new  # one rematch per room; the second player joins it
    assert view(client, room, 0)["rematch"] == new
    fresh = client.get(f"/api/rooms/{new}", headers={"X-Seat-Token": tokens(room)[1]}).json()
    assert fresh["seat"] == 1 and not fresh["over"] and fresh["options"]["hp"] == 3


def test_hints_endpoint_answers_or_degrades(client):
    """Issue 4, hints: the endpoint offers each decision's win chance when a solver exists and says
    so plainly when it does not; spectators get none."""
    room = make_room(client, options={"hp": 5})
    v = view(client, room, None)
    seat = v["node"]["seats"][0]
    r = client.get(f"/api/rooms/{room['room']}/hints", headers={"X-Seat-Token": tokens(room)[seat]})
    assert r.status_code == 200
    h = r.json()
    legal = {d["action"] for d in view(client, room, seat)["legal"]}
    if h["available"]:
        assert set(h["hints"]) <= legal and h["hints"]
        assert all(0.0 <= p <= 1.0 for p in h["hints"].values())
    else:
        assert h["hints"] == {} and h["message"]
    assert client.get(f"/api/rooms/{room['room']}/hints").status_code == 403


def test_openapi_page_documents_the_api(client):
    spec = client.get("/openapi.json").json()
    for path in ("/api/games", "/api/rooms", "/api/rooms/{room_id}", "/api/rooms/{room_id}/decisions",
                 "/api/rooms/{room_id}/events", "/api/rooms/{room_id}/record", "/api/rooms/{room_id}/hints"):
        assert path in spec["paths"]
    fields = spec["components"]["schemas"]["CreateRoom"]["properties"]
    assert all(f.get("description") for f in fields.values())
    assert client.get("/docs").status_code == 200


def test_pages_and_static_files_are_served(client):
    room = make_room(client)["room"]
    parts = [f"/static/{name}" for name in GAME_PARTS]
    for path in ("/", f"/play/{room}", f"/watch/{room}", "/static/game.js", *parts, "/static/lobby.js", "/static/style.css"):
        assert client.get(path).status_code == 200, path


def test_the_game_page_holds_game_js_after_its_parts(client):
    """Every part of game.js (static/game-*.js, a factory on brawl.gamePage) comes inline in the game
    page before game.js, which calls them."""
    text = client.get(f"/play/{make_room(client)['room']}").text
    assert sorted(GAME_PARTS) == sorted(path.name for path in STATIC.glob("game-*.js"))
    at = [text.index(f"<script>{(STATIC / name).read_text()}</script>") for name in (*GAME_PARTS, "game.js")]
    assert at == sorted(at)


@pytest.mark.parametrize("path", ["/play/NOSUCHROOM", "/watch/NOSUCHROOM", "/nosuchpage", "/rules/nosuch"])
def test_unknown_pages_are_404_pages_in_the_sites_look(client, path):
    """Issue 11, item 13: unknown rooms, games and paths answer 404 with a page, not raw JSON."""
    page = client.get(path)
    assert page.status_code == 404 and page.headers["content-type"].startswith("text/html")
    assert "/static/style.css" in page.text and "Not found" in page.text and 'href="/"' in page.text


def test_unknown_api_paths_answer_json(client):
    r = client.get("/api/nosuch")
    assert r.status_code == 404 and "error" in r.json()


def test_api_page_is_served_without_internet(client):
    """Issue 4: the HTTP API is documented by the server's OpenAPI page; its assets come from the package."""
    page = client.get("/docs")
    assert page.status_code == 200 and "/openapi.json" in page.text
    assert "cdn" not in page.text.lower()
    for asset in ("/docs-assets/swagger-ui-bundle.js", "/docs-assets/swagger-ui.css"):
        assert client.get(asset).status_code == 200
    spec = client.get("/openapi.json").json()
    assert "/api/rooms" in spec["paths"]


@pytest.mark.parametrize("game", ["krig", "ktog", "kniggits", "tactics", "rps"])
def test_rules_page_as_html(client, game):
    """Issue 2 and the game issues: the rules page, each rule naming its seed section or ruling, in the browser."""
    page = client.get(f"/rules/{game}")
    assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
    assert "<h1>" in page.text and ("ruling" in page.text.lower())
    assert client.get("/rules/chess").status_code == 404
