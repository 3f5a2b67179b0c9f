"""The suite's own arrangement under pytest-xdist (the README's ``-n auto --dist loadgroup``): the tests sharing a
module-scoped fixture keep to one worker (tests/conftest.py), so that what it makes (the installer bundle, a large
file) is made once, never by two workers into the same folder at once."""

from __future__ import annotations

import pytest


@pytest.fixture(scope="module")
def made_once() -> object:
    return object()


def test_a_module_fixtures_tests_keep_to_one_worker(made_once: object, request: pytest.FixtureRequest) -> None:
    if not hasattr(request.config, "workerinput"):
        pytest.skip("run without pytest-xdist: one process, nothing to group")
    assert request.node.nodeid.endswith("@tests/test_suite_grouping.py"), request.node.nodeid
