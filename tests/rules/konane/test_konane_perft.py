"""KO-E3: the perft table of rules/konane.md section 6, counted in complete turns."""
import pytest

from ludotheque.core import load
from ludotheque.core.perft import perft
from ludotheque.games.konane import kernels as K

# The spec writes `konane?size=6+hummingbird`; the registry's id grammar puts options last.
TABLE = {
    "konane?size=4": [4, 12, 16, 52, 120, 376],
    "konane?size=6": [4, 12, 28, 156, 668, 4192],
    "konane": [4, 12, 28, 172, 892, 7124],
    "konane?size=10": [4, 12, 28, 172, 984, 8596],
    "konane+hummingbird?size=4": [2, 4, 4, 0],
    "konane+hummingbird?size=6": [2, 4, 6, 53, 483],
    "konane+hummingbird": [2, 4, 4, 12, 50],
    "konane+knots": [4, 12, 28, 172, 892, 7200],
}


def turn_perft(state, depth):
    """Complete turns (KO-E3): each chain stopping point and each bonus decision distinct."""
    if depth == 0:
        return 1
    ts = state.game.turns(state)
    if depth == 1:
        return len(ts)
    return sum(turn_perft(after, depth - 1) for _, _, after in ts)


@pytest.mark.parametrize("rid", TABLE)
def test_ko_e3_perft(rid):
    s = load(rid).initial_state()
    got = [turn_perft(s, d) for d in range(1, len(TABLE[rid]) + 1)]
    assert got == TABLE[rid], {t: turn_perft(after, len(TABLE[rid]) - 1) for t, _, after in s.game.turns(s)}


def test_ko_e3_turns_group_actions():
    """The first plies are single actions; chains make turns and actions differ later."""
    s = load("konane?size=4").initial_state()
    assert [perft(s, d) for d in (1, 2, 3)] == [4, 12, 16]
    s8 = load("konane").initial_state()
    assert turn_perft(s8, 4) == 172



def test_ko_e3_depth_3_by_opening_on_8x8():
    s = load("konane").initial_state()
    assert sorted(t for t, _, _ in s.game.turns(s.apply_move("-h1").apply_move("-g1"))) == ["h3xh1"]
    assert sorted(t for t, _, _ in s.game.turns(s.apply_move("-h1").apply_move("-h2"))) == ["f1xh1"]
    assert sorted(t for t, _, _ in s.game.turns(s.apply_move("-a8").apply_move("-b8"))) == ["a6xa8"]
    assert sorted(t for t, _, _ in s.game.turns(s.apply_move("-a8").apply_move("-a7"))) == ["c8xa8"]
    for centre in ("-d5", "-e4"):
        after = s.apply_move(centre)
        for _, _, reply in s.game.turns(after):
            ts = [t for t, _, _ in s.game.turns(reply)]
            assert len(ts) == 3 and all(t.endswith(centre[1:]) for t in ts)


def test_kh_c2_depth_3_on_6x6_with_the_hummingbird_bonus():
    g = load("konane+hummingbird?size=6")
    s = g.initial_state()
    assert sorted(t for t, _, _ in g.turns(s.apply_move("-a6").apply_move("-b6"))) == ["a4xa6", "a4xa6 c4xa4"]
    assert sorted(t for t, _, _ in g.turns(s.apply_move("-a6").apply_move("-a5"))) == ["c6xa6", "c6xa6 c4xc6"]


def test_kn_b1_knots_first_differ_at_depth_6():
    plain, knots = load("konane"), load("konane+knots")
    extra = []
    for (t1, _, a1), (_, _, b1) in zip(plain.turns(plain.initial_state()), knots.turns(knots.initial_state())):
        for (t2, _, a2), (_, _, b2) in zip(plain.turns(a1), knots.turns(b1)):
            assert turn_perft(a2, 3) == turn_perft(b2, 3)           # depths 3..5 agree
            for (t3, _, a3), (_, _, b3) in zip(plain.turns(a2), knots.turns(b2)):
                for (t4, _, a4), (_, _, b4) in zip(plain.turns(a3), knots.turns(b3)):
                    for (t5, _, a5), (_, _, b5) in zip(plain.turns(a4), knots.turns(b4)):
                        k = [t for t, _, _ in knots.turns(b5) if t.startswith("@")]
                        if k:
                            extra.append((t3, t5, len(k)))
                            assert b5.data[K.CAPT + 1] >= 3               # Jasmine lost 3 flowers
    assert sum(n for _, _, n in extra) == 7200 - 7124
