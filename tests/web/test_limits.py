"""Abuse limits: past its rate a client gets 429 and a message of the catalogue, nothing is
done; a client cannot hold more than the bound of unfinished games; old unfinished games are
swept away; and normal play, even quick, never meets a limit."""
import json
import random
import threading
import types
import warnings

import pytest

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from ludotheque.core.registry import load
from ludotheque.i18n import translate
from ludotheque.records.sqlstore import SqlStore
from ludotheque.records.store import StoredGame
from ludotheque.web import create_app
from ludotheque.web.limits import Buckets, Expirer, Limiter, Limits, Rate
from ludotheque.web.sessions import Manager, SessionError

DAY = 86400


def create(client, mode="local", **kw):
    return client.post("/api/games", json={"ruleset": "oware", "mode": mode, **kw})


def refused(r, message_id):
    """A 429 with the catalogue's message, in English and French."""
    assert r.status_code == 429, r.text
    body = r.json()
    assert body["msg"]["id"] == message_id
    assert translate("fr", message_id, body["msg"]["args"]) != body["error"]
    return body


# -- settings ---------------------------------------------------------------------------------
def test_limits_come_from_the_environment_and_bad_values_are_named():
    limits = Limits.from_env({"LUDOTHEQUE_LIMIT_CREATE": "5/60", "LUDOTHEQUE_OPEN_GAMES": "7",
                              "LUDOTHEQUE_EXPIRE_DAYS": "2", "LUDOTHEQUE_LIMIT_EXEMPT": "none"})
    assert (limits.create, limits.open_games, limits.expire_after, limits.exempt) == \
        (Rate(5, 60), 7, 2 * DAY, ())
    assert limits.message == Limits().message
    for var, value in [("LUDOTHEQUE_LIMIT_MESSAGE", "fast"), ("LUDOTHEQUE_LIMIT_INVITE", "0/60"),
                       ("LUDOTHEQUE_OPEN_GAMES", "-1"), ("LUDOTHEQUE_EXPIRE_DAYS", "inf"),
                       ("LUDOTHEQUE_LIMIT_EXEMPT", "the office")]:
        with pytest.raises(ValueError, match=var):
            Limits.from_env({var: value})


def test_a_bucket_lets_a_burst_through_then_refills_at_its_rate():
    t = [0.0]
    buckets = Buckets(Rate(3, 30), lambda: t[0])
    assert [buckets.take(["a"]) for _ in range(3)] == [0, 0, 0]
    assert buckets.take(["a"]) == pytest.approx(10)      # one more in 10 s
    assert buckets.take(["b"]) == 0                      # another client has its own
    t[0] += 10
    assert buckets.take(["a"]) == 0
    assert buckets.take(["a", "b"]) > 0                  # a is empty: b keeps its tokens
    # b: one taken, then refilled to its full 3 (never more), which a refusal did not touch
    assert [buckets.take(["b"]) for _ in range(4)] == [0, 0, 0, pytest.approx(10)]


def conn(host):
    return types.SimpleNamespace(client=types.SimpleNamespace(host=host))


def test_clients_are_addresses_an_ipv6_subscriber_is_its_prefix_and_the_machine_is_exempt():
    limiter = Limiter(Limits(create=Rate(1, 3600)), manager=None)
    limiter.check("create", conn("203.0.113.5"))
    limiter.check("create", conn("203.0.113.6"))
    with pytest.raises(SessionError) as e:
        limiter.check("create", conn("::ffff:203.0.113.5"))   # the same IPv4 client
    assert e.value.status == 429
    limiter.check("create", conn("2001:db8:1:2::1"))
    with pytest.raises(SessionError):
        limiter.check("create", conn("2001:db8:1:2:ffff::9"))  # the same /64
    limiter.check("create", conn("2001:db8:1:3::1"))
    for _ in range(5):
        limiter.check("create", conn("127.0.0.1"))
        limiter.check("create", conn("::1"))


def test_an_identity_is_limited_across_addresses():
    limiter = Limiter(Limits(invite=Rate(2, 3600)), manager=None)
    limiter.check("invite", conn("203.0.113.5"), identity="ama")
    limiter.check("invite", conn("198.51.100.7"), identity="ama")
    with pytest.raises(SessionError):
        limiter.check("invite", conn("192.0.2.1"), identity="ama")
    with pytest.raises(SessionError):
        limiter.check("invite", conn("127.0.0.1"), identity="ama")   # exempt address, same person
    limiter.check("invite", conn("192.0.2.1"), identity="kofi")


# -- through the app --------------------------------------------------------------------------
def app_with(tmp_path, **limits):
    return TestClient(create_app(tmp_path / "games.sqlite", limits=Limits(**limits)))


