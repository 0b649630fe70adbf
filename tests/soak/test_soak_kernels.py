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
