"""Records: both forms round-trip, replay re-validates, errors name the move."""
import json

import pytest

import ludotheque
from ludotheque import RecordError
from ludotheque.records import GameRecord

LINE = ["C", "f", "D", "a", "F", "b"]


def oware_record():
    state = ludotheque.load("oware").initial_state()
    actions = []
    for m in LINE:
        a = state.parse_move(m)
        actions.append(a)
        state = state.apply(a)
    return GameRecord("oware", actions, ["Ama", "Kofi"], date="2026.11.25")


def test_text_form_has_tags_and_numbered_moves():
    text = oware_record().to_text()
    assert '[Ruleset "oware"]' in text and '[South "Ama"]' in text and '[North "Kofi"]' in text
    assert "1. C f 2. D a 3. F b *" in text


def test_text_and_json_round_trip():
    rec = oware_record()
    assert GameRecord.from_text(rec.to_text()).to_text() == rec.to_text()
    assert GameRecord.from_json(rec.to_json()).to_json() == rec.to_json()
    assert GameRecord.parse(rec.to_json()).actions == rec.actions


def test_text_parser_accepts_comments_and_unnumbered_moves():
    rec = GameRecord.from_text('[Ruleset "oware"]\n\nC {a good start} f D a F b\n')
    assert rec.moves() == LINE


def test_illegal_move_is_reported_with_its_number():
    with pytest.raises(RecordError, match=r"move 3 \(a\): a is a North house"):
        GameRecord.from_text('[Ruleset "oware"]\n\n1. C f 2. a\n')
    data = json.loads(oware_record().to_json())
    data["actions"][4] = 7            # no such house
    data.pop("moves")
    with pytest.raises(RecordError, match="action 5"):
        GameRecord.from_json(json.dumps(data))


@pytest.mark.parametrize("text, message", [
    ("", "Ruleset"),
    ('[Ruleset "chess"]\n\n1. e4', "bad ruleset"),
    ('[Ruleset "oware"\n\nC', "malformed tag"),
    ('[Ruleset "oware"]\n\n1. Q', "move 1"),
    ('[Ruleset "oware"]\n[Result "1-0"]\n\nC f', "record says 1-0"),
    ("{not json", "not a JSON record"),
    ('{"format": "other"}', "not a ludotheque record"),
    ('{"format": "ludotheque-record", "ruleset": "oware", "actions": ["C"]}', "integers"),
    ('{"format": "ludotheque-record", "ruleset": "oware", "actions": [2], "moves": ["D"]}', "does not match"),
])
def test_malformed_records_raise_record_error(text, message):
    with pytest.raises(RecordError, match=message):
        GameRecord.parse(text)


@pytest.mark.parametrize("moves", ["1. " * 20_000, "1. C f 2. 3. D", "1. C f 2. *", "1... 1... f"])
def test_a_move_number_with_no_move_is_refused(moves):
    # 60 kB of "1. 1. 1." once read as an empty game
    with pytest.raises(RecordError, match="followed by no move"):
        GameRecord.from_text(f'[Ruleset "oware"]\n\n{moves}\n')


def test_finished_game_records_result_and_termination():
    game = ludotheque.load("oware?max_plies=4")
    rec = GameRecord(game.id, [0, 0, 1, 1])
    text = rec.to_text()
    assert "[Termination" in text and rec.result() in text
    assert GameRecord.from_text(text).result() == rec.result()


@pytest.mark.parametrize("text", ["Ama\u2028Kofi", "Ama\u2029", "\x85Ama", "Ama\ud800", "\udc00"])
@pytest.mark.parametrize("where", ["player", "event", "tag"])
def test_line_separators_and_lone_surrogates_fail_validation_not_the_text_form(text, where):
    # \u2028 and \u2029 end a line for the text parser; a lone surrogate has no UTF-8
    rec = oware_record()
    if where == "player":
        rec.players[1] = text
    elif where == "event":
        rec.event = text
    else:
        rec.tags["Note"] = text
    with pytest.raises(RecordError, match="line separators or lone surrogates"):
        rec.check()
    with pytest.raises(RecordError):
        rec.to_text()
