"""For developers: autogenerate an Alembic revision after changing the models.

    python -m arbiter_app.persistence.revision revision -m "what changes" SCRATCH.db

The scratch file is upgraded to the head revision first; the new revision
lands in ``arbiter_app/persistence/migrations/versions``.
"""

from __future__ import annotations

import sys

from alembic import command

from arbiter_app.persistence.database import create_database_engine
from arbiter_app.persistence.migrate import alembic_config, upgrade_to_head


def main(argv: list[str] | None = None) -> int:
    """``revision -m MESSAGE DB``: autogenerate a revision against a scratch file upgraded to head."""
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 4 or args[0] != "revision" or args[1] != "-m":
        print(__doc__, file=sys.stderr)
        return 2
    engine = create_database_engine(args[3])
    upgrade_to_head(engine)
    with engine.connect() as connection:
        command.revision(alembic_config(connection), message=args[2], autogenerate=True)
        connection.commit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
