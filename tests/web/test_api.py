"""The browser app's JSON API and websocket, in process (FastAPI's TestClient), on an SQLite file
and on PostgreSQL."""
import json
import warnings

import pytest

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

import ludotheque
from ludotheque.core import registry
from ludotheque.core.registry import RulesetInfo
from ludotheque.records import GameRecord
from ludotheque.records.sqlstore import SqlStore
from ludotheque.web import create_app, sessions
from ludotheque.web.bus import LocalBus


@pytest.fixture
def db(any_db):
    """Each backend's store (tests/conftest.py)."""
    return any_db


@pytest.fixture
def client(db):
    with TestClient(create_app(db)) as c:
        yield c


def create(client, ruleset="oware", mode="local", **kw):
    r = client.post("/api/games", json={"ruleset": ruleset, "mode": mode, **kw})
    assert r.status_code == 200, r.text
    return r.json()


def stored_actions(db, game_id):
    store = SqlStore(db)
    try:
        return store.get(game_id).actions
    finally:
        store.close()


def send(ws, **msg):
    ws.send_text(json.dumps(msg))


_MOVES = {}   # websocket -> the move list it has put together from the deltas


def recv(ws, kind):
    """The next message of type ``kind`` (skipping others); state messages get their full move
    list back from the deltas (``moves_from``), as the page does."""
    for _ in range(50):
        m = ws.receive_json()
        if m["type"] == "state":
            if "moves_from" in m:
                m["moves"] = _MOVES.get(ws, [])[:m["moves_from"]] + m["moves"]
            _MOVES[ws] = m["moves"]
        if m["type"] == kind:
            return m
    raise AssertionError(f"no {kind} message")


def claim(client, g, name=None, token=None):
    """Opens an invitation link as a new browser would: the guest's seat token."""
    r = client.post(f"/api/games/{g['id']}/claim", json={"code": g["invite_code"], "name": name, "token": token})
    assert r.status_code == 200, r.text
    return r.json()["token"]


def move(client, g, ply, token=None, **kw):
    return client.post(f"/api/games/{g['id']}/move", json={"token": token or g["token"], "ply": ply, **kw})


def legal_named(state_msg, notation):
    return next(m["a"] for m in state_msg["legal"] if m["n"] == notation)


# -- catalogue and rules ------------------------------------------------------------------------
def test_rulesets_list_every_registered_game(client):
    data = client.get("/api/rulesets").json()
    ids = [r["id"] for r in data["rulesets"]]
    assert ids == [ri.name for ri in ludotheque.rulesets()]
    oware = next(r for r in data["rulesets"] if r["id"] == "oware")
    assert oware["available"] and oware["player_names"] == ["South", "North"]
    assert {o["name"] for o in oware["options"]} >= {"grand_slam", "repetition"}
    assert set(data["levels"]) == set(sessions.LEVELS)


def test_rulesets_carry_their_french_names_from_the_french_rules(client):
    entries = {r["id"]: r for r in client.get("/api/rulesets").json()["rulesets"]}
    assert all(set(r["titles"]) == {"en", "fr"} and r["titles"]["en"] == r["title"] for r in entries.values())
    assert entries["oware"]["titles"]["fr"] == "Oware Abapa"
    assert entries["puluc/ludens"]["titles"]["fr"] == "Puluc — fiche Ludens Planet"


def test_a_game_without_front_end_methods_is_coming_soon(client, monkeypatch):
    class Sketch(ludotheque.Game):
        id = name = "sketch"
        num_actions = 1

        def initial_data(self, seed=None):
            import numpy as np
            return np.zeros(1, np.int32)

    client.get("/api/rulesets")     # the build the server started on its start is over (not cached after the patch)
    monkeypatch.setitem(registry._RULESETS, "sketch", RulesetInfo(
        name="sketch", title="Sketch", description="under construction", factory=lambda e, o, c: Sketch()))
    sessions.catalogue.cache_clear()
    try:
        entry = next(r for r in client.get("/api/rulesets").json()["rulesets"] if r["id"] == "sketch")
        assert entry["available"] is False
        r = client.post("/api/games", json={"ruleset": "sketch", "mode": "local"})
        assert r.status_code == 400 and "coming soon" in r.json()["error"]
    finally:
        monkeypatch.undo()
        sessions.catalogue.cache_clear()


def test_rules_in_english_and_french(client):
    en = client.get("/api/rules", params={"id": "oware", "lang": "en"}).json()["markdown"]
    fr = client.get("/api/rules", params={"id": "oware", "lang": "fr"}).json()["markdown"]
    assert "Harvest" in en and "Récolte" in fr
    assert client.get("/api/rules", params={"id": "nope", "lang": "en"}).status_code == 404
    assert client.get("/api/rules", params={"id": "oware", "lang": "de"}).status_code == 404


