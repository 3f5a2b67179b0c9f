"""Reports as PDF (Qt's text layout), checked by turning them into images and text (pypdf, pypdfium2)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest

from arbiter_app import services as sv
from arbiter_app.generator import GeneratorConfig, generate
from arbiter_app.pairing.editions import BAKU_2016
from arbiter_app.persistence import Database, open_database
from arbiter_app.reports import report_html, write_report
from arbiter_app.reports.pdf import html_to_pdf
from arbiter_app.trf import TrfDocument
from tests.pdf_tools import page_count, page_images, page_text

ACCENTED = ("Łukasz Żółć", "Ærøskøbing Åse", "Ørjan Ğüneş", "Jiří Dvořák")


@pytest.fixture(autouse=True)
def _application(qapp: object) -> None:
    """The session's QApplication (pytest-qt), so that a later widget test never meets a bare QGuiApplication."""


def _accented(doc: TrfDocument) -> TrfDocument:
    players = list(doc.players)
    for k, name in enumerate(ACCENTED):
        players[k] = replace(players[k], name=name)
    return replace(doc, players=tuple(players))


@pytest.fixture(scope="module")
def big(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Database, int, TrfDocument]]:
    """A generated 200-player, 5-round tournament (some accented names), every result in."""
    doc = _accented(generate(replace(GeneratorConfig(), players=200, rounds=5), 2026, edition=BAKU_2016))
    db = open_database(tmp_path_factory.mktemp("big") / "big.db", create=True)
    tid = sv.import_trf(db, doc, name="Ærøskøbing Open 2026").tournament.id
    yield db, tid, doc
    db.dispose()


_pages = page_count
_page_text = page_text
_images = page_images


def _right_edge_blank(png: Path, columns: int = 8) -> bool:
    """The right margin of the page image is white: no text runs into it or off the paper."""
    from PySide6.QtGui import QImage

    image = QImage(str(png))
    long, short = max(image.width(), image.height()), min(image.width(), image.height())
    assert not image.isNull() and abs(long / short - 297 / 210) < 0.02  # A4, portrait or landscape
    return all(
        image.pixelColor(x, y).lightness() > 200
        for x in range(image.width() - columns, image.width())
        for y in range(image.height())
    )


def _rendered_uncut(db: Database, tid: int, kind: str, tmp_path: Path) -> list[str]:
    """Write the report as PDF, check every page image has a blank right margin; the text of each page."""
    pdf = write_report(db, tid, kind, tmp_path / f"{kind}.pdf")
    pages = _pages(pdf)
    images = _images(pdf, tmp_path)
    assert len(images) == pages and all(_right_edge_blank(png) for png in images)
    return [_page_text(pdf, k) for k in range(1, pages + 1)]


def test_accented_names_survive(tmp_path: Path) -> None:
    rows = "".join(f"<tr><td>{k}</td><td>{name}</td></tr>" for k, name in enumerate(ACCENTED, 1))
    html = f"<html><body><h1>Ærøskøbing</h1><table><thead><tr><th>No.</th><th>Name</th></tr></thead>{rows}</table>"
    pdf = tmp_path / "names.pdf"
    assert html_to_pdf(html + "</body></html>", pdf) == 1
    text = _page_text(pdf, 1)
    for name in (*ACCENTED, "Ærøskøbing"):
        assert name in text


@pytest.mark.parametrize("kind", ["standings", "crosstable", "wallchart", "cards"])
def test_a_200_player_report_renders_every_row_uncut(
    kind: str, big: tuple[Database, int, TrfDocument], tmp_path: Path
) -> None:
    db, tid, doc = big
    texts = _rendered_uncut(db, tid, kind, tmp_path)
    pages = len(texts)
    assert pages > 1
    if kind in ("wallchart", "cards"):  # names also appear as opponents (cards) or beside them
        everything = "\n".join(texts)
        assert f"page {pages} of {pages}" in everything and "after round 5" in everything
        assert all(player.name in everything for player in doc.players)
        return
    html = report_html(db, tid, kind)
    headings = re.findall(r"<th>(.*?)</th>", html)
    assert headings[0] == "Place" and len(headings) > 8
    for k, text in enumerate(texts, 1):
        heading_lines = [line.split() for line in text.splitlines() if line.split()[:2] == ["Place", "No."]]
        assert heading_lines == [headings], f"page {k}: the table's heading is cut or missing"
        assert f"page {k} of {pages}" in text and "Ærøskøbing Open 2026" in text  # the running header
        assert "after round 5" in text
    assert "Ærøskøbing Open 2026" in texts[0] and "after round 5" in texts[0]
    everything = "\n".join(texts)
    for player in doc.players:
        assert everything.count(player.name) == 1, player.name
    last = headings[-1]
    rows = [line for text in texts for line in text.splitlines() if re.match(r"\s*\d+(-\d+)?( \*)?\s+\d+\s+\S", line)]
    assert len(rows) == 200  # every row (a place drawn by lot starred), each ending in a value of the last column
    if last == "Points":
        assert all(re.search(r"(\d|½)$", line) for line in rows)


def test_the_command_line_writes_a_pdf(big: tuple[Database, int, TrfDocument], tmp_path: Path) -> None:
    from arbiter_app.cli.arbiter import main

    db, _, _ = big
    pdf = tmp_path / "pairings.pdf"
    assert main(["--db", str(db.path), "report", "pairings", "-o", str(pdf), "--round", "3"]) == 0
    text = "\n".join(_page_text(pdf, k) for k in range(1, _pages(pdf) + 1))
    assert "Pairings of round 3" in text and "Ærøskøbing Open 2026" in text


def test_a_pdf_from_a_fresh_process_without_a_display(tmp_path: Path) -> None:
    """The command line creates its own offscreen QGuiApplication when there is no display."""
    trf = tmp_path / "names.trf"
    doc = _accented(generate(replace(GeneratorConfig(), players=12, rounds=3), 5, edition=BAKU_2016))
    from arbiter_app.trf import write_trf

    trf.write_text(write_trf(doc), encoding="utf-8")
    env = {k: v for k, v in os.environ.items() if k not in ("QT_QPA_PLATFORM", "DISPLAY", "WAYLAND_DISPLAY")}
    db, pdf = tmp_path / "t.db", tmp_path / "standings.pdf"
    for args in (["import-trf", str(trf)], ["report", "standings", "-o", str(pdf)]):
        done = subprocess.run(
            [sys.executable, "-m", "arbiter_app.cli.arbiter", "--db", str(db), *args],
            env=env,
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert done.returncode == 0, done.stderr
    text = _page_text(pdf, 1)
    for name in ACCENTED:
        assert name in text


def test_the_standings_pdf_carries_the_legend(big: tuple[Database, int, TrfDocument], tmp_path: Path) -> None:
    """Issue 28: the standings PDF printed the tie-break codes without saying what they are."""
    from tests.pdf_tools import all_text

    db, tid, _ = big
    _, legend = sv.tournament_tiebreaks(db, tid)
    assert legend
    path = write_report(db, tid, "standings", tmp_path / "standings.pdf")
    text = " ".join(re.sub(r"-\n", "-", all_text(path)).split())  # a line broken after a hyphen joined again
    for entry in legend:
        assert f"{entry.code} = {entry.name}" in text, (entry, text[-800:])
    table = sv.ranked_standings(db, tid, None)
    if any(r.by_lot for r in table.rows):
        assert "place decided by drawing of lots" in text
    if any(r.is_shared for r in table.rows):
        assert "places shared" in text
