"""Notation (rules/fanorona.md section 10), typed errors, registry options, display, the
Telo solution and the front-end methods."""
from __future__ import annotations

import re

import numpy as np
import pytest
from _fanorona_util import EX_FA_1, EX_FA_3, diagram

from ludotheque.core import IllegalActionError, NotationError, RulesetError, State, load
from ludotheque.core.rules_text import rules_text



def unchanged(state, fn, error):
    before = state.data.copy()
    with pytest.raises(error):
        fn()
    assert np.array_equal(before, state.data)


def test_action_texts():
    g = load("fanorona")
    s = g.initial_state()
    assert sorted(s.move_to_string(a) for a in s.legal_actions()) == [
        "d2-e3A", "d3-e3A", "d3-e3W", "e2-e3A", "f2-e3A"]
    c = diagram("fanorona", EX_FA_3).apply_move("b2-c3W")
    assert sorted(c.move_to_string(a) for a in c.legal_actions()) == ["c3-c2W", "c3-d3A", "stop"]
    t = diagram("fanorona+tamarins", """
        5  . . . . . . . . O
        4  . . . . . . . . .
        3  . . O . . . . . .
        2  . . . . . . . . .
        1  G . . . . . . . .""", pools=(1, 0)).apply_move("a1-b2A")
    assert {"pass", "@a1", "@c3"} <= {t.move_to_string(a) for a in t.legal_actions()}


def test_superdupergames_forms():
    s = load("fanorona").initial_state()
    assert s.parse_move("d3e3+") == s.parse_move("d3-e3A")
    assert s.parse_move("d3e3-") == s.parse_move("d3-e3W")
    assert s.parse_move("e2e3+.") == s.parse_move("e2-e3A")
    p = diagram("fanorona", """
        5  . . . . . . . . O
        4  . . . . . . . . .
        3  . . . . . . . . .
        2  . . . . . . . . .
        1  G . . . . . . . .""")
    assert p.parse_move("a1a2") == p.parse_move("a1-a2")
    g = load("fanorona")
    start = diagram("fanorona", EX_FA_3)
    assert g.parse_turn(start, "b2c3-,c3c2-,c2d2+,d2c1-.") == g.parse_turn(start, "b2-c3W-c2W-d2A-c1W")


def test_chain_short_form_and_whole_turns():
    g = load("fanorona")
    s = diagram("fanorona", EX_FA_3)
    c = s.apply_move("b2-c3W")
    assert c.parse_move("c2W") == c.parse_move("c3-c2W") == c.parse_move("-c2W")
    acts = g.parse_turn(s, "b2-c3W-c2W")
    assert [s.game.action_to_string(s, a) for a in acts] == ["b2-c3W", "c3-c2W", "stop"]
    assert g.turn_to_string(s, acts) == "b2-c3W-c2W"
    full = g.parse_turn(s, "b2-c3W-c2W-d2A-c1W")
    assert full[-1] != g.stop_action and len(full) == 4


def test_kind_may_be_omitted_only_when_unambiguous():
    s = diagram("fanorona", EX_FA_1)
    unchanged(s, lambda: s.parse_move("d3-e3"), IllegalActionError)
    with pytest.raises(IllegalActionError, match="both an approach and a withdrawal"):
        s.parse_move("d3-e3")


@pytest.mark.parametrize("text", ["", "e2", "e2-e3X", "e2--e3", "E2-E3A", "x", "draw", "@", "e2-e3A-"])
def test_bad_notation(text):
    s = load("fanorona").initial_state()
    unchanged(s, lambda: s.parse_move(text), NotationError)


def test_points_off_the_board():
    s = load("fanorona/telo").initial_state()
    unchanged(s, lambda: s.parse_move("d1-d2"), NotationError)
    unchanged(s, lambda: s.parse_move("a1-a4A"), NotationError)


@pytest.mark.parametrize("text,reason", [
    ("e3-e4", "holds no green"), ("d1-d2", "occupied"), ("g2-e3", "not next to"), ("c1-e3", "not next to"),
    ("e2-e3W", "not a withdrawal"), ("stop", "not possible"), ("pass", "not possible"),
    ("@e3", "no tamarin"),
])
def test_illegal_moves_explain(text, reason):
    s = load("fanorona").initial_state()
    unchanged(s, lambda: s.parse_move(text), IllegalActionError)
    with pytest.raises(IllegalActionError, match=reason):
        s.parse_move(text)


