"""Notation (§9): round trips, whole turns, and every bad input raising its typed error with
the state unchanged."""
import random

import pytest
from _aw_util import X3, X8, X15, load, names, play

from ludotheque import IllegalActionError, NotationError, RulesetError
from ludotheque.games.awithlaknannai import kernels as K

RIDS = ["awithlaknannai", "awithlaknannai+shaman?huffing=1&no_backtrack=1",
        "awithlaknannai/serpents+shaman?lemery=1", "awithlaknannai/classic?huffing=1",
        "awithlaknannai/lemery+shaman?forced_chain=1&huffing=1"]


@pytest.mark.parametrize("rid", RIDS)
def test_notation_round_trip_along_random_games(rid):
    g = load(rid)
    rng = random.Random(rid)
    kinds = set()
    for _ in range(8):
        s = g.initial_state()
        while not s.is_terminal:
            legal = s.legal_actions()
            for a in legal:
                text = s.move_to_string(a)
                assert s.parse_move(text) == a, (rid, text)
                kinds.add("stop" if text == "stop" else "-" if text[0] == "-" else "<" if "<" in text
                          else ">" if ">" in text else "x" if "x" in text else "step")
            s = s.apply(rng.choice(legal))
    assert {"step", "x"} <= kinds


@pytest.mark.parametrize("rid", RIDS)
def test_turn_texts_parse_back_to_their_turns(rid):
    g = load(rid)
    rng = random.Random(1)
    s = g.initial_state()
    for _ in range(30):
        if s.is_terminal:
            break
        for text in g.turn_texts(s):
            acts = g.parse_turn(s, text)
            t = s
            for a in acts:
                t = t.apply(a)
            assert t.is_terminal or t.current_player != s.current_player, text
        s = play(s, rng.choice(g.turn_texts(s)))


def test_turn_notation_of_section_9():
    g = load("awithlaknannai?huffing=1")
    s = g.from_diagram(X8)
    t = play(s, "t1-t2")
    acts = g.parse_turn(t, "-b5,m4xm2")
    assert [t.move_to_string(acts[0])] == ["-b5"] and len(acts) == 2
    chain = load("awithlaknannai").from_diagram(X3)
    acts = chain.game.parse_turn(chain, "b2xb4xt3")
    assert len(acts) == 3 and acts[-1] == K.A_STOP             # written shorter: stopped
    sh = load("awithlaknannai+shaman").from_diagram(X15)
    assert sh.game.parse_turn(sh, "m4xm6<m3") == [sh.parse_move("m4xm6<m3")]
    step = chain.apply_move("b2xb4")
    assert step.parse_move("xt3") == step.parse_move("b4xt3")  # the chain's jump, both forms


@pytest.mark.parametrize("text", ["", "   ", "zz9-zz9", "@@@", "m4m5", "m4-", "x", "m4-m5-m6", "-", "stopp",
                                  "m4-m5<", "q1-q2"])
def test_bad_notation_raises_notation_error(text):
    s = load("awithlaknannai").initial_state()
    key = s.key()
    with pytest.raises(NotationError):
        s.parse_move(text)
    assert s.key() == key


@pytest.mark.parametrize("text, message", [
    ("m10-m11", "not a point"), ("t9-t8", "not a point"), ("m4-m6", "not adjacent"),
    ("m4xm5", "not two points apart"), ("m3-m4", "occupied"), ("t4-m5", "no Yellow snake"),
    ("m4-m5<m3", "only a Shaman"), ("stop", "no chain"), ("-b5", "no huff removal"), ("xm6", "no chain"),
])
def test_illegal_moves_raise_with_a_reason_and_change_nothing(text, message):
    s = load("awithlaknannai").initial_state()
    key = s.key()
    with pytest.raises((IllegalActionError, NotationError), match=message):
        s.parse_move(text)
    assert s.key() == key


def test_illegal_action_integers_and_game_over():
    g = load("awithlaknannai")
    s = g.initial_state()
    for a in (-1, g.num_actions, 10 ** 6, K.A_STOP):
        with pytest.raises(IllegalActionError):
            s.apply(a)
    over = g.from_diagram("""
top    o   .   .   .   .   .   .   .
mid  y   o   o   .   .   .   .   .   .
bot    o   .   .   .   .   .   .   .
""")
    with pytest.raises(IllegalActionError, match="game is over"):
        over.parse_move("m1-m2")


def test_bad_turns_raise_and_change_nothing():
    g = load("awithlaknannai")
    s = g.from_diagram(X3)
    key = s.key()
    with pytest.raises(NotationError):
        g.parse_turn(s, "b2xb4,xt3")
    with pytest.raises(NotationError):
        g.parse_turn(s, "b2xb4m7xm9")
    with pytest.raises(IllegalActionError):
        g.parse_turn(s, "b2xb4xb2")
    assert s.key() == key


@pytest.mark.parametrize("diagram, message", [
    ("top . .\nmid . .\nbot . .", "has 8 points"),
    ("top    o   o   o   o   o   o   o   o\nmid  y   y   y   y   .   o   o   o   o", "three rows"),
    ("top    o   o   o   o   o   o   o   q\nmid  y   y   y   y   .   o   o   o   o\nbot    y   y   y   y   y   y   y   y",
     "unknown piece"),
    ("hello", "cannot read"),
])
def test_bad_diagrams_raise_notation_error(diagram, message):
    with pytest.raises(NotationError, match=message):
        load("awithlaknannai").from_diagram(diagram)


@pytest.mark.parametrize("bad", ["awithlaknannai?huffing=2", "awithlaknannai?no_capture_draw=-1",
                                 "awithlaknannai?speed=1", "awithlaknannai/giant", "awithlaknannai+hero"])
def test_bad_ruleset_ids_raise_ruleset_error(bad):
    with pytest.raises(RulesetError):
        load(bad)


def test_render_shows_the_diagram_and_reads_back():
    g = load("awithlaknannai+shaman")
    s = g.initial_state()
    text = s.to_text()
    assert "Yellow to move" in text and "m" not in text.splitlines()[0]
    assert g.from_diagram("\n".join(text.splitlines()[:5])).key() == s.key()
    assert names(s)[0] == "b4-m5"
