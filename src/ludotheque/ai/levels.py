"""Computer levels: the one table naming the agent and budget of each level per ruleset.

The web app and ``make_agent("easy")`` read it. A ruleset without its own row uses
``DEFAULT``; a row is looked up by the ruleset's name (``oware``, ``oware/nam-nam``: not by
family, as variants differ in what search knows). Options and extensions do not change the
level. ``expert`` stays under 2 s a
move on a 2-core machine (the search stops itself a little before its budget).

Choices, from arena runs (``benchmarks/levels.py``): where the game gives an evaluation
function, alpha-beta is the strongest player and ``greedy`` an honest beginner; elsewhere
UCT with random playouts, with the budget growing tenfold a level.
"""
from __future__ import annotations

from ..core import registry

LEVEL_NAMES = ("easy", "medium", "hard", "expert")

DEFAULT: dict[str, str] = {
    "easy": "mcts:50p",
    "medium": "mcts:500p",
    "hard": "mcts:0.5",
    "expert": "mcts:1.8",
}

LEVELS: dict[str, dict[str, str]] = {
    "oware": {
        "easy": "greedy",
        "medium": "alphabeta:d3",
        "hard": "alphabeta:d7",
        "expert": "alphabeta:0.5",
    },
}


def level_table(ruleset_id: str) -> dict[str, str]:
    """Level name -> agent spec for a ruleset id."""
    ri, _, _ = registry.parse_ruleset_id(ruleset_id)
    return dict(LEVELS.get(ri.name) or DEFAULT)


def level_spec(ruleset_id: str, level: str) -> str:
    if level not in LEVEL_NAMES:
        raise ValueError(f"unknown level {level!r} ({', '.join(LEVEL_NAMES)})")
    return level_table(ruleset_id)[level]
