"""Two people at one table, in process (FastAPI's TestClient, the server's clock injected):
player identities and names, rename, rematch, takeback, abort, claim when the opponent is away,
open tables and live games, presence and watchers, Glicko-2 ratings; every refused request
answers 4xx with a catalogue message and changes nothing."""
import json
import time
from pathlib import Path
import warnings

import pytest
import sqlalchemy as sa
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from ludotheque.i18n import catalogue
from ludotheque.records.ratings import Rating, after_game, updated
from ludotheque.records.sqlstore import SqlStore, players
from ludotheque.web import create_app
from ludotheque.web.bus import LocalBus
from ludotheque.web.limits import Limits, Rate
from ludotheque.web.sessions import CLAIM_AFTER, key_hash
from old_store import add_game, old_store


class Clock:
    """The server's clock, moved by the test."""

    def __init__(self) -> None:
        self.t = 1_800_000_000.0

    def __call__(self) -> float:
        return self.t


@pytest.fixture
def clock():
    return Clock()


@pytest.fixture
def db(any_db):
    """Each backend's store (tests/conftest.py)."""
    return any_db


#: the tables' rules, not the abuse limits (tests/web/test_limits.py), are under test here
UNLIMITED = Limits(create=Rate(10**6, 1), invite=Rate(10**6, 1), message=Rate(10**6, 1), open_games=10**6)


@pytest.fixture
def client(db, clock):
    with TestClient(create_app(db, now=clock, limits=UNLIMITED)) as c:
        yield c


def new_player(client, name):
    r = client.post("/api/players", json={"name": name})
    assert r.status_code == 200, r.text
    return r.json()


def table(client, host, ruleset="oware", **kw):
    """A game by invitation created by ``host`` (a player), the guest's seat open."""
    r = client.post("/api/games", json={"ruleset": ruleset, "mode": "invite", "key": host["key"], **kw})
    assert r.status_code == 200, r.text
    return r.json()


def join(client, g, guest):
    r = client.post(f"/api/games/{g['id']}/claim", json={"code": g["invite_code"], "key": guest["key"]})
    assert r.status_code == 200, r.text
    return r.json()["token"]


def seated(client):
    """Ama hosts a game by invitation that Kofi has joined: (game, Ama, Kofi, Kofi's token)."""
    ama, kofi = new_player(client, "Ama"), new_player(client, "Kofi")
    g = table(client, ama)
    return g, ama, kofi, join(client, g, kofi)


def post(client, path, body):
    """A request whose body is sent as ASCII JSON (lone surrogates escaped, as a hostile client may)."""
    return client.post(path, content=json.dumps(body).encode(), headers={"Content-Type": "application/json"})


def snap(client, g, token=""):
    return client.get(f"/api/games/{g['id']}", params={"token": token}).json()


_MOVES = {}


def until(ws, pred, what="a state"):
    """The first state message (its move list rebuilt from the deltas) for which ``pred`` holds;
    an error message fails the test."""
    for _ in range(60):
        m = ws.receive_json()
        if m["type"] == "state":
            if "moves_from" in m:
                m["moves"] = _MOVES.get(ws, [])[:m["moves_from"]] + m["moves"]
            _MOVES[ws] = m["moves"]
            if pred(m):
                return m
        assert m["type"] != "error", m
    raise AssertionError(f"no {what}")


def error(ws):
    """The next error reply (state messages of presence changes are skipped)."""
    for _ in range(60):
        m = ws.receive_json()
        if m["type"] == "error":
            return m
    raise AssertionError("no error")


def send(ws, **msg):
    ws.send_text(json.dumps(msg))


def refused(reply, message_id, status=400):
    """A refusal a player can meet: its status, and a message of both catalogues."""
    body = reply if isinstance(reply, dict) else reply.json()
    code = reply.get("status", 400) if isinstance(reply, dict) else reply.status_code
    assert code == status, body
    assert body["msg"]["id"] == message_id, body
    assert message_id in catalogue("en") and message_id in catalogue("fr")


