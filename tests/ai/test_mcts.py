"""The UCT player: legal, reproducible, and much stronger than random."""
import random

import numpy as np
import pytest

import ludotheque
from ludotheque import CHANCE
from ludotheque.ai import MCTSAgent, RandomAgent, make_agent
from ludotheque.ai.mcts import Tree, search

RULESETS = [ri.name for ri in ludotheque.rulesets()]


def play(game, agents, seed=0, max_actions=3000):
    rng = random.Random(seed)
    state = game.initial_state()
    n = 0
    while not state.is_terminal and n < max_actions:
        if state.current_player == CHANCE:
            acts, probs = zip(*state.chance_outcomes())
            a = rng.choices(acts, probs)[0]
        else:
            a = agents[state.current_player].choose(state)
            assert a in state.legal_actions()
        state = state.apply(a)
        n += 1
    return state


@pytest.mark.parametrize("ruleset", RULESETS)
def test_mcts_plays_full_games_with_legal_moves(ruleset):
    game = ludotheque.load(ruleset)
    state = play(game, [MCTSAgent(playouts=60, seconds=None, seed=1), RandomAgent(2)], max_actions=400)
    assert state.is_terminal or state.current_player in (0, 1, CHANCE)


def test_mcts_with_a_fixed_seed_is_reproducible():
    s = ludotheque.load("oware").initial_state()
    a = search(s, playouts=2000, seed=5).root_children()
    b = search(s, playouts=2000, seed=5).root_children()
    assert a == b
    assert sum(v for _, v, _ in a) == 2000 - 1 or sum(v for _, v, _ in a) == 2000


def first_decision(ruleset):
    s = ludotheque.load(ruleset).initial_state(0)
    while s.is_chance_node:
        s = s.apply(s.legal_actions()[0])
    return s


def late_oware_position():
    """An Oware position 29 entries into its repetition record (room for 32): three plies
    without a capture below it grow the state past the width the tree keeps."""
    game, rng = ludotheque.load("oware"), random.Random(3)
    s = game.initial_state()
    while not (len(s.data) == 116 and s.data[17] >= 29):
        s = s.apply(rng.choice(s.legal_actions()))
    return s


@pytest.mark.parametrize("ruleset", ["oware", "fanorona"])
def test_a_tree_that_grows_as_it_fills_searches_as_one_allocated_whole(ruleset):
    s = first_decision(ruleset)
    grown = search(s, playouts=6000, seed=4)
    assert grown.capacity > 1 << 14 and grown.size[0] > 1 << 14      # it had to grow
    whole = search(s, playouts=6000, seed=4, tree=Tree(s, grown.limit, nodes=grown.limit))
    n = int(grown.size[0])
    assert whole.size[0] == n
    assert (whole.visits[:n] == grown.visits[:n]).all()
    assert (whole.parent[:n] == grown.parent[:n]).all()
    assert whole.root_children() == grown.root_children()


@pytest.mark.parametrize("position", ["oware", "puluc", "fanorona/telo", "late oware"])
def test_kept_states_give_the_same_search_as_replaying_from_the_root(position):
    # A store of one row keeps only the root's state, so every iteration replays its whole
    # path; 40 rows' worth of bytes fill early, and deeper nodes replay from their deepest
    # kept ancestor.
    s = late_oware_position() if position == "late oware" else first_decision(position)
    kept = search(s, playouts=1500, seed=3)
    width = len(s.data) * s.data.itemsize
    for rows in (1, 40):
        small = search(s, playouts=1500, seed=3, tree=Tree(s, kept.limit, rows * width))
        assert small.size[1] == small.states.shape[0] < kept.size[1]      # filled up
        assert small.states.nbytes <= max(rows * width, small.states[0].nbytes)
        n = int(kept.size[0])
        assert small.size[0] == n
        assert (small.visits[:n] == kept.visits[:n]).all()
        assert (small.value[:n] == kept.value[:n]).all()
    assert kept.root_children() == small.root_children()


def test_the_store_widens_for_grown_states_and_each_kept_state_is_its_nodes_state():
    s = late_oware_position()
    tree = search(s, playouts=1500, seed=3)
    assert tree.states.shape[1] > len(s.data)
    kept = grown = 0
    for k in range(int(tree.size[0])):
        if tree.row[k] < 0:
            continue
        path, j = [], k
        while j:
            path.append(int(tree.action[j]))
            j = int(tree.parent[j])
        state = s
        for a in reversed(path):
            state = state.apply(a)
        kept += 1
        grown += len(state.data) > len(s.data)
        row = tree.states[tree.row[k]]
        assert (row[:len(state.data)] == state.data).all() and not row[len(state.data):].any()
    assert kept > 100 and grown > 10


def test_mcts_beats_random_at_oware():
    game = ludotheque.load("oware")
    score = 0.0
    for g in range(8):
        seat = g % 2
        agents = [None, None]
        agents[seat] = MCTSAgent(playouts=400, seconds=None, seed=g)
        agents[1 - seat] = RandomAgent(g)
        r = play(game, agents, g).returns()[seat]
        score += (r + 1) / 2
    assert score >= 7


def test_mcts_takes_a_winning_harvest():
    game = ludotheque.load("oware")
    s = game.from_diagram("""
        f  e  d  c  b  a
North   0  0  0  1  2  1    store 21
South   0  0  0  0  2  3    store 18
        A  B  C  D  E  F
""")
    # F harvests 5 (23-21) and leaves North one house; E harvests only 2
    assert MCTSAgent(playouts=3000, seconds=None, seed=3).choose(s) == 5


def test_agent_specs():
    assert isinstance(make_agent("random"), RandomAgent)
    assert make_agent("mcts:0.5").seconds == 0.5
    assert make_agent("mcts:300p").playouts == 300
    with pytest.raises(ValueError):
        make_agent("deep-blue")
