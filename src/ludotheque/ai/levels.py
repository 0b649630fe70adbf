"""Computer levels: the one table naming the agent and budget of each level per ruleset.

The web app and ``make_agent("easy")`` read it. A ruleset without its own row uses
``DEFAULT``; a row is looked up by the ruleset's name (``oware``, ``oware/nam-nam``: not by
family, as variants differ in what search knows). Options and extensions do not change the
level.

Every level is a fixed amount of work (nodes, depth or playouts, never seconds), so it plays
the same move for the same position and seed however busy the machine is. Every game family
has an evaluation function, so the levels are alpha-beta searches of growing size: ``easy``
looks one action ahead (``greedy``), ``medium`` and ``hard`` search a fixed number of nodes
(a few milliseconds), ``expert`` the nodes of `EXPERT_NODES`: what half a CPU second searches
in that ruleset (measured once with ``benchmarks/level_nodes.py``), at least 20 times the
nodes of ``hard``. Time-limited searchers (``alphabeta:0.5``) remain for the arena and the CLI.
The budgets come from arena runs (``benchmarks/levels.py``, results in
``benchmarks/results/levels.jsonl`` and docs/BENCHMARKS.md): each level scores at least 75%
against the one below (60% in Puluc, where the throws weigh heavily); the node-budget
``expert`` against ``hard`` is measured only provisionally so far, on fewer games (the rule is
in ``benchmarks/levels.py``). On the small boards where the seat decides between two good
searchers (the side with the winning seat converts it), the levels below ``expert`` search
less, so that each one still leaves the next room to win.
"""
from __future__ import annotations

from ..core import registry

LEVEL_NAMES = ("easy", "medium", "hard", "expert")

DEFAULT: dict[str, str] = {
    "easy": "greedy",
    "medium": "alphabeta:300n",
    "hard": "alphabeta:5000n",
}

LEVELS: dict[str, dict[str, str]] = {
    "oware": {
        "easy": "greedy",
        "medium": "alphabeta:d3",
        "hard": "alphabeta:d7",
    },
    # Puluc: the throws weigh so much that searching deeper than two actions does not play
    # better (alpha-beta 4 deep or 0.5 s scores 45-55% against 2 deep over 100 games), and
    # greedy is within 60% of 2 deep; so the ladder climbs from random moves through 30 and 150
    # playouts to a two-action expectimax with the evaluation's throw-weighted threats.
    **{name: {"easy": "random", "medium": "mcts:30p", "hard": "mcts:150p", "expert": "alphabeta:d2"}
       for name in ("puluc", "puluc/sauvetage", "puluc/ludens")},
    # Komikan: a 300-node search hems the Puma no better than greedy (50-54%, most games
    # drawn), 1,000 nodes only 63-66%, and 20,000 nodes score only 71.5% against 2,000, while
    # half a second searches only 100,000 nodes here: the levels climb from random moves
    # through greedy and 2,000 nodes, each step well apart.
    **{name: {"easy": "random", "medium": "greedy", "hard": "alphabeta:2000n"}
       for name in ("komikan", "komikan/lemery", "komikan/adugo", "komikan/chivi-kora")},
    # Small boards where the seat decides between two good searchers (the second player, or
    # Omweso's second to rearrange, wins most games from a random opening): a 5,000-node hard
    # converted its winning seat against half a second (Lemery: expert 5 wins, 15 draws, 30
    # losses as first player; 1,000 nodes still 70.8% over 48 games), and small searches only
    # draw against greedy (30 nodes 56% on Lemery); so the ladder climbs from random moves
    # through greedy and 300 nodes to half a second.
    **{name: {"easy": "random", "medium": "greedy", "hard": "alphabeta:300n"}
       for name in ("awithlaknannai", "awithlaknannai/classic", "awithlaknannai/lemery",
                    "oware/omweso")},
    # Dimy: 5,000 nodes held the winning seat against half a second (62.5%).
    "fanorona/dimy": {"easy": "greedy", "medium": "alphabeta:30n", "hard": "alphabeta:500n"},
}

# Nodes of an `expert` move: half a CPU second of alpha-beta in each ruleset, from the nodes
# per CPU second of `benchmarks/level_nodes.py --probe 200000` (games from random openings,
# 20 moves each; results in benchmarks/results/level_nodes_probe.json), two significant digits.
# Fanoron-Telo's search reaches the solved values within any budget.
EXPERT_NODES: dict[str, int] = {
    "awithlaknannai": 730_000, "awithlaknannai/lemery": 760_000,
    "awithlaknannai/serpents": 580_000, "awithlaknannai/classic": 530_000,
    "dara": 330_000, "dara/dala": 250_000,
    "fanorona": 350_000, "fanorona/vela": 230_000, "fanorona/telo": 100_000,
    "fanorona/dimy": 460_000,
    "komikan": 160_000, "komikan/lemery": 160_000, "komikan/adugo": 180_000,
    "komikan/chivi-kora": 210_000,
    "konane": 470_000,
    "oware": 1_000_000, "oware/nam-nam": 440_000, "oware/omweso": 820_000,
    "yote": 360_000, "yote/choko": 380_000,
}


def level_table(ruleset_id: str) -> dict[str, str]:
    """Level name -> agent spec for a ruleset id."""
    ri, _, _ = registry.parse_ruleset_id(ruleset_id)
    table = dict(LEVELS.get(ri.name) or DEFAULT)
    if "expert" not in table:
        table["expert"] = f"alphabeta:{EXPERT_NODES[ri.name]}n"
    return table


def level_spec(ruleset_id: str, level: str) -> str:
    if level not in LEVEL_NAMES:
        raise ValueError(f"unknown level {level!r} ({', '.join(LEVEL_NAMES)})")
    return level_table(ruleset_id)[level]
