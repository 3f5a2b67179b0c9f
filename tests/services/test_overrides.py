"""Manual override: every warning triggered once, the reason required, the override stored and audited.

SEVEN's round 3 draft is 5-1, 7-3, 6-2 with the bye to 4.  Before it #1 and
#2 have played white twice (absolute preference for black), #4 and #6 black
twice; #1 met #4 and #6; #3 has a forfeit win; #5 and #7 had the bye.
"""

from __future__ import annotations

import pytest

from arbiter_app.errors import ArbiterError, RuleViolation
from arbiter_app.persistence import Database
from arbiter_app.services import (
    Level,
    MakePair,
    MoveBye,
    Split,
    Swap,
    SwapColours,
    apply_override,
    audit_log,
    enter_results,
    get_round,
    pair_next_round,
    preview_override,
    publish_round,
    request_bye,
)
from arbiter_app.services.dto import OverridePreview
from arbiter_app.services.overrides import Edit
from tests.services.conftest import dump


@pytest.fixture
def draft(db: Database, seven: int) -> int:
    r = pair_next_round(db, seven)
    assert [(b.white, b.black) for b in r.boards] == [(5, 1), (7, 3), (6, 2)] and r.bye == 4
    return seven


def _preview(db: Database, t: int, *edits: Edit) -> OverridePreview:
    return preview_override(db, t, 3, edits)


def _articles(preview: OverridePreview) -> list[str]:
    return [w.article for w in preview.warnings]


def _messages(preview: OverridePreview, article: str) -> list[str]:
    return [w.message for w in preview.warnings if w.article == article]


def test_the_engine_pairing_itself_has_no_warning(db: Database, draft: int) -> None:
    preview = _preview(db, draft)
    assert preview.warnings == () and preview.boards_differing == 0


def test_c1_repeated_opponents(db: Database, draft: int) -> None:
    preview = _preview(db, draft, Swap(4, 5))  # 4-1: they met in round 1
    assert _messages(preview, "C.04.1.b") == ["#4 and #1 have already played each other (round 1; C.1)"]


def test_c3_equal_absolute_colour_preferences(db: Database, draft: int) -> None:
    preview = _preview(db, draft, Swap(2, 5))  # 2-1: both must have black
    assert _messages(preview, "C.3") == ["#2 and #1 both have an absolute colour preference for black"]


def test_colour_difference_beyond_two_and_three_in_a_row(db: Database, draft: int) -> None:
    preview = _preview(db, draft, SwapColours(1))  # 1-5: #1 white a third time
    assert _messages(preview, "C.04.1.f") == ["#1 would get a colour difference of +3"]
    assert _messages(preview, "C.04.1.g") == ["#1 would play white three times in a row"]


def test_c2_bye_to_a_player_who_had_a_forfeit_win(db: Database, draft: int) -> None:
    preview = _preview(db, draft, Swap(3, 4))  # the bye to #3, who won by forfeit in round 2
    assert _messages(preview, "C.2") == ["#3 has already had a pairing-allocated bye or a forfeit win (C.04.1.d)"]


def test_a_player_left_unpaired(db: Database, draft: int) -> None:
    preview = _preview(db, draft, Split(2))
    assert _messages(preview, "A.9") == ["#3 is left unpaired", "#7 is left unpaired"]


def test_a_player_paired_twice_is_shown_and_cannot_be_saved(db: Database, draft: int) -> None:
    preview = _preview(db, draft, MakePair(1, 4))
    assert _messages(preview, "A.9") == ["#1 is paired twice", "#4 is paired twice"]
    before = dump(db)
    with pytest.raises(ArbiterError, match="paired twice"):
        apply_override(db, draft, 3, [MakePair(1, 4)], "two games at once")
    assert dump(db) == before


def test_a_player_not_to_be_paired_put_on_a_board(db: Database, seven: int) -> None:
    request_bye(db, seven, 6, 3, "half")
    r = pair_next_round(db, seven)
    assert r.bye is None
    preview = preview_override(db, seven, 3, [MakePair(6, 7)])
    assert any("#6 is not to be paired in round 3" in m for m in _messages(preview, "C.04.2.D.4"))


def test_how_far_from_the_engine(db: Database, draft: int) -> None:
    preview = _preview(db, draft, Swap(4, 5))
    assert preview.boards_differing == 1
    assert _messages(preview, "engine") == [
        "1 of 3 boards differ from the engine's pairing; the engine gives the bye to #4"
    ]
    assert preview.engine_pairing is not None and preview.engine_pairing.bye == 4