def test_the_pages_are_served(client):
    for path in ("/", "/games", "/play/abc", "/replay/abc"):
        r = client.get(path)
        assert r.status_code == 200 and "<main" in r.text
    assert client.get("/static/js/board.js").status_code == 200


# -- creating and joining -------------------------------------------------------------------
def test_create_rejects_bad_requests(client):
    bad = [{"ruleset": "nope", "mode": "local"}, {"ruleset": "oware", "mode": "chess"},
           {"ruleset": "oware", "mode": "ai", "level": "godlike"}, {"ruleset": "oware", "mode": "ai", "seat": 2},
           {"ruleset": "oware+wings", "mode": "local"}, {"ruleset": 7, "mode": "local"}]
    for body in bad:
        r = client.post("/api/games", json=body)
        assert r.status_code == 400 and r.json()["error"], body
    r = client.post("/api/games", content=b"not json", headers={"content-type": "application/json"})
    assert r.status_code == 400
    r = client.post("/api/games", json=["oware"])
    assert r.status_code == 400


def test_create_with_extensions_and_options_uses_the_canonical_id(client):
    g = create(client, "oware?repetition=2&grand_slam=allow")
    snap = client.get(f"/api/games/{g['id']}").json()
    assert snap["ruleset"] == ludotheque.load("oware?grand_slam=allow&repetition=2").id
    g = create(client, "fanorona+tamarins")
    assert client.get(f"/api/games/{g['id']}").json()["ruleset"] == "fanorona+tamarins"


def test_invite_seats_have_their_own_tokens_and_join_names_the_guest(client):
    g = create(client, mode="invite", name="Ama")
    assert g["token"] != g["invite_code"] and g["invite_url"].endswith("#i=" + g["invite_code"])
    code_alone = client.get(f"/api/games/{g['id']}", params={"token": g["invite_code"]}).json()
    assert code_alone["you"] == []                      # the link's code is not a seat token
    guest = claim(client, g, name="Kofi")
    mine = client.get(f"/api/games/{g['id']}", params={"token": g["token"]}).json()
    theirs = client.get(f"/api/games/{g['id']}", params={"token": guest}).json()
    nobody = client.get(f"/api/games/{g['id']}").json()
    assert (mine["you"], theirs["you"], nobody["you"]) == ([0], [1], [])
    assert guest not in (g["token"], g["invite_code"])
    assert nobody["players"] == ["Ama", "Kofi"]
    r = client.post(f"/api/games/{g['id']}/join", json={"token": guest, "name": "Kwame"})
    assert r.json()["you"] == [1]
    assert client.get(f"/api/games/{g['id']}").json()["players"] == ["Ama", "Kwame"]
    r = client.post(f"/api/games/{g['id']}/join", json={"token": "forged", "name": "Eve"})
    assert r.status_code == 403


def test_an_invitation_seat_is_claimed_once_and_the_host_keeps_theirs(client, db):
    g = create(client, mode="invite", name="Ama")
    url = f"/api/games/{g['id']}/claim"
    host = client.post(url, json={"code": g["invite_code"], "token": g["token"]}).json()
    assert host == {"id": g["id"], "token": g["token"], "you": [0]}    # the host opening their link
    guest = claim(client, g)
    assert client.get(f"/api/games/{g['id']}").json()["players"] == ["Ama", "Guest"]
    for attempt in ({"code": g["invite_code"]}, {"code": g["invite_code"], "token": "forged"},
                    {"code": "guessed"}, {}):
        r = client.post(url, json=attempt)
        assert r.status_code == 409 and "watch" in r.json()["error"], attempt
    with TestClient(create_app(db)) as c2:                 # the claim survives a restart
        r = c2.post(url, json={"code": g["invite_code"]})
        assert r.status_code == 409
        assert c2.get(f"/api/games/{g['id']}", params={"token": guest}).json()["you"] == [1]
        assert c2.get(f"/api/games/{g['id']}", params={"token": g["token"]}).json()["you"] == [0]


def test_names_are_bounded_and_cannot_pass_for_someone_else(client):
    g = create(client, mode="invite", name="Ama")
    guest = claim(client, g, name="computer (expert)")     # refused names fall back to Guest
    assert client.get(f"/api/games/{g['id']}").json()["players"] == ["Ama", "Guest"]
    url = f"/api/games/{g['id']}/join"
    for bad in ("computer (expert)", "Computer", "ama", "AMA ", "x" * 41, "Eve\u202eevE", "a\nb",
                "\u0000", "", "   ", "?", 7, None, ["Kofi"]):
        r = client.post(url, json={"token": guest, "name": bad})
        assert r.status_code == 400 and r.json()["error"], bad
    assert client.get(f"/api/games/{g['id']}").json()["players"] == ["Ama", "Guest"]
    for bad in ("computer (easy)", "x" * 41, "\u202e", 5):
        r = client.post("/api/games", json={"ruleset": "oware", "mode": "ai", "name": bad})
        assert r.status_code == 400, bad
    assert client.post(url, json={"token": guest, "name": "Kofi Annan-Ré"}).status_code == 200


