"""What seminar mode asks of the explanation: the round's explanation, a bracket's title and candidates.

The explain panel asks the services directly (:mod:`arbiter_app.services.explanations`,
structured answers of :mod:`arbiter_app.explain.document`); seminar mode steps through
one round's explanation, fetched here through the same path: the service, on the file,
run in the child process by :mod:`arbiter_app.gui.process_call` (this module opens no
file itself).  No Qt here.
"""

from __future__ import annotations

from dataclasses import dataclass

from arbiter_app.explain import RoundExplanation, compare_editions, comparison_text
from arbiter_app.explain.document import CandidateRow, CandidateTable, bracket_title, candidate_table
from arbiter_app.gui.process_call import run_on_file, run_service
from arbiter_app.services.explanations import TABLE_SUMMARY, round_explanation

__all__ = [
    "TABLE_SUMMARY",
    "CandidateRow",
    "CandidateTable",
    "Question",
    "RoundExplanation",
    "berger_round_text",
    "bracket_titles",
    "candidates",
    "compare_editions",
    "comparison_text",
    "explanation",
]


@dataclass(frozen=True)
class Question:
    """Which explanation: the file, the tournament, the round, the rules' edition, and the file's version.

    ``version`` changes whenever the tournament does (the panel counts its
    changes), so that an answer computed before a change is never shown after it.
    """

    path: str
    tournament_id: int
    round: int
    edition: str
    version: int
    by_table: bool = False
    """The tournament's system pairs from a fixed table (a round robin's Berger table,
    ``TournamentSystem.paired_by_table``): the answers name the table's row instead of weighing candidates."""


def explanation(q: Question) -> RoundExplanation:
    """The explanation of a round as the engine pairs it (slow: in the child process)."""
    e, _ = run_on_file(round_explanation, q.path, q.tournament_id, q.round)
    assert isinstance(e, RoundExplanation)
    return e


def berger_round_text(q: Question) -> str:
    """A round robin's round: its heading, then each board's Berger row (``explain_berger_round``)."""
    return str(run_service("explain_berger_round", q.path, q.tournament_id, q.round))


def bracket_titles(e: RoundExplanation) -> list[str]:
    """``Bracket 3: score 2.5, 5 players``, ``Bracket 6: the PPB (A.9), 3 players`` ..."""
    return [bracket_title(e, b) for b in e.outline.brackets]


def candidates(e: RoundExplanation, index: int, mode: str = "trail") -> CandidateTable:
    """Bracket ``index``'s candidates: the trail (B.3-B.8, in generation order) or the manual's sieve."""
    return candidate_table(e, index, mode)
