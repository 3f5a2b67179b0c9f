"""The hall's pages and deputies at the edges of the rules (issue 31): a round changed by hand says so on the
players' pages, with the arbiter's reason; a deputy's result that needs a Level-3 answer within the round in
progress is refused and left to the main desk."""

from __future__ import annotations

import html
import re

import httpx
import pytest

from arbiter_app import services as sv
from arbiter_app.persistence import Database
from arbiter_app.services import deputies as dp
from arbiter_app.services.overrides import Swap
from arbiter_app.services.warnings import ConfirmationNeeded, Level


def test_a_round_changed_by_hand_says_so_on_the_players_pages(db: Database, tid: int, server: str) -> None:
    """C.04.2-2026 4.4: the published round changed by hand (the competition's rules, 4.4.2); the round's page
    and the moved player's "why this pairing?" name the change and the arbiter's reason, as the window does."""
    before = sv.get_round(db, tid, 1)
    first, second = before.boards[0], before.boards[1]  # their black players change places
    assert "Changed by hand" not in httpx.get(server + "/").text
    reason = "Brothers <not> paired & kept apart"
    sv.apply_override(db, tid, 1, [Swap(first.black, second.black)], reason, case="competition-rules",
                      confirmed=Level.DOUBLE)  # fmt: skip
    after = sv.get_round(db, tid, 1)
    assert {(b.white, b.black) for b in after.boards} != {(b.white, b.black) for b in before.boards}
    moved = next(b for b in after.boards if b.overridden)
    page = httpx.get(server + "/").text
    section = re.search(r'<section class="changes">(.*?)</section>', page, re.DOTALL)
    assert section is not None and "Changed by hand by the arbiter" in section.group(1)
    assert html.escape(reason, quote=False) in section.group(1) and reason not in page  # the reason escaped
    why = httpx.get(f"{server}/player/{moved.white}/why").text
    assert "changed this round" in why and "by hand" in why and html.escape(reason, quote=False) in why
    assert "Changed by hand" not in httpx.get(server + "/standings").text  # standings are not a pairing


def test_a_deputy_decides_an_adjourned_game_of_the_round_in_progress(db: Database, tid: int) -> None:
    """C.04.2.D.1: an adjourned game ("*") is still being played, not a result someone else entered: its decided
    result from the deputy of its board is entered (no conflict for the chief arbiter), also once round 2 is
    drafted with it as a draw (the draft is paired again before it is published, issue 29 D1).  Once round 2 is
    published, an adjourned game decided otherwise than a draw needs a Level-3 answer (checklist Q163), which
    only the main desk gives: the deputy is refused, nothing changed."""
    boards = sv.get_round(db, tid, 1).boards
    sv.enter_results(db, tid, 1, [(b.number, "1-0") for b in boards[3:]] + [(1, "*"), (2, "*"), (3, "*")])
    deputy = dp.add_deputy(db, tid, "Ann Lee", (1, 5), 12)
    assert dp.deputy_enter_result(db, tid, deputy.token, 1, 2, "0-1").status == dp.ENTERED
    sv.pair_next_round(db, tid, confirmed=Level.INFORM)  # boards 1 and 3 adjourned: draws for this pairing
    assert sv.get_round(db, tid, 2).state == "draft"
    assert dp.deputy_enter_result(db, tid, deputy.token, 1, 1, "0-1").status == dp.ENTERED
    assert not dp.list_conflicts(db, tid)
    assert [b.result_text for b in sv.get_round(db, tid, 1).boards][:3] == ["0-1", "0-1", "*"]
    entries = [e for e in sv.audit_log(db, tid) if e.action == "results" and "deputy" in e.arbiter]
    assert len(entries) == 2 and all("Ann Lee" in e.arbiter for e in entries)
    with pytest.raises(sv.StaleDraftError):  # paired with board 1 as a draw: paired again first
        sv.publish_round(db, tid)
    sv.repair_round(db, tid)
    sv.publish_round(db, tid)
    with pytest.raises(dp.DeputyRefused, match="round 1 is not in progress"):
        dp.deputy_enter_result(db, tid, deputy.token, 1, 3, "1-0")
    with pytest.raises(ConfirmationNeeded, match="Q163"):
        sv.enter_result(db, tid, 1, 3, "1-0")
    assert sv.get_round(db, tid, 1).boards[2].result_text == "*"