def test_unknown_game_is_404(client):
    assert client.get("/api/games/nope").status_code == 404
    with client.websocket_connect("/ws/nope") as ws:
        assert ws.receive_json()["type"] == "error"


# -- playing over the websocket -----------------------------------------------------------
def test_move_against_the_computer_is_stored_and_answered(client, db):
    g = create(client, mode="ai", level="random")
    with client.websocket_connect(f"/ws/{g['id']}?token={g['token']}") as ws:
        first = recv(ws, "state")
        assert first["you"] == [0] and first["geometry"]["kind"] == "pits"
        assert [m["n"] for m in first["legal"]] == list("ABCDEF")
        assert all(m["p"] == [m["n"]] for m in first["legal"])
        send(ws, type="move", action=legal_named(first, "C"), ply=0, token=g["token"])
        after = recv(ws, "state")
        assert [m["n"] for m in after["moves"]] == ["C"]
        reply = recv(ws, "state")                        # the computer's move
        assert len(reply["moves"]) == 2 and reply["moves"][1]["player"] == 1
        assert reply["to_move"] == 0
    assert len(stored_actions(db, g["id"])) == 2


def test_computer_moves_first_when_the_human_takes_the_second_seat(client, db):
    g = create(client, mode="ai", level="random", seat=1)
    with client.websocket_connect(f"/ws/{g['id']}?token={g['token']}") as ws:
        snap = recv(ws, "state")
        while snap["to_move"] != 1:
            snap = recv(ws, "state")
        assert snap["you"] == [1] and len(snap["moves"]) == 1
    assert len(stored_actions(db, g["id"])) == 1


def test_illegal_move_is_refused_with_a_reason_and_nothing_is_stored(client, db):
    g = create(client)
    t = g["token"]
    with client.websocket_connect(f"/ws/{g['id']}?token={t}") as ws:
        s = recv(ws, "state")
        send(ws, type="move", action=legal_named(s, "C"), ply=0, token=t)        # South empties C
        s = recv(ws, "state")
        send(ws, type="move", action=legal_named(s, "a"), ply=1, token=t)
        s = recv(ws, "state")
        assert s["to_move"] == 0 and "C" not in [m["n"] for m in s["legal"]]
        send(ws, type="move", action=2, ply=2, token=t)                          # C is empty
        err = recv(ws, "error")
        assert "not legal" in err["message"]
        send(ws, type="move_text", text="C", ply=2, token=t)              # typed: the engine says why
        err = recv(ws, "error")
        assert err["message"] and "C" in err["message"]
        send(ws, type="move_text", text="Z9", ply=2, token=t)
        assert recv(ws, "error")["message"]
        send(ws, type="explain", points=["C"], token=t)
        assert recv(ws, "explain")["message"]
        assert stored_actions(db, g["id"]) == [2, 0]
        send(ws, type="move_text", text="D", ply=2, token=t)              # the connection survives
        assert [m["n"] for m in recv(ws, "state")["moves"]] == ["C", "a", "D"]
    assert len(stored_actions(db, g["id"])) == 3


def test_a_move_for_the_other_seat_or_without_a_token_is_refused(client, db):
    g = create(client, mode="invite")
    south, north = g["token"], claim(client, g)
    with client.websocket_connect(f"/ws/{g['id']}?token={north}") as ws:
        s = recv(ws, "state")
        a = s["legal"][0]["a"]
        for msg in ({"type": "move", "action": a, "ply": 0, "token": north},          # not North's turn
                    {"type": "move", "action": a, "ply": 0},                          # no token
                    {"type": "move", "action": a, "ply": 0, "token": ""},
                    {"type": "move", "action": a, "ply": 0, "token": "forged-token"},
                    {"type": "move", "action": a, "ply": 0, "token": 12},
                    {"type": "move", "action": a, "ply": 0, "token": g["invite_code"]},
                    {"type": "move_text", "text": "A", "ply": 0},
                    {"type": "resign"}, {"type": "undo", "token": north}):
            ws.send_text(json.dumps(msg))
            assert recv(ws, "error")["message"], msg
        assert stored_actions(db, g["id"]) == []
        send(ws, type="move", action=a, ply=0, token=south)    # the seat holder may use any connection
        assert len(recv(ws, "state")["moves"]) == 1
    r = move(client, g, 1, action=0)
    assert r.status_code == 403 and "turn" in r.json()["error"]
    assert len(stored_actions(db, g["id"])) == 1


