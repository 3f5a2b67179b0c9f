"""Tournaments of the conformance corpus replayed through the services, as an arbiter would run them.

Players are registered from the file (pairing numbers by C.04.2.B come out
as the file's), each round's requested byes, absences and withdrawals are
entered beforehand, the round is paired by the service and compared with
the file, published, and its results entered.  Exporting then gives back
the file's games, round by round.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from arbiter_app.persistence import open_database
from arbiter_app.services import create_tournament, export_trf, list_players, register_player, state_for_round
from arbiter_app.trf import parse_trf, read_trf
from arbiter_app.trf.rounds import tenths
from tests.conftest import DATA
from tests.services.replay import replay

CORPUS = DATA / "conformance" / "dutch-2016"
BAKU = DATA / "conformance" / "dutch-2016-baku"
CORPUS_2026 = DATA / "conformance" / "dutch-2026"
TELLING_2026 = [  # files with rounds that the two editions pair differently (manifest.tsv)
    "d26-irregular-60122-p12-r9.trf",
    "d26-tiny-60007-p11-r6.trf",
    "d26-small-60048-p20-r7.trf",
]
ALL = sorted(CORPUS.glob("*.trf"))
FAST = [
    "tiny-1036-p5-r3.trf",
    "tiny-1016-p5-r4.trf",
    "tiny-1004-p7-r3.trf",
    "tiny-1005-p5-r5.trf",
    "tiny-1032-p9-r3.trf",
    "tiny-1008-p6-r5.trf",
    "tiny-1000-p11-r3.trf",
    "irregular-1203-p11-r5.trf",
    "nodraw-1257-p11-r8.trf",
    "irregular-1220-p10-r8.trf",
    "small-1111-p13-r7.trf",
]


def _check(path: Path, db_path: Path, *, accelerated: bool = False) -> None:
    doc = read_trf(path)
    db = open_database(db_path)
    try:
        tournament, differences = replay(db, doc, accelerated=accelerated)
        assert not differences, "\n".join(differences)
        assert [p.number for p in list_players(db, tournament)] == [p.number for p in doc.players]
        exported = parse_trf(export_trf(db, tournament).text)
    finally:
        db.dispose()
    for line in doc.players:
        assert exported.player(line.number).rounds == line.rounds, f"player {line.number}"


@pytest.mark.parametrize("path", [CORPUS / name for name in FAST], ids=lambda p: p.name)
def test_replay_small_tournaments(path: Path, db_path: Path) -> None:
    _check(path, db_path)


def test_replay_the_arbiters_manual_tournament(db_path: Path) -> None:
    _check(DATA / "fixtures" / "arbiters-manual-12.trf", db_path)


@pytest.mark.slow
@pytest.mark.parametrize("path", ALL, ids=lambda p: p.name)
def test_replay_every_corpus_tournament(path: Path, db_path: Path) -> None:
    _check(path, db_path)


@pytest.mark.slow
@pytest.mark.parametrize("path", sorted(BAKU.glob("*.trf")), ids=lambda p: p.name)
def test_replay_with_baku_acceleration_computed_by_the_app(path: Path, db_path: Path) -> None:
    """C.04.5: the virtual points the app computes reproduce the XXA values the endorsed engine used."""
    _check(path, db_path, accelerated=True)


def test_the_corpus_is_here() -> None:
    assert len(ALL) == 285
    assert all((CORPUS / name).exists() for name in FAST)


def test_baku_virtual_points_match_the_endorsed_engine(db_path: Path) -> None:
    """C.04.5: GA is the first 2 x ceil(n/4) players; 1 point before rounds 1-3, 0.5 before rounds 4-5."""
    path = BAKU / "baku-2025-p35-r10.trf"
    doc = read_trf(path)
    db = open_database(db_path)
    try:
        t = create_tournament(db, "Baku", doc.rounds_count or 10, accelerated=True)
        for line in doc.players:
            register_player(db, t.id, line.name, rating=line.rating or 0)
        with db.read() as s:
            state = state_for_round(s, t.id, 1)
    finally:
        db.dispose()
    for player in state.players:
        expected = tuple(tenths(v) for v in doc.accelerations.get(player.number, ()))
        assert player.accelerations + (0,) * (len(expected) - len(player.accelerations)) == expected, player.number


@pytest.mark.parametrize("path", [CORPUS_2026 / name for name in TELLING_2026], ids=lambda p: p.name)
def test_replay_2026_tournaments_by_the_2026_rules(path: Path, db_path: Path) -> None:
    """A tournament created with the 2026 edition pairs every round as the 2026 corpus has it."""
    _check(path, db_path)


@pytest.mark.slow
@pytest.mark.parametrize("path", sorted(CORPUS_2026.glob("*.trf")), ids=lambda p: p.name)
def test_replay_every_2026_tournament(path: Path, db_path: Path) -> None:
    _check(path, db_path)
