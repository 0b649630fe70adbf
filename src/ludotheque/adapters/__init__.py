"""Bridges to the game-AI ecosystem (the optional ``[rl]`` extra; OpenSpiel is separate):

- `ludotheque.adapters.pettingzoo_env.env(ruleset)`: a PettingZoo AEC environment;
- `ludotheque.adapters.gymnasium_env.LudothequeEnv(ruleset, opponent)`: a Gymnasium
  single-agent environment against a ludotheque agent;
- `ludotheque.adapters.openspiel_game.register(ruleset)`: a ruleset as an OpenSpiel game.

Each module imports its library only when imported itself. docs/PROTOCOL.md describes the
actions and observations of every game.
"""
