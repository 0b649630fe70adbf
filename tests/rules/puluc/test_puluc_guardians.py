"""Puluc, Guardians mini-extension: one test per clause of rules/puluc.md part 3 (PG-*)."""
import pytest

import ludotheque
from ludotheque import CHANCE, IllegalActionError
from ludotheque.core.game import play_line
from ludotheque.games.puluc import kernels as K
from puluc_helpers import city, moves, play, position, removed, unit

RS = "puluc+guardians"
GAME = ludotheque.load(RS)

X1 = """
pos:  0       1  2  3  4  5  6  7  8  9  10
      Y×2+G   Y  .  B  .  .  Y  .  B  .  B×3
"""
X2 = """
pos:  0    1  2  3  4  5  6  7  8  9  10
      Y×2  .  .  Y  G  Y  .  B  .  B  B×3
"""
X3 = """
pos:  0    1  2   3  4  5  6  7  8  9  10
      Y×3  G  BY  .  .  B  .  .  .  .  B×2+g
"""


def pg(diagram, to_move=0, ruleset=RS):
    return position(diagram, to_move, ruleset)


def test_pg_a1_guardian_replaces_one_warrior_in_the_city():
    s = GAME.initial_state()
    assert city(s, 0) == "Y×4+G" and city(s, 1) == "B×4+g"
    assert ludotheque.load("puluc/sauvetage+guardians").initial_state().data[K.CITY] == 6


def test_pg_a2_guardian_is_a_warrior_for_every_other_rule():
    s = pg("""
pos:  0    1  2  3  4  5  6  7  8  9  10
      Y×4  .  .  .  .  G  .  .  B  .  B×4
""", to_move=1)
    s = play(s, "(3)", "8x5")                            # the Guardian is captured
    assert unit(s, 5) == "GB" and K.controlled_count(s.data, GAME.spec, 0) == 4
    s = play(s, "(1)", "0-1", "(5)", "5-0")              # ... and sacrificed
    assert removed(s) == (1, 0) and city(s, 1) == "B×5"
    lone = pg("""
pos:  0  1  2  3  4  5  6  7  8  9  10
      G  .  .  .  .  .  .  .  .  B  B×4      removed: Y×4
""", to_move=1)
    after = play(lone, "(1)", "9-8")
    assert not after.is_terminal                          # a Guardian at home is controlled


def test_pg_b1_split_or_guardian_alone():
    s = pg(X2)
    ms = moves(s, "(4)")
    assert "G4-8" in ms and "G4-6/2" in ms and "G4x7/3" in ms
    after = play(s, "(4)", "G4-6/2")
    assert after.current_player == 0 and after.data[K.VALUE] == 2 and moves(after) == ["5x7"]


def test_pg_b2_captured_or_covered_guardian_cannot_split():
    covered = pg("""
pos:  0    1  2  3  4    5  6  7  8  9  10
      Y×2  .  .  .  GBY  Y  .  .  .  B  B×3
""")
    ms = moves(covered, "(4)")
    assert ms == ["4-8", "5x9"] and not any("/" in m for m in ms)
    captured = pg("""
pos:  0    1  2  3  4   5  6  7  8  9  10
      Y×3  .  .  .  GB  Y  .  .  .  .  B×4
""")
    assert not any("/" in m or m.startswith("G") for m in moves(captured, "(4)"))


def test_pg_b3_eligible_partners():
    assert moves(pg(X2), "(3)") == sorted(["3-6", "G4x7", "5-8", "G4-6/2"])   # 3 and 5
    s = play(pg(X3), "(3)", "G1-3/2")                    # own city next to position 1
    assert moves(s) == ["0-1"]
    far = pg("""
pos:  0    1  2  3  4  5  6  7  8  9  10
      Y×3  .  Y  .  G  .  .  .  .  B  B×4
""")
    assert not any("/" in m for m in moves(far, "(4)"))   # no unit next to the Guardian


def test_pg_b4_one_split_per_turn_then_the_opponent():
    s = play(pg(X2), "(4)", "G4x7/3")
    assert moves(s) == ["3-4", "5-6"]
    s = s.apply_move("3-4")
    assert s.current_player == CHANCE and s.data[K.TO_MOVE] == 1


