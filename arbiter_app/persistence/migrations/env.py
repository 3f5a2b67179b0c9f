"""Alembic environment: runs on the connection handed over by ``migrate.py``.

``render_as_batch=True`` makes ALTERs work on SQLite (copy-and-move).
"""

from __future__ import annotations

from alembic import context

from arbiter_app.persistence.models import Base

connection = context.config.attributes.get("connection")
if connection is None:
    raise RuntimeError("run the migrations through arbiter_app.persistence.migrate (it passes a connection)")

context.configure(
    connection=connection,
    target_metadata=Base.metadata,
    render_as_batch=True,
    compare_type=True,
)
with context.begin_transaction():
    context.run_migrations()
