"""Clocks kept by the server (ludotheque.web.clocks), with the server's clock injected: time
passes when a test says so, and the flag timer is run by the test (`FlagTimer.check`), so
nothing sleeps. On an SQLite file and on PostgreSQL."""
import json
import random
import time
import warnings

import pytest

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from ludotheque.core.registry import load
from ludotheque.records.sqlstore import SqlStore
from ludotheque.records.store import StoredGame
from ludotheque.web import create_app
from old_store import add_game, old_store

START = 1_700_000_000.0
DAY = 86400


class FakeClock:
    """The server's time, moved by the test."""

    def __init__(self) -> None:
        self.t = START

    def __call__(self) -> float:
        return self.t


@pytest.fixture
def clock():
    return FakeClock()


@pytest.fixture
def db(any_db):
    """Each backend's store (tests/conftest.py)."""
    return any_db


@pytest.fixture
def client(db, clock):
    with TestClient(create_app(db, now=clock)) as c:
        yield c


def create(client, ruleset="oware", mode="local", **kw):
    r = client.post("/api/games", json={"ruleset": ruleset, "mode": mode, **kw})
    assert r.status_code == 200, r.text
    return r.json()


def state(client, g, token=None):
    r = client.get(f"/api/games/{g['id']}", params={"token": token or g["token"]})
    assert r.status_code == 200, r.text
    return r.json()


def play(client, g, st, token=None, action=None):
    """Plays ``action`` (else the first legal move) in the position ``st``: the new state."""
    a = st["legal"][0]["a"] if action is None else action
    r = client.post(f"/api/games/{g['id']}/move", json={"token": token or g["token"], "ply": st["ply"], "action": a})
    assert r.status_code == 200, r.text
    return r.json()


def invited(client, **kw):
    """A game by invitation whose guest has come: (game, host token, guest token)."""
    g = create(client, mode="invite", **kw)
    r = client.post(f"/api/games/{g['id']}/claim", json={"code": g["invite_code"], "name": "Ben"})
    assert r.status_code == 200, r.text
    return g, g["token"], r.json()["token"]


def flags_check(client):
    """Runs the server's flag timer now, on the server's loop, and waits for what it does."""
    client.portal.call(client.app.state.flags.check)


def next_state(ws):
    while True:
        m = ws.receive_json()
        if m["type"] == "state":
            return m


def sent_before_pong(ws):
    """The states the server has sent this socket so far: a ping's answer comes after them."""
    ws.send_text(json.dumps({"type": "ping"}))
    out = []
    while (m := ws.receive_json())["type"] != "pong":
        out.append(m)
    return [m for m in out if m["type"] == "state"]


def stored(db, game_id):
    s = SqlStore(db)
    try:
        return s.get(game_id), s.clock_of(game_id)
    finally:
        s.close()


# -- time charged and added --------------------------------------------------------------------
def test_time_is_charged_to_the_mover_and_the_increment_added(client, clock):
    g = create(client, clock="5+3")
    st = state(client, g)
    assert st["clock"] == {"base": 300, "inc": 3, "left": [300, 300], "running": 0, "now": START}
    assert st["deadline"] == START + 300 and st["days"] is None
    clock.t += 10
    st = play(client, g, st)
    assert st["clock"]["left"] == [293, 300] and st["clock"]["running"] == 1    # 300 - 10 + 3
    assert st["deadline"] == START + 10 + 300
    clock.t += 25
    assert state(client, g)["clock"]["left"] == [293, 275]     # the running clock, as of now
    st = play(client, g, st)
    assert st["clock"]["left"] == [293, 278] and st["clock"]["running"] == 0


