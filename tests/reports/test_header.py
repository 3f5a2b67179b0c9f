"""Every report says which rules paired the tournament (the edition of the FIDE (Dutch) system)."""

from __future__ import annotations

from pathlib import Path

import pytest

from arbiter_app import services as sv
from arbiter_app.reports import KINDS, report_html
from arbiter_app.services.files import open_database
from tests.services.conftest import HANDMADE, SEVEN


@pytest.mark.parametrize("edition", ["fide-2026", "baku-2016"])
def test_every_report_names_the_edition(edition: str, tmp_path: Path, template_db: Path) -> None:
    import shutil

    shutil.copy(template_db, tmp_path / "t.db")
    db = open_database(tmp_path / "t.db")
    try:
        (tmp_path / "seven.trf").write_text(SEVEN)
        tid = sv.import_trf(db, tmp_path / "seven.trf", edition=edition, confirmed=HANDMADE).tournament.id
        expected = {
            "fide-2026": "FIDE (Dutch) system, 2026 edition (C.04.3 applied from 1 February 2026)",
            "baku-2016": "FIDE (Dutch) system, Baku 2016 (C.04.3 in force until 31 January 2026)",
        }[edition]
        for kind in KINDS:
            header = report_html(db, tid, kind).split("<header>")[1].split("</header>")[0]
            assert expected in header, kind
    finally:
        db.dispose()
