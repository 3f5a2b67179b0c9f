"""Tournament settings: created, edited in one audited transaction, checked; a settings edit is no round step."""

from __future__ import annotations

from datetime import date

import pytest

from arbiter_app import services as sv
from arbiter_app.errors import ArbiterError
from arbiter_app.persistence import Database
from tests.services.conftest import dump


def test_edit_settings_is_audited_and_keeps_the_rounds_undoable(db: Database, seven: int) -> None:
    sv.pair_next_round(db, seven)
    info = sv.edit_tournament(
        db,
        seven,
        federation="nor",
        time_control="90 min + 30 s/move",
        round_dates=sv.parse_round_dates("2026-07-01, 2026-07-02, , 2026-07-04"),
        tie_breaks="BH, SB",
    )
    assert (info.federation, info.time_control, info.tie_breaks) == ("NOR", "90 min + 30 s/move", "BH, SB")
    assert info.round_dates == (date(2026, 7, 1), date(2026, 7, 2), None, date(2026, 7, 4))
    entry = sv.audit_log(db, seven)[-1]
    assert entry.action == "edit tournament" and "federation" in entry.summary and "round_dates" in entry.summary
    # The draft of round 3 can still be undone: the settings edit is not a step of the round.
    assert "round 3" in sv.undo_last_step(db, seven).summary
    assert sv.get_tournament(db, seven).federation == "NOR"


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"federation": "NO"}, "three letters"),
        ({"round_dates": (date(2026, 7, 2), date(2026, 7, 1))}, "back in time"),
        ({"round_dates": (None,) * 6}, "6 round dates for a tournament of 5 rounds"),
        ({"rounds_count": 7}, "cannot change rounds_count"),
        ({"name": "  "}, "needs a name"),
        ({"start_date": date(2026, 7, 9), "end_date": date(2026, 7, 1)}, "ends before it starts"),
    ],
)
def test_a_refused_edit_names_the_setting_and_changes_nothing(
    db: Database, seven: int, changes: dict[str, object], message: str
) -> None:
    before = dump(db)
    with pytest.raises(ArbiterError, match=message):
        sv.edit_tournament(db, seven, **changes)
    assert dump(db) == before


def test_round_dates_as_arbiters_write_them() -> None:
    assert sv.parse_round_dates("2026-07-01; 02.07.2026,,26/07/04, ") == (
        date(2026, 7, 1),
        date(2026, 7, 2),
        None,
        date(2026, 7, 4),
    )
    with pytest.raises(ArbiterError, match="'July 5' is not a date"):
        sv.parse_round_dates("2026-07-01, July 5")
