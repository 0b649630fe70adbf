"""Tables (web/sessions.py): player identities (only a hash of each browser's key), the seats
they hold, open tables, rematch and takeback offers, and Glicko-2 ratings per ruleset family.
The old sqlite3 store's migration 2.

Revision ID: 0003
"""
import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"


def upgrade() -> None:
    op.create_table(
        "players",
        sa.Column("id", sa.Text, primary_key=True),
        sa.Column("key_hash", sa.Text, nullable=False, unique=True),   # sha256 of the browser's key
        sa.Column("name", sa.Text, nullable=False),
        sa.Column("created", sa.Float, nullable=False),
    )
    op.create_table(
        "ratings",
        sa.Column("player_id", sa.Text, sa.ForeignKey("players.id", ondelete="CASCADE"), nullable=False),
        sa.Column("family", sa.Text, nullable=False),
        sa.Column("rating", sa.Float, nullable=False),
        sa.Column("rd", sa.Float, nullable=False),
        sa.Column("vol", sa.Float, nullable=False),
        sa.Column("games", sa.Integer, nullable=False),
        sa.PrimaryKeyConstraint("player_id", "family"),
    )
    with op.batch_alter_table("games") as batch:
        batch.add_column(sa.Column("player_ids", sa.Text, nullable=False, server_default="[null, null]"))
        batch.add_column(sa.Column("rated", sa.Integer, nullable=False, server_default="0"))
        batch.add_column(sa.Column("open_table", sa.Integer, nullable=False, server_default="0"))
        batch.add_column(sa.Column("rematch", sa.Text))       # JSON {"by": seat} or {"game": id}
        batch.add_column(sa.Column("takeback", sa.Text))      # JSON {"by": seat, "ply": ply}
        batch.add_column(sa.Column("rating_done", sa.Integer, nullable=False, server_default="0"))
    op.create_index("games_open", "games", ["open_table", "ended"])


def downgrade() -> None:
    op.drop_index("games_open", "games")
    with op.batch_alter_table("games") as batch:
        for column in ("rating_done", "takeback", "rematch", "open_table", "rated", "player_ids"):
            batch.drop_column(column)
    op.drop_table("ratings")
    op.drop_table("players")
