"""`ludotheque copy-store`: the games of an SQLite file made by the server's store, copied into
PostgreSQL, are the same games and go on where they stopped, in the store and in the app."""
import hashlib
import json
import random
import warnings

import pytest

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from ludotheque.cli.main import main
from ludotheque.core.registry import load
from ludotheque.records.sqlstore import SqlStore
from ludotheque.records.store import StoredGame
from ludotheque.web import create_app


@pytest.fixture
def run(capsys, monkeypatch):
    """``ludotheque ARGS…`` in English: (exit code, stdout, stderr)."""
    monkeypatch.setenv("LANG", "C.UTF-8")
    monkeypatch.delenv("LUDOTHEQUE_DEBUG", raising=False)

    def run(*args):
        code = main(list(args))
        out = capsys.readouterr()
        return code, out.out, out.err
    return run


def random_actions(ruleset, plies, rng):
    """The actions of a game of ``ruleset`` played at random for ``plies`` (throws
    included), fewer if it ends first."""
    state, actions = load(ruleset).initial_state(), []
    while len(actions) < plies and not state.is_terminal:
        actions.append(state.random_action(rng))
        state = state.apply(actions[-1])
    return actions


@pytest.fixture
def sqlite_file(tmp_path):
    """A store of the server as it is today: games under way, one finished by the rules, one
    resigned, one with a draw offered, an open invitation."""
    rng = random.Random(7)
    path = tmp_path / "games.sqlite"
    old = SqlStore(path)
    games = [("oware", 30, "ai"), ("puluc", 25, "invite"), ("oware", 10_000, "local"),
             ("puluc", 12, "local"), ("oware", 0, "invite")]
    for i, (ruleset, plies, mode) in enumerate(games):
        old.create(StoredGame(
            id=f"game{i}", ruleset=ruleset, mode=mode, tokens=[f"tok{i}", "invite:code"],
            players=["Ama", "Kofi"], seed=rng.randrange(2**31), level="easy" if mode == "ai" else "",
            ai_seat=1 if mode == "ai" else None, actions=random_actions(ruleset, plies, rng)))
    old.set_ended("game3", {"result": "0-1", "reason": "resigned"})
    old.set_draw_offer("game1", 0)
    old.close()
    return path


def test_copied_games_are_identical_and_play_on_where_they_stopped(run, sqlite_file, postgres_url):
    before = hashlib.sha256(sqlite_file.read_bytes()).hexdigest()
    code, out, err = run("copy-store", str(sqlite_file), postgres_url)
    assert code == 0, err
    assert hashlib.sha256(sqlite_file.read_bytes()).hexdigest() == before   # source untouched
    old = SqlStore(sqlite_file)
    moves = sum(len(old.get(i).actions) for i in old.ids())
    assert f"copied 5 games ({moves} moves)" in out

    new = SqlStore(postgres_url)
    assert sorted(new.ids()) == sorted(old.ids())
    finished = played = 0
    for game_id in old.ids():
        g = new.get(game_id)
        assert g == old.get(game_id)
        state = load(g.ruleset).initial_state()
        for a in g.actions:                    # every stored move is legal where it was made
            state = state.apply(a)
        if state.is_terminal or g.ended:       # ended by the rules, or by a resignation
            finished += 1
            continue
        move = state.random_action(random.Random(1))
        new.append(game_id, len(g.actions), [move])   # the game goes on in PostgreSQL
        assert new.get(game_id).actions == g.actions + [move]
        state.apply(move)
        played += 1
    assert finished >= 1 and played >= 3     # the finished game and the ones under way
    old.close()
    new.close()


def test_copying_into_a_database_that_has_the_games_copies_nothing(run, sqlite_file, postgres_url):
    assert run("copy-store", str(sqlite_file), postgres_url)[0] == 0
    store = SqlStore(postgres_url)
    store.append("game0", 30, [store.get("game0").actions[0]])   # a move made since
    before = [store.get(i) for i in store.ids()]
    code, out, err = run("copy-store", str(sqlite_file), postgres_url)
    assert code == 2
    assert err.startswith("ludotheque: error:") and "nothing was copied" in err
    assert [store.get(i) for i in store.ids()] == before
    store.close()


