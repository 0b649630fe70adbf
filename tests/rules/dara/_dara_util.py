"""Helpers of the Dara tests: positions from the spec's diagrams, actions and turns as text."""
import ludotheque
from ludotheque.games.dara import kernels as K

LIONS, ELEPHANTS = 0, 1


def position(diagram, ruleset="dara", to_move=LIONS, lost=(0, 0), **kw):
    return ludotheque.load(ruleset).from_diagram(diagram, to_move, lost, **kw)


def actions(state):
    """The legal actions of the player to move, as the spec writes them, sorted."""
    return sorted(state.move_to_string(a) for a in state.legal_actions())


def turns(state):
    """Complete turns in turn text (DA-F1, section 9): an action, then the removal it earns."""
    out = []
    for a in state.legal_actions():
        text = state.move_to_string(a)
        after = state.apply(a)
        if not after.is_terminal and after.data[K.PEND]:
            out += [text + after.move_to_string(r) for r in after.legal_actions()]
        else:
            out.append(text)
    return sorted(out)


def play(state, *texts):
    for t in texts:
        state = state.apply_move(t)
    return state


def cell(state, name):
    """The diagram symbol on a cell."""
    g = state.game
    c = (int(name[1:]) - 1) * g.width + ord(name[0]) - 97
    return ".LEPMle"[int(state.data[c])]


def lost(state):
    return int(state.data[K.LOST]), int(state.data[K.LOST + 1])


DA_X1 = """
5  L L . E E E
4  L L L . L E
3  L E E L . .
2  E L . E L E
1  L E . . E L
   a b c d e f
"""

DA_X2 = """
5  L E . . E L
4  L E . L . .
3  . E L . E E
2  L L . E . E
1  . . L E E E
   a b c d e f
"""

DA_X3 = """
5  L E E . E L
4  . L L E L .
3  . . L E L .
2  . . L E L .
1  . . . L . .
   a b c d e f
"""

DL_X2 = """
6  E . . . . E
5  . . . . . E
4  . . L E . E
3  . . E L . .
2  L L . L . .
1  . . . . . .
   a b c d e f
"""

DL_X3 = """
6  E . E . E .
5  . E . . . E
4  E . . . E .
3  . L E L . .
2  . . . . L .
1  L L L L . L
   a b c d e f
"""

DH_X1 = """
5  L L . . E M
4  . . E . . .
3  . L P . . .
2  . . L . . E
1  . . . . E E
   a b c d e f
"""

DH_X2 = """
5  L L . . . M
4  . . E . . .
3  . L P . E .
2  . . L . . E
1  . . . . E E
   a b c d e f
"""

DH_X3 = """
6  . . . . . .
5  . E . . M .
4  . . E . . .
3  . L . E . .
2  . . . L . E
1  L L L P E .
   a b c d e f
"""

DS_X1 = """
5  L . L . L .
4  . L . . . L
3  E E . L L .
2  L . . . . E
1  E E . E . L
   a b c d e f
"""

DS_X2 = """
5  . E . . E .
4  . . . L . .
3  L . l . L E
2  . L P E . .
1  E . . . E .
   a b c d e f
"""
