"""Variants and mini-extensions of rules/komikan.md §5-§6: Lemery (KM-L), Adugo (KM-J), Chivi
Korá (KM-K), Alpha (KM-P), Condor (KM-Q), grass (KM-R)."""
import pytest

import ludotheque
from ludotheque import IllegalActionError
from ludotheque.games.komikan import kernels as K
from ludotheque.games.komikan.komikan import INDEX

from _komikan_util import ALPACAS, PUMA, actions, pile, play, position, turns
from test_komikan_examples import (L, X6, X7, X8, X9, X11, X13, X14, X16, X18, X19, X20, X21,
                                   X23, X24, X26)

ADUGO_START = """
      a   b   c   d   e
 7    a   a   a   a   a
 6    a   a   a   a   a
 5    a   a   P   a   a
 4    .   .   .   .   .
 3    .   .   .   .   .
 2        .   .   .
 1    .       .       .
"""

CHIVI_START = """
      a   b   c   d   e
 7    a   a   a   a   a
 6    a   a   a   a   a
 5    a   a   a   a   a
 4    .   .   .   .   .
 3    .   .   .   .   .
 2        .   P   .
 1    .       .       .
"""

# the Puma may capture the Alpha on c5
ALPHA_PREY = """
      a   b   c   d   e
 7    a   a   a   a   a
 6    .   .   .   .   .
 5    .   a   A   .   .
 4    .   .   P   .   .
 3    .   .   .   .   .
 2        .   .   .
 1    .       .       .
"""

# the Condor on b4 blocks the Alpha-assisted move a5-c3? (a5 b4 c3: it passes through b4)
ALPHA_CONDOR = """
      a   b   c   d   e
 7    a   a   a   a   a
 6    A   .   .   .   .
 5    a   .   .   .   .
 4    .   C   .   .   .
 3    .   .   .   .   .
 2        .   P   .
 1    .       .       .
"""

CONDOR_NEXT_TO_PUMA = """
      a   b   c   d   e
 7    a   a   a   a   a
 6    .   .   .   .   .
 5    .   .   P   .   .
 4    a   a   C   .   .
 3    .   .   .   .   .
 2        .   .   .
 1    .       .       .
"""

GRASS_CHAIN = """
      a   b   c   d   e
 7    a   a   a   a   a
 6    .   .   .   a  [.]
 5    .   .   .   .   .
 4    .   .  [.]  .   .
 3    .   .   a   .   .
 2        .   P   .
 1    .       .       .
"""

GRASS_NOT_TRAPPED = """
      a   b   c   d   e
 7    .   .   .   .  [.]
 6    .   .   .   .   .
 5    a   .   a   .   .
 4    a   a   .   .   .
 3   [P]  a   a   .   .
 2        .   .   .
 1    .       .       .
"""

GRASS_CONDOR = """
      a   b   c   d   e
 7    a   a   a   a   a
 6    .   .   .   .   .
 5    .  [C]  P   .   .
 4    .   .   .   .   .
 3    .   .   .   .  [a]
 2        .   .   .
 1    .       .       .
"""


# -- KM-L Lemery --------------------------------------------------------------------------------

def test_km_l1_a_full_base_locks_its_alpacas():
    s = play(position(X7, "komikan/lemery", to_move=ALPACAS, pile=5), "c2-c1,@b7", "c4-c5")
    assert not any(t.startswith(("a1", "c1", "e1")) for t in turns(s))
    with pytest.raises(IllegalActionError, match="locked"):
        s.parse_move("a1-b2")
    assert "a1-b2" in turns(position(X7, "komikan", to_move=ALPACAS, pile=5))


def test_km_l2_first_wave_return_to_rank_7():
    s = play(position(X7, "komikan/lemery", to_move=ALPACAS, pile=5), "c2-c1")
    assert s.current_player == ALPACAS and actions(s) == L("@b7 @c7 @d7 stop")


def test_km_l3_second_wave_once_when_the_crossbar_fills():
    s = position(X8, "komikan/lemery", to_move=ALPACAS, pile=3)
    assert "c3-c2,@c7" in turns(s) and "b2-c2,@c7" not in turns(s)
    after = play(s, "c3-c2,@c7")
    assert after.data[K.WAVE2] == 1 and pile(after) == 2
    spent = position(X8, "komikan/lemery", to_move=ALPACAS, pile=3, wave2_spent=True)
    assert not any("," in t for t in turns(spent))