def play(ws, token, st):
    """Plays the first legal move of ``st``; the state after it."""
    send(ws, type="move", action=st["legal"][0]["a"], ply=st["ply"], token=token)
    return until(ws, lambda m: m["ply"] > st["ply"])


# -- ratings -----------------------------------------------------------------------------------
def test_glicko2_matches_glickmans_published_example():
    """Glickman's example: 1500 / RD 200 / vol 0.06 beats 1400/30, loses to 1550/100 and
    1700/300 in one rating period: 1464.06 / 151.52 / 0.05999 (rounded as the paper rounds)."""
    r = updated(Rating(1500, 200, 0.06), [(Rating(1400, 30), 1), (Rating(1550, 100), 0), (Rating(1700, 300), 0)])
    assert r.rating == pytest.approx(1464.06, abs=0.01)
    assert r.rd == pytest.approx(151.52, abs=0.01)
    assert r.vol == pytest.approx(0.05999, abs=0.00001)
    assert r.games == 3


def test_a_rated_game_rates_both_players_once(client, db):
    g, ama, kofi, kofi_token = seated(client)
    rated = table(client, ama, rated=True)
    guest = join(client, rated, kofi)
    assert snap(client, rated)["rated"] and snap(client, rated)["ratings"] == [1500, 1500]
    with client.websocket_connect(f"/ws/{rated['id']}?token={guest}") as ws:
        until(ws, lambda m: True)
        send(ws, type="resign", token=guest)              # Kofi resigns: Ama wins
        end = until(ws, lambda m: m["result"] is not None)
    win, loss = after_game(Rating(), Rating(), 1.0)
    assert end["ratings"] == [round(win.rating), round(loss.rating)] == [1662, 1338]
    me = client.post("/api/me", json={"key": ama["key"]}).json()
    assert me["ratings"] == {"oware": {"rating": 1662, "rd": round(win.rd), "games": 1}}
    # an unrated game changes nothing; a reopened server does not rate the game again
    with client.websocket_connect(f"/ws/{g['id']}?token={kofi_token}") as ws:
        until(ws, lambda m: True)
        send(ws, type="resign", token=kofi_token)
        assert until(ws, lambda m: m["result"] is not None)["ratings"] == [1662, 1338]
    with TestClient(create_app(db)) as again:
        with again.websocket_connect(f"/ws/{rated['id']}") as ws:
            assert until(ws, lambda m: True)["ratings"] == [1662, 1338]
        assert again.post("/api/me", json={"key": kofi["key"]}).json()["ratings"]["oware"]["games"] == 1


def test_games_against_the_computer_or_on_one_screen_are_never_rated(client):
    ama = new_player(client, "Ama")
    for body in ({"mode": "ai", "level": "random", "rated": True}, {"mode": "local", "rated": True},
                 {"mode": "ai", "open": True}, {"mode": "local", "open": True}):
        r = client.post("/api/games", json={"ruleset": "oware", "key": ama["key"], **body})
        refused(r, "srv.tablesBetweenPeople")
    r = client.post("/api/games", json={"ruleset": "oware", "mode": "invite", "rated": True})
    refused(r, "srv.ratedNeedsPlayer")                    # a rated game needs the host's identity
    for bad in ("yes", 1, None, [True]):
        r = client.post("/api/games", json={"ruleset": "oware", "mode": "invite", "key": ama["key"], "rated": bad})
        assert r.status_code == 400, bad
    assert client.post("/api/me", json={"key": ama["key"]}).json()["ratings"] == {}


