"""Dara notation (rules/dara.md section 9), errors, text board, registry and rules texts."""
import random

import numpy as np
import pytest

import ludotheque
from ludotheque import IllegalActionError, NotationError, RulesetError
from ludotheque.core.rules_text import rules_text

from _dara_util import DA_X2, DS_X1, ELEPHANTS, LIONS, position

ROUND_TRIP = ["dara", "dara/dala", "dara+heroes+hut?capture=anywhere", "dara/dala+heroes+hut"]


@pytest.mark.parametrize("ruleset", ROUND_TRIP)
def test_notation_round_trips_every_legal_action_along_random_games(ruleset):
    g = ludotheque.load(ruleset)
    rng = random.Random(8)
    seen = set()
    for _ in range(6):
        s = g.initial_state()
        while not s.is_terminal:
            legal = s.legal_actions()
            for a in legal:
                text = s.move_to_string(a)
                assert s.parse_move(text) == a, text
                seen.add(text[0] if text[0] in "@HS-" else "move")
            s = s._apply_unchecked(rng.choice(legal))
    assert {"@", "-", "move"} <= seen
    if "heroes" in ruleset:
        assert "H" in seen


def test_tokens_as_the_spec_writes_them():
    s = position(DA_X2, lost=(4, 1))
    a = s.parse_move("c1-c2")
    assert s.move_to_string(a) == "c1-c2"
    after = s.apply(a)
    assert after.move_to_string(after.parse_move(" -d2 ")) == "-d2"
    assert ludotheque.load("dara").initial_state().parse_move("@c3") == 2 * 6 + 2
    h = ludotheque.load("dara+heroes").initial_state()
    assert h.move_to_string(h.parse_move("H@c3")) == "H@c3"
    hut = position(DS_X1, "dara+hut", to_move=ELEPHANTS, lost=(3, 6))
    assert hut.move_to_string(hut.parse_move("S@c3")) == "S@c3"


@pytest.mark.parametrize("text", ["", "c3", "c3c4", "@", "@z9z", "c3-c4-e5", "x@c3", "C3-C4", "@c3x",
                                  "c3xc5", "--c3"])
def test_bad_notation_raises_notation_error_and_changes_nothing(text):
    s = position(DA_X2, lost=(4, 1))
    key = s.key()
    with pytest.raises(NotationError):
        s.parse_move(text)
    assert s.key() == key


@pytest.mark.parametrize("text, message", [
    ("@c2", "all pieces are placed"),
    ("H@c2", "has no hero"),
    ("S@c2", "has no hut"),
    ("-d2", "no removal is due"),
    ("a4-b4", "occupied"),
    ("b4-c4", "no Lion on b4"),
    ("c3-c5", "only a hero jumps"),
    ("a2-b1", "one cell left, right, up or down"),
    ("f1-f5", "one cell"),
])
def test_illegal_actions_raise_illegal_action_error_and_change_nothing(text, message):
    s = position(DA_X2, lost=(4, 1))
    key = s.key()
    with pytest.raises(IllegalActionError, match=message):
        s.parse_move(text)
    with pytest.raises(IllegalActionError):
        s.apply(10_000)
    assert s.key() == key


def test_a_whole_turn_is_two_actions():
    s = position(DA_X2, lost=(4, 1))
    with pytest.raises(NotationError, match="two actions, c1-c2 then -d2"):
        s.parse_move("c1-c2-d2")


def test_cells_off_the_board_are_notation_errors():
    with pytest.raises(NotationError, match="no cell"):
        ludotheque.load("dara").initial_state().parse_move("@g1")
    with pytest.raises(NotationError, match="no cell"):
        ludotheque.load("dara/dala").initial_state().parse_move("@a7")


def test_diagram_errors():
    g = ludotheque.load("dara")
    with pytest.raises(NotationError, match="5 ranks of 6"):
        g.from_diagram("1  L L L")
    with pytest.raises(NotationError, match="need \\+heroes"):
        g.from_diagram(DA_X2.replace("5  L E", "5  P E"), LIONS, (4, 1))
    with pytest.raises(NotationError, match="need \\+hut"):
        g.from_diagram(DA_X2.replace("5  L E", "5  l E"), LIONS, (4, 1))
    with pytest.raises(NotationError, match="only 12 pieces"):
        g.from_diagram(DA_X2, LIONS, (5, 1))


def test_render_shows_ranks_files_hands_and_whose_turn():
    s = position(DA_X2, lost=(4, 1))
    text = s.to_text().splitlines()
    assert text[0] == "5  L E . . E L" and text[5] == "   a b c d e f"
    assert text[6] == "Lions: 0 in hand, 4 lost" and text[7] == "Elephants: 0 in hand, 1 lost"
    assert text[-1] == "Lions to move"
    assert ludotheque.load("dara+hut").initial_state().to_text().splitlines()[-3] == \
        "Lions: 12 in hand, hut in hand, 0 lost"
    assert ludotheque.load("dara").initial_state().to_text().endswith("Lions to place")


def test_view_geometry_observation_and_action_points():
    g = ludotheque.load("dara+heroes")
    s = position("""
5  L L . . E M
4  . . E . . .
3  . L P . . .
2  . . L . . E
1  . . . . E E
   a b c d e f
""", "dara+heroes", lost=(7, 6))
    assert g.geometry()["kind"] == "grid" and len(g.geometry()["points"]) == 30
    kinds = {p["at"]: (p["owner"], p["kind"]) for p in g.view(s)["pieces"]}
    assert kinds["c3"] == (0, "hero") and kinds["f5"] == (1, "hero") and kinds["a5"] == (0, "piece")
    assert g.action_points(s, s.parse_move("c3-c5")) == ["c3", "c4", "c5"]
    assert g.action_points(s, s.parse_move("c3-d3")) == ["c3", "d3"]
    obs = s.observation()
    assert obs.dtype == np.float32 and obs.shape == (6 * 30 + 13,)
    assert obs.shape == g.initial_state().observation().shape


def test_registry_options_and_combinations():
    assert ludotheque.load("dara/dala+hut+heroes").id == "dara/dala+heroes+hut"
    assert ludotheque.load("dara?capture=line").id == "dara"
    assert ludotheque.load("dara+hut?hut_capture=0").id == "dara+hut?hut_capture=0"
    for bad, message in [("dara/dala?capture=anywhere", "no option"), ("dara?capture=row", "must be one of"),
                         ("dara?hut_capture=0", "needs the \\+hut"), ("dara?no_capture_draw=-1", "out of range"),
                         ("dara+caravan", "no extension"), ("dara/choko", "unknown game")]:
        with pytest.raises(RulesetError, match=message):
            ludotheque.load(bad)


@pytest.mark.parametrize("ruleset", ["dara", "dara/dala+heroes+hut"])
def test_rules_texts_in_english_and_french(ruleset):
    en, fr = rules_text(ruleset, "en"), rules_text(ruleset, "fr")
    for text in (en, fr):
        assert "@c3" in text and "c3-c4" in text and "-e5" in text and "H@" in text and "S@" in text
    assert "Our choice" in en and "Notre choix" in fr


def test_evaluation_counts_captures_for_the_player():
    g = ludotheque.load("dara")
    evaluate = type(g).evaluate                              # what the search reads
    s = position(DA_X2, lost=(4, 1))
    v0 = evaluate(s.data, g.spec, LIONS)
    assert -1 < v0 < 0 and evaluate(s.data, g.spec, ELEPHANTS) == -v0
    due = s.apply_move("c1-c2")
    assert evaluate(due.data, g.spec, LIONS) > v0
