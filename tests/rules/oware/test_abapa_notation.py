"""OW-N notation: every legal action of every state along many random games round-trips, and
so does the record of every game (JSON and text)."""
import random

import ludotheque
from ludotheque.records import GameRecord


def test_ow_n_notation_and_records_round_trip_along_random_games():
    game = ludotheque.load("oware")
    rng = random.Random(12)
    for _ in range(300):
        state, actions = game.initial_state(), []
        while not state.is_terminal:
            legal = state.legal_actions()
            for a in legal:
                text = state.move_to_string(a)
                assert len(text) == 1 and state.parse_move(text) == a
            a = rng.choice(legal)
            actions.append(a)
            state = state.apply(a)
        rec = GameRecord(game.id, actions)
        assert GameRecord.from_text(rec.to_text()).actions == actions
        assert GameRecord.from_json(rec.to_json()).actions == actions