# -- identities and names ----------------------------------------------------------------------
def test_a_player_identity_is_a_key_the_server_keeps_only_a_hash_of(client, db):
    ama = new_player(client, "  Ama  ")
    assert ama["name"] == "Ama" and len(ama["key"]) >= 24
    assert client.post("/api/me", json={"key": ama["key"]}).json() == {"id": ama["id"], "name": "Ama", "ratings": {}}
    store = SqlStore(db)
    with store.engine.connect() as conn:
        assert list(conn.execute(sa.select(players.c.id, players.c.key_hash, players.c.name))) ==\
             [(ama["id"], key_hash(ama["key"]), "Ama")]
    store.close()
    if isinstance(db, Path):
        for path in db.parent.glob(db.name + "*"):       # the database and its write-ahead log
            assert ama["key"].encode() not in path.read_bytes()
    for key in ("forged", "", None, 7, ["x"], "x" * 65, "\ud800"):
        refused(post(client, "/api/me", {"key": key}), "srv.unknownPlayer", 403)


def test_names_are_shown_to_the_opponent_and_to_spectators(client):
    g, ama, kofi, kofi_token = seated(client)
    for token in (g["token"], kofi_token, ""):            # host, guest, spectator
        assert snap(client, g, token)["players"] == ["Ama", "Kofi"]
    with client.websocket_connect(f"/ws/{g['id']}") as spectator:
        assert until(spectator, lambda m: True)["players"] == ["Ama", "Kofi"]
    # the host's other device finds the host's seat by the key; the guest's link is used
    r = client.post(f"/api/games/{g['id']}/claim", json={"code": g["invite_code"], "key": ama["key"]})
    assert r.json()["token"] == g["token"] and r.json()["you"] == [0]
    eve = new_player(client, "Eve")
    r = client.post(f"/api/games/{g['id']}/claim", json={"code": g["invite_code"], "key": eve["key"]})
    refused(r, "srv.inviteUsed", 409)
    # a name asked to join a game is checked against its players' names
    h = table(client, ama)
    refused(client.post("/api/players", json={"name": "ama", "game": h["id"]}), "srv.nameTaken")
    refused(client.post("/api/players", json={"name": "Kwame", "game": "nope"}), "srv.noSuchGame", 404)
    assert client.post("/api/players", json={"name": "Kwame", "game": h["id"]}).status_code == 200


def test_a_rename_reaches_every_screen_of_the_players_games(client):
    g, ama, kofi, kofi_token = seated(client)
    with client.websocket_connect(f"/ws/{g['id']}?token={g['token']}") as host, \
            client.websocket_connect(f"/ws/{g['id']}") as spectator:
        until(host, lambda m: True)
        until(spectator, lambda m: True)
        r = client.post("/api/me/name", json={"key": kofi["key"], "name": "Kwame"})
        assert r.status_code == 200 and r.json() == {"name": "Kwame"}
        for ws in (host, spectator):
            assert until(ws, lambda m: m["players"][1] == "Kwame")["players"] == ["Ama", "Kwame"]
    assert client.post("/api/me", json={"key": kofi["key"]}).json()["name"] == "Kwame"


@pytest.mark.parametrize("bad", ["", "   ", "x" * 41, "Ama", "ama ", "AMA", "computer (easy)", "You", "?",
                                 "line\u2028break", "para\u2029graph", "Eve\u202eevE", "tab\there", "\ud800",
                                 "bell\u0007", 7, None, ["Kwame"]])
def test_an_empty_or_hostile_rename_is_refused_and_changes_nothing(client, bad):
    g, ama, kofi, kofi_token = seated(client)
    r = post(client, "/api/me/name", {"key": kofi["key"], "name": bad})
    assert 400 <= r.status_code < 500, r.text
    refusal = r.json()["msg"]["id"]
    assert refusal in ("srv.nameEmpty", "srv.nameTooLong", "srv.nameCharacters", "srv.nameTaken")
    assert client.post("/api/me", json={"key": kofi["key"]}).json()["name"] == "Kofi"
    assert snap(client, g)["players"] == ["Ama", "Kofi"]
    if bad not in ("Ama", "ama ", "AMA"):                  # a new player has no opponent's name to avoid
        refused(post(client, "/api/players", {"name": bad}), refusal)