def test_moving_the_bye(db: Database, draft: int) -> None:
    preview = _preview(db, draft, Split(3), MoveBye(2), MakePair(6, 4))
    assert preview.proposed.bye == 2
    assert {(b.white, b.black) for b in preview.proposed.boards} == {(5, 1), (7, 3), (6, 4)}
    assert not _messages(preview, "A.9")


def test_published_round_d10_when_the_change_is_not_allowed(db: Database, draft: int) -> None:
    publish_round(db, draft)
    preview = _preview(db, draft, Swap(2, 3))
    expected = (
        "round 3 is already published; the published pairing does not break C.04.1.b, "
        "so the rule does not allow changing it"
    )
    assert _messages(preview, "C.04.2.D.10") == [expected]


def test_published_round_d10_when_the_published_pairing_broke_c1(db: Database, draft: int) -> None:
    apply_override(db, draft, 3, [Swap(4, 5)], "a mistake, published by accident", confirmed=Level.PROCEED)  # 4-1 met
    publish_round(db, draft)
    preview = _preview(db, draft, Swap(4, 5))
    [message] = _messages(preview, "C.04.2.D.10")
    assert "breaks C.04.1.b (#4-#1 have met before), so the rule allows the change" in message


def test_an_override_without_a_reason_is_refused(db: Database, draft: int) -> None:
    before = dump(db)
    for reason in ("", "   "):
        with pytest.raises(RuleViolation, match="needs the arbiter's reason"):
            apply_override(db, draft, 3, [Swap(2, 3)], reason)
    assert dump(db) == before


def test_apply_stores_the_override_with_its_warnings_and_audits_it(db: Database, draft: int) -> None:
    # A manual pairing alteration: the Level-3 question is answered (tests/services/test_fide_mode.py asks it).
    reason = "players' request, accepted by the chief arbiter"
    result = apply_override(db, draft, 3, [Swap(2, 5)], reason, confirmed=Level.PROCEED)
    stored = get_round(db, draft, 3)
    assert stored.pairing() == result.proposed
    # C.04.2.D.9: higher player's score (2, 2, 1.5), sum of scores (2.5, 2.5), higher player's rank (#1, #5).
    assert [(b.white, b.black) for b in stored.boards] == [(2, 1), (6, 5), (7, 3)]
    [override] = stored.overrides
    assert override.reason == "players' request, accepted by the chief arbiter"
    assert any(w.startswith("C.3 (Baku 2016):") for w in override.warnings)
    entry = [e for e in audit_log(db, draft) if e.action == "override"][-1]
    assert entry.reason == override.reason and entry.before is not None and entry.after is not None


def _published_with_a_rematch(db: Database, t: int) -> None:
    """Round 3 published with #4 against #1, who met in round 1: the one case in which C.04.2.D.10 allows a change
    (issue 29, D4)."""
    apply_override(db, t, 3, [Swap(4, 5)], "a mistake, published by accident", confirmed=Level.PROCEED)
    publish_round(db, t)


def test_results_of_unchanged_boards_are_kept(db: Database, draft: int) -> None:
    _published_with_a_rematch(db, draft)
    before = {(b.white, b.black): b.number for b in get_round(db, draft, 3).boards}
    enter_results(db, draft, 3, [(before[(7, 3)], "0-1"), (before[(6, 2)], "1/2")])
    apply_override(db, draft, 3, [Swap(4, 5)], "the rematch taken apart", discard_results=True,
                   confirmed=Level.PROCEED)  # fmt: skip
    boards = {(b.white, b.black): b.result for b in get_round(db, draft, 3).boards}
    assert boards == {(5, 1): None, (7, 3): "0-1", (6, 2): "1/2-1/2"}
    assert get_round(db, draft, 3).state == "published"


def test_unknown_players_and_boards_are_refused(db: Database, draft: int) -> None:
    with pytest.raises(ArbiterError, match="no player with pairing number 99"):
        _preview(db, draft, MakePair(99, 1))
    with pytest.raises(ArbiterError, match="no board 8"):
        _preview(db, draft, Split(8))
    with pytest.raises(ArbiterError, match="cannot play himself"):
        _preview(db, draft, MakePair(3, 3))


