"""Many tables: several `ludotheque serve` processes on one PostgreSQL database, any of which
serves any request or socket of any game (issue 24). Each test talks to the process it picks
(tests/web/_multi.py); a change stored by one reaches the sockets of the others through the
database (web/bus.py), a computer's turn is played once by the process holding its lease
(web/lease.py), and the store's ply check lets one move win a ply."""
import random
import threading

import httpx
import psycopg
import pytest

from _multi import Servers, wait_for
from ludotheque.records.sqlstore import PlyTaken, SqlStore
from ludotheque.records.store import StoredGame


@pytest.fixture(scope="module")
def db(postgres):
    url = postgres.create_database()
    yield url
    postgres.drop_database(url)


@pytest.fixture(scope="module")
def three(db, tmp_path_factory):
    """Three server processes on one database."""
    with Servers(db, tmp_path_factory.mktemp("multi")) as servers:
        yield servers.start(3)


def invitation(host_server, guest_server):
    """A game of oware by invitation made on one process and claimed on another:
    (id, host's token, guest's token)."""
    g = host_server.post("/api/games", {"ruleset": "oware", "mode": "invite", "name": "Ada"})
    guest = guest_server.post(f"/api/games/{g['id']}/claim", {"code": g["invite_code"], "name": "Ben"})
    return g["id"], g["token"], guest["token"]


def play_out(game_id, host, guest, watcher, seed):
    """The two players play a whole game (random moves), each on their own socket (``host``,
    ``guest``: (server, token)); every socket sees every move, in order, and the same end."""
    rng = random.Random(seed)
    with host[0].socket(game_id, host[1]) as a, guest[0].socket(game_id, guest[1]) as b, \
            watcher.socket(game_id) as w:
        assert (a.you, b.you, w.you) == ([0], [1], [])
        # names, seats and watchers told across processes
        for ws in (a, b, w):
            ws.state(lambda s: s["players"] == ["Ada", "Ben"] and s["presence"] == [True, True]
                     and s["watchers"] == 1)
        while not a.last["result"]:
            mover = a if a.last["to_move"] == 0 else b
            assert mover.move(rng.choice(mover.last["legal"])["a"]) is None
            ply = mover.last["ply"]
            for ws in (a, b, w):
                ws.state(lambda s: s["ply"] >= ply)
        for ws in (b, w):
            ws.state(lambda s: s["result"] is not None)
            assert ws.last["moves"] == a.last["moves"] and ws.last["result"] == a.last["result"]
    return a.last


@pytest.mark.parametrize("where", [(0, 1, 2), (0, 1, 1)], ids=["three processes", "two processes"])
def test_players_on_different_processes_play_a_whole_game_seen_by_a_watcher(three, where):
    host, guest, watcher = (three[k] for k in where)
    game_id, host_token, guest_token = invitation(host, guest)
    last = play_out(game_id, (host, host_token), (guest, guest_token), watcher, seed=where[2])
    assert three[2].get(f"/api/games/{game_id}")["moves"] == last["moves"]


def test_of_two_moves_at_one_ply_from_two_processes_exactly_one_is_played_every_time(three):
    p, q = three[0], three[1]
    races = 0
    while races < 100:
        g = p.post("/api/games", {"ruleset": "oware", "mode": "local"})
        with p.socket(g["id"], g["token"]) as a, q.socket(g["id"], g["token"]) as b:
            while races < 100 and not a.last["result"]:
                ply = a.last["ply"]
                b.state(lambda s: s["ply"] == ply)
                for ws in (a, b):
                    ws.send("move", action=ws.last["legal"][-1 if ws is a else 0]["a"], ply=ply)
                    ws.send("ping")
                refused = []
                for ws in (a, b):
                    while (msg := ws.receive())["type"] != "pong":
                        if msg["type"] == "error":
                            refused.append(msg["status"])
                assert refused == [409], f"race {races}: {refused}"
                for ws in (a, b):
                    ws.state(lambda s: s["ply"] > ply)
                assert a.last["moves"] == b.last["moves"]
                stored = three[2].get(f"/api/games/{g['id']}")
                assert stored["moves"][:ply + 1] == a.last["moves"][:ply + 1]
                races += 1


def holder_of(db, key):
    with psycopg.connect(db) as conn:
        row = conn.execute("SELECT holder FROM leases WHERE key = %s", (key,)).fetchone()
    return row[0] if row else None