def test_creating_games_too_fast_is_refused_and_creates_nothing(tmp_path):
    with app_with(tmp_path, create=Rate(3, 3600)) as client:
        for _ in range(3):
            assert create(client).status_code == 200
        body = refused(create(client), "srv.tooManyGames")
        assert 1100 < body["msg"]["args"]["seconds"] <= 1200    # the next one in 20 minutes
        refused(client.post("/api/import", json={"text": "x"}), "srv.tooManyGames")
        assert len(client.app.state.store.ids()) == 3


def test_a_client_holds_a_bounded_number_of_unfinished_games(tmp_path):
    with app_with(tmp_path, open_games=2) as client:
        games = [create(client).json() for _ in range(2)]
        body = refused(create(client, mode="invite"), "srv.tooManyOpenGames")
        assert body["msg"]["args"]["count"] == 2
        with client.websocket_connect(f"/ws/{games[0]['id']}?token={games[0]['token']}") as ws:
            ws.receive_json()
            ws.send_text(json.dumps({"type": "resign", "token": games[0]["token"]}))
            assert ws.receive_json()["result"]
        assert create(client).status_code == 200                # a finished game does not count
        refused(create(client), "srv.tooManyOpenGames")


def test_claiming_and_naming_too_fast_is_refused(tmp_path):
    with app_with(tmp_path, invite=Rate(2, 3600)) as client:
        g = create(client, mode="invite").json()
        r = client.post(f"/api/games/{g['id']}/claim", json={"code": g["invite_code"], "name": "Kofi"})
        assert r.status_code == 200
        guest = r.json()["token"]
        assert client.post(f"/api/games/{g['id']}/join", json={"token": guest, "name": "Kwame"}).status_code == 200
        refused(client.post(f"/api/games/{g['id']}/join", json={"token": guest, "name": "Kojo"}),
                "srv.tooManyRequests")
        assert client.get(f"/api/games/{g['id']}").json()["players"][1] == "Kwame"


def test_socket_messages_and_moves_too_fast_are_refused_with_429(tmp_path):
    with app_with(tmp_path, message=Rate(3, 3600)) as client:
        g = create(client).json()
        with client.websocket_connect(f"/ws/{g['id']}?token={g['token']}") as ws:
            state = ws.receive_json()
            for _ in range(2):
                ws.send_text(json.dumps({"type": "ping"}))
                assert ws.receive_json()["type"] == "pong"
            ws.send_text(json.dumps({"type": "move", "token": g["token"], "ply": 0,
                                     "action": state["legal"][0]["a"]}))
            assert ws.receive_json()["ply"] == 1
            ws.send_text(json.dumps({"type": "ping"}))
            error = ws.receive_json()
            assert (error["type"], error["status"], error["msg"]["id"]) == ("error", 429, "srv.tooManyMessages")
        r = client.post(f"/api/games/{g['id']}/move", json={"token": g["token"], "ply": 1, "action": 0})
        refused(r, "srv.tooManyMessages")
        assert client.get(f"/api/games/{g['id']}").json()["ply"] == 1


def test_a_whole_game_by_invitation_played_as_fast_as_possible_meets_no_limit(tmp_path):
    """The defaults: one client address creates games, claims, names, and plays a game to its
    end with both players' sockets, sending each move the moment it may."""
    rng = random.Random(5)
    with TestClient(create_app(tmp_path / "games.sqlite")) as client:
        for _ in range(10):
            assert create(client).status_code == 200
        g = create(client, mode="invite").json()
        guest = client.post(f"/api/games/{g['id']}/claim",
                            json={"code": g["invite_code"], "name": "Kofi"}).json()["token"]
        assert client.post(f"/api/games/{g['id']}/join", json={"token": guest, "name": "Kwame"}).status_code == 200
        tokens = [g["token"], guest]
        with client.websocket_connect(f"/ws/{g['id']}?token={tokens[0]}") as south, \
                client.websocket_connect(f"/ws/{g['id']}?token={tokens[1]}") as north:
            sockets = [south, north]
            state = [south.receive_json(), north.receive_json()][0]
            while not state["result"]:
                p = state["to_move"]
                sockets[p].send_text(json.dumps({"type": "ping"}))
                assert next_reply(sockets[p], state["ply"])["type"] == "pong"
                sockets[p].send_text(json.dumps({"type": "move", "token": tokens[p], "ply": state["ply"],
                                                 "action": rng.choice(state["legal"])["a"]}))
                replies = [next_reply(ws, state["ply"]) for ws in sockets]
                assert all(r["type"] == "state" for r in replies), replies
                state = replies[0]
        assert state["ply"] > 40


