import pytest

from ._soak import RULESETS, check


@pytest.mark.parametrize("ruleset", RULESETS[1::2])
def test_soak_finds_no_broken_invariant(ruleset):
    check(ruleset)