def test_illegal_in_a_chain():
    s = diagram("fanorona", EX_FA_3).apply_move("b2-c3W")
    with pytest.raises(IllegalActionError, match="change direction"):
        s.parse_move("c3-b2A")
    unchanged(s, lambda: s.apply(10 ** 6), IllegalActionError)
    unchanged(s, lambda: s.apply("b2"), IllegalActionError)


def test_parse_turn_errors():
    g = load("fanorona")
    s = g.initial_state()
    unchanged(s, lambda: g.parse_turn(s, "e2-e3A @d2"), IllegalActionError)
    unchanged(s, lambda: g.parse_turn(s, "e2-e3A @d2 @d3"), NotationError)
    unchanged(s, lambda: g.parse_turn(s, "   "), NotationError)
    unchanged(s, lambda: g.parse_turn(s, "e2-e3A-e4A"), IllegalActionError)


def test_terminal_state_refuses_moves():
    s = diagram("fanorona", """
        5  . . . . . . . . .
        4  . . . . . . . . .
        3  . . . . . . . . .
        2  O O . . . . . . .
        1  G O . . . . . . .""")
    unchanged(s, lambda: s.parse_move("a1-b2"), IllegalActionError)
    assert s.legal_actions() == []


@pytest.mark.parametrize("rid", ["fanorona?no_capture_draw=-1", "fanorona?female_first=both",
                                 "fanorona/vela?first_move_single_capture=1", "fanorona+queen",
                                 "fanorona/telo+female+female", "fanorona?optional_capture=decline",
                                 "fanorona?first_move_single_capture=2", "fanorona/vela?vela_orange=none"])
def test_bad_rulesets(rid):
    with pytest.raises(RulesetError):
        load(rid)


def test_canonical_ids():
    assert load("fanorona+tamarins+female").id == "fanorona+female+tamarins"
    assert load("fanorona?no_capture_draw=100").id == "fanorona"
    assert load("fanorona/dimy+female?female_first=alone").id == "fanorona/dimy+female?female_first=alone"


def test_bad_diagrams():
    g = load("fanorona/telo")
    for text in ("3  O O O\n2  O . G", "3  O O O O\n2  O . G\n1  G G G", "3  O O O\n2  O x G\n1  G G G",
                 "3  O O o\n2  O . G\n1  G G G"):
        with pytest.raises(NotationError):
            g.from_diagram(text)


def test_render_shows_the_lines():
    s = load("fanorona/telo").initial_state()
    assert s.to_text() == "\n".join([
        "3  O---O---O",
        "   | \\ | / |",
        "2  O---.---G",
        "   | / | \\ |",
        "1  G---G---G",
        "   a   b   c",
        "Green to move",
    ])
    end = diagram("fanorona/telo", "3  O . .\n2  O O .\n1  G O .")
    assert end.to_text().splitlines()[-1] == "Green cannot move: Orange wins"
    chain = diagram("fanorona", EX_FA_3).apply_move("b2-c3W")
    assert "continue the capture with the lemur on c3" in chain.to_text()
    big = load("fanorona").initial_state().to_text().splitlines()
    assert big[1] == "   | \\ | / | \\ | / | \\ | / | \\ | / |" and big[3].startswith("   | / | \\ ")


def test_outcomes():
    s = diagram("fanorona?no_capture_draw=1", """
        5  . . . . . . . . O
        4  . . . . . . . . .
        3  . . . . . . . . .
        2  . . . . . . . . .
        1  G . . . . . . . .""").apply_move("a1-b1")
    out = s.outcome()
    assert out.winner is None and out.result() == "1/2-1/2" and "1 turns without a capture" in out.reason
    assert s.returns() == (0.0, 0.0)


def test_front_end_methods():
    g = load("fanorona")
    geo = g.geometry()
    assert geo["kind"] == "lines" and len(geo["points"]) == 45 and len(geo["lines"]) == 108
    s = g.initial_state()
    v = g.view(s)
    assert len(v["pieces"]) == 44 and v["status"] == "Green to move"
    a = s.parse_move("d2-e3A")
    assert g.action_points(s, a) == ["d2", "e3"]
    f = load("fanorona+female+tamarins")
    fs = f.from_diagram("5  . . . . . . . . o\n4  . . . . . . . . .\n3  . . . . . . . . .\n"
                        "2  . . . . . . . . .\n1  g G . O O . . . .")
    jump = fs.parse_move("a1-c1A")
    assert f.action_points(fs, jump) == ["a1", "b1", "c1"]
    assert f.view(fs)["tamarins"] == [2, 2]
    obs = s.observation()
    assert obs.dtype == np.float32 and obs.shape == (6 * 45 + 9,)
    c = diagram("fanorona", EX_FA_3).apply_move("b2-c3W")
    assert c.observation().shape == obs.shape and c.observation()[4 * 45 + g.board.index("c3")] == 1


