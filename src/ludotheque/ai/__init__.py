"""Computer players: agents that reach games only through the protocol and kernels."""
from .agents import Agent, MCTSAgent, RandomAgent, make_agent

__all__ = ["Agent", "MCTSAgent", "RandomAgent", "make_agent"]