def test_a_turn_of_several_actions_gets_one_increment(client, clock):
    """Fanorona: a capture chain is several actions of one turn; the increment comes once,
    when the turn ends."""
    game = load("fanorona")
    rng, s, before = random.Random(1), game.initial_state(), []
    while True:                  # a random game, up to a turn of several actions
        turn, p = [], s.current_player
        while s.current_player == p and not s.is_terminal:
            turn.append(rng.choice(s.legal_actions()))
            s = s.apply(turn[-1])
        if len(turn) > 1:
            break
        assert not s.is_terminal
        before += turn
    g = create(client, ruleset="fanorona", clock="5+3")
    st = state(client, g)
    for a in before:             # instant moves: +3 a turn
        st = play(client, g, st, action=a)
    left = st["clock"]["left"][p]
    for a in turn:
        clock.t += 4
        st = play(client, g, st, action=a)
        assert st["clock"]["running"] == (p if a != turn[-1] else 1 - p)
    assert st["clock"]["left"][p] == left - 4 * len(turn) + 3


def test_the_computers_time_is_not_counted(client, clock, monkeypatch):
    from ludotheque.web import sessions

    def slow(self, state):        # the computer thinks for a minute of the server's time
        clock.t += 60
        return state.legal_actions()[0]
    monkeypatch.setattr(sessions.Session, "ai_choose", slow)
    g = create(client, mode="ai", level="random", clock="5+3")
    with client.websocket_connect(f"/ws/{g['id']}?token={g['token']}") as ws:
        st = next_state(ws)
        clock.t += 10
        ws.send_text(json.dumps({"type": "move", "action": st["legal"][0]["a"], "ply": st["ply"], "token": g["token"]}))
        while st["ply"] < 2:
            st = next_state(ws)
    assert st["to_move"] == 0 and st["clock"]["running"] == 0
    assert st["clock"]["left"] == [293, 300]
    assert st["deadline"] == START + 70 + 293      # the human's clock restarted after the reply


# -- the flag ----------------------------------------------------------------------------------
def test_a_flag_falls_with_no_message_and_is_stored_broadcast_and_kept_after_a_restart(client, clock, db):
    g, host, guest = invited(client, clock="5+3")
    with client.websocket_connect(f"/ws/{g['id']}?token={host}") as ws_host, \
            client.websocket_connect(f"/ws/{g['id']}?token={guest}") as ws_guest:
        st = next_state(ws_host)
        next_state(ws_guest)
        assert st["clock"]["running"] == 0
        clock.t += 299
        flags_check(client)
        # not yet (the host may have been told that the guest came: a message with no result)
        assert stored(db, g["id"])[0].ended is None and not any(m["result"] for m in sent_before_pong(ws_host))
        clock.t += 1
        flags_check(client)                                  # what the timer does at the deadline
        got = [m for m in sent_before_pong(ws_host) + sent_before_pong(ws_guest) if m["result"]]
    assert len(got) == 2                                     # one for each socket
    for st in got:
        assert st["result"]["result"] == "0-1" and st["result"]["winner"] == 1
        assert st["result"]["reason_msg"] == {"id": "srv.flagFell", "args": {"name": {"id": "player.South", "args": {}}}}
        assert st["clock"]["left"] == [0, 300] and st["clock"]["running"] is None and st["deadline"] is None
    ended, timing = stored(db, g["id"])
    assert ended.ended["result"] == "0-1" and timing["running"] is None
    clock.t += 1000
    with TestClient(create_app(db, now=clock)) as c2:        # a new server on the same file
        st = state(c2, g, host)
        assert st["result"]["result"] == "0-1" and st["clock"]["left"] == [0, 300]
        r = c2.post(f"/api/games/{g['id']}/move", json={"token": host, "ply": st["ply"], "action": 0})
        assert r.status_code == 400 and r.json()["msg"]["id"] == "srv.gameOver"


def test_the_clock_starts_when_the_guest_comes(client, clock):
    g = create(client, mode="invite", clock="5+3")
    assert state(client, g)["clock"]["running"] is None
    clock.t += 3600                  # the host waits for the friend: no time is counted
    r = client.post(f"/api/games/{g['id']}/claim", json={"code": g["invite_code"], "name": "Ben"})
    assert r.status_code == 200
    st = state(client, g)
    assert st["clock"]["left"] == [300, 300] and st["clock"]["running"] == 0
    assert st["deadline"] == START + 3600 + 300