def test_keys_ignore_turn_numbers_and_record_order():
    g = load("fanorona")
    p = """
        5  . . . . . . . . O
        4  . . . . . . . . .
        3  . . . . . . . . .
        2  . . . . . . . . .
        1  G . . . . . . . ."""
    a = diagram("fanorona", p).apply_move("a1-b1").apply_move("i5-h5").apply_move("b1-a1").apply_move("h5-i5")
    b = diagram("fanorona", p).apply_move("a1-a2").apply_move("i5-h5").apply_move("a2-a1").apply_move("h5-i5")
    assert a != b                                          # different positions were seen
    c = diagram("fanorona", p).apply_move("a1-b1").apply_move("i5-h5").apply_move("b1-a1").apply_move("h5-i5")
    assert a == c and hash(a) == hash(c)
    assert isinstance(g.key(a), bytes)


@pytest.mark.parametrize("rid", ["fanorona", "fanorona/vela", "fanorona/telo", "fanorona/dimy"])
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_rules_texts(rid, lang):
    text = rules_text(rid, lang)
    assert len(text) > 800
    g = load(rid)
    names = set(g.board.names)
    # the per-action tokens: a capturing step, a paika, stop, the SuperDuperGames form
    steps = re.findall(r"`([a-i]\d)-([a-i]\d)([AW]?)`", text)
    assert {k for *_, k in steps} == {"", "A", "W"}
    assert all(a in names and b in names for a, b, _ in steps)
    assert "`stop`" in text and re.search(r"`[a-i]\d[a-i]\d\+", text)
    if rid != "fanorona/vela":
        assert "`pass`" in text and re.search(r"`@[a-i]\d`", text)


# -- the solution of Fanoron-Telo -----------------------------------------------------------

def _forced(state: State, mover: int, depth: int, memo: dict) -> bool:
    """Independent check: can ``mover`` force a win within ``depth`` of his turns?"""
    key = (state.key(), depth)
    if key in memo:
        return memo[key]
    g = state.game
    if state.is_terminal:
        return state.outcome().winner == mover
    if depth == 0:
        return False
    nexts = [after for _, after in g.complete_turns(state)]
    if state.current_player == mover:
        r = any(_forced(t, mover, depth - 1, memo) for t in nexts)
    else:
        r = all(_forced(t, mover, depth, memo) for t in nexts)
    memo[key] = r
    return r


def test_telo_is_a_win_for_green():
    g = load("fanorona/telo")
    r = g.solve()
    assert r["value"] == 1
    assert r["moves"] == {"a1-b2A": -1, "b1-b2A": -1, "c1-b2A": 1, "c2-b2A": 1}
    assert r["positions"] == 910 and r["seconds"] >= 0
    s = g.initial_state()
    assert _forced(s, 0, 12, {})
    for move, value in r["moves"].items():
        after = s.apply_move(move)
        assert _forced(after, 0 if value == 1 else 1, 12, {}), move


def test_solve_is_telo_only():
    with pytest.raises(NotImplementedError):
        load("fanorona/dimy").solve()
    g = load("fanorona/telo")
    with pytest.raises(IllegalActionError):
        g.solve(diagram("fanorona/telo", "3  . O .\n2  O . G\n1  . . G").apply_move("c2-b2A"))
    mid = g.solve(diagram("fanorona/telo", "3  . O .\n2  O . G\n1  . . G"))
    assert mid["value"] == 1 and mid["moves"]["c2-b2A-b1W"] == 1


def test_parse_turn_stays_in_the_turn():
    g = load("fanorona")
    s = diagram("fanorona", """
        5  . . . . . . . . .
        4  . . . . . . . . .
        3  G . O O . O O . G
        2  . . . . . . . . .
        1  . . . . . . . . .""")
    # a3-b3A ends the turn; g3-... would be orange's move
    unchanged(s, lambda: g.parse_turn(s, "a3-b3A-a4"), IllegalActionError)
    mid = diagram("fanorona", EX_FA_3).apply_move("b2-c3W")
    assert g.parse_turn(mid, "c2W") == [mid.parse_move("c3-c2W"), g.stop_action]
    assert g.parse_turn(mid, "stop") == [g.stop_action]

