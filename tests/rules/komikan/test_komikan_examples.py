"""Every worked example of rules/komikan.md §9 (KM-X1 … KM-X27), as complete turns."""
import ludotheque

from _komikan_util import ALPACAS, PUMA, actions, pile, play, position, turns


def L(text):
    return sorted(text.split())


START = ludotheque.load("komikan").initial_state()

X2 = """
      a   b   c   d   e
 7    a   a   a   a   a
 6    a   a   a   a   a
 5    .   .   .   .   a
 4    .   a   .   .   .
 3    .   .   P   .   .
 2        .   .   .
 1    .       .       .
"""

X3 = """
      a   b   c   d   e
 7    a   a   a   a   a
 6    .   .   .   .   .
 5    .   .   .   .   .
 4    .   .   .   .   .
 3    .   .   a   .   .
 2        a   .   .
 1    P       a       a
"""

X4 = """
      a   b   c   d   e
 7    a   a   a   a   a
 6    a   a   a   a   a
 5    .   .   .   .   a
 4    a   .   .   .   .
 3    .   .   .   .   .
 2        .   P   .
 1    .       .       .
"""

X4_ONLY = """
      a   b   c   d   e
 7    a   a   a   a   a
 6    .   .   .   .   .
 5    .   .   .   .   a
 4    .   .   .   .   .
 3    .   .   .   .   .
 2        a   P   a
 1    .       a       .
"""

X5 = """
      a   b   c   d   e
 7    a   a   a   a   a
 6    .   .   .   .   a
 5    .   .   .   .   .
 4    .   .   .   .   .
 3    a   .   .   .   .
 2        .   .   .
 1    .       .       P
"""

X6 = """
      a   b   c   d   e
 7    .   .   .   .   .
 6    .   .   .   .   .
 5    .   .   .   .   .
 4    .   .   .   .   .
 3    .   a   .   .   P
 2        a   a   a
 1    a       a       a
"""

X7 = """
      a   b   c   d   e
 7    a   .   .   .   a
 6    .   .   .   .   .
 5    .   .   .   .   .
 4    .   .   P   .   .
 3    .   .   .   .   .
 2        .   a   a
 1    a       .       a
"""

X8 = """
      a   b   c   d   e
 7    a   a   .   .   a
 6    .   .   .   .   .
 5    .   .   .   .   .
 4    .   .   .   .   P
 3    .   .   a   .   .
 2        a   .   a
 1    a       a       a
"""

X9 = """
      a   b   c   d   e
 7    a   a   a   a   a
 6    .   .   .   .   .
 5    .   .   .   .   .
 4    .   .   .   .   P
 3    .   .   a   .   .
 2        a   .   a
 1    a       a       a
"""

X11 = """
      a   b   c   d   e
 7    a   a   a   .   a
 6    .   a   .   .   a
 5    .   .   .   .   .
 4    .   .   P   .   .
 3    .   .   a   .   .
 2        .   .   .
 1    .       .       .
"""

X26 = """
      a   b   c   d   e
 7    a   a   a   a   a
 6    .   .   .   .   .
 5    .   .   a   a   a
 4    .   .   .   .   a
 3    .   .   a   a   P
 2        .   .   .
 1    .       .       .
"""

X13 = """
      a   b   c   d   e
 7    a   a   a   a   a
 6    .   .   a   .   .
 5    .   .   .   .   .
 4    .   .   .   .   .
 3    .   a   P   .   .
 2        a   .   .
 1    .       .       .
"""

X14 = """
      a   b   c   d   e
 7    a   a   a   a   a
 6    a   a   a   a   a
 5    a   a   a   a   .
 4    .   .   .   .   .
 3    .   .   .   .   .
 2        a   .   .
 1    .       P       .
"""

X16 = """
      a   b   c   d   e
 7    a   a   a   a   .
 6    .   .   .   .   .
 5    .   a   A   .   .
 4    .   .   a   P   .
 3    .   .   .   .   .
 2        .   .   .
 1    .       .       .
"""

X18 = """
      a   b   c   d   e
 7    a   a   a   a   a
 6    a   .   .   .   .
 5    .   .   .   .   .
 4    .   a   C   .   .
 3    .   .   a   .   .
 2        .   P   .
 1    .       .       .
"""

X19 = """
      a   b   c   d   e
 7    a   a   a   a   a
 6    .   .   .   .   .
 5    .   .   .   .   .
 4    .   .   a   C   .
 3    .   .   .   a   .
 2        .   .   .
 1    .       P       .
"""

X20 = """
      a   b   c   d   e
 7    a   a   a   a   a
 6    a   .   .   .   .
 5    .   .   a   .   .
 4    .   .  P+C  .   .
 3    .   .   .   .   .
 2        .   .   .
 1    .       .       .
"""