def test_km_l4_an_empty_pile_or_a_full_rank_7_loses_the_chance():
    assert not any("," in t for t in turns(position(X9, "komikan/lemery", to_move=ALPACAS, pile=1)))
    assert not any("," in t for t in turns(position(X7, "komikan/lemery", to_move=ALPACAS, pile=0)))
    after = play(position(X9, "komikan/lemery", to_move=ALPACAS, pile=1), "c3-c2")
    assert after.data[K.WAVE2] == 1


def test_km_l5_the_return_is_optional_and_a_plain_alpaca():
    s = position(X7, "komikan/lemery+alpha", to_move=ALPACAS, pile=5)
    declined = play(s, "c2-c1", "stop")
    assert declined.current_player == PUMA and pile(declined) == 5
    back = play(s, "c2-c1", "@c7")
    assert back.data[INDEX["c7"]] == K.ALPACA


def test_km_l6_a_return_lowers_the_puma_count():
    s = play(position(X7, "komikan/lemery", to_move=ALPACAS, pile=5), "c2-c1,@b7")
    assert pile(s) == 4 and "Puma's pile: 4" in s.to_text()


def test_km_l7_a_move_that_fills_the_den_wins_with_no_return():
    s = position(X6, "komikan/lemery", to_move=ALPACAS, pile=5)
    assert not any("," in t for t in turns(s))
    end = play(s, "b3-c3")
    assert end.is_terminal and end.outcome().winner == ALPACAS


# -- KM-J Adugo ------------------------------------------------------------------------------------

def test_km_j1_adugo_start():
    g = ludotheque.load("komikan/adugo")
    assert g.from_diagram(ADUGO_START).key() == g.initial_state().key()


def test_km_j2_adugo_puma_needs_eight():
    end = play(position(X11, "komikan/adugo", pile=7), "c4xc2")
    assert end.outcome().winner == PUMA and "8 alpacas" in end.outcome().reason
    assert not play(position(X11, "komikan/adugo", pile=6), "c4xc2").is_terminal


def test_km_j3_adugo_otherwise_as_the_base_game():
    s = position(X26, "komikan/adugo", to_move=ALPACAS, pile=3)
    assert "c5-c6" in turns(s)                                 # backward
    assert play(s, "d5-d4").outcome().winner == ALPACAS        # trapped Puma
    assert ludotheque.load("komikan/adugo").initial_state().current_player == PUMA


# -- KM-K Chivi Korá --------------------------------------------------------------------------------

def test_km_k1_chivi_kora_inner_triangle_lines():
    s = position(X14, "komikan/chivi-kora", pile=0)
    assert "c1-d2" in turns(s) and not any("x" in t for t in turns(s))
    from ludotheque.games.komikan.komikan import BOARDS
    assert INDEX["d2"] not in BOARDS[False].neighbours(INDEX["c1"])
    assert BOARDS[True].jump[INDEX["b2"]].max() == BOARDS[False].jump[INDEX["b2"]].max()


def test_km_k2_chivi_kora_start():
    g = ludotheque.load("komikan/chivi-kora")
    assert g.from_diagram(CHIVI_START).key() == g.initial_state().key()


def test_km_k3_chivi_kora_alpacas_forward_or_sideways():
    s = position(X13, "komikan/chivi-kora", to_move=ALPACAS, pile=7)
    assert "b2-c3" not in turns(s) and "b3-b4" not in turns(s)
    with pytest.raises(IllegalActionError, match="never moves back"):
        s.parse_move("b3-b4")


def test_km_k4_chivi_kora_puma_needs_eight():
    s = position(X13, "komikan/chivi-kora", pile=7)
    end = play(s, "c3xa3")
    assert end.outcome().winner == PUMA and pile(end) == 8


def test_km_k5_chivi_kora_puma_moves_any_direction():
    s = position(X13, "komikan/chivi-kora", pile=6)
    assert {"c3-c4", "c3-d4", "c3xa1", "c3xa3", "c3-c2"} <= set(turns(s))


# -- KM-P Alpha ------------------------------------------------------------------------------------

def test_km_p1_the_alpha_starts_on_c6():
    for rid in ("komikan+alpha", "komikan/adugo+alpha", "komikan/chivi-kora+alpha"):
        s = ludotheque.load(rid).initial_state()
        assert s.data[INDEX["c6"]] == K.ALPHA and int((s.data[:31] == K.ALPHA).sum()) == 1