def test_boards_the_override_changed_are_flagged(db: Database, draft: int) -> None:
    """The engine's pairing is kept when it pairs; an override flags the boards it does not give."""
    from sqlalchemy import text

    from arbiter_app.services import undo_last_step

    assert not any(b.overridden for b in get_round(db, draft, 3).boards)
    apply_override(db, draft, 3, [SwapColours(2)], "requested by both players", confirmed=Level.PROCEED)
    flagged = {(b.white, b.black) for b in get_round(db, draft, 3).boards if b.overridden}
    assert flagged == {(3, 7)}  # board 2 with colours swapped; boards 1 and 3 as the engine paired them
    # A round paired before the engine's pairing was kept: recomputed, the same flags.
    with db.write() as s:
        s.execute(text("UPDATE rounds SET engine_pairing = '' WHERE number = 3"))
    assert {(b.white, b.black) for b in get_round(db, draft, 3).boards if b.overridden} == flagged
    undo_last_step(db, draft)
    assert not any(b.overridden for b in get_round(db, draft, 3).boards)


# --- Issue 14: the whole tournament, results never lost silently, reasons that say something ------------------


def test_swapping_players_on_boards_with_results_warns_and_needs_confirmation(db: Database, draft: int) -> None:
    publish_round(db, draft)
    enter_results(db, draft, 3, [(1, "1-0"), (2, "0-1"), (3, "1/2")])
    preview = _preview(db, draft, Swap(6, 7))
    assert _messages(preview, "C.04.2.D.7") == [
        "the results of round 3, boards 2 (#7-#3 0-1), 3 (#6-#2 ½-½) would be discarded"
    ]
    before = dump(db)
    with pytest.raises(ArbiterError, match=r"discard the results of round 3, boards 2 \(#7-#3 0-1\), 3 \(#6-#2"):
        apply_override(db, draft, 3, [Swap(6, 7)], "wrong board cards")
    assert dump(db) == before


def test_a_swap_keeping_every_result_has_no_results_warning(db: Database, draft: int) -> None:
    publish_round(db, draft)
    enter_results(db, draft, 3, [(1, "1-0")])
    assert not _messages(_preview(db, draft, Swap(6, 7)), "C.04.2.D.7")  # boards 2, 3 have no result yet


@pytest.mark.parametrize("reason", ["\u200b", " \u200b\u200c\u2060 ", "\u200e\t", "\x00"])
def test_invisible_characters_are_no_reason(db: Database, draft: int, reason: str) -> None:
    before = dump(db)
    with pytest.raises(RuleViolation, match="needs the arbiter's reason"):
        apply_override(db, draft, 3, [Swap(2, 3)], reason)
    assert dump(db) == before


def test_a_reason_is_stored_without_invisible_characters(db: Database, draft: int) -> None:
    apply_override(db, draft, 3, [Swap(2, 3)], "\u200bwrong\u200b card ", confirmed=Level.PROCEED)
    [override] = get_round(db, draft, 3).overrides
    assert override.reason == "wrong card"


def test_undoing_an_override_of_a_published_round_needs_a_reason(db: Database, draft: int) -> None:
    from arbiter_app.services import undo_last_step

    _published_with_a_rematch(db, draft)
    apply_override(db, draft, 3, [Swap(4, 5)], "the rematch taken apart", confirmed=Level.PROCEED)
    before = dump(db)
    for reason in ("", "\u200b"):
        with pytest.raises(RuleViolation, match="needs the arbiter's reason"):
            undo_last_step(db, draft, reason)
    assert dump(db) == before
    undo_last_step(db, draft, "the players had already started the games")
    entry = audit_log(db, draft)[-1]
    assert entry.action == "undo" and entry.reason == "the players had already started the games"


def test_undoing_an_override_of_a_draft_needs_no_reason(db: Database, draft: int) -> None:
    from arbiter_app.services import undo_last_step

    apply_override(db, draft, 3, [Swap(2, 3)], "wrong board cards", confirmed=Level.PROCEED)
    undo_last_step(db, draft)


def test_warnings_cite_the_edition(db: Database, draft: int) -> None:
    preview = _preview(db, draft, Swap(4, 5))
    [warning] = [w for w in preview.warnings if w.article == "C.04.1.b"]
    assert warning.edition == "Baku 2016"
    assert str(warning) == "C.04.1.b (Baku 2016): #4 and #1 have already played each other (round 1; C.1)"
    engine = [w for w in preview.warnings if w.article == "engine"]
    assert engine and not engine[0].edition


def test_the_article_table_is_keyed_by_edition() -> None:
    from arbiter_app.pairing.editions import EDITIONS
    from arbiter_app.services.articles import article

    assert all(rules.override_articles for rules in EDITIONS.values())
    assert article("baku-2016", "repeat") == "C.04.1.b"
    assert article("an edition not yet tabled", "repeat") == "repeat"