def test_malformed_and_oversized_messages_are_refused_and_the_connection_survives(client, db):
    g = create(client)
    t = g["token"]
    with client.websocket_connect(f"/ws/{g['id']}?token={t}") as ws:
        recv(ws, "state")
        bad = ["not json", "[1, 2]", "{}", '{"type": 3}', '{"type": "teleport"}', "x" * 100_000,
               json.dumps({"type": "move", "action": "2", "ply": 0, "token": t}),
               json.dumps({"type": "move", "action": 2.0, "ply": 0, "token": t}),
               json.dumps({"type": "move", "action": True, "ply": 0, "token": t}),
               json.dumps({"type": "move", "action": -1, "ply": 0, "token": t}),
               json.dumps({"type": "move", "action": 6, "ply": 0, "token": t}),
               json.dumps({"type": "move", "action": 10**30, "ply": 0, "token": t}),
               json.dumps({"type": "move", "ply": 0, "token": t}),
               json.dumps({"type": "move", "action": 2, "token": t}),                 # no ply
               json.dumps({"type": "move", "action": 2, "ply": 1, "token": t}),       # not this ply
               json.dumps({"type": "move", "action": 2, "ply": "0", "token": t}),
               json.dumps({"type": "move_text", "text": ["C"], "ply": 0, "token": t}),
               json.dumps({"type": "move_text", "text": "C" * 500, "ply": 0, "token": t}),
               json.dumps({"type": "explain", "points": "C", "token": t}),
               json.dumps({"type": "move", "action": 2, "ply": 0, "token": t, "pad": "y" * 5000}),
               '{"type": "move", "action": %s, "ply": 0, "token": "%s"}' % ("9" * 4000, t),
               '{"type": "move", "ply": 0, "x": ' + "[" * 2000 + "]" * 2000 + "}",
               '{"type": "move", "action": NaN, "ply": 0}']
        for text in bad:
            ws.send_text(text)
            m = recv(ws, "error")
            assert m["message"], text
        ws.send_bytes(b"\xff\xfe")
        assert recv(ws, "error")["message"]
        assert stored_actions(db, g["id"]) == []
        send(ws, type="move", action=2, ply=0, token=t)
        assert [m["n"] for m in recv(ws, "state")["moves"]] == ["C"]
        send(ws, type="ping")
        assert recv(ws, "pong")
    r = client.post("/api/import", content=b"x" * 2_100_000, headers={"content-type": "application/json"})
    assert r.status_code == 413


def test_typed_moves_are_parsed_by_the_engine(client):
    g = create(client)
    r = move(client, g, 0, text="C")
    assert r.status_code == 200 and r.json()["moves"][0]["n"] == "C"
    r = move(client, g, 1, text="hello")
    assert r.status_code == 400 and r.json()["error"]


# -- resuming, undo, resign, draws -------------------------------------------------------------
def test_restarting_the_server_resumes_every_game(db):
    with TestClient(create_app(db)) as c1:
        a = create(c1, "oware")
        b = create(c1, "puluc", mode="invite")
        for ply, text in enumerate(("C", "a", "D")):
            assert move(c1, a, ply, text=text).status_code == 200
        before_a = c1.get(f"/api/games/{a['id']}").json()
        before_b = c1.get(f"/api/games/{b['id']}").json()
    with TestClient(create_app(db)) as c2:                # a new app on the same file
        after_a = c2.get(f"/api/games/{a['id']}", params={"token": a["token"]}).json()
        after_b = c2.get(f"/api/games/{b['id']}").json()
        assert after_a["moves"] == before_a["moves"] and after_a["view"] == before_a["view"]
        assert after_a["you"] == [0, 1]
        assert after_b["moves"] == before_b["moves"] and after_b["legal"] == before_b["legal"]
        r = move(c2, a, 3, text="b")
        assert [m["n"] for m in r.json()["moves"]] == ["C", "a", "D", "b"]
        mine = c2.post("/api/my-games", json={"games": [{"id": a["id"], "token": a["token"]},
                                                        {"id": b["id"], "token": "wrong"},
                                                        {"id": "nope", "token": "x"}, 5]}).json()
        assert [x["id"] for x in mine["games"]] == [a["id"]]
        assert mine["games"][0]["plies"] == 4


def test_throws_are_sampled_by_the_server_and_shown(client, db):
    g = create(client, "puluc")
    snap = client.get(f"/api/games/{g['id']}").json()
    assert snap["moves"][0]["player"] == ludotheque.CHANCE and snap["moves"][0]["n"].startswith("(")
    assert snap["to_move"] == 0 and snap["view"]["last_throw"] is not None
    for _ in range(6):                                   # each move is followed by the next throw
        s = client.get(f"/api/games/{g['id']}").json()
        if s["result"]:
            break
        r = move(client, g, s["ply"], action=s["legal"][0]["a"])
        moves = r.json()["moves"]
        assert moves[-1]["player"] == ludotheque.CHANCE or r.json()["result"]
    assert len(stored_actions(db, g["id"])) == len(client.get(f"/api/games/{g['id']}").json()["moves"])