def test_a_players_games_follow_them_to_another_device(client):
    g, ama, kofi, kofi_token = seated(client)
    r = client.post("/api/my-games", json={"games": [], "key": kofi["key"]})
    games = r.json()["games"]
    assert [(x["id"], x["token"], x["seat"]) for x in games] == [(g["id"], kofi_token, 1)]
    assert client.post("/api/my-games", json={"games": [], "key": "forged"}).status_code == 403


# -- rematch -----------------------------------------------------------------------------------
def test_a_rematch_between_friends_starts_when_both_accept_with_sides_swapped(client):
    g, ama, kofi, kofi_token = seated(client)
    with client.websocket_connect(f"/ws/{g['id']}?token={g['token']}") as host, \
            client.websocket_connect(f"/ws/{g['id']}?token={kofi_token}") as guest:
        st = until(host, lambda m: True)
        until(guest, lambda m: True)
        send(host, type="rematch", token=g["token"])                   # before the end
        refused(error(host), "srv.rematchAfterEnd")
        st = play(host, g["token"], st)
        send(guest, type="resign", token=kofi_token)
        until(host, lambda m: m["result"] is not None)
        send(guest, type="accept_rematch", token=kofi_token)           # nobody offered one
        refused(error(guest), "srv.noRematchOffer")
        send(host, type="rematch", token=g["token"])
        for ws in (host, guest):
            assert until(ws, lambda m: m["rematch"] is not None)["rematch"] == {"by": 0}
        send(host, type="rematch", token=g["token"])                   # offered already
        refused(error(host), "srv.rematchOffered")
        send(host, type="accept_rematch", token=g["token"])            # one's own offer
        refused(error(host), "srv.noRematchOffer")
        send(guest, type="decline_rematch", token=kofi_token)
        assert until(host, lambda m: m["rematch"] is None)["rematch_game"] is None
        send(guest, type="rematch", token=kofi_token)
        until(host, lambda m: m["rematch"] == {"by": 1})
        send(host, type="accept_rematch", token=g["token"])
        new = [until(ws, lambda m: m["rematch_game"] is not None)["rematch_game"] for ws in (host, guest)]
        send(guest, type="accept_rematch", token=kofi_token)           # answered already
        refused(error(guest), "srv.rematchMade")
    assert new[0] == new[1] != g["id"]
    rematch = {"id": new[0]}
    assert snap(client, rematch, kofi_token)["you"] == [0]             # each in the other seat,
    assert snap(client, rematch, g["token"])["you"] == [1]             # with the same token
    assert snap(client, rematch)["players"] == ["Kofi", "Ama"] and snap(client, rematch)["ply"] == 0
    assert snap(client, g)["result"]["winner"] == 0                    # the first game is as it ended


def test_a_rematch_against_the_computer_starts_at_once_in_the_other_seat(client):
    r = client.post("/api/games", json={"ruleset": "oware", "mode": "ai", "level": "random"})
    g = r.json()
    with client.websocket_connect(f"/ws/{g['id']}?token={g['token']}") as ws:
        until(ws, lambda m: True)
        send(ws, type="resign", token=g["token"])
        until(ws, lambda m: m["result"] is not None)
        send(ws, type="decline_rematch", token=g["token"])             # the computer offers none
        refused(error(ws), "srv.noRematchOffer")
        send(ws, type="rematch", token=g["token"])
        new = until(ws, lambda m: m["rematch_game"] is not None)["rematch_game"]
    with client.websocket_connect(f"/ws/{new}?token={g['token']}") as ws:
        st = until(ws, lambda m: m["ply"] >= 1)                        # the computer opened
        assert st["you"] == [1] and st["ai_seat"] == 0 and st["level"] == "random"
        assert st["players"] == ["computer (random)", "You"] and st["moves"][0]["player"] == 0


