"""The editions of the Dutch rules as objects: one registry, one default, one reading of a file's declaration.

Each edition owns its names (registry name, TRF ``092``/``192`` codes and aliases, the TRF format it writes); no
other module of the package spells them.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import arbiter_app
from arbiter_app.errors import ArbiterError
from arbiter_app.pairing.editions import (
    BAKU_2016,
    DEFAULT,
    EDITIONS,
    FIDE_2026,
    DeclaredSystem,
    declared_edition,
    declared_system,
    edition,
    edition_of_system,
    system_code,
)
from arbiter_app.trf import parse_trf
from arbiter_app.trf.versions import FORMATS, TRF16, TRF2026, format_for_edition

PACKAGE = Path(arbiter_app.__file__).parent
EDITIONS_PACKAGE = PACKAGE / "pairing" / "editions"
MIGRATIONS = PACKAGE / "persistence" / "migrations"


def test_one_registry_one_default() -> None:
    """The rules in force (C.04.3-2026, applied from 1 February 2026) are the default, and listed first."""
    assert DEFAULT is FIDE_2026
    assert list(EDITIONS.values()) == [FIDE_2026, BAKU_2016]
    assert all(edition(name) is rules and rules.name == name for name, rules in EDITIONS.items())
    with pytest.raises(ArbiterError, match=r"unknown edition of the Dutch rules: 'zurich-2099' \(known: "):
        edition("zurich-2099")


@pytest.mark.parametrize(
    ("code", "expected", "accelerated"),
    [
        ("FIDE_DUTCH_2025", FIDE_2026, False),  # what the endorsed 2026 engines write
        ("FIDE_DUTCH_2026", FIDE_2026, False),
        ("FIDE_DUTCH_2025_BAKU", FIDE_2026, True),
        ("FIDE_DUTCH_2016", BAKU_2016, False),
        ("FIDE_DUTCH_2017", BAKU_2016, False),
        ("FIDE_DUTCH_2016_BAKU", BAKU_2016, True),
        (" fide_dutch_2016 ", BAKU_2016, False),
        ("FIDE_DUTCH", FIDE_2026, False),  # the rules in force
        ("FIDE_DUTCH_BAKU", FIDE_2026, True),
    ],
)
def test_each_pairing_system_code_names_its_edition(code: str, expected: object, accelerated: bool) -> None:
    assert edition_of_system(code) == DeclaredSystem(expected, accelerated)  # type: ignore[arg-type]


@pytest.mark.parametrize("code", ["FIDE_DUBOV_2025", "FIDE_DUTCH_2099", "BERGER_ROUNDROBIN", "", "_BAKU"])
def test_another_pairing_system_names_no_edition(code: str) -> None:
    assert edition_of_system(code) is None


def test_the_codes_written_are_read_back() -> None:
    for rules in EDITIONS.values():
        for accelerated in (False, True):
            assert edition_of_system(system_code(rules, accelerated)) == DeclaredSystem(rules, accelerated)
    assert system_code(FIDE_2026) == "FIDE_DUTCH_2025" and system_code(BAKU_2016, True) == "FIDE_DUTCH_2016_BAKU"


def test_the_192_record_comes_before_the_092_line() -> None:
    """TRF-2026: the ``192`` record is the encoded type of tournament; a ``092`` line is read when it names none."""
    both = parse_trf("012 Open\n092 FIDE_DUTCH_2025\n192 FIDE_DUTCH_2016\nXXR 5\n")
    assert declared_edition(both) is BAKU_2016
    assert declared_edition(parse_trf("092 FIDE_DUTCH_2016\n192 Swiss, whatever\n")) is BAKU_2016
    assert declared_system(parse_trf("092 Individual: Swiss-System\n")) is None
    assert declared_edition(parse_trf("012 Open\nXXR 5\n")) is None


def test_each_edition_writes_a_format_the_trf_knows() -> None:
    assert {rules.trf_format for rules in EDITIONS.values()} <= set(FORMATS)
    assert format_for_edition(FIDE_2026) == TRF2026 and format_for_edition(BAKU_2016) == TRF16


SPELLINGS = re.compile(r"baku-2016|fide-2026|FIDE_DUTCH|_BAKU\b|EDITION_SYSTEMS|SYSTEM_EDITIONS|EDITION_FORMATS")
"""An edition's registry names, its TRF codes and the old tables of them."""

ALLOWED = re.compile(r"spec/fide-2026/")
"""A path into the rule texts held beside the project (``shared/spec/fide-2026/...``) names a folder, not the
edition."""


def test_no_edition_is_spelled_outside_the_editions_package() -> None:
    """Objects travel, names do not: every name and code of an edition is in ``pairing/editions/`` (migrations aside,
    which record the history of stored values)."""
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        if path.is_relative_to(EDITIONS_PACKAGE) or path.is_relative_to(MIGRATIONS):
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if SPELLINGS.search(ALLOWED.sub("", line)):
                found.append(f"{path.relative_to(PACKAGE)}:{number}: {line.strip()}")
    assert found == []


def test_the_scan_finds_a_spelling() -> None:
    """The scan above is not vacuous: the editions' own modules spell every name and code."""
    text = "".join(p.read_text(encoding="utf-8") for p in EDITIONS_PACKAGE.glob("*.py"))
    for rules in EDITIONS.values():
        assert SPELLINGS.search(rules.name) and SPELLINGS.search(rules.trf_system)
        assert f'"{rules.name}"' in text and f'"{rules.trf_system}"' in text