def test_when_the_process_playing_the_computer_is_killed_another_plays_its_move_once(three, db, tmp_path):
    with Servers(db, tmp_path) as more:
        (stalled,) = more.start(stalled=True)     # its computer players think forever
        g = stalled.post("/api/games", {"ruleset": "oware", "mode": "ai", "level": "easy", "seat": 0})
        with three[1].socket(g["id"], g["token"]) as me, stalled.socket(g["id"]) as watcher:
            me.state(lambda s: s["watchers"] == 1)
            first = me.last["legal"][0]["a"]
            stalled.post(f"/api/games/{g['id']}/move", {"action": first, "ply": 0, "token": g["token"]})
            me.state(lambda s: s["ply"] == 1)
            # the stalled process holds the computer's turn: killed in the middle of it
            assert f":{stalled.pid}:" in wait_for(lambda: holder_of(db, "ai:" + g["id"]))
            stalled.kill()
            st = me.state(lambda s: s["ply"] == 2)
            assert st["to_move"] == 0 and [m["player"] for m in st["moves"]] == [0, 1]
            # the dead process's watcher is counted out
            me.state(lambda s: s["watchers"] == 0)
            # the game goes on: the next computer move is made too, once
            assert me.move() is None
            st = me.state(lambda s: s["ply"] == 4)
            assert [m["player"] for m in st["moves"]] == [0, 1, 0, 1]
        assert len(three[0].get(f"/api/games/{g['id']}")["moves"]) == 4


def test_a_flag_falls_once_whichever_processes_see_it(db):
    """Two processes' stores end a game at its deadline at once: one writes the ending, the
    other finds it written; a flag never falls on a game that moved on meanwhile, and no move
    is stored after it fell."""
    a, b = SqlStore(db), SqlStore(db)
    try:
        game = StoredGame(id="flag1", ruleset="oware", mode="invite", tokens=["x", "y"],
                          players=["Ada", "Ben"], seed=1)
        a.create(game)
        clock = {"base": 60.0, "inc": 0.0, "days": None, "left": [60.0, 60.0], "running": 0, "started": 0.0}
        a.save_clock("flag1", clock)
        a.append("flag1", 0, [3])
        ended = {"result": "1-0", "winner": 0, "reason": "flag"}
        fallen = {**clock, "left": [60.0, 0.0], "running": None}
        assert not a.end_at("flag1", 0, ended, fallen)      # the game moved on since ply 0
        assert [a.end_at("flag1", 1, ended, fallen), b.end_at("flag1", 1, ended, fallen)] == [True, False]
        assert b.get("flag1").ended == ended and b.clock_of("flag1")["running"] is None
        with pytest.raises(PlyTaken):      # a move racing the flag at its ply comes too late
            b.append("flag1", 1, [4])
        assert b.get("flag1").actions == [3]
    finally:
        a.close()
        b.close()


def test_uvicorn_workers_behind_one_port_lose_no_acknowledged_move_when_all_are_killed_and_serve_a_whole_game(
        postgres_url, tmp_path):
    with Servers(postgres_url, tmp_path) as servers:
        (port,) = servers.start(workers=2)      # each request or socket may reach either worker
        game_id, host_token, guest_token = invitation(port, port)
        acknowledged = 0
        stopped: list[BaseException] = []

        def play() -> None:     # moves as fast as they are answered, until the workers die
            nonlocal acknowledged
            try:
                while True:     # each request may reach the worker that did not serve the last
                    st = port.get(f"/api/games/{game_id}?token={host_token}")
                    token = host_token if st["to_move"] == 0 else guest_token
                    st = port.post(f"/api/games/{game_id}/move", {"action": st["legal"][0]["a"],
                                                                  "ply": st["ply"], "token": token})
                    acknowledged = st["ply"]
            except BaseException as e:     # the kill ends it; anything else fails the test
                stopped.append(e)

        def played_on() -> None:
            assert not stopped or isinstance(stopped[0], httpx.TransportError), \
                f"the player stopped before the kill: {stopped[0]!r}"

        player = threading.Thread(target=play)
        player.start()
        with port.socket(game_id) as ws:
            try:
                ws.state(lambda s: s["ply"] >= 10)      # some moves played, more under way
            finally:
                played_on()
            port.kill()
        player.join()
        played_on()
        seen = acknowledged
        (port,) = servers.start(workers=2)
        assert port.get(f"/api/games/{game_id}")["ply"] >= seen > 0
        play_out(game_id, (port, host_token), (port, guest_token), port, seed=7)