# -- takeback ----------------------------------------------------------------------------------
def test_a_takeback_is_asked_and_accepted_or_declined(client, db):
    g, ama, kofi, kofi_token = seated(client)
    host_token = g["token"]
    with client.websocket_connect(f"/ws/{g['id']}?token={host_token}") as host, \
            client.websocket_connect(f"/ws/{g['id']}?token={kofi_token}") as guest:
        st = until(host, lambda m: True)
        until(guest, lambda m: True)
        send(host, type="takeback", token=host_token)                  # no move to take back
        refused(error(host), "srv.nothingToTakeBack")
        first = play(host, host_token, st)
        send(guest, type="accept_takeback", token=kofi_token)          # nobody asked
        refused(error(guest), "srv.noTakeback")
        send(host, type="takeback", token=host_token)
        assert until(guest, lambda m: m["takeback"] is not None)["takeback"] == {"by": 0}
        send(host, type="takeback", token=host_token)                  # asked already
        refused(error(host), "srv.takebackPending")
        send(host, type="accept_takeback", token=host_token)           # one's own request
        refused(error(host), "srv.noTakeback")
        send(guest, type="accept_takeback", token=kofi_token)
        back = until(host, lambda m: m["ply"] == 0)
        assert back["takeback"] is None and back["note_msg"]["id"] == "srv.takebackAccepted"
        send(guest, type="accept_takeback", token=kofi_token)          # answered already
        refused(error(guest), "srv.noTakeback")
        again = play(host, host_token, back)
        send(host, type="takeback", token=host_token)
        until(guest, lambda m: m["takeback"] == {"by": 0})
        send(guest, type="decline_takeback", token=kofi_token)
        assert until(host, lambda m: m["takeback"] is None)["ply"] == again["ply"]
        send(host, type="takeback", token=host_token)
        st = until(guest, lambda m: m["takeback"] == {"by": 0})
        play(guest, kofi_token, st)                                    # the guest plays instead:
        send(guest, type="accept_takeback", token=kofi_token)          # the request is stale
        refused(error(guest), "srv.noTakeback")
        send(host, type="takeback", token=host_token)                  # the opponent has played since
        refused(error(host), "srv.nothingToTakeBack")
    store = SqlStore(db)
    assert len(store.get(g["id"]).actions) == 2 == first["ply"] + 1
    store.close()


def test_a_takeback_accepted_in_another_process_after_a_move_there_is_refused_and_takes_nothing_back(client, db, clock):
    g, ama, kofi, kofi_token = seated(client)
    host_token = g["token"]
    # a second server process that has not heard of the move yet (its own bus)
    with TestClient(create_app(db, now=clock, limits=UNLIMITED, bus=LocalBus())) as other:
        with client.websocket_connect(f"/ws/{g['id']}?token={host_token}") as host:
            first = play(host, host_token, until(host, lambda m: True))
            send(host, type="takeback", token=host_token)
            until(host, lambda m: m["takeback"] == {"by": 0})
            with other.websocket_connect(f"/ws/{g['id']}?token={kofi_token}") as guest:
                seen = until(guest, lambda m: m["takeback"] == {"by": 0})   # loaded with the request open
                r = client.post(f"/api/games/{g['id']}/move",            # the guest plays on the first server
                                json={"token": kofi_token, "ply": seen["ply"], "action": seen["legal"][0]["a"]})
                assert r.status_code == 200, r.text
                send(guest, type="accept_takeback", token=kofi_token)     # on the second, which has not seen it
                send(guest, type="ping")
                [reply] = [m for m in iter(guest.receive_json, {"type": "pong"}) if m["type"] == "error"]
                refused(reply, "srv.positionChanged", 409)
                assert reply["msg"]["args"]["ply"] == first["ply"] + 1
    store = SqlStore(db)
    assert len(store.get(g["id"]).actions) == first["ply"] + 1 == 2       # both moves kept
    store.close()