def next_reply(ws, ply):
    """The next message but the news of the other player's presence (a state at the same ply)."""
    while (m := ws.receive_json())["type"] == "state" and m["ply"] == ply:
        pass
    return m


# -- old games --------------------------------------------------------------------------------
def finished_actions(ruleset="oware", seed=1):
    rng, state, actions = random.Random(seed), load(ruleset).initial_state(), []
    while not state.is_terminal:
        actions.append(state.random_action(rng))
        state = state.apply(actions[-1])
    return actions


@pytest.fixture
def store(any_db):
    """The store on each backend (tests/conftest.py)."""
    s = SqlStore(any_db)
    yield s
    s.close()


def stored(id, updated, actions=(), ended=None):
    return StoredGame(id=id, ruleset="oware", mode="local", tokens=["t", "t"], players=["A", "B"],
                      seed=1, created=updated, updated=updated, actions=list(actions), ended=ended)


def test_the_store_pages_through_old_games_without_an_ending(store):
    for i in range(5):
        store.create(stored(f"old{i}", 1000.0 + (i // 2)))       # two pairs with one timestamp
    store.create(stored("resigned", 1000.0, ended={"result": "1-0", "reason": "resigned"}))
    store.create(stored("recent", 5000.0))
    pages, after = [], (float("-inf"), "")
    while page := store.unfinished_before(2000.0, after, limit=2):
        pages.append(page)
        after = page[-1]
    assert pages == [[(1000.0, "old0"), (1000.0, "old1")], [(1001.0, "old2"), (1001.0, "old3")],
                     [(1002.0, "old4")]]
    assert not store.delete_unfinished("recent", 2000.0)
    assert not store.delete_unfinished("resigned", 2000.0)
    assert store.delete_unfinished("old0", 2000.0)
    assert store.get("old0") is None and store.get("recent") is not None


def test_a_sweep_deletes_old_unfinished_games_and_keeps_the_rest(store):
    now = 100 * DAY
    old = now - 31 * DAY
    store.create(stored("abandoned", old, actions=finished_actions(seed=2)[:6]))
    store.create(stored("finished", old, actions=finished_actions()))
    store.create(stored("resigned", old, ended={"result": "1-0", "reason": "resigned"}))
    store.create(stored("recent", now - DAY))
    store.create(stored("watched", old))
    manager = Manager(store)
    manager.get("watched").sockets_seats["a socket"] = []        # someone has it open
    expirer = Expirer(manager, Limits(), clock=lambda: now)
    assert expirer.sweep(batch=2) == 1
    assert store.get("abandoned") is None
    assert {g: store.get(g) is not None for g in ("finished", "resigned", "recent", "watched")} == \
        dict.fromkeys(("finished", "resigned", "recent", "watched"), True)
    state = load("oware").initial_state()
    for a in finished_actions():
        state = state.apply(a)
    assert store.get("finished").ended["result"] == state.outcome().result()
    # the finished game has its result stored now: the next sweep does not replay it
    assert store.unfinished_before(now - 30 * DAY) == [(old, "watched")]


def test_the_server_sweeps_old_games_when_it_starts(tmp_path, monkeypatch):
    db = tmp_path / "games.sqlite"
    s = SqlStore(db)
    s.create(stored("abandoned", 1_000_000.0, actions=[0]))
    s.close()
    swept = threading.Event()
    sweep = Expirer.sweep
    monkeypatch.setattr(Expirer, "sweep", lambda self: (sweep(self), swept.set())[0])
    with TestClient(create_app(db)) as client:
        assert swept.wait(120)
        assert client.get("/api/games/abandoned").status_code == 404


def test_the_server_opens_its_sqlite_connections_once_before_the_first_sweep(tmp_path, monkeypatch):
    # deferring SQLite's checkpoints adds a connect listener and reopens the pool: done while
    # the start-up sweep opened a connection, SQLAlchemy failed ("deque mutated during
    # iteration") and the old games stayed
    db = tmp_path / "games.sqlite"
    s = SqlStore(db)
    s.create(stored("abandoned", 1_000_000.0, actions=[0]))
    s.close()
    deferred, swept, seen = threading.Event(), threading.Event(), []
    defer, sweep = SqlStore.defer_checkpoints, Expirer.sweep
    monkeypatch.setattr(SqlStore, "defer_checkpoints",
                        lambda self: (defer(self), deferred.set())[0])
    monkeypatch.setattr(Expirer, "sweep",
                        lambda self: (seen.append(deferred.is_set()), sweep(self), swept.set())[1])
    with TestClient(create_app(db)) as client:
        assert swept.wait(120)
        assert seen[0], "the sweep began before the pool was set up"
        assert client.get("/api/games/abandoned").status_code == 404