def test_km_p2_the_alpha_steps_is_captured_and_counts():
    s = position(ALPHA_PREY, "komikan+alpha", pile=5)
    end = play(s, "c4xc6")
    assert end.is_terminal and end.outcome().winner == PUMA
    s4 = position(ALPHA_PREY, "komikan+alpha", pile=4)
    assert pile(play(s4, "c4xc6")) == 5


def test_km_p3_an_alpaca_next_to_the_alpha_may_move_two_points():
    s = position(X16, "komikan+alpha", to_move=ALPACAS, pile=5)
    assert {"b5-b3", "c4-a4", "c4-c2", "b5-b4"} <= set(turns(s))


def test_km_p4_the_alpha_never_moves_two_points_and_its_bonus_dies_with_it():
    s = position(X16, "komikan+alpha", to_move=ALPACAS, pile=5)
    assert sorted(t for t in turns(s) if t.startswith("c5")) == L("c5-b4 c5-b6 c5-c6 c5-d5 c5-d6")
    gone = play(position(ALPHA_PREY, "komikan+alpha", pile=3), "c4xc6")
    assert "b5-b3" not in turns(gone) and "b5-b4" in turns(gone)


def test_km_p5_the_two_point_move_never_passes_over_a_piece():
    s = position(X16, "komikan+alpha", to_move=ALPACAS, pile=5)
    assert "b5-b7" not in turns(s) and "c4-e4" not in turns(s)
    c = position(ALPHA_CONDOR, "komikan+alpha+condor", to_move=ALPACAS, pile=0)
    assert "a5-a3" in turns(c) and "a5-c3" not in turns(c)     # the Condor on b4 blocks


# -- KM-Q Condor ----------------------------------------------------------------------------------

def test_km_q1_condor_start_point():
    for rid, at in (("komikan+condor", "c5"), ("komikan/lemery+condor", "c5"),
                    ("komikan/adugo+condor", "c4"), ("komikan/chivi-kora+condor", "c4")):
        assert ludotheque.load(rid).initial_state().data[K.CONDOR] == INDEX[at]


def test_km_q2_the_puma_player_moves_the_puma_or_the_condor():
    s = ludotheque.load("komikan+condor").initial_state()
    assert {t[:2] for t in turns(s)} == {"c2", "c5"}
    moved = play(s, "c5-c4")
    assert moved.data[K.PUMA] == INDEX["c2"] and moved.current_player == ALPACAS


def test_km_q3_the_condor_steps_or_jumps_without_capturing_never_a_chain():
    s = position(X18, "komikan+condor?multi_jump=1", pile=4)
    after = play(s, "c4-a4")
    assert after.current_player == ALPACAS and pile(after) == 4
    assert after.data[INDEX["b4"]] == K.ALPACA and after.data[K.CONDOR] == INDEX["a4"]


def test_km_q4_the_condor_never_ends_in_the_den():
    s = position(X19, "komikan+condor", pile=5)
    assert "d4-c3" not in turns(s) and "d4-d2" not in turns(s)


def test_km_q5_the_condor_rests_after_a_move():
    s = play(ludotheque.load("komikan+condor").initial_state(), "c5-c4", "a5-a4")
    assert all(t.startswith("c2") for t in turns(s))
    with pytest.raises(IllegalActionError, match="rest"):
        s.parse_move("c4-c5")
    assert any(t.startswith("c4") for t in turns(play(s, "c2-c3", "a4-a5")))


def test_km_q6_the_condor_never_jumps_or_lands_on_the_puma_or_an_alpaca():
    s = position(CONDOR_NEXT_TO_PUMA, "komikan+condor", pile=5)
    condor = [t for t in turns(s) if t.startswith("c4")]
    assert "c4-c6" not in condor and "c4-c5" not in condor and "c4-b4" not in condor
    assert "c4-a4" not in condor                               # a4 holds an alpaca


def test_km_q7_the_puma_may_land_on_the_condor_which_then_cannot_move():
    s = position(X18, "komikan+condor", pile=4)
    on = play(s, "c2xc4", "b4-b5")
    assert on.data[K.PUMA] == on.data[K.CONDOR] == INDEX["c4"]
    assert "P+C" in on.to_text() and turns(on) == L("c4-b4 c4-c3 c4-c5 c4-d4")
    assert turns(position(X20, "komikan+condor", pile=5)) == L("c4-b4 c4-c3 c4-d4 c4xc6")


