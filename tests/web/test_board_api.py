"""What the page is told so that it can show what happened: the whole last turn, the pieces it
took, what each choice would take; the analysis of a finished game; the worked examples."""
import random
import warnings

import pytest

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

import ludotheque
from ludotheque.web import create_app
from ludotheque.web.examples import EXAMPLES


@pytest.fixture
def client(tmp_path):
    with TestClient(create_app(tmp_path / "games.sqlite")) as c:
        yield c


def create(client, ruleset, mode="local", **kw):
    r = client.post("/api/games", json={"ruleset": ruleset, "mode": mode, **kw})
    assert r.status_code == 200, r.text
    return r.json()


def play(client, g, snap, legal_move):
    r = client.post(f"/api/games/{g['id']}/move", json={"action": legal_move["a"], "ply": snap["ply"], "token": g["token"]})
    assert r.status_code == 200, r.text
    return r.json()


def owners_at(view, point):
    return [p["owner"] for p in view["pieces"] if p["at"] == point]


def test_fanorona_each_choice_says_what_it_would_take_and_the_capture_is_ghosted(client):
    g = create(client, "fanorona")
    snap = client.get(f"/api/games/{g['id']}").json()
    by_name = {m["n"]: m for m in snap["legal"]}
    # the same step d3-e3, by approach or by withdrawal: two different captures
    assert by_name["d3-e3A"]["p"] == by_name["d3-e3W"]["p"] == ["d3", "e3"]
    assert by_name["d3-e3A"]["x"] == ["f3"] and by_name["d3-e3W"]["x"] == ["c3"]
    after = play(client, g, snap, by_name["d3-e3W"])
    last = after["last_turn"]
    assert last["player"] == 0 and last["points"] == ["d3", "e3"]
    assert [(p["at"], p["owner"]) for p in last["ghosts"]] == [("c3", 1)]
    assert owners_at(after["view"], "c3") == []          # gone from the board, shown as a ghost


def test_the_last_turn_is_every_leg_of_a_chain_with_everything_it_took(client):
    g = create(client, "fanorona")
    snap = client.get(f"/api/games/{g['id']}").json()
    rng = random.Random(4)
    for _ in range(200):
        assert not snap["result"]
        captures = [m for m in snap["legal"] if m["x"]]
        mover = snap["to_move"]
        legs = []
        while True:      # one whole turn: capturing legs until the turn passes
            m = rng.choice(captures or snap["legal"])
            legs.append(m)
            snap = play(client, g, snap, m)
            if snap["result"] or snap["to_move"] != mover:
                break
            captures = [x for x in snap["legal"] if x["x"]]
            if not captures:
                stop = [x for x in snap["legal"] if not x["p"]]
                snap = play(client, g, snap, stop[0])
                break
        if len([leg for leg in legs if leg["p"]]) >= 2:
            break
    else:
        pytest.fail("no chain in 200 turns")
    last = snap["last_turn"]
    assert last["player"] == mover
    assert last["points"] == list(dict.fromkeys(q for leg in legs for q in leg["p"]))
    assert sorted(p["at"] for p in last["ghosts"]) == sorted(q for leg in legs for q in leg["x"])


def test_oware_last_turn_names_the_pits_sown_and_the_pits_harvested(client):
    g = create(client, "oware")
    snap = client.get(f"/api/games/{g['id']}").json()
    snap = play(client, g, snap, next(m for m in snap["legal"] if m["n"] == "F"))
    assert snap["last_turn"]["points"] == ["F"]
    assert snap["last_turn"]["sown"] == ["a", "b", "c", "d"] and snap["last_turn"]["emptied"] == []
    assert "x" not in snap["legal"][0]            # a pit game needs no capture preview
    rng = random.Random(2)
    while not snap["result"]:
        before = {p["at"]: p["count"] for p in snap["view"]["pieces"]}
        stores = snap["view"]["scores"]
        mover = snap["to_move"]
        snap = play(client, g, snap, rng.choice(snap["legal"]))
        gain = snap["view"]["scores"][mover] - stores[mover]
        if gain > 0 and not snap["result"]:
            emptied = snap["last_turn"]["emptied"]
            now = {p["at"]: p["count"] for p in snap["view"]["pieces"]}
            assert emptied and all(now[q] == 0 for q in emptied)
            owner = {p["at"]: p["owner"] for p in snap["view"]["pieces"]}
            assert all(owner[q] == 1 - mover for q in emptied)          # the opponent's houses
            assert gain >= sum(before[q] for q in emptied)              # their seeds, and those sown there
            assert snap["last_turn"]["before"]["scores"] == stores
            break
    else:
        pytest.fail("no harvest in a whole game")


