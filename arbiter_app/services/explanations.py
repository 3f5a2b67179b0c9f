"""The explanation of a round as a service: the outline, a bracket's candidates, the desk's answers.

Each is a service like every other (``fn(db, tournament_id, ...)``, run by
the shells on their background path, in the child process), answering with
the structured values of :mod:`arbiter_app.explain.document`, in the words
and article numbers of the edition that paired the round.  The round is
explained as it stands: boards the arbiter set by hand (an override) are
named with the reason and the case of the rules it was made in, beside the
engine's pairing, and two players paired on such a board are never asked
why they are not paired.  A round robin's round is explained by its Berger
rows (:mod:`arbiter_app.services.roundrobin`).

The explanation of a round is kept for the last few tournament states asked
about (the state itself is the key: any change to the tournament is a new
state), so that the candidates and the answers after an outline do not pair
the round again.  Reading the state takes a second at 1,000 players: a caller
that knows when the tournament changes passes ``token``, a value it changes
with every change (the explain panel: its own id and its count of changes),
and the state read for that token is used again.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Hashable
from dataclasses import dataclass

from arbiter_app.explain.by_hand import HandReason, StoredRound, stored_round
from arbiter_app.explain.compare import compare_editions
from arbiter_app.explain.document import (
    Answer,
    CandidateTable,
    OutlineView,
    candidate_table,
    comparison_answer,
    mode_labels,
    table_outline,
    text_answer,
    why_float_answer,
    why_not_answer,
)
from arbiter_app.explain.document import outline_view as _outline_view
from arbiter_app.explain.explanation import RoundExplanation, explain_round
from arbiter_app.pairing.editions import DEFAULT
from arbiter_app.pairing.editions import edition as edition_rules
from arbiter_app.pairing.model import TournamentState
from arbiter_app.pairing.texts import RulesText
from arbiter_app.persistence import queries
from arbiter_app.persistence.database import Database
from arbiter_app.services.articles import change_cases
from arbiter_app.services.round_view import paired_by, round_info
from arbiter_app.services.roundrobin import explain_berger, explain_berger_round
from arbiter_app.services.state import state_for_round
from arbiter_app.services.systems import system_of

TABLE_SUMMARY = (
    "A round robin is paired by the Berger table (C.05 Annex 1), not by the Dutch rules: there are no brackets "
    "and no candidates to weigh, and no editions to compare; the outline names each board's row."
)
CACHE_SIZE = 4
"""Explanations kept (the last rounds asked about)."""

_cache: OrderedDict[tuple[TournamentState, str], RoundExplanation] = OrderedDict()
_reads: OrderedDict[tuple[str, int, int, Hashable], _Read] = OrderedDict()


def _texts(edition: str) -> RulesText:
    """How ``edition`` names its criteria and numbers its articles (the one place the edition is looked up)."""
    return edition_rules(edition).texts


def candidate_modes(edition: str | None) -> tuple[str, str]:
    """The candidates' two modes, named with the articles of ``edition`` (None: the rules in force): the trail
    (B.3–B.8; C.04.3-2026 3.3–3.8) and the manual's sieve."""
    return mode_labels(_texts(edition) if edition else DEFAULT.texts)


def _explained(state: TournamentState, edition: str) -> RoundExplanation:
    key = (state, edition)
    if key in _cache:
        _cache.move_to_end(key)
        return _cache[key]
    e = explain_round(state, edition_rules(edition))
    _cache[key] = e
    while len(_cache) > CACHE_SIZE:
        _cache.popitem(last=False)
    return e


@dataclass(frozen=True)
class _StoredRows:
    """The round as read, until the engine's pairing is known (whether the bye was moved)."""

    number: int
    boards: tuple[tuple[int, int, bool], ...]
    bye: int | None
    reasons: tuple[HandReason, ...]

    def against(self, e: RoundExplanation) -> StoredRound:
        return stored_round(self.number, self.boards, self.bye, e.outline.pairing, self.reasons)


@dataclass(frozen=True)
class _Read:
    by_table: bool
    """The tournament's system pairs from a fixed table (a round robin)."""
    state: TournamentState | None
    """The tournament before the round (None for a round robin)."""
    edition: str
    """The edition that paired the round (the tournament's, before it is paired)."""
    stored: _StoredRows | None
    """The round as stored (None before it is paired)."""