def test_an_invitation_claimed_in_two_processes_at_once_goes_to_one_guest(client, db, clock):
    g = table(client, new_player(client, "Ama"))
    with TestClient(create_app(db, now=clock, limits=UNLIMITED)) as other:    # a second server process
        assert snap(other, g)["players"] == ["Ama", "?"]                     # loaded there, the seat open
        first = client.post(f"/api/games/{g['id']}/claim", json={"code": g["invite_code"], "name": "Kofi"})
        assert first.status_code == 200, first.text
        late = other.post(f"/api/games/{g['id']}/claim", json={"code": g["invite_code"], "name": "Yaw"})
        refused(late, "srv.inviteUsed", 409)
        assert snap(other, g, first.json()["token"])["you"] == [1]            # caught up: Kofi's seat
        assert snap(other, g)["players"] == ["Ama", "Kofi"]


def test_takebacks_and_claims_are_for_games_between_two_people(client):
    g = client.post("/api/games", json={"ruleset": "oware", "mode": "local"}).json()
    with client.websocket_connect(f"/ws/{g['id']}?token={g['token']}") as ws:
        st = play(ws, g["token"], until(ws, lambda m: True))
        for kind, refusal in (("takeback", "srv.takebackBetweenPeople"), ("accept_takeback", "srv.takebackBetweenPeople"),
                              ("abort", "srv.abortBetweenPeople"), ("claim", "srv.claimBetweenPeople")):
            send(ws, type=kind, token=g["token"], outcome="win")
            refused(error(ws), refusal)
        send(ws, type="takeback")                                       # no seat token
        assert error(ws)["status"] == 403
    assert snap(client, g)["ply"] == st["ply"] and snap(client, g)["result"] is None


# -- abort -------------------------------------------------------------------------------------
def test_a_game_is_aborted_before_its_second_move_and_counts_for_nobody(client):
    ama, kofi = new_player(client, "Ama"), new_player(client, "Kofi")
    g = table(client, ama, rated=True)
    kofi_token = join(client, g, kofi)
    with client.websocket_connect(f"/ws/{g['id']}?token={g['token']}") as host, \
            client.websocket_connect(f"/ws/{g['id']}?token={kofi_token}") as guest:
        st = until(host, lambda m: True)
        assert st["can_abort"]
        st = play(host, g["token"], st)
        assert st["can_abort"]                                         # one move: still
        send(guest, type="abort", token=kofi_token)
        end = until(host, lambda m: m["result"] is not None)
        assert end["result"]["aborted"] and end["result"]["winner"] is None and not end["can_abort"]
        assert end["result"]["reason_msg"]["id"] == "srv.aborted"
        send(host, type="abort", token=g["token"])
        refused(error(host), "srv.gameOver")
    assert end["ratings"] == [1500, 1500]
    assert client.post("/api/me", json={"key": ama["key"]}).json()["ratings"] == {}
    h = table(client, ama)
    kofi_token = join(client, h, kofi)
    with client.websocket_connect(f"/ws/{h['id']}?token={kofi_token}") as ws:
        st = play(ws, h["token"], until(ws, lambda m: True))
        st = play(ws, kofi_token, st)
        assert not st["can_abort"]
        send(ws, type="abort", token=kofi_token)                       # after the second move
        refused(error(ws), "srv.tooLateToAbort")
    assert snap(client, h)["result"] is None


# -- presence and claims -----------------------------------------------------------------------
def test_presence_and_watchers_are_told_to_the_players(client, clock):
    g, ama, kofi, kofi_token = seated(client)
    with client.websocket_connect(f"/ws/{g['id']}?token={g['token']}") as host:
        st = until(host, lambda m: True)
        assert st["presence"] == [True, False] and st["watchers"] == 0
        assert st["away_since"] == [None, clock.t] and st["claim_after"] == CLAIM_AFTER
        with client.websocket_connect(f"/ws/{g['id']}?token={kofi_token}") as guest:
            assert until(guest, lambda m: True)["presence"] == [True, True]
            assert until(host, lambda m: m["presence"] == [True, True])["away_since"] == [None, None]
            with client.websocket_connect(f"/ws/{g['id']}"), client.websocket_connect(f"/ws/{g['id']}"):
                until(host, lambda m: m["watchers"] == 2)
            until(host, lambda m: m["watchers"] == 0)
            clock.t += 5
        left = until(host, lambda m: m["presence"] == [True, False])
        assert left["away_since"] == [None, clock.t]


