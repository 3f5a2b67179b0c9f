"""tests/services/test_fide_mode.py again, on a PostgreSQL server (the ``db`` fixture of tests/server/conftest.py)."""

from tests.services.conftest import seven  # noqa: F401
from tests.services.test_fide_mode import *
