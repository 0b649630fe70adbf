"""One ruleset, one id: `komikan?reinforcements=1` is `komikan/lemery`, so a record written
under either id loads as the other."""
import random

import pytest

import ludotheque
from ludotheque.records import GameRecord


def _random_record(ruleset: str, seed: int) -> GameRecord:
    state, rng, actions = ludotheque.load(ruleset).initial_state(), random.Random(seed), []
    while not state.is_terminal and len(actions) < 80:
        actions.append(rng.choice(state.legal_actions()))
        state = state.apply(actions[-1])
    return GameRecord(ruleset, actions)


@pytest.mark.parametrize("written, alias", [
    ("komikan?reinforcements=1", "komikan/lemery"),
    ("komikan/lemery+alpha?multi_jump=1", "komikan+alpha?reinforcements=1&multi_jump=1"),
])
def test_reinforcements_option_and_lemery_variant_are_one_ruleset(written, alias):
    game = ludotheque.load(written)
    assert game is ludotheque.load(alias)
    assert not game.id.startswith("komikan?") and "reinforcements" not in game.id
    record = _random_record(written, 3)
    for text in (record.to_text(), record.to_json()):
        other = GameRecord.parse(text.replace(written, alias))
        assert other.actions == record.actions
        assert other.final_state() == record.final_state()
        assert other.moves() == record.moves()
