"""An override of an earlier round is checked against every round of the tournament (issue 14).

The manual's tournament (nine rounds, all played): overriding round 2 must
see the later rounds: pairs that meet later, colours through the later
rounds, the later rounds paired on the old pairing, the results discarded.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from arbiter_app.errors import ArbiterError
from arbiter_app.persistence import Database
from arbiter_app.services import MoveBye, Swap, SwapColours, apply_override, get_round, import_trf, preview_override
from arbiter_app.services.dto import OverridePreview
from arbiter_app.trf import parse_trf
from tests.services.conftest import dump

MANUAL = Path(__file__).parents[1] / "data" / "fixtures" / "arbiters-manual-12.trf"


@pytest.fixture
def manual(db: Database) -> int:
    return import_trf(
        db, parse_trf(MANUAL.read_text(encoding="utf-8"), source=MANUAL.name), edition="baku-2016"
    ).tournament.id


def _messages(preview: OverridePreview, article: str) -> list[str]:
    return [w.message for w in preview.warnings if w.article == article]


def test_a_pair_that_meets_in_a_later_round(db: Database, manual: int) -> None:
    preview = preview_override(db, manual, 2, [Swap(9, 5)])  # 5-1 and 4-9: they meet in rounds 4 and 6
    assert _messages(preview, "C.04.1.b") == ["#5 and #1 meet in round 4 (C.1)", "#4 and #9 meet in round 6 (C.1)"]


def test_the_later_rounds_are_named_as_invalidated(db: Database, manual: int) -> None:
    preview = preview_override(db, manual, 2, [Swap(9, 5)])
    assert _messages(preview, "C.04.2.D.8") == [
        "rounds 3, 4, 5, 6, 7, 8, 9 were paired on the old pairing of round 2: the change invalidates them"
    ]
    last = preview_override(db, manual, 9, [Swap(2, 4)])
    assert not _messages(last, "C.04.2.D.8")


def test_results_of_an_earlier_round_are_not_erased_silently(db: Database, manual: int) -> None:
    preview = preview_override(db, manual, 2, [Swap(9, 5)])
    assert _messages(preview, "C.04.2.D.7") == [
        "the results of round 2, boards 1 (#9-#1 0-1), 2 (#4-#5 ½-½) would be discarded"
    ]
    before = dump(db)
    with pytest.raises(ArbiterError, match=r"boards 1 \(#9-#1 0-1\), 2 \(#4-#5 ½-½\)"):
        apply_override(db, manual, 2, [Swap(9, 5)], "the board cards were mixed up")
    assert dump(db) == before
    assert get_round(db, manual, 2).state == "completed"


def test_colours_through_the_later_rounds(db: Database, manual: int) -> None:
    # #1 plays w b w b ...; white in round 2 makes white three times in a row up to round 3.
    preview = preview_override(db, manual, 2, [SwapColours(1)])
    assert "#1 would play white three times in a row up to round 3" in _messages(preview, "C.04.1.g")


def test_colour_breaches_already_in_the_old_pairing_are_not_blamed_on_the_override(db: Database, manual: int) -> None:
    preview = preview_override(db, manual, 2, [])
    assert [w.article for w in preview.warnings] == ["C.04.2.D.10"]  # the round is published, nothing else


def test_the_bye_to_a_player_who_gets_one_later(db: Database, seven: int) -> None:
    # SEVEN: #7 had the bye in round 1, #5 in round 2; #3 won by forfeit in round 2.
    preview = preview_override(db, seven, 1, [MoveBye(5)])
    assert _messages(preview, "C.2") == ["#5 gets the pairing-allocated bye in round 2 (C.04.1.d)"]
    preview = preview_override(db, seven, 1, [MoveBye(3)])
    assert _messages(preview, "C.2") == ["#3 gets a forfeit win in round 2 (C.04.1.d)"]
