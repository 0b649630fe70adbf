"""Hypothesis fuzz of the web app's inputs: every JSON body and websocket message gets an answer
below 500, and a refused one changes nothing."""
import json
import warnings

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from ludotheque.web import create_app

KEYS = ["ruleset", "mode", "level", "seat", "name", "type", "action", "text", "ply", "token",
        "code", "games", "id"]
SCALARS = (st.none() | st.booleans() | st.integers() | st.integers(-10**30, 10**30)
           | st.floats(allow_nan=False) | st.text(max_size=30)
           | st.sampled_from(["oware", "dara", "ai", "local", "invite", "expert", "move", "undo",
                              "resign", "hint", "ping", "C", "a1", "oware?max_plies=99999999999"]))
VALUES = st.recursive(SCALARS, lambda inner: st.lists(inner, max_size=4)
                      | st.dictionaries(st.sampled_from(KEYS) | st.text(max_size=8), inner,
                                        max_size=4), max_leaves=12)
BODIES = st.dictionaries(st.sampled_from(KEYS), VALUES, max_size=6) | VALUES
FUZZ = settings(max_examples=150, deadline=None,
                suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])


@pytest.fixture(scope="module")
def client(tmp_path_factory):
    with TestClient(create_app(tmp_path_factory.mktemp("fuzz") / "games.sqlite")) as c:
        yield c


@pytest.fixture(scope="module")
def game(client):
    r = client.post("/api/games", json={"ruleset": "oware", "mode": "local"})
    assert r.status_code == 200
    return r.json()


def position(client, game):
    snap = client.get(f"/api/games/{game['id']}", params={"token": game["token"]}).json()
    return snap["ply"], snap["result"], snap["players"]


@FUZZ
@given(body=BODIES, path=st.sampled_from(["/api/games", "/api/games/{id}/move",
                                          "/api/games/{id}/claim", "/api/games/{id}/join",
                                          "/api/my-games", "/api/import"]),
       raw=st.booleans())
def test_any_body_gets_an_answer_below_500(client, game, body, path, raw):
    if isinstance(body, dict) and "token" in body and raw:
        body["token"] = game["token"]            # some bodies come from the seat's holder
    before = position(client, game)
    text = json.dumps(body)
    r = client.post(path.format(id=game["id"]), content=text.encode(),
                    headers={"Content-Type": "application/json"})
    assert r.status_code < 500, (path, text, r.text)
    if r.status_code >= 400:
        assert r.json().get("detail") or r.json().get("message") or r.json().get("error"), r.text
        assert position(client, game) == before


@FUZZ
@given(messages=st.lists(BODIES | st.text(max_size=40), min_size=1, max_size=5))
def test_any_websocket_message_gets_a_reply_and_the_socket_lives(client, game, messages):
    with client.websocket_connect(f"/ws/{game['id']}?token=x") as ws:     # a spectator
        start = ws.receive_json()
        for m in messages:
            ws.send_text(m if isinstance(m, str) else json.dumps(m))
            reply = ws.receive_json()
            assert reply["type"] in ("error", "state", "pong"), reply
            assert reply.get("status", 400) < 500, reply
        ws.send_text(json.dumps({"type": "ping"}))
        while (reply := ws.receive_json())["type"] != "pong":
            pass
    assert position(client, game)[0] == start["ply"]       # a spectator changed nothing
