"""The standings beyond the computed tie-breaks (checklist Q205, Q207-Q216): tied players ranked by hand,
tie-break values entered by hand, the rules for unrated players in C.07 Article 10's rating-based tie-breaks,
and a tournament lasting more than 30 days (several ratings per player, linked to rounds)."""

from __future__ import annotations

import re
from fractions import Fraction
from pathlib import Path

import pytest

from arbiter_app.errors import ArbiterError
from arbiter_app.persistence import Database
from arbiter_app.reports import write_report
from arbiter_app.services import drawing_of_lots, import_trf, ranked_standings, why_above
from arbiter_app.services.standings_by_hand import (
    by_hand,
    enter_tiebreak_value,
    long_event_advice,
    set_hand_order,
    set_rating_rules,
    set_tiebreak_rating,
)
from arbiter_app.services.warnings import ConfirmationNeeded, Level
from arbiter_app.reports.html import standings_html
from arbiter_app.trf import parse_trf
from tests.pdf_tools import page_text
from tests.services.conftest import HANDMADE
from tests.services.test_lots import ALL_DRAWN
from tests.services.test_odd_results import player_line


def _import(db: Database, text: str) -> int:
    return import_trf(db, parse_trf(text, source="t.trf"), confirmed=HANDMADE).tournament.id


def _rated(ratings: list[int], tiebreaks: str = "ARO,BH") -> str:
    """Eight players (ratings given), round 1: 1-5 1-0, 2-6 1-0, 3-7 1-0, 4-8 1-0; the tie-break list ``202``."""
    lines = ["012 Ratings", "XXR 3", "XXC white1", f"202 {tiebreaks}"]
    cells = {w: [(w + 4, "w", "1")] for w in range(1, 5)} | {b: [(b - 4, "b", "0")] for b in range(5, 9)}
    lines += [player_line(n, ratings[n - 1], cells[n]) for n in range(1, 9)]
    return "\n".join(lines) + "\n"


# --- Q205: tied players ranked by hand -------------------------------------------------------------------


def test_tied_players_ranked_by_hand_within_their_tie_only(db: Database) -> None:
    """C.07-2026 4.2 breaks a tie left by every tie-break by lot; the arbiter may rank it by hand (Level 3)."""
    tid = _import(db, ALL_DRAWN)
    lots = list(drawing_of_lots(db, tid))
    wanted = [lots[5], lots[2]]  # the lots put them 6th and 3rd: by hand the first of the two comes first
    with pytest.raises(ConfirmationNeeded) as asked:
        set_hand_order(db, tid, wanted)
    assert asked.value.level == Level.PROCEED and "C.07-2026 4.2" in asked.value.rule
    assert by_hand(db, tid).hand_order == ()  # nothing stored unconfirmed
    set_hand_order(db, tid, wanted, confirmed=Level.PROCEED)
    rows = ranked_standings(db, tid).rows
    order = [r.number for r in rows]
    # the two take the places the lots gave them (3rd and 6th), in the arbiter's order; the others stay
    assert order[2] == wanted[0] and order[5] == wanted[1]
    assert [n for n in order if n not in wanted] == [n for n in lots if n not in wanted]
    assert [r.by_hand for r in rows] == [k in (2, 5) for k in range(8)]
    set_hand_order(db, tid, [])
    assert [r.number for r in ranked_standings(db, tid).rows] == lots


def test_a_hand_order_never_moves_players_a_tie_break_separates(db: Database) -> None:
    tid = _import(db, _rated([2400, 2300, 2200, 2100, 2000, 1900, 1800, 1700]))
    before = [r.number for r in ranked_standings(db, tid).rows]
    assert before[:4] == [1, 2, 3, 4]  # ARO: 2000 > 1900 > 1800 > 1700 separates the winners
    set_hand_order(db, tid, [4, 3, 2, 1], confirmed=Level.PROCEED)
    rows = ranked_standings(db, tid).rows
    assert [r.number for r in rows] == before and not any(r.by_hand for r in rows)


def test_the_hand_order_is_printed_with_a_mark(db: Database) -> None:
    tid = _import(db, ALL_DRAWN)
    lots = drawing_of_lots(db, tid)
    set_hand_order(db, tid, [lots[1], lots[0]], confirmed=Level.PROCEED)
    html = standings_html(ranked_standings(db, tid), "Draws")
    assert "place within a tie ranked by the arbiter" in html and html.count(" h</td>") == 2


def test_a_hand_order_naming_unknown_players_is_refused(db: Database) -> None:
    tid = _import(db, ALL_DRAWN)
    with pytest.raises(ArbiterError, match="not registered: 12"):
        set_hand_order(db, tid, [1, 12], confirmed=Level.PROCEED)
    with pytest.raises(ArbiterError, match="twice"):
        set_hand_order(db, tid, [1, 1], confirmed=Level.PROCEED)


