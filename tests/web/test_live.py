"""The games held in memory are a bounded cache of the store: the least recently used go, a
game in use stays, and a game that went reloads from the store and plays on."""
import asyncio
import json
import types
import warnings

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from ludotheque.records.sqlstore import SqlStore
from ludotheque.web import create_app
from ludotheque.web.live import LRU, in_use


def test_the_least_recently_used_entry_goes_first():
    cache = LRU(2)
    cache["a"], cache["b"] = 1, 2
    assert cache.get("a") == 1          # a read is a use: b is now the oldest
    cache["c"] = 3
    assert sorted(cache) == ["a", "c"]
    assert cache.setdefault("a", 9) == 1
    cache["d"] = 4
    assert sorted(cache) == ["a", "d"]
    assert cache.items() == [("a", 1), ("d", 4)] and cache.values() == [1, 4]
    cache["e"] = 5                      # looking through them used none: a is still the oldest
    assert sorted(cache) == ["d", "e"]


def test_pinned_entries_stay_past_the_bound_until_they_are_free():
    busy = {"a", "b"}
    cache = LRU(1, pinned=lambda v: v in busy)
    for key in "abc":
        cache[key] = key
    assert sorted(cache) == ["a", "b"]  # c, free, went; a and b are in use
    busy.clear()
    cache["d"] = "d"
    assert list(cache) == ["d"]


def session(sockets=(), ai_busy=False, locked=False):
    lock = asyncio.Lock()
    if locked:
        asyncio.run(lock.acquire())
    return types.SimpleNamespace(sockets_seats=dict.fromkeys(sockets, [0]), ai_busy=ai_busy, lock=lock)


def test_a_game_is_in_use_while_a_socket_is_open_the_computer_plays_or_a_change_is_made():
    assert not in_use(session())
    assert in_use(session(sockets=["ws"]))
    assert in_use(session(ai_busy=True))
    assert in_use(session(locked=True))


# -- through the app --------------------------------------------------------------------------
def create(client):
    r = client.post("/api/games", json={"ruleset": "oware", "mode": "local"})
    assert r.status_code == 200, r.text
    return r.json()


def play_first_legal(client, g):
    state = client.get(f"/api/games/{g['id']}", params={"token": g["token"]}).json()
    r = client.post(f"/api/games/{g['id']}/move",
                    json={"token": g["token"], "ply": state["ply"], "action": state["legal"][0]["a"]})
    assert r.status_code == 200, r.text
    return r.json()


def test_a_game_dropped_from_memory_reloads_from_the_store_and_plays_on(tmp_path):
    db = tmp_path / "games.sqlite"
    with TestClient(create_app(db, max_live=2)) as client:
        manager = client.app.state.manager
        first = create(client)
        play_first_legal(client, first)
        others = [create(client) for _ in range(3)]
        assert manager.loaded(first["id"]) is None              # it went back to the store
        assert len(manager.sessions) == 2
        assert play_first_legal(client, first)["ply"] == 2      # reloaded at ply 1, played on
        assert manager.loaded(first["id"]) is not None
        for g in others:
            assert play_first_legal(client, g)["ply"] == 1
    store = SqlStore(db)
    assert len(store.get(first["id"]).actions) == 2
    store.close()


def test_a_game_with_an_open_socket_stays_and_its_socket_sees_every_move(tmp_path):
    with TestClient(create_app(tmp_path / "games.sqlite", max_live=1)) as client:
        manager = client.app.state.manager
        g = create(client)
        with client.websocket_connect(f"/ws/{g['id']}?token={g['token']}") as ws:
            assert ws.receive_json()["ply"] == 0
            held = manager.loaded(g["id"])
            for _ in range(3):
                create(client)
            assert manager.loaded(g["id"]) is held               # not dropped, not reloaded
            play_first_legal(client, g)                          # a move through another way in
            seen = ws.receive_json()
            assert (seen["type"], seen["ply"]) == ("state", 1)
            ws.send_text(json.dumps({"type": "move", "token": g["token"], "ply": 1,
                                     "action": seen["legal"][0]["a"]}))
            assert ws.receive_json()["ply"] == 2
