"""The store's schema migrations (Alembic), applied by `ludotheque.records.sqlstore.SqlStore`
when it opens a database, SQLite or PostgreSQL.

A schema change is a new file in versions/ whose ``down_revision`` is the last one's: append
only, never edit a revision that has shipped. Write it with ``op.*`` (``op.batch_alter_table``
for column changes, which SQLite needs) and update ``sqlstore.games`` / ``sqlstore.moves`` (or
add a table there) to match.
"""