# --- Q207: externally computed values ----------------------------------------------------------------------


def test_a_value_entered_by_hand_ranks_and_is_marked(db: Database) -> None:
    tid = _import(db, _rated([2000] * 8, "BH,ARO"))
    first = ranked_standings(db, tid)
    loser = first.rows[-1].number
    assert first.value(loser, "BH") == 1  # each loser met a winner: BH 1
    enter_tiebreak_value(db, tid, loser, "bh", "3.5", reason="value of the play-off program")
    table = ranked_standings(db, tid)
    row = table.row(loser)
    assert table.value(loser, "BH") == Fraction(7, 2) and row.entered == ("BH",)
    assert row.place == 5  # first among the losers: 3.5 beats their computed 1
    assert "value entered by hand" in standings_html(table, "T")
    enter_tiebreak_value(db, tid, loser, "BH", None)
    assert ranked_standings(db, tid).row(loser).entered == ()


def test_entered_values_must_name_a_code_of_the_list_and_a_number(db: Database) -> None:
    tid = _import(db, _rated([2000] * 8, "BH,DE"))
    with pytest.raises(ArbiterError, match="not in the tournament's tie-break list"):
        enter_tiebreak_value(db, tid, 1, "SB", "2")
    with pytest.raises(ArbiterError, match="rank them by hand"):
        enter_tiebreak_value(db, tid, 1, "DE", "2")
    with pytest.raises(ArbiterError, match="not a number"):
        enter_tiebreak_value(db, tid, 1, "BH", "two")
    assert by_hand(db, tid).entered == {}


# --- Q208-Q209: unrated players in rating-based tie-breaks --------------------------------------------------


UNRATED_8 = [2400, 2300, 2200, 2100, 2000, 1900, 1800, 0]
"""Player 8 unrated; player 4 met them."""


def test_without_a_rule_rating_tiebreaks_are_dropped_with_unrated_players(db: Database) -> None:
    """C.07 Article 10: "dropped from the tournament tie-break list when unrated players are present"."""
    tid = _import(db, _rated(UNRATED_8))
    table = ranked_standings(db, tid)
    assert {table.value(n, "ARO") for n in range(1, 9)} == {None}


def test_a_fixed_rating_for_unrated_players(db: Database) -> None:
    """C.07 Article 10, a rule "established and published by the Chief Arbiter": every unrated player counts
    as rated 1000 (or 0, the checklist's "rating 0")."""
    tid = _import(db, _rated(UNRATED_8))
    with pytest.raises(ConfirmationNeeded) as asked:  # round 1 is paired: announced before the start
        set_rating_rules(db, tid, unrated_method="fixed", unrated_rating=1000)
    assert asked.value.level == Level.DOUBLE
    set_rating_rules(db, tid, unrated_method="fixed", unrated_rating=1000, confirmed=Level.DOUBLE)
    table = ranked_standings(db, tid)
    assert table.value(4, "ARO") == 1000 and table.value(1, "ARO") == 2000 and table.value(8, "ARO") == 2100
    why = why_above(db, tid, 3, 4)  # the explanation reads the same rule
    assert why.decided_by == "ARO" and why.steps[0].values == (1800, 1000)
    set_rating_rules(db, tid, unrated_rating=0, confirmed=Level.DOUBLE)
    assert ranked_standings(db, tid).value(4, "ARO") == 0


def test_an_estimated_rating_for_each_unrated_player(db: Database) -> None:
    tid = _import(db, _rated(UNRATED_8))
    set_rating_rules(db, tid, unrated_method="estimated", unrated_rating=1000, confirmed=Level.DOUBLE)
    assert ranked_standings(db, tid).value(4, "ARO") == 1000  # no estimate yet: the fixed rating
    set_tiebreak_rating(db, tid, 8, 1, 1750)
    assert ranked_standings(db, tid).value(4, "ARO") == 1750
    set_rating_rules(db, tid, unrated_method="fixed", confirmed=Level.DOUBLE)
    assert ranked_standings(db, tid).value(4, "ARO") == 1000  # the estimate counts only under its rule


def test_a_codes_own_unrated_rating_comes_first(db: Database) -> None:
    """``ARO/U1200``: the code's own rule (C.07 Article 10) over the tournament's."""
    tid = _import(db, _rated(UNRATED_8, "ARO/U1200,ARO"))
    assert ranked_standings(db, tid).value(4, "ARO/U1200") == 1200
    assert ranked_standings(db, tid).value(4, "ARO") is None
    set_rating_rules(db, tid, unrated_method="fixed", unrated_rating=1000, confirmed=Level.DOUBLE)
    table = ranked_standings(db, tid)
    assert (table.value(4, "ARO/U1200"), table.value(4, "ARO")) == (1200, 1000)


