"""Alembic's entry point: runs the migrations on the connection `sqlstore` hands over (no
alembic.ini, no URL of its own)."""
from alembic import context

connection = context.config.attributes["connection"]
# SQLite cannot alter a column in place: batch mode copies the table instead
context.configure(connection=connection, render_as_batch=connection.dialect.name == "sqlite")
with context.begin_transaction():
    context.run_migrations()
