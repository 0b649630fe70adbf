"""Leases of work that must be done once across server processes (web/lease.py): a computer's
turn, a game's expiry sweep. A lease whose holder died is taken over once it expires.

Revision ID: 0004
"""
import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"


def upgrade() -> None:
    op.create_table(
        "leases",
        sa.Column("key", sa.Text, primary_key=True),          # what is leased, e.g. "ai:GAME_ID"
        sa.Column("holder", sa.Text, nullable=False),         # the process holding it
        sa.Column("expires", sa.Float, nullable=False),       # server time it lapses at
    )


def downgrade() -> None:
    op.drop_table("leases")