def _read(db: Database, tournament_id: int, round_number: int, token: Hashable | None = None) -> _Read:
    if token is None:
        return _read_file(db, tournament_id, round_number)
    key = (str(db.path), tournament_id, round_number, token)
    if key in _reads:
        _reads.move_to_end(key)
        return _reads[key]
    _reads[key] = read = _read_file(db, tournament_id, round_number)
    while len(_reads) > CACHE_SIZE:
        _reads.popitem(last=False)
    return read


def _read_file(db: Database, tournament_id: int, round_number: int) -> _Read:
    with db.read() as s:
        t = queries.tournament(s, tournament_id)
        if system_of(t).paired_by_table:
            return _Read(True, None, t.edition, None)
        r = queries.round_(s, t.id, round_number)
        edition = paired_by(s, r) if r is not None else t.edition
        state = state_for_round(s, t.id, round_number)
        if r is None:
            return _Read(False, state, edition, None)
        info = round_info(s, r)
        cases = {c.key: f"{c.article} ({c.text})" for c in change_cases(edition)}
        reasons = tuple(HandReason(o.reason, cases.get(o.change_case, o.change_case)) for o in info.overrides)
        rows = tuple((b.white, b.black, b.overridden) for b in info.boards)
        return _Read(False, state, edition, _StoredRows(info.number, rows, info.bye, reasons))


def _explain(read: _Read) -> tuple[RoundExplanation, StoredRound | None]:
    if read.state is None:
        raise ValueError("a round robin is paired by its Berger table: it has no Dutch explanation")
    e = _explained(read.state, read.edition)
    return e, read.stored.against(e) if read.stored is not None else None


def round_explanation(
    db: Database, tournament_id: int, round_number: int, token: Hashable | None = None
) -> tuple[RoundExplanation, StoredRound | None]:
    """The engine's pairing of the round explained by the edition that paired it, and the round as stored
    (None before it is paired).  Not for a round robin (``explain_outline`` names its Berger rows)."""
    return _explain(_read(db, tournament_id, round_number, token))


def explain_outline(db: Database, tournament_id: int, round_number: int, token: Hashable | None = None) -> OutlineView:
    """The round's outline: brackets in A.9 order, their players, B.1/B.2, the choices, the colours; boards set
    by hand beside the engine's pairing.  A round robin: each board's Berger row."""
    read = _read(db, tournament_id, round_number, token)
    if read.by_table:
        return table_outline(explain_berger_round(db, tournament_id, round_number), _texts(read.edition))
    return _outline_view(*_explain(read))


def explain_candidates(
    db: Database,
    tournament_id: int,
    round_number: int,
    bracket: int,
    mode: str = "trail",
    token: Hashable | None = None,
) -> CandidateTable:
    """Bracket ``bracket``'s candidates: the trail (B.3-B.8) or the manual's sieve (``mode``)."""
    read = _read(db, tournament_id, round_number, token)
    if read.by_table:
        return CandidateTable(bracket, mode, (), None, TABLE_SUMMARY)
    e, stored = _explain(read)
    return candidate_table(e, bracket, mode, stored)


def explain_why_not(
    db: Database, tournament_id: int, round_number: int, a: int, b: int, token: Hashable | None = None
) -> Answer:
    """Why are ``a`` and ``b`` not paired (or, when they are on a board set by hand, where and why)?"""
    read = _read(db, tournament_id, round_number, token)
    if read.by_table:
        rows = [explain_berger(db, tournament_id, n, round_number) for n in (a, b)]
        return text_answer(f"Round {round_number}: who meets whom comes from the Berger table\n" + "\n".join(rows))
    e, stored = _explain(read)
    return why_not_answer(e, a, b, stored)


def explain_why_float(
    db: Database, tournament_id: int, round_number: int, number: int, token: Hashable | None = None
) -> Answer:
    """Why does ``number`` float (or get the bye); in a round robin, which Berger row gives the opponent."""
    read = _read(db, tournament_id, round_number, token)
    if read.by_table:
        row = explain_berger(db, tournament_id, number, round_number)
        return text_answer(f"Round {round_number}: which Berger row?\n{row}")
    e, stored = _explain(read)
    return why_float_answer(e, number, stored)


def explain_comparison(db: Database, tournament_id: int, round_number: int, token: Hashable | None = None) -> Answer:
    """The round paired by Baku 2016 and by C.04.3-2026 side by side, each difference explained; a round changed
    by hand shows the round as it stands beside the engine's pairing too."""
    read = _read(db, tournament_id, round_number, token)
    if read.by_table:
        return text_answer(f"Round {round_number}\n{TABLE_SUMMARY}")
    e, stored = _explain(read)
    return comparison_answer(compare_editions(e.state), e, stored)
