"""Notation (rules/yote.md section 9), typed errors that change nothing, rulesets, display."""
import numpy as np
import pytest
from _yote_util import X1, X3A, YT_X3, ch_x1, play, x1, yt_x3

from ludotheque.core import IllegalActionError, NotationError, RulesetError, load
from ludotheque.core.rules_text import rules_text
from ludotheque.games.yote import kernels as K


def test_yo_e1_every_token_of_the_notation():
    g = load("yote+caravan+routes?chain=1")
    s = g.initial_state()
    assert s.parse_move("@c3") == K.A_DEPLOY + 14 and s.parse_move("R@c3") == K.A_CDEPLOY + 14
    assert s.parse_move("=c2d3") == K.A_ROUTE + g.slot_of(8, 15)
    assert s.parse_move(" =d3c2 ") == s.parse_move("=c2d3")     # either order parses
    assert s.move_to_string(s.parse_move("=d3c2")) == "=c2d3"    # smaller file first
    t = play(yt_x3(), "c1-c2", "=c2d3")
    assert t.move_to_string(K.A_STOP) == "stop" and t.parse_move("c2xe4") == K.A_JUMP + 30 * 8 + 22
    assert play(t, "c2xe4").parse_move("-f1") == K.A_REMOVE + 5


def test_yo_e1_bad_input_raises_typed_errors_and_changes_nothing():
    s = x1()
    before = s.data.copy()
    for text in ("", "c3", "c3=d3", "@g1", "@a6", "xx", "c3xe3xe5", "R@c3", "=a1b2", "b3~c4", 42):
        with pytest.raises(NotationError):
            s.parse_move(text)
    for text in ("@a1", "b3-b4", "b3xd3", "-c3", "-@", "stop", "c2-c4"):
        with pytest.raises(IllegalActionError):
            s.apply_move(text)
    with pytest.raises(IllegalActionError):
        s.apply(K.NUM_ACTIONS + 5)
    assert np.array_equal(s.data, before)
    with pytest.raises(IllegalActionError, match="remove"):
        play(s, "b3xb5").apply_move("-a1")
    with pytest.raises(NotationError):
        load("yote/choko").initial_state().parse_move("@f1")         # no file f on 5x5
    with pytest.raises(NotationError):
        load("yote").from_diagram(X1, hands=(9, 2))                  # 13 light camels
    with pytest.raises(NotationError):
        load("yote").from_diagram(X1.replace("5  . . . . . .", "5  . . . . . l"))
    with pytest.raises(NotationError):
        load("yote").from_diagram(YT_X3)                              # routes need +routes


def test_ch_a3_rulesets_and_options():
    assert load("yote/choko+routes+caravan").id == "yote/choko+caravan+routes"
    assert load("yote?chain=1&forced_capture=1").id == "yote?forced_capture=1&chain=1"
    for bad in ("yote+heroes", "yote?chain=2", "yote?forced_capture=yes", "yote/choko?chain=1",
                "yote?no_capture_draw=-1", "yote+routes+routes", "yote/dala"):
        with pytest.raises(RulesetError):
            load(bad)
    assert load("yote?no_capture_draw=0").spec[K.P_NOCAP] == 0


def test_yo_s1_render_shows_board_hands_and_turn():
    text = load("yote+caravan").initial_state().to_text()
    assert "hand 11 + caravan 1" in text and "Light to move" in text
    text = ch_x1().to_text()
    assert "5  . . D . ." in text and "Merchant token: Light" in text and "hand 8" in text
    text = yt_x3().to_text()
    assert "route tokens 1" in text and "          /" in text
    assert load("yote").from_diagram(X3A).to_text().splitlines()[-1] == (
        "the player to move cannot act; Dark wins (2-6 camels)")


def test_yt_g2_diagram_round_trip_through_render():
    s = yt_x3()
    board = "\n".join(s.to_text().splitlines()[:-3])
    again = s.game.from_diagram(board, hands=(0, 2), tokens=(1, 0))
    assert again.key() == s.key()


def test_yo_s2_front_end_views():
    g = load("yote/choko+caravan+routes")
    s = g.initial_state()
    geo = g.geometry()
    assert geo["kind"] == "grid" and len(geo["points"]) == 25 and len(geo["lines"]) == 40
    v = g.view(play(s, "=a1b2", "R@c3"))
    assert v["pieces"] == [{"at": "c3", "owner": 0, "kind": "caravan", "count": 1}]
    assert v["routes"] == [["a1", "b2"]] and v["holder"] == 0 and v["tokens"] == [1, 2]
    a = x1().parse_move("b3xb5")
    assert x1().game.action_points(x1(), a) == ["b3", "b4", "b5"]
    obs = s.observation()
    assert obs.dtype == np.float32 and obs.shape == play(s, "@a1").observation().shape


def test_yo_e1_rules_texts_in_both_languages():
    for rid in ("yote", "yote/choko"):
        en, fr = rules_text(rid, "en"), rules_text(rid, "fr")
        assert "@c3" in en and "@c3" in fr and en != fr
