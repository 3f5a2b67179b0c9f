"""The editions of the FIDE (Dutch) rules: one registry, one default, one reading of a file's declaration.

Each edition is one object (:class:`DutchEdition`) that owns everything
that differs between the texts, its names included.  Objects travel
through the program; an edition's name is read once, at the edge (a file's
``092``/``192`` line, a database column, a command-line option), and turned
into the object here:

* :func:`edition` -- the object a registry name names (database, command line);
* :func:`edition_of_system` -- the edition a TRF pairing-system code names;
* :func:`declared_edition` -- the edition a TRF document declares, the one
  reading every reader of a file shares (the import, ``arbiter-pairings -p``,
  ``-c``, ``--explain``, the conformance check).

A third edition is one more module here, added to ``EDITIONS``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Protocol

from arbiter_app.errors import ArbiterError
from arbiter_app.pairing.editions.baku2016 import BAKU_2016, Baku2016
from arbiter_app.pairing.editions.base import DutchEdition
from arbiter_app.pairing.editions.fide2026 import FIDE_2026, Fide2026

EDITIONS: Mapping[str, DutchEdition] = {e.name: e for e in (FIDE_2026, BAKU_2016)}
"""Every edition by its registry name, the rules in force first."""

DEFAULT: DutchEdition = FIDE_2026
"""The rules in force: C.04.3 as applied from 1 February 2026."""

GENERIC_SYSTEM = "FIDE_DUTCH"
"""The pairing-system code that names the Dutch system without an edition: the rules in force."""

BAKU_ACCELERATION_SUFFIX = "_BAKU"
"""Appended to a pairing-system code: the tournament is paired with Baku acceleration (C.04.5.1; C.04.7-2026)."""

SYSTEM_LINES = ("192", "092")
"""The TRF lines that declare the pairing system, in the order they are read: the TRF-2026 record first."""


def edition(name: str) -> DutchEdition:
    """The edition called ``name`` in the registry; an unknown name is an error naming it and the known ones."""
    try:
        return EDITIONS[name]
    except KeyError:
        raise ArbiterError(f"unknown edition of the Dutch rules: {name!r} (known: {', '.join(EDITIONS)})") from None


@dataclass(frozen=True)
class DeclaredSystem:
    """What a pairing-system code says: the edition of the Dutch rules, and whether Baku acceleration is on."""

    edition: DutchEdition
    baku_acceleration: bool


def edition_of_system(code: str) -> DeclaredSystem | None:
    """The edition (and Baku acceleration) a ``092``/``192`` pairing-system code names; None for another system.

    Each edition's own code and aliases name it, the bare generic code the
    rules in force; the acceleration suffix may follow any of them.
    """
    code = code.strip().upper()
    base = code.removesuffix(BAKU_ACCELERATION_SUFFIX)
    accelerated = base != code
    if base == GENERIC_SYSTEM:
        return DeclaredSystem(DEFAULT, accelerated)
    for candidate in EDITIONS.values():
        if base == candidate.trf_system or base in candidate.trf_aliases:
            return DeclaredSystem(candidate, accelerated)
    return None


def system_code(rules: DutchEdition, baku_acceleration: bool = False) -> str:
    """The pairing-system code a file writes for ``rules`` (``092``/``192``), with the acceleration suffix."""
    return rules.trf_system + (BAKU_ACCELERATION_SUFFIX if baku_acceleration else "")


class Document(Protocol):
    """What :func:`declared_edition` reads of a TRF document: its header lines as (line number, text)."""

    @property
    def other_lines(self) -> Iterable[tuple[int, str]]: ...


def declared_system(document: Document) -> DeclaredSystem | None:
    """The Dutch edition the document's ``192`` record (TRF-2026) or else its ``092`` line declares, None without one."""
    for code in SYSTEM_LINES:
        for _, line in document.other_lines:
            if line.startswith(code) and (found := edition_of_system(line[3:])) is not None:
                return found
    return None


def declared_edition(document: Document) -> DutchEdition | None:
    """The edition of the Dutch rules a TRF document declares (``192``, else ``092``); None when it declares none."""
    found = declared_system(document)
    return found.edition if found is not None else None


__all__ = [
    "BAKU_2016",
    "DEFAULT",
    "EDITIONS",
    "FIDE_2026",
    "Baku2016",
    "DeclaredSystem",
    "DutchEdition",
    "Fide2026",
    "declared_edition",
    "declared_system",
    "edition",
    "edition_of_system",
    "system_code",
]
