"""Perft in complete turns (rules/fanorona.md section 8; FA-F5): every value of the table."""
from __future__ import annotations

import pytest
from _fanorona_util import turn_perft, turns

from ludotheque.core import load
from ludotheque.core.perft import perft

PERFT = {
    "fanorona": [5, 39, 724, 18026],
    "fanorona/telo": [4, 7, 14, 67, 137, 280],
    "fanorona/dimy": [5, 21, 202, 3469],
    "fanorona/vela": [5, 24, 94, 812],
    "fanorona/vela?vela_orange=paika_only": [5, 8, 27, 116],   # FV-R2
    "fanorona+female": [5, 57, 1198],
    "fanorona/dimy+female": [6, 44, 548],
    "fanorona/telo+female": [4, 9, 47],
    "fanorona+female?optional_capture=decline": [9, 82, 1783],  # FF-R3
    "fanorona+tamarins": [5, 204, 25318],
    "fanorona/dimy+tamarins": [5, 103, 6376],
    "fanorona/telo+tamarins": [4, 20, 98],
}


@pytest.mark.parametrize("rid", PERFT)
def test_fa_f5_perft(rid):
    g = load(rid)
    s = g.initial_state().data.copy()
    got = [turn_perft(g, s, d) for d in range(1, len(PERFT[rid]) + 1)]
    assert got == PERFT[rid], rid


def test_fa_f5_depth_one_turn_lists():
    assert set(turns(load("fanorona").initial_state())) == {"d2-e3A", "d3-e3A", "d3-e3W", "e2-e3A", "f2-e3A"}
    assert set(turns(load("fanorona/telo").initial_state())) == {"a1-b2A", "b1-b2A", "c1-b2A", "c2-b2A"}
    assert set(turns(load("fanorona/dimy").initial_state())) == {"b2-c3A", "c2-c3A", "d2-c3A", "d3-c3A", "d3-c3W"}
    assert set(turns(load("fanorona/dimy+female").initial_state())) == {
        "b2-c3A", "c2-c3A", "d2-c3A", "d3-c3A", "d3-c3W", "a1-c3A"}


def test_action_perft_agrees_with_turns_on_telo():
    # core.perft counts actions; with no chain at depth 1-2 of Telo, actions == turns
    s = load("fanorona/telo").initial_state()
    assert [perft(s, d) for d in (1, 2)] == [4, 7]