X21 = """
      a   b   c   d   e
 7    a   a   a   a   a
 6    .   .   .   .   .
 5    .   .   C   .   .
 4    .   .   .   .   .
 3    .   .   a   .   .
 2        a   .   .
 1    P       a       a
"""

X23 = """
      a   b   c   d   e
 7    a   a   .   a   .
 6    a   .   a  [a]  .
 5    .   .   .   a   .
 4    .  [P]  .   .   .
 3    .   .   .   .   .
 2        .   .   .
 1    .       .       .
"""

X24 = """
      a   b   c   d   e
 7    a   a   a   a   a
 6    .   .   .   .   .
 5    .   .  [a]  .   .
 4    .   a   P   .   .
 3    .   .   .   .  [.]
 2        .   .   .
 1    .       .       .
"""

X25 = """
      a   b   c   d   e
 7    a   a   a   a   a
 6    a   .   .   .   .
 5    .   .   a   .   a
 4    .   .   .   a   .
 3    .   .   a   .   .
 2        .   P   .
 1    .       .       .
"""


def test_km_x1_start():
    assert turns(START) == L("c2-b2 c2-c1 c2-c3 c2-d2")
    assert turns(play(START, "c2-c3")) == L(
        "a5-a4 a5-b4 a5-b5 b6-b5 b6-c5 c6-c5 d6-c5 d6-d5 e5-d4 e5-d5 e5-e4")


def test_km_x2_a_puma_capture_optional():
    s = play(START, "c2-c3", "a5-b4")
    assert s.key() == position(X2).key() or turns(s) == turns(position(X2))
    assert turns(s) == L("c3-b2 c3-b3 c3-c2 c3-c4 c3-d2 c3-d3 c3-d4 c3xa5")
    after = play(s, "c3xa5")
    assert pile(after) == 1
    assert turns(after) == L("b6-b5 b6-c5 c6-c5 d6-c5 d6-d5 e5-d4 e5-d5 e5-e4")


def test_km_x3_trapped_puma():
    s = position(X3, pile=3)
    assert s.is_terminal and s.outcome().winner == ALPACAS
    assert "trapped" in s.outcome().reason


def test_km_x4_no_back_and_forth_and_the_only_move_exception():
    s = position(X4, puma_moves=("c2-c3", "c3-c2"))
    assert turns(s) == L("c2-b2 c2-c1 c2-d2")
    only = position(X4_ONLY, pile=3, puma_moves=("c2-c3", "c3-c2"))
    assert turns(only) == ["c2-c3"]


def test_km_x5_no_back_and_forth_for_an_alpaca():
    s = position(X5, to_move=ALPACAS, pile=5, alpaca_moves=("a3-a4", "a4-a3"))
    assert turns(s) == L("a3-b3 a3-b4 a7-a6 a7-b6 b7-b6 c7-b6 c7-c6 c7-d6 d7-d6 e6-d6 e6-e5 e7-d6")


def test_km_x6_alpacas_fill_the_den():
    s = position(X6, to_move=ALPACAS, pile=5)
    assert turns(s) == L("b2-c3 b3-a3 b3-b4 b3-c3 c2-c3 d2-c3")
    end = play(s, "b3-c3")
    assert end.is_terminal and end.outcome().winner == ALPACAS
    assert not play(s, "c2-c3").is_terminal


def test_km_x7_lemery_lock_and_reinforcement():
    s = position(X7, "komikan/lemery", to_move=ALPACAS, pile=5)
    assert turns(s) == L("a1-b2 a1-c1 a7-a6 a7-b6 a7-b7 c2-b2 c2-c1 c2-c1,@b7 c2-c1,@c7 "
                         "c2-c1,@d7 c2-c3 d2-c3 e1-c1 e7-d6 e7-d7 e7-e6")
    after = play(s, "c2-c1,@b7")
    assert pile(after) == 4
    after = play(after, "c4-c5")
    assert turns(after) == L("a7-a6 a7-b6 b7-b6 b7-c7 d2-c2 d2-c3 e7-d6 e7-d7 e7-e6")
    base = position(X7, "komikan", to_move=ALPACAS, pile=5)
    assert turns(base) == L("a1-b2 a1-c1 a7-a6 a7-b6 a7-b7 c2-b2 c2-c1 c2-c3 d2-c3 e1-c1 "
                            "e7-d6 e7-d7 e7-e6")


def test_km_x8_lemery_second_wave():
    s = position(X8, "komikan/lemery", to_move=ALPACAS, pile=3)
    assert turns(s) == L("a7-a6 a7-b6 b2-c2 b7-b6 b7-c7 c3-b3 c3-b4 c3-c2 c3-c2,@c7 c3-c2,@d7 "
                         "c3-c4 c3-d3 c3-d4 d2-c2 e7-d6 e7-d7 e7-e6")


