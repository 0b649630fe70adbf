"""Small defects of the JSON API (issue 23, item 8): worked examples of ids that name no ruleset,
and records whose move numbers have no moves."""
import warnings

import pytest

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

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
