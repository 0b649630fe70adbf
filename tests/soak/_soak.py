"""The soak every CI run makes: 10^5 random plies a ruleset through the protocol, with every
invariant of `ludotheque soak` checked at each ply (split over two files, one per test worker),
and 10^6 plies a ruleset and extension of the kernel-level invariants in compiled play."""
import json

import ludotheque
from ludotheque.cli.soak import soak

PLIES = 100_000
RULESETS = [ri.name for ri in ludotheque.rulesets()]


def check(ruleset: str) -> None:
    report = soak(ruleset, PLIES, seed=3)
    print(json.dumps(report.to_dict()))
    assert report.failures == []
    assert report.plies == PLIES and report.games >= 1