def test_the_win_is_claimed_once_the_opponent_has_been_away_long_enough(client, clock):
    ama, kofi = new_player(client, "Ama"), new_player(client, "Kofi")
    g = table(client, ama, rated=True)
    kofi_token = join(client, g, kofi)
    with client.websocket_connect(f"/ws/{g['id']}?token={g['token']}") as host:
        until(host, lambda m: True)
        with client.websocket_connect(f"/ws/{g['id']}?token={kofi_token}") as guest:
            until(host, lambda m: m["presence"] == [True, True])
            send(host, type="claim", outcome="win", token=g["token"])        # the opponent is here
            refused(error(host), "srv.opponentHere")
            until(guest, lambda m: True)
        until(host, lambda m: m["presence"] == [True, False])
        clock.t += CLAIM_AFTER - 1
        send(host, type="claim", outcome="win", token=g["token"])
        reply = error(host)
        refused(reply, "srv.claimTooSoon")
        assert reply["msg"]["args"] == {"seconds": 1}
        for outcome in ("loss", None, 1, ["win"]):
            send(host, type="claim", outcome=outcome, token=g["token"])
            assert error(host)["status"] == 400
        clock.t += 1
        send(host, type="claim", outcome="win", token=g["token"])
        end = until(host, lambda m: m["result"] is not None)
    assert end["result"]["winner"] == 0 and end["result"]["reason_msg"]["id"] == "srv.claimedWin"
    assert end["ratings"] == [1662, 1338]


def test_a_draw_can_be_claimed_instead_and_a_claim_needs_an_opponent(client, clock):
    ama = new_player(client, "Ama")
    g = table(client, ama)
    with client.websocket_connect(f"/ws/{g['id']}?token={g['token']}") as host:
        until(host, lambda m: True)
        clock.t += 10 * CLAIM_AFTER
        send(host, type="claim", outcome="win", token=g["token"])            # nobody has joined
        refused(error(host), "srv.noOpponentYet")
        kofi = new_player(client, "Kofi")
        join(client, g, kofi)                                                # joins, never connects
        until(host, lambda m: m["players"][1] == "Kofi")
        send(host, type="claim", outcome="draw", token=g["token"])
        refused(error(host), "srv.claimTooSoon")
        clock.t += CLAIM_AFTER
        send(host, type="claim", outcome="draw", token=g["token"])
        end = until(host, lambda m: m["result"] is not None)
    assert end["result"]["result"] == "1/2-1/2" and end["result"]["reason_msg"]["id"] == "srv.claimedDraw"


# -- open tables -------------------------------------------------------------------------------
def test_an_open_table_is_listed_with_its_time_control(client):
    ama = new_player(client, "Ama")
    blitz = table(client, ama, open=True, clock="5+3")
    post = table(client, ama, open=True, clock={"days": 3})
    listed = {t["id"]: t for t in client.get("/api/tables").json()["open"]}
    assert (listed[blitz["id"]]["clock"], listed[blitz["id"]]["days"]) == ({"base": 300, "inc": 3}, None)
    assert (listed[post["id"]]["clock"], listed[post["id"]]["days"]) == (None, 3)