def test_a_move_after_the_deadline_loses_on_time(client, clock, db):
    g = create(client, clock="5+3")
    st = state(client, g)
    clock.t += 301            # the timer has not run: the move itself finds the flag down
    r = client.post(f"/api/games/{g['id']}/move", json={"token": g["token"], "ply": 0, "action": st["legal"][0]["a"]})
    assert r.status_code == 400 and r.json()["msg"]["id"] == "srv.gameOver"
    ended, _ = stored(db, g["id"])
    assert ended.actions == [] and ended.ended["result"] == "0-1"


def test_a_flag_that_fell_while_the_server_was_down_is_found(db, clock):
    with TestClient(create_app(db, now=clock)) as c1:
        g = create(c1, clock="5+3")
        st = play(c1, g, state(c1, g))
    clock.t += 400            # North's time runs out while no server runs
    with TestClient(create_app(db, now=clock)) as c2:
        st = state(c2, g)
    assert st["result"]["result"] == "1-0" and st["clock"]["left"] == [303, 0]
    assert stored(db, g["id"])[0].ended["result"] == "1-0"


def test_a_flag_fall_is_a_draw_when_the_other_side_cannot_win(client, clock):
    """Oware: the player to move holds 24 seeds in his store; out of time, he cannot lose."""
    game = load("oware")
    rng, s, line = random.Random(0), game.initial_state(), []
    while int(s.data[12 + s.current_player]) != 24:     # a random game, up to such a position
        assert not s.is_terminal
        a = rng.choice(s.legal_actions())
        line.append(a)
        s = s.apply(a)
    assert not game.can_win(s, 1 - s.current_player) and game.can_win(s, s.current_player)
    g = create(client, clock="5+3")
    st = state(client, g)
    for a in line:
        st = play(client, g, st, action=a)
    seat = st["to_move"]
    clock.t += 10_000
    flags_check(client)
    st = state(client, g)
    assert st["result"]["result"] == "1/2-1/2" and st["result"]["reason_msg"]["id"] == "srv.flagFellDraw"
    assert st["clock"]["left"][seat] == 0


# -- correspondence ------------------------------------------------------------------------------
def test_correspondence_gives_days_per_move_and_its_deadline_falls(client, clock, db):
    g = create(client, clock={"days": 3})
    st = state(client, g)
    assert st["days"] == 3 and st["clock"]["left"] == [3 * DAY, 3 * DAY] and st["deadline"] == START + 3 * DAY
    clock.t += 2 * DAY + 5
    st = play(client, g, st)
    assert st["clock"]["left"] == [DAY - 5, 3 * DAY] and st["deadline"] == clock.t + 3 * DAY
    clock.t += 2 * DAY
    st = play(client, g, st)
    assert st["clock"]["left"] == [3 * DAY, DAY]    # a new period for South; North used 2 days
    with client.websocket_connect(f"/ws/{g['id']}?token={g['token']}") as ws:
        next_state(ws)
        clock.t += 3 * DAY
        flags_check(client)
        [st] = sent_before_pong(ws)
    assert st["result"]["result"] == "0-1" and st["result"]["reason_msg"]["id"] == "srv.flagFell"
    assert stored(db, g["id"])[0].ended["result"] == "0-1"