def test_a_source_or_destination_that_is_no_store_is_one_line_of_error(run, sqlite_file, tmp_path):
    (tmp_path / "notes.txt").write_text("not a database " * 100)
    for args, words in [((str(tmp_path / "missing.sqlite"), str(tmp_path / "b.sqlite")), "missing.sqlite"),
                        ((str(tmp_path / "notes.txt"), str(tmp_path / "b.sqlite")), "notes.txt"),
                        ((str(sqlite_file), "postgresql://me:secret@127.0.0.1:1/x"), "cannot open"),
                        ((str(sqlite_file), "mysql://me@host/x"), "cannot open")]:
        code, out, err = run("copy-store", *args)
        assert code == 2, err
        assert err.startswith("ludotheque: error:") and err.count("\n") == 1, err
        assert words in err and "secret" not in err
    assert not (tmp_path / "missing.sqlite").exists()


class FakeClock:
    """The servers' time, moved by the test: the clocks read the same on both sides of the copy."""
    t = 1_800_000_000.0

    def __call__(self):
        return self.t


def play(app, g, token):
    """The first legal move of the game, by ``token``: the position after it."""
    st = app.get(f"/api/games/{g}", params={"token": token}).json()
    r = app.post(f"/api/games/{g}/move", json={"token": token, "ply": st["ply"], "action": st["legal"][0]["a"]})
    assert r.status_code == 200, r.text
    return r.json()


def test_games_copied_to_postgresql_play_on_in_the_app_where_they_stopped(run, tmp_path, postgres_url):
    clock, path = FakeClock(), tmp_path / "games.sqlite"
    with TestClient(create_app(path, now=clock)) as app:
        ama, kofi = (app.post("/api/players", json={"name": n}).json() for n in ("Ama", "Kofi"))

        def rated(**kw):
            """A rated game Ama hosts and Kofi has joined: (id, {seat: token})."""
            g = app.post("/api/games", json={"ruleset": "oware", "mode": "invite", "key": ama["key"],
                                             "rated": True, **kw}).json()
            r = app.post(f"/api/games/{g['id']}/claim", json={"code": g["invite_code"], "key": kofi["key"]})
            return g["id"], {0: g["token"], 1: r.json()["token"]}
        local = app.post("/api/games", json={"ruleset": "oware", "mode": "local"}).json()
        throws = app.post("/api/games", json={"ruleset": "puluc", "mode": "local"}).json()
        timed, seats = rated(clock="5+3")
        done, done_seats = rated()
        for _ in range(5):
            play(app, local["id"], local["token"])
            play(app, throws["id"], throws["token"])
        for seat in (0, 1, 0):
            clock.t += 7
            play(app, timed, seats[seat])
        with app.websocket_connect(f"/ws/{done}?token={done_seats[1]}") as ws:
            ws.receive_json()
            ws.send_text(json.dumps({"type": "resign", "token": done_seats[1]}))     # Kofi resigns
            while ws.receive_json().get("result") is None:
                pass
        ids = [local["id"], throws["id"], timed, done]
        before = {g: app.get(f"/api/games/{g}").json() for g in ids}
        profiles = [app.post("/api/me", json={"key": p["key"]}).json() for p in (ama, kofi)]
    assert profiles[0]["ratings"]["oware"]["rating"] > 1500 > profiles[1]["ratings"]["oware"]["rating"]

    assert run("copy-store", str(path), postgres_url)[0] == 0
    with TestClient(create_app(postgres_url, now=clock)) as app:
        for g in ids:                      # as the players left them: moves, names, seats, clocks, results
            after = app.get(f"/api/games/{g}").json()
            assert {**after, "away_since": None} == {**before[g], "away_since": None}, g
        assert [app.post("/api/me", json={"key": p["key"]}).json() for p in (ama, kofi)] == profiles
        mine = app.post("/api/my-games", json={"games": [], "key": kofi["key"]}).json()["games"]
        assert {(x["id"], x["token"]) for x in mine} == {(timed, seats[1]), (done, done_seats[1])}
        for g, token in ((local["id"], local["token"]), (throws["id"], throws["token"])):
            assert play(app, g, token)["ply"] > before[g]["ply"]
        clock.t += 10
        moved = play(app, timed, seats[1])          # Kofi's turn, his clock running since the copy's last move
        assert moved["ply"] == before[timed]["ply"] + 1
        assert moved["clock"]["left"][1] == before[timed]["clock"]["left"][1] - 10 + 3
        assert app.get(f"/api/games/{done}").json()["result"]["result"] == "1-0"
        r = app.post(f"/api/games/{done}/move", json={"token": done_seats[0], "ply": before[done]["ply"], "action": 0})
        assert r.status_code == 400 and r.json()["msg"]["id"] == "srv.gameOver"