def test_undo_against_the_computer_goes_back_to_the_humans_turn(client, db):
    g = create(client, mode="ai", level="random")
    t = g["token"]
    with client.websocket_connect(f"/ws/{g['id']}?token={t}") as ws:
        s = recv(ws, "state")
        send(ws, type="undo", token=t)
        assert "nothing to undo" in recv(ws, "error")["message"]
        send(ws, type="move", action=legal_named(s, "C"), ply=0, token=t)
        s = recv(ws, "state")
        while len(s["moves"]) < 2:
            s = recv(ws, "state")
        send(ws, type="undo", token=t)
        s = recv(ws, "state")
        assert s["moves"] == [] and s["to_move"] == 0
    assert stored_actions(db, g["id"]) == []


def test_resign_and_draw_offers(client, db):
    g = create(client, mode="invite")
    south, north = g["token"], claim(client, g)
    gid = g["id"]
    with client.websocket_connect(f"/ws/{gid}?token={south}") as ws:
        recv(ws, "state")
        send(ws, type="accept_draw", token=north)
        assert recv(ws, "error")
        send(ws, type="offer_draw", token=south)
        s = recv(ws, "state")
        assert s["draw_offer"] == 0 and "offers a draw" in s["note"]
        send(ws, type="accept_draw", token=south)          # not one's own offer
        assert recv(ws, "error")
        send(ws, type="decline_draw", token=north)
        assert recv(ws, "state")["draw_offer"] is None
        send(ws, type="offer_draw", token=north)
        recv(ws, "state")
        send(ws, type="accept_draw", token=south)
        s = recv(ws, "state")
        assert s["result"] == {"result": "1/2-1/2", "winner": None, "reason": "draw agreed",
                               "reason_msg": {"id": "srv.drawAgreed", "args": {}}}
        assert s["legal"] == []
        send(ws, type="move", action=0, ply=0, token=south)
        assert "over" in recv(ws, "error")["message"]
    g2 = create(client, mode="invite")
    r = move(client, g2, 0, action=0)
    assert r.status_code == 200
    north = claim(client, g2)
    with client.websocket_connect(f"/ws/{g2['id']}") as ws:
        recv(ws, "state")
        send(ws, type="resign", token=north)
        s = recv(ws, "state")
        assert s["result"]["result"] == "1-0" and s["result"]["reason"] == "North resigned"
    with TestClient(create_app(db)) as c2:                  # endings survive a restart
        result = c2.get(f"/api/games/{g2['id']}").json()["result"]
        assert result["reason"] == "North resigned"      # the message id survives too
        assert result["reason_msg"] == {"id": "srv.resigned", "args": {"name": {"id": "player.North", "args": {}}}}
        assert c2.get(f"/api/games/{gid}").json()["result"]["result"] == "1/2-1/2"


def test_draw_offer_to_the_computer_is_declined(client):
    g = create(client, mode="ai", level="random")
    with client.websocket_connect(f"/ws/{g['id']}?token={g['token']}") as ws:
        recv(ws, "state")
        send(ws, type="offer_draw", token=g["token"])
        s = recv(ws, "state")
        assert "declines" in s["note"] and s["result"] is None


def test_hint_names_a_legal_move_for_the_player_to_move(client, monkeypatch):
    monkeypatch.setitem(sessions.LEVELS, sessions.HINT_LEVEL, "mcts:50p")   # fast, same code path
    g = create(client, mode="ai", level="random", seat=1)
    with client.websocket_connect(f"/ws/{g['id']}") as ws:
        s = recv(ws, "state")
        send(ws, type="hint", token="forged")
        assert recv(ws, "error")
        while s["to_move"] != 1:
            s = recv(ws, "state")
        send(ws, type="hint", token=g["token"])
        h = recv(ws, "hint")
        assert h["action"] in [m["a"] for m in s["legal"]] and h["p"] == [h["n"]]


def test_no_hints_in_games_between_two_people(client):
    for mode in ("local", "invite"):
        g = create(client, mode=mode)
        with client.websocket_connect(f"/ws/{g['id']}?token={g['token']}") as ws:
            recv(ws, "state")
            send(ws, type="hint", token=g["token"])
            assert "against the computer" in recv(ws, "error")["message"], mode


