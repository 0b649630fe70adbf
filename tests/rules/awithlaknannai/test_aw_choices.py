"""The engine choices written in the rules texts ("Engine choices"), and the rules texts
themselves (every ruleset, both languages)."""
import pytest
from _aw_util import X8, load, play

from ludotheque.core import Termination
from ludotheque.core.rules_text import rules_text
from ludotheque.games.awithlaknannai import kernels as K


def test_aw_e3_draw_checks_run_even_with_a_huff_removal_owed():
    s = load("awithlaknannai?huffing=1").from_diagram(X8, no_capture_turns=59)
    t = play(s, "t1-t2")
    assert t.is_terminal and t.outcome().termination == Termination.MOVE_LIMIT


def test_aw_f1_a_turn_with_a_removal_then_a_step_is_remembered():
    g = load("awithlaknannai?huffing=1&no_backtrack=1")
    s = play(g.from_diagram(X8), "t1-t2", "-b5,m4-t3")
    p1 = s.game.point_index
    assert s.data[K.LASTF + 1] == p1("m4") and s.data[K.LASTT + 1] == p1("t3")
    t = play(g.from_diagram(X8), "m3xm5")
    assert t.data[K.LASTF] == -1 and t.data[K.LASTT] == -1


@pytest.mark.parametrize("rid", ["awithlaknannai", "awithlaknannai/lemery", "awithlaknannai/serpents",
                                 "awithlaknannai/classic"])
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_rules_texts_exist_and_state_the_choices(rid, lang):
    text = rules_text(rid, lang)
    assert "Notation" in text and ("choice" in text or "choix" in text)
