"""Computer players: agents that reach games only through the protocol and kernels.

- `prepare(game)`, `warmup.warm_all()`: compile (or load from the disk cache) what a game
  needs ahead of the first move;
- `make_agent(spec)`: random, greedy, alphabeta[:S|:dN], mcts[:S|:Np], easy/medium/hard/expert;
- `levels.level_table(ruleset_id)`: the agent spec of each level (one table for all front ends);
- `hints.best_actions(state, seconds)`: every legal action ranked, with its value;
- `hints.analyse(states, actions)`: mistakes and blunders of a game;
- `arena.run(...)`: round robins with Elo estimates.
"""
from .agents import (
    AlphaBetaAgent, Agent, GreedyAgent, LevelAgent, MCTSAgent, RandomAgent, make_agent,
)
from .hints import Hint, analyse, best_actions
from .levels import LEVEL_NAMES, level_spec, level_table
from .warmup import prepare

__all__ = ["Agent", "AlphaBetaAgent", "GreedyAgent", "LevelAgent", "MCTSAgent", "RandomAgent",
           "make_agent", "prepare", "Hint", "analyse", "best_actions", "LEVEL_NAMES", "level_spec",
           "level_table"]