def test_unknown_rules_are_refused(db: Database) -> None:
    tid = _import(db, _rated(UNRATED_8))
    with pytest.raises(ArbiterError, match="unrated players: 'average'"):
        set_rating_rules(db, tid, unrated_method="average", confirmed=Level.DOUBLE)
    with pytest.raises(ArbiterError, match="first, each, or a round 1-3"):
        set_rating_rules(db, tid, tiebreak_rating="7", confirmed=Level.DOUBLE)


# --- Q210-Q216: tournaments lasting more than 30 days --------------------------------------------------------


def _long(db: Database) -> int:
    """Three rounds: player 1 (2400) beats 2, 3 and 4 (all rated 2000 at the start), one a round; the others
    take a zero-point bye in the rounds they do not play."""
    rounds = {1: ((2, "w", "1"), (3, "b", "1"), (4, "w", "1")),
              2: ((1, "b", "0"), (0, "-", "Z"), (0, "-", "Z")),
              3: ((0, "-", "Z"), (1, "w", "0"), (0, "-", "Z")),
              4: ((0, "-", "Z"), (0, "-", "Z"), (1, "b", "0"))}  # fmt: skip
    lines = ["012 Long", "XXR 3", "XXC white1", "202 ARO,BH"]
    for n, cells in rounds.items():
        line = player_line(n, 2400 if n == 1 else 2000, [])
        lines.append(line + "  ".join(f"{o:04d} {c} {r}" if o == 0 else f"{o:>4} {c} {r}" for o, c, r in cells))
    return _import(db, "\n".join(lines) + "\n")


def test_a_long_tournament_counts_the_first_rating_unless_told_otherwise(db: Database) -> None:
    """C.07 Article 10, Note: "the rating used to calculate them is the first one, unless the specific regulations
    of the tournament state otherwise" (checklist Q212-Q216)."""
    tid = _long(db)
    set_tiebreak_rating(db, tid, 3, 2, 2100)  # player 3's second rating, from round 2 (the game with 1)
    set_tiebreak_rating(db, tid, 4, 3, 2300)  # player 4's, from round 3 (the game with 1)
    assert ranked_standings(db, tid).value(1, "ARO") == 2000  # not flagged: only the first rating exists
    told = set_rating_rules(db, tid, long_event=True, confirmed=Level.DOUBLE)
    assert told and "not recommended" in told[0].text and "ARO" in told[0].text  # Q211
    assert long_event_advice(db, tid) == told[0]
    assert ranked_standings(db, tid).value(1, "ARO") == 2000  # Q215: the first rating by default
    set_rating_rules(db, tid, tiebreak_rating="each", confirmed=Level.DOUBLE)
    assert ranked_standings(db, tid).value(1, "ARO") == 2133  # Q214: (2000 + 2100 + 2300) / 3, rounded
    set_rating_rules(db, tid, tiebreak_rating="3", confirmed=Level.DOUBLE)
    assert ranked_standings(db, tid).value(1, "ARO") == 2133  # Q216: round 3's list: 2000, 2100, 2300
    set_rating_rules(db, tid, tiebreak_rating="2", confirmed=Level.DOUBLE)
    assert ranked_standings(db, tid).value(1, "ARO") == 2033  # round 2's list: 2000, 2100, 2000


def test_the_advice_is_given_only_with_rating_based_tiebreaks(db: Database) -> None:
    tid = _import(db, _rated([2000] * 8, "BH,SB"))
    assert set_rating_rules(db, tid, long_event=True, confirmed=Level.DOUBLE) == ()
    assert long_event_advice(db, tid) is None and by_hand(db, tid).long_event


def test_the_printed_standings_pdf_carries_both_marks(db: Database, tmp_path: Path, qapp: object) -> None:
    """The report as printed (a real PDF): the places ranked by hand and the value entered, with their legend."""
    tid = _import(db, ALL_DRAWN)
    lots = drawing_of_lots(db, tid)
    set_hand_order(db, tid, [lots[1], lots[0]], confirmed=Level.PROCEED)
    enter_tiebreak_value(db, tid, lots[7], "BH/C1", "2")
    pdf = write_report(db, tid, "standings", tmp_path / "standings.pdf")
    text = page_text(pdf, 1)
    assert "h place within a tie ranked by the arbiter" in text
    assert "e value entered by hand (computed elsewhere)" in text
    assert re.search(rf"^\s*2 h\s+{lots[1]}\s", text, re.MULTILINE)
    assert re.search(rf"^\s*3 h\s+{lots[0]}\s", text, re.MULTILINE)
    assert re.search(rf"^\s*1\s+{lots[7]}\s.*\s2 e\s", text, re.MULTILINE)