# -- records ---------------------------------------------------------------------------------
def test_record_export_and_import_round_trip(client):
    g = create(client)
    for ply, text in enumerate(("C", "a", "D", "b")):
        assert move(client, g, ply, text=text).status_code == 200
    as_json = client.get(f"/api/games/{g['id']}/record", params={"format": "json"}).text
    as_text = client.get(f"/api/games/{g['id']}/record", params={"format": "text"}).text
    assert GameRecord.from_json(as_json).moves() == ["C", "a", "D", "b"]
    assert GameRecord.from_text(as_text).moves() == ["C", "a", "D", "b"]
    assert client.get(f"/api/games/{g['id']}/record", params={"format": "pdf"}).status_code == 400
    for record in (as_json, as_text):
        r = client.post("/api/import", json={"text": record}).json()
        snap = client.get(f"/api/games/{r['id']}", params={"token": r["token"]}).json()
        assert [m["n"] for m in snap["moves"]] == ["C", "a", "D", "b"] and snap["you"] == [0, 1]
        replay = client.get(f"/api/games/{r['id']}/replay").json()
        assert len(replay["frames"]) == 5 and replay["frames"][0]["view"]["pieces"][0]["count"] == 4
    for bad in ("", "garbage", '{"format": "ludotheque-record", "ruleset": "oware", "actions": [9]}',
                '[Ruleset "oware"]\n\n1. C C *'):
        r = client.post("/api/import", json={"text": bad})
        assert r.status_code == 400 and r.json()["error"], bad


def test_the_sqlite_store_commits_in_wal_mode(tmp_path):
    store = SqlStore(tmp_path / "games.sqlite")
    try:
        with store.engine.connect() as conn:
            assert conn.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
    finally:
        store.close()


def test_every_available_ruleset_plays_in_the_app(client, db):
    """Whatever the registry holds: created, drawn, played by action ids, saved and replayed."""
    import random
    rng = random.Random(3)
    for entry in client.get("/api/rulesets").json()["rulesets"]:
        if not entry["available"]:
            continue
        g = create(client, entry["id"])
        snap = client.get(f"/api/games/{g['id']}").json()
        points = {p["id"] for p in snap["geometry"]["points"]}
        for _ in range(25):
            if snap["result"]:
                break
            assert snap["legal"], entry["id"]
            for m in snap["legal"]:
                assert set(m["p"]) <= points and m["n"], (entry["id"], m)
            assert {p["at"] for p in snap["view"]["pieces"]} <= points, entry["id"]
            r = move(client, g, snap["ply"], action=rng.choice(snap["legal"])["a"])
            assert r.status_code == 200, (entry["id"], r.text)
            snap = r.json()
        replay = client.get(f"/api/games/{g['id']}/replay").json()
        assert len(replay["frames"]) == len(snap["moves"]) + 1
        rec = client.get(f"/api/games/{g['id']}/record", params={"format": "text"}).text
        assert GameRecord.from_text(rec).actions == stored_actions(db, g["id"])


def test_a_failing_computer_player_still_moves(client, monkeypatch):
    def broken(self, state):
        raise RuntimeError("boom")
    monkeypatch.setattr(sessions.Session, "ai_choose", broken)
    g = create(client, mode="ai", level="random")
    with client.websocket_connect(f"/ws/{g['id']}?token={g['token']}") as ws:
        s = recv(ws, "state")
        send(ws, type="move", action=s["legal"][0]["a"], ply=0, token=g["token"])
        recv(ws, "state")
        s = recv(ws, "state")
        assert len(s["moves"]) == 2 and "failed" in s["note"] and s["to_move"] == 0


# -- moves by the right hand, for the position they answer ----------------------------------------
def test_a_move_at_a_ply_another_process_has_played_gets_409_and_that_process_catches_up(client, db):
    g = create(client)
    with TestClient(create_app(db)) as other:                  # a second server process
        st = other.get(f"/api/games/{g['id']}").json()          # loaded there at ply 0
        first = move(client, g, 0, action=st["legal"][0]["a"])
        assert first.status_code == 200
        late = move(other, g, 0, action=st["legal"][-1]["a"])
        assert late.status_code == 409
        assert late.json()["msg"] == {"id": "srv.positionChanged", "args": {"ply": 1}}
        assert stored_actions(db, g["id"]) == [st["legal"][0]["a"]]
        caught_up = other.get(f"/api/games/{g['id']}").json()
        assert caught_up["moves"] == first.json()["moves"]
        second = move(other, g, 1, action=caught_up["legal"][0]["a"])
        assert second.status_code == 200 and second.json()["ply"] == 2
    assert len(stored_actions(db, g["id"])) == 2


def test_a_process_that_has_not_heard_of_a_move_yet_shows_it_and_takes_the_next_one(client, db):
    """Behind one port, a client's requests reach any process: after a move one process
    acknowledged, another that has not heard of it (here it never will: its own bus) still
    shows it, and takes the move that answers it instead of refusing it as stale."""
    g = create(client)
    with TestClient(create_app(db)) as other:
        st = other.get(f"/api/games/{g['id']}").json()          # loaded there at ply 0
        first = move(client, g, 0, action=st["legal"][0]["a"]).json()
        assert other.get(f"/api/games/{g['id']}").json()["moves"] == first["moves"]
        second = move(client, g, 1, action=first["legal"][0]["a"]).json()     # unheard of there
        third = move(other, g, 2, action=second["legal"][0]["a"])
        assert third.status_code == 200, third.text
        assert third.json()["moves"][:2] == second["moves"] and third.json()["ply"] == 3
    assert len(stored_actions(db, g["id"])) == 3


