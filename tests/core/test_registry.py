"""Ruleset ids: parsing, canonical form, and clear errors for bad ids and options."""
import pytest

import ludotheque
from ludotheque import RulesetError


def test_ids_are_canonical_and_games_cached():
    a = ludotheque.load("oware?repetition=2&grand_slam=forbid-capture")
    b = ludotheque.load("oware?grand_slam=forbid-capture&repetition=2")
    assert a is b and a.id == "oware?grand_slam=forbid-capture&repetition=2"
    assert ludotheque.load("oware?grand_slam=lemery").id == "oware"   # defaults are dropped


@pytest.mark.parametrize("bad, message", [
    ("chess", "unknown game"),
    ("oware/tsivy", "unknown game"),
    ("oware+female", "no extension"),
    ("oware?grand_slam=maybe", "must be one of"),
    ("oware?repetition=x", "integer"),
    ("oware?repetition=9", "out of range"),
    ("oware?max_plies=-1", "out of range"),
    ("oware?colour=red", "no option"),
    ("oware?repetition", "needs a value"),
    ("Oware", "malformed"),
    ("oware??", "needs a value"),
    ("", "malformed"),
    (42, "string"),
])
def test_bad_ids_raise_ruleset_error(bad, message):
    with pytest.raises(RulesetError, match=message):
        ludotheque.load(bad)


def test_every_registered_ruleset_loads_and_lists():
    infos = ludotheque.rulesets()
    assert "oware" in [ri.name for ri in infos]
    for ri in infos:
        game = ludotheque.load(ri.name)
        assert game.id == ri.name and ri.description
        assert game.initial_state().legal_actions()


def test_extensions_may_follow_the_options_as_rules_files_write_them():
    a = ludotheque.load("konane?size=6+hummingbird+knots")
    assert a is ludotheque.load("konane+hummingbird+knots?size=6")
    assert a.id == "konane+hummingbird+knots?size=6"
    with pytest.raises(RulesetError, match="no extension"):
        ludotheque.load("konane?size=6+dragons")


@pytest.mark.parametrize("bad", ["dara?hut_capture=1", "fanorona?female_first=line",
                                 "konane?hummingbird_step=all"])
def test_an_option_of_an_extension_needs_that_extension_even_at_its_default(bad):
    with pytest.raises(RulesetError, match="needs the"):
        ludotheque.load(bad)


@pytest.mark.parametrize("bad", ["oware ", " oware", "oware\n", "oware?", "fanorona /vela",
                                 "konane?size=6 ", "konane?+hummingbird", "oware?grand_slam=lemery "])
def test_an_id_is_written_exactly_without_spaces_or_an_empty_query(bad):
    with pytest.raises(RulesetError, match="malformed|integer|must be one of"):
        ludotheque.load(bad)
    # the valid forms of the same ids still load
    assert ludotheque.load("konane?size=6").id == "konane?size=6"
    assert ludotheque.load("konane?size=6+hummingbird").id == "konane+hummingbird?size=6"
    assert ludotheque.load("fanorona/vela").id == "fanorona/vela"
