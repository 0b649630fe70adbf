"""Small defects of the JSON API (issue 23, item 8): worked examples of ids that name no ruleset,
records whose move numbers have no moves, messages whose words must agree in number; and the
analysis's better moves, with their points for the board's arrow (item 7)."""
import random
import warnings

import pytest

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

import ludotheque
from ludotheque.i18n import msg, player
from ludotheque.web import create_app


@pytest.fixture(scope="module")
def client(tmp_path_factory):
    with TestClient(create_app(tmp_path_factory.mktemp("polish") / "games.sqlite")) as c:
        yield c


@pytest.mark.parametrize("bad", ["chess", "oware/tsivy", "oware ", " oware", "oware?", "fanorona /vela",
                                 "konane?size=6 ", "oware+female", "oware?colour=red", "Oware"])
def test_examples_of_an_id_that_is_no_ruleset_are_not_found(client, bad):
    r = client.get("/api/examples", params={"id": bad})
    assert r.status_code == 404
    body = r.json()
    assert body["msg"]["id"] == "srv.notRuleset" and bad.strip()[:10] in body["error"]


def test_examples_of_a_valid_id_are_found_even_when_there_are_none(client):
    assert client.get("/api/examples", params={"id": "oware/omweso"}).json()["examples"] == []
    r = client.get("/api/examples", params={"id": "konane?size=6+hummingbird"})
    assert r.status_code == 200 and [ex["id"] for ex in r.json()["examples"]] == ["KO-1", "KO-2"]


def test_a_record_of_move_numbers_without_moves_is_refused_with_its_reason(client):
    sessions = client.app.state.manager.sessions
    before = len(sessions)
    text = '[Ruleset "oware"]\n\n' + "1. " * 20_000     # 60 kB that once imported as an empty game
    r = client.post("/api/import", json={"text": text})
    assert r.status_code == 400 and "followed by no move" in r.json()["error"]
    assert len(sessions) == before                      # no game was made of it


def test_the_analysis_gives_the_points_of_each_better_move(client):
    g = client.post("/api/games", json={"ruleset": "konane?size=6", "mode": "local"}).json()
    snap, rng = client.get(f"/api/games/{g['id']}").json(), random.Random(5)
    while not snap["result"]:
        move = rng.choice(snap["legal"])
        snap = client.post(f"/api/games/{g['id']}/move", json={"action": move["a"], "ply": snap["ply"], "token": g["token"]}).json()
    reviews = client.get(f"/api/games/{g['id']}/analysis").json()["reviews"]
    game = ludotheque.load("konane?size=6")
    states = [game.initial_state()]
    for m in snap["moves"]:
        states.append(states[-1].apply(m["a"]))
    assert reviews and any(len(r["best_points"]) > 1 for r in reviews)        # jumps: from and to
    for r in reviews:
        state = states[r["ply"]]
        assert r["best_points"] == game.action_points(state, state.parse_move(r["best"])), r


@pytest.mark.parametrize("message, en, fr", [
    (msg("srv.resigned", name=player("Lions")), "Lions resigned", "Lions abandonnent"),
    (msg("srv.resigned", name=player("North")), "North resigned", "Nord abandonne"),
    (msg("end.wins", player=player("Elephants")), "Elephants win", "victoire\u00a0: Éléphants"),
    (msg("end.wins", player=player("South")), "South wins", "victoire\u00a0: Sud"),
    (msg("analysis.summary", mistakes=0, blunders=1), "0 mistakes, 1 blunder", "0 erreur, 1 gaffe"),
    (msg("analysis.summary", mistakes=2, blunders="3"), "2 mistakes, 3 blunders", "2 erreurs, 3 gaffes"),
])
def test_the_server_and_the_terminal_say_words_that_agree_in_number(message, en, fr):
    assert (message.text("en"), message.text("fr")) == (en, fr)
