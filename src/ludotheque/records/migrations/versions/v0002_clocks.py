"""Clocks (web/clocks.py): a game's time control and each player's time left, as of ``started``
(server time), when the clock of the seat ``running`` started. The old sqlite3 store's migration 1.

Revision ID: 0002
"""
import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"


def upgrade() -> None:
    op.create_table(
        "clocks",
        sa.Column("game_id", sa.Text, sa.ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("base", sa.Float, nullable=False),       # seconds each player starts with
        sa.Column("inc", sa.Float, nullable=False),        # seconds added when a player's turn ends
        sa.Column("days", sa.Integer),                     # correspondence: days per move
        sa.Column("left0", sa.Float, nullable=False),      # seconds left to each seat when its clock last stopped
        sa.Column("left1", sa.Float, nullable=False),
        sa.Column("running", sa.Integer),                  # the seat whose time runs, or NULL
        sa.Column("started", sa.Float, nullable=False),    # server time when that clock started
    )


def downgrade() -> None:
    op.drop_table("clocks")