def test_an_open_table_is_listed_joined_with_one_click_then_watched(client):
    ama, kofi, eve = new_player(client, "Ama"), new_player(client, "Kofi"), new_player(client, "Eve")
    private = table(client, ama)
    g = table(client, ama, "dara", open=True, rated=True, seat=1)
    listed = client.get("/api/tables").json()
    assert listed["open"] == [{"id": g["id"], "ruleset": "dara", "seat": 0, "host": "Ama", "host_id": ama["id"],
                               "rating": 1500, "rated": True, "created": listed["open"][0]["created"],
                               "clock": None, "days": None}]
    assert listed["live"] == []
    refused(client.post(f"/api/games/{private['id']}/sit", json={"key": kofi["key"]}), "srv.notOpenTable", 404)
    refused(client.post(f"/api/games/{g['id']}/sit", json={"key": "forged"}), "srv.unknownPlayer", 403)
    r = client.post(f"/api/games/{g['id']}/sit", json={"key": kofi["key"]})
    assert r.status_code == 200 and r.json()["you"] == [0]
    token = r.json()["token"]
    assert client.post(f"/api/games/{g['id']}/sit", json={"key": kofi["key"]}).json()["token"] == token
    refused(client.post(f"/api/games/{g['id']}/sit", json={"key": eve["key"]}), "srv.tableTaken", 409)
    assert snap(client, g)["players"] == ["Kofi", "Ama"]
    assert client.get("/api/tables").json()["open"] == []
    with client.websocket_connect(f"/ws/{g['id']}?token={token}") as player, \
            client.websocket_connect(f"/ws/{g['id']}") as watcher:
        until(player, lambda m: True)
        until(watcher, lambda m: True)
        live = client.get("/api/tables").json()["live"]
        assert live == [{"id": g["id"], "ruleset": "dara", "players": ["Kofi", "Ama"], "ratings": [1500, 1500],
                         "rated": True, "plies": 0, "watchers": 1}]


# -- the store ---------------------------------------------------------------------------------
def test_a_store_made_by_the_old_schema_opens_and_upgrades(tmp_path):
    path = tmp_path / "old.sqlite"
    old = old_store(path, version=0)     # from before tables
    # a game played today (the server expires games untouched for a month)
    add_game(old, "g1", mode="invite", tokens=["a", "b"], seed=7, created=time.time(), actions=[2])
    old.commit()
    old.close()
    store = SqlStore(path)
    try:
        g = store.get("g1")
        assert (g.players, g.actions, g.player_ids, g.rated, g.open_table, g.rematch, g.takeback) == \
            (["Ama", "Kofi"], [2], [None, None], False, False, None, None)
    finally:
        store.close()
    with TestClient(create_app(path)) as c:                    # the app plays the upgraded game
        assert c.get("/api/games/g1").json()["players"] == ["Ama", "Kofi"]
        assert c.get("/api/games/g1").json()["ratings"] == [None, None]


# -- any input ---------------------------------------------------------------------------------
KEYS = ["name", "key", "code", "token", "open", "rated", "mode", "ruleset", "type", "outcome", "games", "game"]
VALUES = st.none() | st.booleans() | st.integers() | st.text(max_size=50) | st.lists(st.text(max_size=5), max_size=3)
BODIES = st.dictionaries(st.sampled_from(KEYS), VALUES, max_size=5)
COMMANDS = ["rematch", "accept_rematch", "decline_rematch", "takeback", "accept_takeback", "decline_takeback",
            "abort", "claim"]


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                  HealthCheck.too_slow])
@given(body=BODIES, path=st.sampled_from(["/api/players", "/api/me", "/api/me/name", "/api/games/{id}/sit",
                                          "/api/games/{id}/claim", "/api/games", "/api/my-games"]),
       commands=st.lists(st.fixed_dictionaries({"type": st.sampled_from(COMMANDS)}, optional={
           "token": st.sampled_from(["", "forged"]) | st.text(max_size=5), "outcome": VALUES}), max_size=4))
def test_any_table_request_gets_an_answer_below_500_and_a_refusal_changes_nothing(client, body, path, commands):
    ama = new_player(client, "Ama")
    g = table(client, ama, open=True)
    before = snap(client, g)
    r = client.post(path.format(id=g["id"]), json=body)
    assert r.status_code < 500, r.text
    if r.status_code >= 400:
        assert r.json()["error"]
        assert snap(client, g) == before
    with client.websocket_connect(f"/ws/{g['id']}") as ws:                   # a spectator
        until(ws, lambda m: True)
        for c in commands:
            ws.send_text(json.dumps(c))
            assert error(ws)["status"] in (400, 403)
    assert snap(client, g)["result"] is None