def test_a_resignation_in_a_process_that_missed_the_ending_gets_409_and_the_first_ending_stays(client, db):
    g = create(client, mode="invite")
    south, north = g["token"], claim(client, g)
    # a second server process that has not heard of the resignation yet (its own bus)
    with TestClient(create_app(db, bus=LocalBus())) as other:
        assert other.get(f"/api/games/{g['id']}").json()["result"] is None     # loaded there, not ended
        with client.websocket_connect(f"/ws/{g['id']}?token={south}") as ws:
            recv(ws, "state")
            send(ws, type="resign", token=south)
            assert recv(ws, "state")["result"]["winner"] == 1
        with other.websocket_connect(f"/ws/{g['id']}?token={north}") as ws:
            recv(ws, "state")
            send(ws, type="resign", token=north)
            reply = ws.receive_json()
            while reply["type"] not in ("error", "state"):         # presence and the like
                reply = ws.receive_json()
            assert reply["type"] == "error" and reply["status"] == 409
        assert other.get(f"/api/games/{g['id']}").json()["result"]["winner"] == 1
    with TestClient(create_app(db)) as fresh:
        assert fresh.get(f"/api/games/{g['id']}").json()["result"]["winner"] == 1


def test_a_repeated_move_is_refused_not_queued(client, db):
    """A double click sends the same move twice for ply 0: the second is stale, never played."""
    g = create(client, mode="ai", level="random")
    with client.websocket_connect(f"/ws/{g['id']}?token={g['token']}") as ws:
        s = recv(ws, "state")
        a = legal_named(s, "C")
        send(ws, type="move", action=a, ply=0, token=g["token"])
        send(ws, type="move", action=a, ply=0, token=g["token"])
        err = recv(ws, "error")
        assert err["status"] == 409 and "ply" in err["message"]
        s = recv(ws, "state")
        while len(s["moves"]) < 2:
            s = recv(ws, "state")
    assert len(stored_actions(db, g["id"])) == 2


def test_a_move_while_the_computer_thinks_is_refused_at_once(client, db, monkeypatch):
    import threading
    release = threading.Event()
    real = sessions.Session.ai_choose

    def slow(self, state):
        release.wait(120)
        return real(self, state)
    monkeypatch.setattr(sessions.Session, "ai_choose", slow)
    g = create(client, mode="ai", level="random")
    with client.websocket_connect(f"/ws/{g['id']}?token={g['token']}") as ws:
        s = recv(ws, "state")
        send(ws, type="move", action=s["legal"][0]["a"], ply=0, token=g["token"])
        s = recv(ws, "state")
        send(ws, type="move", action=s["legal"][0]["a"] if s["legal"] else 0, ply=1, token=g["token"])
        assert "not your turn" in recv(ws, "error")["message"]     # answered while it thinks
        send(ws, type="ping")
        assert recv(ws, "pong")
        release.set()
        s = recv(ws, "state")
        assert len(s["moves"]) == 2 and s["moves"][1]["player"] == 1
    assert len(stored_actions(db, g["id"])) == 2


def test_spectators_are_read_only(client, db):
    g = create(client, mode="invite")
    with client.websocket_connect(f"/ws/{g['id']}") as ws:
        s = recv(ws, "state")
        assert s["you"] == []
        for kind in ("move", "move_text", "undo", "resign", "offer_draw", "accept_draw", "hint"):
            send(ws, type=kind, action=s["legal"][0]["a"], text="A", ply=0)
            assert recv(ws, "error")["status"] in (400, 403), kind
    snap = client.get(f"/api/games/{g['id']}").json()
    assert snap["moves"] == [] and snap["result"] is None and snap["draw_offer"] is None


def test_undo_never_reopens_a_finished_game(client, db):
    import random
    rng = random.Random(5)
    g = create(client, mode="ai", level="random")
    with client.websocket_connect(f"/ws/{g['id']}?token={g['token']}") as ws:
        s = recv(ws, "state")
        while not s["result"]:
            if s["to_move"] == 0:
                send(ws, type="move", action=rng.choice(s["legal"])["a"], ply=s["ply"], token=g["token"])
            s = recv(ws, "state")
        played = stored_actions(db, g["id"])
        send(ws, type="undo", token=g["token"])
        assert "ended" in recv(ws, "error")["message"]
    assert stored_actions(db, g["id"]) == played
    assert client.get(f"/api/games/{g['id']}").json()["result"] == s["result"]


def test_the_move_endpoint_takes_moves_only(client, db):
    g = create(client, mode="ai", level="random")
    for kind in ("resign", "undo", "offer_draw", "hint"):
        r = client.post(f"/api/games/{g['id']}/move", json={"type": kind, "token": g["token"], "ply": 0})
        assert r.status_code == 400 and "moves only" in r.json()["error"], kind
    snap = client.get(f"/api/games/{g['id']}").json()
    assert snap["result"] is None and snap["moves"] == []