def test_km_q8_alpacas_never_land_on_or_pass_through_the_condor():
    s = play(ludotheque.load("komikan+condor").initial_state(), "c2-c3")
    assert not any(t.endswith("c5") for t in turns(s))


def test_km_q9_the_condor_is_never_captured_nor_an_alpaca():
    s = position(CONDOR_NEXT_TO_PUMA.replace(" 5    .   .   P", " 5    .   .   .")
                 .replace(" 3    .   .   .   .   .", " 3    .   .   P   .   ."), "komikan+condor", pile=5)
    assert "c3xc5" not in turns(s) and "c3-c5" not in turns(s)


def test_km_q10_trapped_despite_the_condor():
    s = position(X21, "komikan+condor", pile=3)
    assert s.is_terminal and s.outcome().winner == ALPACAS


def test_km_q11_no_back_and_forth_for_the_condor():
    s = position(CONDOR_NEXT_TO_PUMA, "komikan+condor", pile=5, puma_moves=("c4-d4", "d4-c4"))
    assert "c4-d4" not in turns(s) and turns(s)
    assert "c4-d4" in turns(position(CONDOR_NEXT_TO_PUMA, "komikan+condor", pile=5))


# -- KM-R grass -------------------------------------------------------------------------------------

def test_km_r1_grass_placement_before_the_first_move():
    s = ludotheque.load("komikan+grass").initial_state()
    assert s.current_player == ALPACAS
    with pytest.raises(IllegalActionError, match="outside the den"):
        s.parse_move("G@c3")
    s = play(s, "G@c5")
    with pytest.raises(IllegalActionError):
        s.parse_move("G@c5")
    s = play(s, "G@d4")
    assert s.current_player == PUMA and s.data[K.GRASS0] == INDEX["c5"]


def test_km_r2_grass_tokens_never_move_and_anything_may_stand_on_them():
    s = position(X23, "komikan+grass", pile=5)
    after = play(s, "b4-c5", "d6-e6")
    assert (after.data[K.GRASS0], after.data[K.GRASS1]) == (s.data[K.GRASS0], s.data[K.GRASS1])
    assert "c5-b4" in turns(after)


def test_km_r3_an_alpaca_on_grass_cannot_be_captured():
    s = position(X24, "komikan+grass", pile=5)
    jumped = play(s, "c4-c6")
    assert pile(jumped) == 5 and jumped.data[INDEX["c5"]] == K.ALPACA


def test_km_r4_the_puma_on_grass_moves_as_if_on_the_other_grass_point():
    s = position(X23, "komikan+grass", pile=5)
    assert {"b4-c7", "b4-e5", "b4~d6xb6", "b4~d6xd4"} <= set(turns(s))


def test_km_r5_moves_with_the_same_result_are_one_move():
    s = position(X23, "komikan+grass", pile=5)
    assert turns(s).count("b4-c5") == 1 and len(s.legal_actions()) == 14


def test_km_r6_multi_jump_link_at_every_jump_from_grass():
    s = position(GRASS_CHAIN, "komikan+grass?multi_jump=1", pile=0)
    assert turns(s) == L("c2-b2 c2-c1 c2-d2 c2xc4 c2xc4~e6xc6")
    end = play(s, "c2xc4~e6xc6")
    assert pile(end) == 2 and end.data[K.PUMA] == INDEX["c6"]


def test_km_r7_only_the_puma_uses_the_link():
    s = position(GRASS_CONDOR, "komikan+condor+grass", pile=6 - 6)
    assert "c5-b5" in turns(s)                                 # the Puma onto the Condor on grass
    assert sorted(t for t in turns(s) if t.startswith("b5")) == L("b5-a5 b5-b4 b5-b6")
    a = play(s, "c5-d5")
    assert sorted(t for t in turns(a) if t.startswith("e3")) == L("e3-d3 e3-d4 e3-e4")
    on = play(s, "c5-b5", "a7-a6")
    assert "b5-d3" in turns(on)                                # the Puma on grass: linked to e3


def test_km_r8_linked_moves_count_for_the_trap_test():
    s = position(GRASS_NOT_TRAPPED, "komikan+grass", pile=0)
    assert not s.is_terminal and "a3-e6" in turns(s)
    plain = position(GRASS_NOT_TRAPPED.replace("[P]", " P ").replace("[.]", " . "), pile=0)
    assert plain.is_terminal and plain.outcome().winner == ALPACAS