def test_km_x9_lemery_a_lost_chance():
    s = position(X9, "komikan/lemery", to_move=ALPACAS, pile=1)
    assert turns(s) == L("a7-a6 a7-b6 b2-c2 b7-b6 c3-b3 c3-b4 c3-c2 c3-c4 c3-d3 c3-d4 c7-b6 "
                         "c7-c6 c7-d6 d2-c2 d7-d6 e7-d6 e7-e6")
    from ludotheque.games.komikan import kernels as K
    after = play(s, "c3-c2")
    assert after.current_player == PUMA and after.data[K.WAVE2] == 1


def test_km_x10_adugo_start():
    s = ludotheque.load("komikan/adugo").initial_state()
    assert turns(s) == L("c5-b4 c5-c4 c5-d4")
    assert turns(play(s, "c5-c4")) == L(
        "a5-a4 a5-b4 b5-b4 b5-c5 b6-c5 c6-c5 d5-c5 d5-d4 d6-c5 e5-d4 e5-e4")


def test_km_x11_adugo_the_eighth_capture():
    s = position(X11, "komikan/adugo", pile=7)
    assert turns(s) == L("c4-b4 c4-c5 c4-d4 c4xc2")
    end = play(s, "c4xc2")
    assert end.is_terminal and end.outcome().winner == PUMA and pile(end) == 8
    on = play(position(X11, "komikan/adugo", pile=6), "c4xc2")
    assert not on.is_terminal and pile(on) == 7


def test_km_x26_adugo_the_trapping_move():
    s = position(X26, "komikan/adugo", to_move=ALPACAS, pile=3)
    want = L("a7-a6 a7-b6 b7-b6 c3-b2 c3-b3 c3-b4 c3-c2 c3-c4 c3-d2 c3-d4 c5-b4 c5-b5 c5-b6 "
             "c5-c4 c5-c6 c5-d4 c5-d6 c7-b6 c7-c6 c7-d6 d3-d4 d5-d4 d5-d6 d7-d6 e4-d4 e5-d4 "
             "e5-d6 e5-e6 e7-d6 e7-e6")
    assert turns(s) == want and len(want) == 30
    trapping = [t for t in want if play(s, t).is_terminal]
    assert trapping == ["d5-d4"]
    assert play(s, "d5-d4").outcome().winner == ALPACAS


def test_km_x12_chivi_kora_start_forward_or_sideways():
    s = ludotheque.load("komikan/chivi-kora").initial_state()
    assert turns(s) == L("c2-b2 c2-c1 c2-c3 c2-d2")
    assert turns(play(s, "c2-c3")) == L("a5-a4 a5-b4 b5-b4 c5-b4 c5-c4 c5-d4 d5-d4 e5-d4 e5-e4")


def test_km_x13_chivi_kora_alpacas_near_and_in_the_den():
    s = position(X13, "komikan/chivi-kora", to_move=ALPACAS, pile=7)
    assert turns(s) == L("a7-a6 a7-b6 b2-a1 b2-c1 b2-c2 b3-a3 b7-b6 c6-b6 c6-c5 c6-d6 c7-b6 "
                         "c7-d6 d7-d6 e7-d6 e7-e6")


def test_km_x14_chivi_kora_the_puma_on_c1():
    s = position(X14, "komikan/chivi-kora", pile=0)
    assert turns(s) == L("c1-a1 c1-c2 c1-d2 c1-e1")


def test_km_x15_alpha_start():
    s = ludotheque.load("komikan+alpha").initial_state()
    assert turns(play(s, "c2-c3")) == L("a5-a4 a5-b4 a5-b5 b6-b4 b6-b5 b6-c5 b6-d4 c6-c5 d6-b4 "
                                        "d6-c5 d6-d4 d6-d5 e5-d4 e5-d5 e5-e4")


def test_km_x16_alpha_two_point_moves_and_blocked_paths():
    s = position(X16, "komikan+alpha", to_move=ALPACAS, pile=5)
    assert turns(s) == L("a7-a6 a7-b6 b5-a5 b5-b3 b5-b4 b5-b6 b7-b6 c4-a4 c4-b4 c4-c2 c4-c3 "
                         "c5-b4 c5-b6 c5-c6 c5-d5 c5-d6 c7-b6 c7-c6 c7-d6 d7-d6 d7-e7")


def test_km_x27_alpha_in_chivi_kora_forward_only():
    s = ludotheque.load("komikan/chivi-kora+alpha").initial_state()
    assert turns(play(s, "c2-c1")) == L("a5-a4 a5-b4 b5-b4 c5-a3 c5-b4 c5-c3 c5-c4 c5-d4 c5-e3 "
                                        "d5-d4 e5-d4 e5-e4")