def test_puluc_last_turn_starts_with_its_throw(client):
    g = create(client, "puluc")
    snap = client.get(f"/api/games/{g['id']}").json()
    assert snap["last_turn"] is None and snap["moves"][0]["player"] == ludotheque.CHANCE
    move = snap["legal"][0]
    snap = play(client, g, snap, move)
    last = snap["last_turn"]
    assert last["from"] == 0 and last["player"] == 0 and last["points"] == move["p"]
    assert snap["moves"][-1]["player"] == ludotheque.CHANCE     # the next player's throw, not part of it
    assert 0 <= snap["moves"][-1]["a"] <= 4                       # marked faces up (PU-G2)


def test_analysis_of_a_finished_game(client):
    g = create(client, "konane")
    snap = client.get(f"/api/games/{g['id']}").json()
    assert client.get(f"/api/games/{g['id']}/analysis").status_code == 409     # not over yet
    rng = random.Random(3)
    while not snap["result"]:
        snap = play(client, g, snap, rng.choice(snap["legal"]))
    r = client.get(f"/api/games/{g['id']}/analysis")
    assert r.status_code == 200, r.text
    a = r.json()
    n = len(snap["moves"])
    assert len(a["values"]) == n + 1 and all(-1 <= v <= 1 for v in a["values"])
    assert a["values"][-1] == (1.0 if snap["result"]["winner"] == 0 else -1.0)
    assert [x["ply"] for x in a["reviews"]] == list(range(n))
    assert {x["mark"] for x in a["reviews"]} <= {"", "?", "??"}
    assert any(x["mark"] for x in a["reviews"])               # random play makes mistakes
    assert client.get(f"/api/games/{g['id']}/analysis").json() == a   # searched once, then kept
    assert client.get("/api/games/nope/analysis").status_code == 404


def test_every_worked_example_plays_its_moves(client):
    for family in sorted({ex.ruleset for ex in EXAMPLES}):
        r = client.get("/api/examples", params={"id": family})
        assert r.status_code == 200
        for ex in r.json()["examples"]:
            assert len(ex["frames"]) == len(ex["moves"]) + 1
            for frame, move, throw in zip(ex["frames"], ex["moves"], ex["throws"]):
                if throw is None:
                    assert move["a"] in [m["a"] for m in frame["legal"]], (ex["id"], move["n"])
                else:                                   # a throw: no player's move to choose
                    assert frame["to_move"] == ludotheque.CHANCE and frame["legal"] == []
            assert ex["title"]["en"] and ex["title"]["fr"]
    assert client.get("/api/examples", params={"id": "oware?grand_slam=lemery"}).json()["examples"][0]["id"] == "OW-X1"
    nam_nam = client.get("/api/examples", params={"id": "oware/nam-nam"}).json()["examples"]
    assert [ex["id"] for ex in nam_nam] == ["NN-X1", "NN-X2"]             # its own rules, not Abapa's
    assert client.get("/api/examples", params={"id": "oware/omweso"}).json()["examples"] == []
    puluc = client.get("/api/examples", params={"id": "puluc"}).json()["examples"][0]
    assert puluc["id"] == "PU-X1" and puluc["throws"] == [2, None]          # a throw of 2, then the move
    assert puluc["frames"][0]["legal"] == [] and [m["n"] for m in puluc["frames"][1]["legal"]] == ["0-2", "3x5"]
    assert client.get("/api/examples", params={"id": "x" * 400}).status_code == 404
