"""The schema of the first (sqlite3) store before its migrations: games and their moves.

Revision ID: 0001
"""
import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None


def upgrade() -> None:
    op.create_table(
        "games",
        sa.Column("id", sa.Text, primary_key=True),
        sa.Column("ruleset", sa.Text, nullable=False),
        sa.Column("mode", sa.Text, nullable=False),             # 'ai', 'local' or 'invite'
        sa.Column("level", sa.Text, nullable=False, server_default=""),
        sa.Column("ai_seat", sa.Integer),
        sa.Column("tokens", sa.Text, nullable=False),           # JSON [token seat 0, token seat 1]
        sa.Column("players", sa.Text, nullable=False),          # JSON [name, name]
        sa.Column("seed", sa.Integer, nullable=False),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("updated", sa.Float, nullable=False),
        sa.Column("ended", sa.Text),                            # JSON {"result", "reason"}
        sa.Column("draw_offer", sa.Integer),
    )
    op.create_table(
        "moves",
        sa.Column("game_id", sa.Text, sa.ForeignKey("games.id", ondelete="CASCADE"),
                  nullable=False),
        sa.Column("ply", sa.Integer, nullable=False),
        sa.Column("action", sa.Integer, nullable=False),
        sa.Column("seconds", sa.Float),
        sa.PrimaryKeyConstraint("game_id", "ply"),
    )


def downgrade() -> None:
    op.drop_table("moves")
    op.drop_table("games")
