"""``arbiter standings`` marks a place ranked by hand within a tie (checklist Q205) and the values entered by
hand (Q207), as the window and the printed standings do."""

from __future__ import annotations

from pathlib import Path

import pytest

from arbiter_app import services as sv
from arbiter_app.persistence import open_database
from arbiter_app.trf import parse_trf
from tests.cli.test_arbiter_cli import run
from tests.services.conftest import HANDMADE
from tests.services.test_lots import ALL_DRAWN


def test_standings_mark_the_hand_order_and_entered_values(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "draws.db"
    db = open_database(path, create=True)
    try:
        tid = sv.import_trf(db, parse_trf(ALL_DRAWN, source="draws.trf"), confirmed=HANDMADE).tournament.id
        lots = sv.drawing_of_lots(db, tid)
        sv.set_hand_order(db, tid, [lots[1], lots[0]], confirmed=sv.Level.PROCEED)
        sv.enter_tiebreak_value(db, tid, lots[7], "BH/C1", "2")  # everyone else: 0
    finally:
        db.dispose()
    code, out, _ = run(capsys, "--db", str(path), "standings")
    rows = {int(line.split()[1]): line for line in out.splitlines() if line.split()[:1] and line.split()[0].isdigit()}
    assert code == 0 and len(rows) == 8
    assert rows[lots[7]].split()[0] == "1" and rows[lots[7]].endswith(" e: BH/C1")  # the value entered ranks it
    # the two ranked by hand take the places the lots gave them among the seven still tied (2nd and 3rd)
    assert rows[lots[1]].split()[0] == "2" and rows[lots[1]].endswith(" h")
    assert rows[lots[0]].split()[0] == "3" and rows[lots[0]].endswith(" h")
    assert "h place within a tie ranked by the arbiter; e: values entered by hand" in out
