"""Helpers of the Komikan tests: positions from the spec's diagrams, turns as text, turn perft."""
import numpy as np

import ludotheque
from ludotheque import NotationError
from ludotheque.games.komikan import kernels as K

PUMA, ALPACAS = 0, 1


def position(diagram, ruleset="komikan", to_move=PUMA, **kw):
    return ludotheque.load(ruleset).from_diagram(diagram, to_move, **kw)


def actions(state):
    """The legal actions of the player to move, in notation, sorted."""
    return sorted(state.move_to_string(a) for a in state.legal_actions())


def turns(state):
    """Complete turns in turn text (§8, §9): chains `c2xc4xe4`, returns `c2-c1,@b7`."""
    out = []
    p = state.current_player

    def walk(st, text):
        for a in st.legal_actions():
            tok = st.move_to_string(a)
            after = st.apply(a)
            if tok == "stop":
                out.append(text)
                continue
            if not text:
                t2 = tok
            elif tok.startswith("@"):
                t2 = text + "," + tok
            else:
                t2 = text + tok[tok.index("x"):] if "~" not in tok else text + tok[2:]
            if after.is_terminal or after.current_player != p or a >= K.GRASS:
                out.append(t2)
            else:
                walk(after, t2)
    walk(state, "")
    return sorted(out)


def play(state, *texts):
    """Plays each text: one action (`c2xc4` leaves a chain open), else a whole turn."""
    for t in texts:
        try:
            actions = [state.parse_move(t)]
        except NotationError:
            actions = state.parse_turn(t)
        for a in actions:
            state = state.apply(a)
    return state


def pile(state):
    return int(state.data[K.PILE])


def turn_perft(game, s, depth):
    """Number of complete-turn sequences of length depth (§10), on the raw kernels."""
    out = np.empty(1024, np.int64)

    def rec(s, depth):
        if depth == 0:
            return 1
        if K.to_move(s, game.spec) < 0:
            return 0
        return expand(s, depth, int(s[K.TO_MOVE]))

    def expand(s, depth, p):
        n = K.legal(s, game.spec, out)
        acts = out[:n].copy()
        total = 0
        for a in acts:
            c = s.copy()
            need = K.apply(c, game.spec, a)
            if need:
                c = np.concatenate([c, np.zeros(need - len(c), np.int32)])
            if K.to_move(c, game.spec) == p and a < K.GRASS:      # a placement is a ply
                total += expand(c, depth, p)
            elif depth == 1:
                total += 1
            else:
                total += rec(c, depth - 1)
        return total

    return rec(s.copy(), depth)
