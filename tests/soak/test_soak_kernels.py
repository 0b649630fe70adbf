"""`ludotheque soak --kernels`: the kernel invariants in compiled random play."""
import json

import numpy as np
import pytest
from numba import njit

import ludotheque
from ludotheque.cli.soak import kernel_soak
from ludotheque.core.kernels import Kernels
from ludotheque.games.oware import kernels as oware_kernels

IDS = [ri.name for ri in ludotheque.rulesets()] + [
    f"{ri.name}+{e}" for ri in ludotheque.rulesets() for e in ri.extensions]


@pytest.mark.parametrize("ruleset", IDS)
def test_kernel_soak_finds_no_broken_invariant(ruleset):
    report = kernel_soak(ruleset, 1_000_000, seed=5)
    print(json.dumps(report.to_dict()))
    assert report.failures == []
    assert report.plies == 1_000_000 and report.games >= 1


@njit(cache=True)
def legal_that_ends_too_soon(s, spec, out):
    """Oware's legal moves, but none once a store holds 10 seeds (before the game ends)."""
    if s[12] >= 10 or s[13] >= 10:
        return 0
    return oware_kernels.legal(s, spec, out)


def test_kernel_soak_reports_a_broken_kernel(monkeypatch):
    game = ludotheque.load("oware")
    broken = Kernels(legal_that_ends_too_soon, *game.kernels[1:])
    monkeypatch.setattr(game, "kernels", broken)
    report = kernel_soak("oware", 100_000, seed=5)
    assert report.failures and "no legal action before the end" in report.failures[0]


def test_kernel_soak_replays_every_nth_game_through_the_protocol():
    report = kernel_soak("puluc", 50_000, seed=5, every=10)
    assert report.failures == []
    sampled = len(range(0, report.games + report.cut_games, 10))   # games 0, 10, 20...
    assert report.protocol_games in (sampled, sampled + 1)          # + the unfinished last one
    assert 0 < report.protocol_plies < report.plies


def test_kernel_soak_finds_a_protocol_defect_in_the_sampled_games(monkeypatch):
    """A notation that does not parse back is not a kernel fault: only the replay finds it."""
    game = ludotheque.load("oware")
    monkeypatch.setattr(type(game), "action_to_string", lambda self, state, action: "A")
    report = kernel_soak("oware", 20_000, seed=5, every=50)
    assert report.failures and "through the protocol" in report.failures[0]
    assert "does not parse back" in report.failures[0]