def test_pg_b5_guardian_first_and_never_onto_any_eligible_partner():
    """The Guardian's part may not end on the position of any eligible partner (PG-B3), even
    one that would then move away, and not even to stack on it in Sauvetage (PS-B1)."""
    s = pg(X2)
    assert "G4-5/1" not in moves(s, "(3)")               # the partner at 5 would leave, still blocked
    after = play(s, "(3)", "G4-6/2")
    assert unit(after, 6) == "G" and unit(after, 4) == ""
    ps = pg("""
pos:  0    1  2  3  4  5  6  7  8  9  10 11 12 13 14
      Y×4  .  .  Y  G  Y  .  .  .  .  .  .  B  .  B×6
""", ruleset="puluc/sauvetage+guardians")
    assert "G4-5" in moves(ps, "(1)")                    # an ordinary move may pair (PS-B1)
    ms = moves(ps, "(3)")
    assert "G4-6/2" in ms and "G4-5/1" not in ms         # a split part may not, onto a partner


def test_pg_b6_split_needs_both_parts():
    assert not any("/" in m for m in moves(pg(X1), "(3)"))   # after G0-2/2 no partner moves 1


def test_pg_b7_guardian_part_wins_or_goes_home():
    win = pg("""
pos:  0    1  2  3  4  5  6  7  8  9  10
      Y×3  .  G  Y  .  B  .  .  .  .  (empty)      removed: B×4
""")
    s = play(win, "(4)", "G2x5/3")
    assert s.is_terminal and s.outcome().winner == 0
    home = pg("""
pos:  0    1  2  3  4  5  6  7  8  9  10
      Y×3  .  .  .  .  B  .  Y  G  .  B×4
""")
    s = play(home, "(3)", "G8-10/2")
    assert city(s, 0) == "Y×3+G" and moves(s) == ["7-8"]


def test_pg_c1_guardian_entry_id_and_moves_by_position():
    s = pg(X1).apply_move("(2)")
    assert s.parse_move("G0-2") == 11 and s.parse_move("0-2") == 0
    t = pg(X2).apply_move("(3)")
    assert t.parse_move("G4x7") == 4


def test_pg_c2_split_ids_and_second_part():
    s = pg(X2).apply_move("(4)")
    assert s.parse_move("G4-6/2") == 13 and s.parse_move("G4x7/3") == 14
    after = s.apply(13)
    assert after.current_player == 0 and after.legal_actions() == [5]
    with pytest.raises(IllegalActionError):
        after.apply_move("3-5")


def test_pg_x1_guardian_in_the_city():
    s = pg(X1)
    assert moves(s, "(2)") == sorted(["0-2", "G0-2", "1x3", "6x8"])
    assert moves(s, "(3)") == sorted(["0x3", "G0x3", "1-4", "6-9"])
    assert moves(s, "(4)") == sorted(["0-4", "G0-4", "1-5", "6-10", "G0-2/2", "G0x3/3"])
    assert moves(play(s, "(4)", "G0-2/2")) == ["1x3"]
    assert moves(play(s, "(4)", "G0x3/3")) == ["1-2"]


def test_pg_x2_guardian_on_the_field_with_two_neighbours():
    s = pg(X2)
    assert moves(s, "(3)") == sorted(["3-6", "G4x7", "5-8", "G4-6/2"])
    assert moves(play(s, "(3)", "G4-6/2")) == ["3-4"]
    assert moves(s, "(4)") == sorted(["3x7", "G4-8", "5x9", "G4-6/2", "G4x7/3"])
    assert moves(play(s, "(4)", "G4-6/2")) == ["5x7"]
    assert moves(play(s, "(4)", "G4x7/3")) == ["3-4", "5-6"]


def test_pg_x3_guardian_on_the_first_position_partner_entering():
    s = pg(X3)
    assert moves(s, "(2)") == sorted(["G1-3", "2-4"])
    assert moves(s, "(3)") == sorted(["0-3", "G1-4", "2x5", "G1-3/2"])
    assert moves(play(s, "(3)", "G1-3/2")) == ["0-1"]


def test_pg_n_split_notation_in_a_record():
    s = play_line(pg(X2), "(3) G4-6/2 3-4".split())
    assert unit(s, 6) == "G" and unit(s, 4) == "Y" and s.current_player == CHANCE
