"""Write a PDF of every report for the Arbiters' Manual tournament and for a 300-player open.

    python tests/reports/make_pdfs.py [OUT_DIR]      # default: resources/screenshots/

Not a test (pytest does not collect it); ``tests/reports/test_pages.py``
builds the same tournaments and checks the same PDFs page by page.  Two
states of each tournament:

- after its last round (every result in): standings, crosstable, wall chart,
  pairing cards, the pairing list of the last round, all rounds;
- during its last round (``*-live``): the round paired by the engine and
  published, a requested half-point bye in it, half of the results in: the
  pairing list and the results so far.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, replace
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from arbiter_app import services as sv
from arbiter_app.generator import GeneratorConfig, generate
from arbiter_app.pairing.editions import BAKU_2016
from arbiter_app.persistence import Database, open_database
from arbiter_app.reports import write_report
from arbiter_app.trf import TrfDocument, read_trf

MANUAL = ROOT / "tests" / "data" / "fixtures" / "arbiters-manual-12.trf"
OPEN_PLAYERS = 300
OPEN_SEED = 2026
FINAL_KINDS = ("standings", "crosstable", "wallchart", "cards", "pairings", "rounds")
LIVE_KINDS = ("pairings", "results")
TITLES = ("GM", "IM", "FM", "WGM", "CM", "WIM", "FM", "WFM")
FEDERATIONS = ("NOR", "GER", "FRA", "ESP", "IND", "USA", "NED", "POL", "HUN", "ITA", "CZE", "SWE")


@dataclass(frozen=True)
class Tournament:
    """A tournament to print: its TRF report, its name and the rules that pair it."""

    key: str
    name: str
    doc: TrfDocument
    edition: str


def manual() -> Tournament:
    """The Arbiters' Manual example: 12 players, 9 rounds, paired by the Baku 2016 rules."""
    return Tournament("manual", "Arbiters' Manual example", read_trf(MANUAL), "baku-2016")


def open_300() -> Tournament:
    """A generated 300-player, 9-round open (fixed seed), titles and federations for the pairing list."""
    doc = generate(replace(GeneratorConfig(), players=OPEN_PLAYERS, rounds=9), OPEN_SEED, edition=BAKU_2016)
    players = tuple(
        replace(
            p,
            title=f"{TITLES[k % len(TITLES)]:>3}" if k < 40 else p.title,
            federation=FEDERATIONS[(k * 7) % len(FEDERATIONS)],
        )
        for k, p in enumerate(doc.players)
    )
    return Tournament("open300", "Ærøskøbing Open 2026", replace(doc, players=players), "fide-2026")


def _import(path: Path, t: Tournament, doc: TrfDocument) -> tuple[Database, int]:
    db = open_database(path, create=True)
    return db, sv.import_trf(db, doc, t.name, t.edition).tournament.id


@contextmanager
def final(t: Tournament, folder: Path) -> Iterator[tuple[Database, int]]:
    """The tournament after its last round."""
    db, tid = _import(folder / f"{t.key}.db", t, t.doc)
    try:
        yield db, tid
    finally:
        db.dispose()


def live_round(t: Tournament) -> int:
    return len(t.doc.players[0].rounds)


@contextmanager
def live(t: Tournament, folder: Path) -> Iterator[tuple[Database, int]]:
    """The tournament during its last round: the round paired by the engine (the highest-numbered player
    asked for a half-point bye, C.04.2.D.4), published, every other board's result in."""
    last = live_round(t)
    db, tid = _import(folder / f"{t.key}-live.db", t, t.doc.truncated(last - 1))
    try:
        sv.request_bye(db, tid, len(t.doc.players), last, "half")
        sv.pair_next_round(db, tid)
        sv.publish_round(db, tid)
        boards = sv.list_rounds(db, tid)[-1].boards
        results = ("1-0", "1/2-1/2", "0-1")
        sv.enter_results(db, tid, last, [(b.number, results[b.number % 3]) for b in boards if b.number % 2])
        yield db, tid
    finally:
        db.dispose()


def write_all(t: Tournament, out: Path, folder: Path) -> list[Path]:
    """Every report of ``t`` as ``<key>-<kind>.pdf`` (final state) and ``<key>-live-<kind>.pdf`` in ``out``."""
    written = []
    with final(t, folder) as (db, tid):
        written += [write_report(db, tid, kind, out / f"{t.key}-{kind}.pdf") for kind in FINAL_KINDS]
    with live(t, folder) as (db, tid):
        written += [write_report(db, tid, kind, out / f"{t.key}-live-{kind}.pdf") for kind in LIVE_KINDS]
    return written


def main(out: Path) -> None:
    import tempfile

    from arbiter_app.reports.pdf import ensure_gui_application

    ensure_gui_application()
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as folder:
        for t in (manual(), open_300()):
            for path in write_all(t, out, Path(folder)):
                print(f"{path}  {path.stat().st_size // 1024} KiB")


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "resources" / "screenshots")
