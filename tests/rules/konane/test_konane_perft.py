"""KO-E3: the perft table of rules/konane.md section 6, counted in complete turns."""
import pytest

from ludotheque.core import load
from ludotheque.core.perft import perft

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