# -- settings ----------------------------------------------------------------------------------
@pytest.mark.parametrize("setting", [
    "0+0", "0.2+5", "181+0", "5+181", "5+", "+3", "5+3+1", " 5+3", "five", "", 0, 5, True, [5, 3],
    {"days": 0}, {"days": 15}, {"days": 2.5}, {"days": True}, {"days": "3"}, {"days": 3, "base": 60},
    {"base": 10}, {"base": 300, "inc": -1}, {"base": 300, "inc": 200}, {"base": "300"}, {"inc": 3},
    {"base": 300, "inc": 3, "extra": 1}, {"base": 1e300},
])
@pytest.mark.parametrize("any_db", ["sqlite"], indirect=True)   # refused before the store: one backend suffices
def test_a_clock_setting_out_of_range_is_refused_and_nothing_is_stored(client, db, setting):
    r = client.post("/api/games", json={"ruleset": "oware", "mode": "local", "clock": setting})
    assert r.status_code == 400, r.text
    assert r.json()["msg"]["id"] == "srv.clockRange"
    s = SqlStore(db)
    try:
        assert s.ids() == []
    finally:
        s.close()


@pytest.mark.parametrize("setting, base, inc, days", [
    (None, None, None, None), ("none", None, None, None), ("0.5+0", 30, 0, None), ("15+10", 900, 10, None),
    ("180+180", 10800, 180, None), ({"base": 90, "inc": 0.5}, 90, 0.5, None), ({"days": 14}, 14 * DAY, 0, 14),
])
def test_clock_settings_in_range(client, setting, base, inc, days):
    st = state(client, create(client, clock=setting))
    if base is None:
        assert st["clock"] is None and st["days"] is None and st["deadline"] is None
    else:
        assert (st["clock"]["base"], st["clock"]["inc"], st["days"]) == (base, inc, days)


# -- my games ----------------------------------------------------------------------------------
def test_my_games_lists_first_the_games_where_it_is_my_turn(client, clock):
    mine, host, guest = invited(client, clock="5+3")             # the host (South) to move
    theirs, host2, _ = invited(client)
    st = play(client, theirs, state(client, theirs, host2), token=host2)   # played last: now the guest's turn
    assert st["to_move"] == 1
    clock.t += 60
    r = client.post("/api/my-games", json={"games": [{"id": theirs["id"], "token": host2},
                                                     {"id": mine["id"], "token": host}]})
    games = r.json()["games"]
    assert [(x["id"], x["your_turn"]) for x in games] == [(mine["id"], True), (theirs["id"], False)]
    assert games[0]["time_left"] == 240 and games[1]["time_left"] is None
    r = client.post("/api/my-games", json={"games": [{"id": mine["id"], "token": guest}]})
    assert r.json()["games"][0]["your_turn"] is False


# -- the store -----------------------------------------------------------------------------------
def test_a_store_made_before_clocks_opens_and_upgrades(tmp_path, clock, monkeypatch):
    db = tmp_path / "old.sqlite"
    old = old_store(db, version=0)                           # the schema as it was before any migration
    add_game(old, "old-game", players=["Ada", "Ben"], created=time.time(),   # stamped by the store's (real) clock
             actions=[2, 2])
    old.commit()
    old.close()
    with TestClient(create_app(db, now=clock)) as c:
        st = state(c, {"id": "old-game", "token": "t"})
        assert st["ply"] == 2 and st["clock"] is None
        g = create(c, clock="5+3")
        assert state(c, g)["clock"]["left"] == [300, 300]


# -- the timer ---------------------------------------------------------------------------------
def test_the_timer_calls_each_game_once_at_its_latest_deadline(clock):
    import asyncio

    from ludotheque.web.clocks import FlagTimer

    called = []

    async def due(game_id):
        called.append((game_id, clock.t))

    async def scenario():
        timer = FlagTimer(clock, due)
        for k in range(200):                  # a game re-armed at every move: only its last deadline counts
            timer.arm("a", START + 10 + k)
        timer.arm("b", START + 5)
        timer.arm("c", START + 7)
        timer.arm("c", None)                  # c's clock stopped (the game ended)
        clock.t = START + 100
        await timer.check()
        clock.t = START + 209
        await timer.check()
        clock.t = START + 300
        await timer.check()

    asyncio.run(scenario())
    assert called == [("b", START + 100), ("a", START + 209)]
