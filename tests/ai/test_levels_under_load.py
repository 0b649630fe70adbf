"""A level plays the same move for the same position and seed however busy the machine is: each
level is a fixed amount of search, not of time (`ludotheque.ai.levels`)."""
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

SRC = str(Path(__file__).resolve().parents[2] / "src")

# Every level's move in a few positions (random actions from the start, by seed), printed as
# JSON: {"ruleset level": [action, ...]}.
CHOOSE = r'''
import json, random, sys
import ludotheque
from ludotheque.ai.agents import make_agent
from ludotheque.ai.levels import LEVEL_NAMES

ruleset = sys.argv[1]
game = ludotheque.load(ruleset)
positions = []
for seed, plies in ((1, 8), (2, 20)):
    rng, state = random.Random(seed), game.initial_state(seed)
    for _ in range(plies):
        if state.is_terminal:
            break
        state = state.apply(rng.choice(state.legal_actions()))
    while state.is_chance_node:
        state = state.apply(state.legal_actions()[0])
    positions.append(state)
print(json.dumps({level: [make_agent(level, 1).choose(s) for s in positions]
                  for level in LEVEL_NAMES}))
'''


def levels_moves(ruleset: str) -> dict[str, list[int]]:
    out = subprocess.run([sys.executable, "-c", CHOOSE, ruleset], capture_output=True, text=True,
                         check=True, env=dict(os.environ, PYTHONPATH=SRC))
    return json.loads(out.stdout)  # type: ignore[no-any-return]


@pytest.mark.parametrize("ruleset", ["fanorona", "oware", "puluc"])
def test_a_level_plays_the_same_moves_beside_two_busy_processes(ruleset):
    quiet = levels_moves(ruleset)
    burners = [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(2)]
    try:
        busy = levels_moves(ruleset)
    finally:
        for p in burners:
            p.kill()
            p.wait()
    assert busy == quiet
