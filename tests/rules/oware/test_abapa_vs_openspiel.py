"""OW-O: differential test against OpenSpiel's `oware` (the peer implementation).

With `grand_slam=forbid-capture&repetition=2` both engines must agree at every ply on the
legal actions, the board, the scores, whether the game is over, and the returns.

One difference of presentation, not of rules: OpenSpiel sweeps the seeds left on the board
into their row owners' stores at every game end (once terminal its LegalActions() is empty,
which triggers CollectAndTerminate), also after a 25-seed win, where OW-F1 leaves the board
as it stands. So a terminal board is compared after that sweep.
"""
import numpy as np
import pyspiel
import pytest

import ludotheque
from ludotheque.games.oware import kernels as K

GAMES = 2000
OPENSPIEL_MAX_PLIES = 1000   # OpenSpiel raises a SpielError when applying move 1000


def their_board(state) -> tuple[list[int], list[int]]:
    obs = np.asarray(state.observation_tensor(0)) * 48
    seeds = [int(round(v)) for v in obs]
    return seeds[:12], seeds[12:14]


@pytest.mark.parametrize("chunk", range(4))
def test_ow_o_lockstep_with_openspiel_over_random_games(chunk):
    ours_game = ludotheque.load("oware?grand_slam=forbid-capture&repetition=2")
    theirs_game = pyspiel.load_game("oware")
    rng = np.random.default_rng(1000 + chunk)
    for _ in range(GAMES // 4):
        ours, theirs = ours_game.initial_state(), theirs_game.new_initial_state()
        for ply in range(OPENSPIEL_MAX_PLIES):
            houses, stores = their_board(theirs)
            assert ours.is_terminal == theirs.is_terminal(), f"terminal differs at ply {ply}"
            our_houses = [int(v) for v in ours.data[:12]]
            our_stores = [int(ours.data[K.STORE]), int(ours.data[K.STORE + 1])]
            if ours.is_terminal:   # OpenSpiel's sweep
                our_stores = [our_stores[0] + sum(our_houses[:6]), our_stores[1] + sum(our_houses[6:])]
                our_houses = [0] * 12
            assert our_houses == houses, f"board differs at ply {ply}"
            assert our_stores == stores, f"scores differ at ply {ply}"
            if ours.is_terminal:
                assert list(ours.returns()) == list(theirs.returns())
                break
            assert ours.current_player == theirs.current_player()
            legal = ours.legal_actions()
            assert legal == list(theirs.legal_actions()), f"legal actions differ at ply {ply}"
            action = int(rng.choice(legal))
            ours = ours.apply(action)
            theirs.apply_action(action)
