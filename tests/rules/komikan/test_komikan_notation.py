"""Notation (rules/komikan.md §8): round trips, whole turns, diagrams, and typed errors that
change nothing."""
import random

import pytest

import ludotheque
from ludotheque import IllegalActionError, NotationError, RulesetError
from ludotheque.core.errors import LudoError

from _komikan_util import ALPACAS, PUMA, play, position, turns
from test_komikan_examples import X7, X23, X25

RULESETS = ["komikan", "komikan/lemery+alpha", "komikan/adugo+condor?multi_jump=1",
            "komikan/chivi-kora+alpha+condor+grass", "komikan+grass?multi_jump=1"]


@pytest.mark.parametrize("ruleset", RULESETS)
def test_km_notation_round_trips_along_random_games(ruleset):
    g = ludotheque.load(ruleset)
    rng = random.Random(11)
    for _ in range(40):
        s = g.initial_state()
        while not s.is_terminal:
            for a in s.legal_actions():
                assert s.parse_move(s.move_to_string(a)) == a
            assert g.from_diagram  # diagrams round-trip below
            s = s.apply(rng.choice(s.legal_actions()))


def test_km_whole_turns_parse_into_their_actions():
    s = position(X25, "komikan?multi_jump=1", pile=2)
    assert len(s.parse_turn("c2xc4xe4xe6")) == 3
    lem = position(X7, "komikan/lemery", to_move=ALPACAS, pile=5)
    assert [lem.move_to_string(a) for a in lem.parse_turn("c2-c1,@b7")][:1] == ["c2-c1"]
    gr = position(X23, "komikan+grass", pile=4)
    assert gr.move_to_string(gr.parse_turn("b4~d6xb6")[0]) == "b4~d6xb6"


def test_km_render_reads_back_as_a_diagram():
    g = ludotheque.load("komikan+condor+grass+alpha")
    s = play(g.initial_state(), "G@b4", "G@d3", "c2-c3", "b6-b5")
    text = s.to_text()
    back = g.from_diagram(text, to_move=s.current_player, puma_moves=("c2-c3",),
                          alpaca_moves=("b6-b5",))
    assert back.to_text() == text
    assert "Puma to move" in text and "[.]" in text


BAD_TEXT = ["", "c2", "c2-", "z9-c3", "c2-c3-c4", "c8-c7", "b1-c1", "@", "G@", "stopp", "c2xx"]


@pytest.mark.parametrize("text", BAD_TEXT)
def test_km_bad_notation_raises_notation_error_and_changes_nothing(text):
    s = ludotheque.load("komikan").initial_state()
    key = s.key()
    with pytest.raises(NotationError):
        s.parse_move(text)
    assert s.key() == key


@pytest.mark.parametrize("text, reason", [
    ("c2-c4", "one step"), ("a7-a6", "Puma player moves the Puma"), ("c2xc4", "only the Puma"
     if False else "captures by jumping"), ("stop", "nothing to stop"), ("@b7", "no alpaca may come back"),
    ("G@c5", "no grass"),
])
def test_km_illegal_moves_raise_illegal_action_error_with_a_reason(text, reason):
    s = ludotheque.load("komikan").initial_state()
    key = s.key()
    with pytest.raises(IllegalActionError, match=reason):
        s.apply_move(text)
    assert s.key() == key


def test_km_illegal_moves_of_the_alpacas_and_the_back_and_forth_reason():
    s = play(ludotheque.load("komikan").initial_state(), "c2-c3")
    with pytest.raises(IllegalActionError, match="no alpaca on"):
        s.parse_move("c4-c5")
    with pytest.raises(IllegalActionError, match="occupied"):
        s.parse_move("a6-a5")
    s = play(s, "a5-a4", "c3-c2", "a4-a5", "c2-d2")
    with pytest.raises(IllegalActionError, match="back-and-forth"):
        s.parse_move("a5-a4")
    with pytest.raises(IllegalActionError):
        s.apply(10**6)


@pytest.mark.parametrize("rid", ["komikan/adugo?reinforcements=1", "komikan/chivi-kora?reinforcements=1",
                                 "komikan?multi_jump=2", "komikan+eagle", "komikan?alpaca_blocked=win",
                                 "komikan?no_capture_draw=-1", "komikan/lemery?reinforcements=1"])
def test_km_bad_ruleset_ids_raise_ruleset_error(rid):
    with pytest.raises(RulesetError):
        ludotheque.load(rid)


def test_km_lemery_is_the_reinforcements_option():
    a = ludotheque.load("komikan/lemery")
    b = ludotheque.load("komikan?reinforcements=1")
    s = position(X7, "komikan/lemery", to_move=ALPACAS, pile=5)
    t = b.from_diagram(X7, ALPACAS, pile=5)
    assert turns(s) == turns(t) and a.lemery and b.lemery


@pytest.mark.parametrize("diagram, kw", [
    ("7 a a a", {}),
    (X7.replace("P", "."), {}),
    (X7.replace(" 7    a", " 7    Q"), {}),
    (X7, {"pile": 9}),
    (X7, {"to_move": 2}),
    (X7.replace(" 7    a", " 7    C"), {}),
    (X7.replace(" 7    a", " 7    A"), {}),
    (X7, {"puma_moves": ("c2", "c3-c2")}),
])
def test_km_bad_diagrams_raise_notation_error(diagram, kw):
    with pytest.raises(NotationError):
        ludotheque.load("komikan").from_diagram(diagram, **kw)


def test_km_front_end_geometry_view_and_action_points():
    g = ludotheque.load("komikan+condor+grass")
    geo = g.geometry()
    assert len(geo["points"]) == 31 and len(geo["lines"]) == 66
    s = position(X23, "komikan+grass", pile=5)
    v = s.game.view(s)
    kinds = sorted(p["kind"] for p in v["pieces"])
    assert kinds.count("grass") == 2 and kinds.count("puma") == 1 and v["scores"] == [5, 0]
    cap = s.parse_move("b4~d6xb6")
    assert s.game.action_points(s, cap) == ["b4", "d6", "c6", "b6"]
    assert s.game.action_points(s, s.parse_move("b4-c5")) == ["b4", "c5"]
    obs = s.observation()
    assert obs.shape == ludotheque.load("komikan").initial_state().observation().shape
    assert isinstance(LudoError, type)