# -- inputs that once gave HTTP 500 -----------------------------------------------------------
def test_hostile_bodies_are_refused_with_a_message_and_change_nothing(client, db):
    store = client.app.state.store
    games = len(store.ids())
    huge = "9" * 5000
    deep = "[" * 100_000 + "]" * 100_000
    g = create(client)
    games += 1
    raw = [("/api/games", '{"ruleset": "oware", "mode": "local", "x": %s}' % huge),
           ("/api/games", '{"ruleset": "oware", "mode": "local", "x": %s}' % deep),
           ("/api/games", deep),
           ("/api/games", '{"ruleset": "oware", "mode": "local", "x": NaN}'),
           (f"/api/games/{g['id']}/move", '{"action": %s, "ply": 0, "token": "%s"}' % (huge, g["token"])),
           ("/api/import", '{"text": %s}' % huge), ("/api/my-games", '{"games": %s}' % deep)]
    for path, text in raw:
        r = client.post(path, content=text.encode(), headers={"content-type": "application/json"})
        assert r.status_code == 400 and r.json()["error"], (path, text[:40])
    record = {"format": "ludotheque-record", "ruleset": "oware", "actions": [2]}
    bodies = [("/api/games", {"ruleset": "oware", "mode": "ai", "level": {}}),
              ("/api/games", {"ruleset": "oware", "mode": "ai", "level": ["easy"]}),
              ("/api/games", {"ruleset": "oware", "mode": "ai", "seat": 1.0}),
              ("/api/games", {"ruleset": "oware", "mode": "invite", "seat": True}),
              ("/api/games", {"ruleset": "oware", "mode": {}}),
              ("/api/games", {"ruleset": "oware?max_plies=9223372036854775808", "mode": "local"}),
              ("/api/games", {"ruleset": "oware?max_plies=" + "9" * 200, "mode": "local"}),
              ("/api/games", {"ruleset": "oware" * 100, "mode": "local"}),
              ("/api/import", {"text": json.dumps({**record, "tags": [1, 2]})}),
              ("/api/import", {"text": json.dumps({**record, "tags": "ab"})}),
              ("/api/import", {"text": json.dumps({**record, "tags": 7})}),
              ("/api/import", {"text": json.dumps({**record, "actions": [10**40]})}),
              ("/api/import", {"text": "[" * 100_000}),
              ("/api/import", {"text": '[Ruleset "oware"]\n\n' + "{" * 10_000}),
              ("/api/import", {"text": ["not", "text"]})]
    for path, data in bodies:
        r = client.post(path, json=data)
        assert 400 <= r.status_code < 500 and r.json()["error"], (path, str(data)[:80])
    assert len(store.ids()) == games                        # no orphan game
    assert client.get(f"/api/games/{g['id']}").json()["moves"] == []
    assert client.get("/api/rules", params={"id": "[" * 5000}).status_code == 404


def test_a_body_announced_too_large_is_refused_before_it_is_read(client):
    r = client.post("/api/import", content=b"{}", headers={"content-type": "application/json",
                                                            "content-length": str(100_000_000)})
    assert r.status_code == 413


def test_statuses_errors_and_endings_come_as_messages_of_the_catalogue(client):
    from ludotheque.i18n import Message, catalogue

    fr = client.get("/api/messages", params={"lang": "fr"}).json()["messages"]
    assert fr == catalogue("fr") and fr["status.to_move"] == "Au trait\u00a0: {player}"
    assert client.get("/api/messages", params={"lang": "de"}).status_code == 404
    g = create(client, ruleset="dara")
    view = client.get(f"/api/games/{g['id']}").json()["view"]
    assert view["status"] == "Lions to place"
    assert view["status_msg"] == {"id": "status.to_place", "args": {"player": {"id": "player.Lions", "args": {}}}}
    assert Message("status.to_place", (("player", Message("player.Lions")),)).text("fr") == "À poser\u00a0: Lions"
    r = move(client, g, 5, action=0)                       # a stale ply: the error says why, as an id
    assert r.status_code == 409
    assert r.json()["msg"] == {"id": "srv.positionChanged", "args": {"ply": 0}}
    assert r.json()["error"] == "the position has changed (the game is at ply 0)"
    r = client.get("/api/games/nope")
    assert r.status_code == 404 and r.json()["msg"]["id"] == "srv.noSuchGame"


def test_my_games_skips_ids_that_are_not_strings(client):
    """A list or an object as a game id names no game: it is skipped, not a server error."""
    g = create(client, "oware")
    r = client.post("/api/my-games", json={"games": [{"id": []}, {"id": {"a": 1}, "token": "x"},
                                                     {"id": g["id"], "token": g["token"]}]})
    assert r.status_code == 200
    assert [x["id"] for x in r.json()["games"]] == [g["id"]]
