"""Every perft value of rules/awithlaknannai.md §11, counted in complete turns (a chain stopped
after k jumps is one turn; a huff removal belongs to the remover's turn), and the depth-3
hand count of §11."""
import pytest
from _aw_util import load, perft_values, play, turns

from ludotheque.core.perft import divide, perft

CASES = [
    ("awithlaknannai", [3, 4, 9, 23, 76, 252, 768, 2794]),
    ("awithlaknannai/serpents", [3, 4, 9, 23, 76, 252, 768, 2815]),
    ("awithlaknannai/lemery", [7, 16, 71, 243, 891]),
    ("awithlaknannai/serpents?lemery=1", [7, 16, 71, 243, 891, 3796]),
    ("awithlaknannai+shaman", [4, 9, 17, 42, 157]),
    ("awithlaknannai/lemery+shaman", [8, 27, 139, 711, 3394]),
    ("awithlaknannai/classic", [3, 4, 9, 23, 76, 227]),
    ("awithlaknannai?no_backtrack=1", [3, 4, 9, 23, 74, 234]),
    ("awithlaknannai?forced_chain=1", [3, 4, 9, 23, 76, 233]),
    ("awithlaknannai?huffing=1", [3, 7, 29, 201]),
]


@pytest.mark.parametrize("rid, expected", CASES, ids=[c[0] for c in CASES])
def test_perft_in_turns(rid, expected):
    state = load(rid).initial_state()
    got = perft_values(state, len(expected))
    if got != expected:
        print(rid, divide(state, 2))
    assert got == expected


def test_required_base_values_by_hand():
    s = load("awithlaknannai").initial_state()
    assert turns(play(s, "m4-m5", "m6xm4")) == ["m3xm5"]
    assert turns(play(s, "b4-m5", "t5xb4")) == ["b6xt5"]
    assert turns(play(s, "b4-m5", "t3xb4")) == ["b3-m4", "m3-m4", "m3-t3", "m5-m4"]
    assert turns(play(s, "b5-m5", "t4xb5")) == ["b4-m5", "m4-m5", "m4-t4"]


def test_protocol_perft_counts_actions():
    """core.perft counts single actions; with no chains in the first plies it agrees."""
    s = load("awithlaknannai").initial_state()
    assert [perft(s, d) for d in (1, 2, 3)] == [3, 4, 9]
