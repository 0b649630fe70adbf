"""Shared by the search tests: a reference forced-win search and the puzzle check."""
from ludotheque import CHANCE
from ludotheque.ai import alphabeta as AB


def forced_win(state, player, plies):
    """Reference AND-OR search through the protocol: ``player`` wins within ``plies`` actions
    whatever the opponent does and whatever the throws (every throw of non-zero chance)."""
    if state.is_terminal:
        return state.returns()[player] > 0
    if plies == 0:
        return False
    if state.current_player == CHANCE:
        return all(forced_win(state.apply(a), player, plies - 1)
                   for a, p in state.chance_outcomes() if p > 0)
    children = [state.apply(a) for a in state.legal_actions()]
    if state.current_player == player:
        return any(forced_win(c, player, plies - 1) for c in children)
    return all(forced_win(c, player, plies - 1) for c in children)


def check_puzzle(state, best, plies):
    """``best`` is the winning action of a puzzle won in ``plies`` actions: the reference
    search confirms the puzzle, and alpha-beta finds the action and proves the win, but not
    with two actions fewer (so the depth is really needed)."""
    me = state.current_player
    assert forced_win(state.apply(best), me, plies - 1)          # the puzzle is sound
    res = AB.search(state, seconds=None, depth=plies)
    assert res.best == best and res.value > 1.0                 # a proven win
    assert AB.search(state, seconds=None, depth=plies, exact=True).ranked[0] == (best, res.value)
    if plies > 2:
        assert AB.search(state, seconds=None, depth=plies - 2).value <= 1.0