def test_km_x17_condor_start_and_rest():
    s = ludotheque.load("komikan+condor").initial_state()
    assert turns(s) == L("c2-b2 c2-c1 c2-c3 c2-d2 c5-b4 c5-b5 c5-c4 c5-d4 c5-d5")
    assert turns(play(s, "c2-c3")) == L("a5-a4 a5-b4 a5-b5 b6-b5 d6-d5 e5-d4 e5-d5 e5-e4")
    condor = play(s, "c5-c4")
    assert turns(condor) == L("a5-a4 a5-b4 a5-b5 b6-b5 b6-c5 c6-c5 d6-c5 d6-d5 e5-d4 e5-d5 e5-e4")
    assert turns(play(condor, "a5-a4")) == L("c2-b2 c2-c1 c2-c3 c2-d2")
    from ludotheque.games.komikan.komikan import INDEX
    for variant in ("komikan/adugo+condor", "komikan/chivi-kora+condor"):
        from ludotheque.games.komikan import kernels as K
        assert ludotheque.load(variant).initial_state().data[K.CONDOR] == INDEX["c4"]


def test_km_x18_condor_the_puma_lands_on_it_the_condor_jumps():
    s = position(X18, "komikan+condor", pile=4)
    assert turns(s) == L("c2-b2 c2-c1 c2-d2 c2xc4 c4-a4 c4-c5 c4-d4")
    after = play(s, "c2xc4")
    assert pile(after) == 5
    assert turns(after) == L("a6-a5 a6-b6 a7-b6 b4-a3 b4-a4 b4-a5 b4-b3 b4-b5 b4-c3 b4-c5 b7-b6 "
                             "c7-b6 c7-c6 c7-d6 d7-d6 e7-d6 e7-e6")
    assert turns(play(after, "b4-b5")) == L("c4-b4 c4-c3 c4-c5 c4-d4")


def test_km_x19_condor_never_into_the_den():
    s = position(X19, "komikan+condor", pile=5)
    assert turns(s) == L("c1-a1 c1-c2 c1-e1 d4-b4 d4-c5 d4-d5 d4-e3 d4-e4 d4-e5")


def test_km_x20_condor_under_the_puma():
    s = position(X20, "komikan+condor", pile=5)
    assert turns(s) == L("c4-b4 c4-c3 c4-d4 c4xc6")


def test_km_x21_trapped_despite_the_condor():
    s = position(X21, "komikan+condor", pile=3)
    assert s.is_terminal and s.outcome().winner == ALPACAS


def test_km_x22_grass_setup():
    s = ludotheque.load("komikan+grass").initial_state()
    assert s.current_player == ALPACAS
    first = L("G@a3 G@a4 G@b3 G@b4 G@b5 G@c4 G@c5 G@d3 G@d4 G@d5 G@e3 G@e4")
    assert actions(s) == first
    s = play(s, "G@c5")
    assert s.current_player == PUMA and actions(s) == [a for a in first if a != "G@c5"]
    s = play(s, "G@b4")
    assert s.current_player == PUMA and actions(s) == L("c2-b2 c2-c1 c2-c3 c2-d2")


def test_km_x23_grass_the_link():
    s = position(X23, "komikan+grass", pile=5)
    assert turns(s) == L("b4-a3 b4-a4 b4-a5 b4-b3 b4-b5 b4-c3 b4-c4 b4-c5 b4-c7 b4-e5 b4-e6 "
                         "b4-e7 b4~d6xb6 b4~d6xd4")
    after = play(s, "b4~d6xb6")
    assert pile(after) == 6 and after.is_terminal and after.outcome().winner == PUMA


def test_km_x24_grass_a_protected_alpaca():
    s = position(X24, "komikan+grass", pile=5)
    assert turns(s) == L("c4-c3 c4-c6 c4-d4 c4xa4")
    jumped = play(s, "c4-c6")
    assert pile(jumped) == 5 and "[a]" in jumped.to_text()
    assert pile(play(s, "c4xa4")) == 6


def test_km_x25_multi_jump():
    s = position(X25, "komikan?multi_jump=1", pile=2)
    assert turns(s) == L("c2-b2 c2-c1 c2-d2 c2xc4 c2xc4xc6 c2xc4xe4 c2xc4xe4xe6")
    end = play(s, "c2xc4xe4xe6")
    assert pile(end) == 5 and end.current_player == ALPACAS
    assert turns(position(X25, "komikan", pile=2)) == L("c2-b2 c2-c1 c2-d2 c2xc4")
