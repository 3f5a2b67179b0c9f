"""Pairing a round by hand as one phase with an explicit start and end (checklist Q63-Q69).

:func:`start_pairing_edit` ("Edit pairings") opens the phase on one round: a round
already paired (draft or published), or the next round not yet paired, which is how a
round the engine cannot pair at all (C.04.3 A.9 / C.04.3-2026 [C4]: the arbiter
decides) is paired and the tournament finished by hand.  Nothing is stored while the
phase lasts: :class:`PairingEdit` holds the round as it was and as it is now.

Every change (:func:`change_pairing`: swap, pair two players, take a board apart,
give or take the bye, swap colours) is checked at once against every round of the
tournament, the later ones too, with the checks of :mod:`arbiter_app.services.overrides`;
each rule the change breaks is a Level-3 warning (proceed or cancel the change):

- a rematch (C.04.1.b; C.04.3 C.1 / C.04.3-2026 [C1]) and a prohibited pair;
- the pairing-allocated bye to a player who cannot have it (C.04.1.d, as the edition
  bars it: an earlier bye, a forfeit win, a full-point bye under 2026), or above the
  lowest score the edition allows it (C.04.3-2026 2.3.1 [C5]);
- a colour difference beyond 2 or the same colour three times in a row (C.04.1.f, g;
  in the last round only a Level-2 notice for a topscorer, whom C.3 lets through);
- two players with the same absolute colour preference (C.3).

A Level-2 notice tells the arbiter when both players of a board get the colour opposite
to the one each is due (A.6, checklist Q67).

:func:`validate_pairing_edit` ("Validate") ends the phase: the pairing is compared with
the engine's for the same round (the one kept when the round was paired, else paired
now); when they differ, a Level-4 confirmation shows the engine's pairing and the
differences, and the round is stored as a manual pairing alteration, written as
``### MPA @ Round n: <engine's> => <actual>`` in TRF-2026 exports (Q68, Q69, Q115).
:func:`cancel_pairing_edit` ("Cancel") ends it with the round as it was.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, replace

from sqlalchemy.orm import Session

from arbiter_app.errors import ArbiterError, PairingImpossibleError, ReasonRequired, RuleViolation
from arbiter_app.pairing.engine import board_order, contestants, pair_round
from arbiter_app.pairing.editions import edition as edition_rules
from arbiter_app.pairing.model import Board, Colour, RoundPairing, TournamentState
from arbiter_app.persistence import queries
from arbiter_app.persistence.database import Database
from arbiter_app.persistence.models import Override, Round, RoundState, Tournament
from arbiter_app.services.articles import article, edition_label
from arbiter_app.services.drafts import keep_paired_on
from arbiter_app.services.dto import OverrideWarning, RoundInfo
from arbiter_app.services.fide_mode import comment, mpa_detail, past_round_notice
from arbiter_app.services.overrides import (
    Edit,
    MakePair,
    MoveBye,
    Split,
    _all_contestants,
    _change_case,
    _Cite,
    _colour_warnings,
    _completeness_warnings,
    _pair_warnings,
    _preview,
    _stored_rounds,
    apply_edits,
    case_notice,
    check_storable,
    store_override,
)
from arbiter_app.services.records import audit, reason_text, snapshot
from arbiter_app.services.round_view import round_info
from arbiter_app.services.rounds import keep_engine_pairing, store_pairing
from arbiter_app.services.state import state_for_round
from arbiter_app.services.systems import system_of
from arbiter_app.services.warnings import Level, Notice, require

LIVE_CHECKS = ("repeat", "forbidden", "bye", "colour-difference", "three-in-a-row", "absolute-colours")
"""The warnings of :mod:`arbiter_app.services.overrides` that a change meets at Level 3 (checklist Q66)."""

TOPSCORER_NOTE = "a topscorer in the final round"


@dataclass(frozen=True)
class PairingEdit:
    """A round between "Edit pairings" and "Validate" or "Cancel"; nothing of it is stored yet."""

    round: int
    original: RoundPairing | None
    """The round as stored when the phase started (None: it was not paired)."""
    current: RoundPairing
    changes: tuple[Edit, ...] = ()
    notices: tuple[Notice, ...] = ()
    """What the last change met (Level 2 and the Level-3 warnings the arbiter answered)."""

    @property
    def changed(self) -> bool:
        return self.current != (self.original or RoundPairing(self.round, ()))


def _state(s: Session, t: Tournament, round_number: int) -> tuple[Round | None, TournamentState]:
    r = queries.round_(s, t.id, round_number)
    if r is None:
        last = queries.last_round(s, t.id)
        following = last.number + 1 if last else 1
        if round_number != following:
            raise ArbiterError(f"round {round_number} has not been paired; the next round to pair is {following}")
        if round_number > t.rounds_count:
            raise RuleViolation("C.04.1.a", f"all {t.rounds_count} rounds have been paired")
        if last is not None and last.state == RoundState.DRAFT:
            raise ArbiterError(f"round {last.number} is a draft: publish it first")
    return r, state_for_round(s, t.id, round_number)


def start_pairing_edit(db: Database, tournament_id: int, round_number: int) -> PairingEdit:
    """ "Edit pairings": open the manual-pairing phase on a paired round, or on the next round (unpaired, every
    player to be placed by hand)."""
    with db.read() as s:
        t = queries.tournament(s, tournament_id)
        r, _ = _state(s, t, round_number)
        stored = round_info(s, r).pairing() if r is not None else None
    return PairingEdit(round_number, stored, stored or RoundPairing(round_number, ()))


def _placed(pairing: RoundPairing, player: int) -> list[Edit]:
    """The edits that take ``player`` off his board (the opponent becomes unpaired) or off the bye."""
    edits: list[Edit] = [Split(k) for k, b in enumerate(pairing.boards, 1) if player in (b.white, b.black)]
    return edits + ([MoveBye(None)] if pairing.bye == player else [])


def _session_edits(pairing: RoundPairing, change: Edit) -> list[Edit]:
    """A change as the phase means it: pairing two players (or giving one the bye) first takes them from where they
    were, so nobody is ever paired twice."""
    if isinstance(change, MakePair):
        if change.white == change.black:
            raise ArbiterError(f"#{change.white} cannot play himself")
        return list(dict.fromkeys(_placed(pairing, change.white) + _placed(pairing, change.black))) + [change]
    if isinstance(change, MoveBye) and change.player is not None:
        return _placed(pairing, change.player) + [change]
    return [change]


def _level(warning: OverrideWarning) -> Level:
    """Level 3 for a rule a change breaks; Level 2 for a colour rule the last round lets a topscorer break (C.3)."""
    return Level.INFORM if TOPSCORER_NOTE in warning.message else Level.PROCEED


def _rule_warnings(s: Session, t: Tournament, state: TournamentState, pairing: RoundPairing) -> list[OverrideWarning]:
    stored = _stored_rounds(s, t)
    cite = _Cite(t.edition)
    found = _pair_warnings(state, pairing, stored, cite) + _colour_warnings(state, pairing, stored, cite)
    return [w for w in found if w.rule in LIVE_CHECKS]


def opposite_colours(state: TournamentState, pairing: RoundPairing, edition: str) -> list[Notice]:
    """Checklist Q67 (Level 2): both players of a board get the colour opposite to the one each is due (A.6)."""
    known = _all_contestants(state, edition)
    notices = []
    for board in pairing.boards:
        white, black = known[board.white].preference.colour, known[board.black].preference.colour
        if white is Colour.BLACK and black is Colour.WHITE:
            notices.append(
                Notice(
                    Level.INFORM,
                    "checklist Q67",
                    f"#{board.white} (due black) gets white and #{board.black} (due white) gets black: both get the "
                    "colour opposite to the one each is due",
                )
            )
    return notices


def bye_score(state: TournamentState, pairing: RoundPairing, edition: str) -> list[Notice]:
    """Level 3: the bye to a player above the lowest score the edition's absolute criterion allows (checklist Q66;
    C.04.3-2026 2.3.1 [C5]; Baku 2016 has no such criterion)."""
    if pairing.bye is None:
        return []
    rules = edition_rules(edition)
    players = contestants(state, rules)
    floor = rules.bye_score_floor(players)
    score = next((p.score for p in players if p.number == pairing.bye), None)
    if floor is None or score is None or score <= floor[0]:
        return []
    return [
        Notice(
            Level.PROCEED,
            f"{floor[1]} ({edition_label(edition)})",
            f"#{pairing.bye} has a score of {score / 10:g}: the bye goes to a participant with {floor[0] / 10:g}",
        )
    ]


def change_pairing(
    db: Database, tournament_id: int, edit: PairingEdit, change: Edit, *, confirmed: int = 0
) -> PairingEdit:
    """One change of the phase, checked against every round: each rule it breaks asks at Level 3 (raising
    :class:`ConfirmationNeeded` unless ``confirmed``); the notices it meets come back with the new state."""
    with db.read() as s:
        t = queries.tournament(s, tournament_id)
        _, state = _state(s, t, edit.round)
        proposed = apply_edits(edit.current, _session_edits(edit.current, change))
        numbers = {p.number for p in state.players}
        for n in {n for b in proposed.boards for n in (b.white, b.black)} | ({proposed.bye} - {None}):
            if n not in numbers:
                raise ArbiterError(f"there is no player with pairing number {n}")
        known = {(w.rule, w.message) for w in _rule_warnings(s, t, state, edit.current)}
        fresh = [w for w in _rule_warnings(s, t, state, proposed) if (w.rule, w.message) not in known]
        before = {n.text for n in opposite_colours(state, edit.current, t.edition)}
        notices = [
            Notice(_level(w), f"{w.article} ({w.edition})" if w.edition else w.article, w.message) for w in fresh
        ]
        notices += [n for n in opposite_colours(state, proposed, t.edition) if n.text not in before]
        if proposed.bye != edit.current.bye:
            notices += bye_score(state, proposed, t.edition)
    require(confirmed, notices)
    return replace(edit, current=proposed, changes=(*edit.changes, change), notices=tuple(notices))


def cancel_pairing_edit(db: Database, tournament_id: int, edit: PairingEdit) -> RoundInfo | None:
    """ "Cancel": the phase ends and the round stays as it was (nothing of the phase was stored); the round as
    stored, or None when it is still unpaired."""
    with db.read() as s:
        r = queries.round_(s, queries.tournament(s, tournament_id).id, edit.round)
        return round_info(s, r) if r is not None else None


def _engine(s: Session, t: Tournament, r: Round | None, state: TournamentState) -> RoundPairing | None:
    """The engine's pairing of the round: the one kept when it was paired, else paired now (None: A.9, none)."""
    if r is not None and r.engine_pairing:
        kept = json.loads(r.engine_pairing)
        boards = tuple(Board(w, b) for w, b in kept.get("boards", []))
        return None if kept.get("impossible") else RoundPairing(r.number, boards, kept.get("bye"))
    try:
        return system_of(t).pair(s, t, state.round) if r is None else pair_round(state, t.rules)
    except PairingImpossibleError:
        return None


def _listed(pairing: RoundPairing) -> str:
    boards = ", ".join(f"{b.white}-{b.black}" for b in pairing.boards) or "no board"
    return boards + (f", bye #{pairing.bye}" if pairing.bye is not None else "")


def validation_notice(round_number: int, engine: RoundPairing | None, actual: RoundPairing) -> list[Notice]:
    """Level 4 when the round differs from the engine's (checklist Q68-Q69): the engine's pairing and the
    differences are shown; the consequence is the ``### MPA`` line."""
    if engine is None:
        detail = mpa_detail([], None, [(b.white, b.black) for b in actual.boards], actual.bye)
        shown = "the engine finds no legal pairing for this round (A.9: the arbiter decides)"
    else:
        detail = mpa_detail(
            [(b.white, b.black) for b in engine.boards], engine.bye, [(b.white, b.black) for b in actual.boards],
            actual.bye,
        )  # fmt: skip
        shown = f"the engine pairs {_listed(engine)}"
    if not detail:
        return []
    return [
        Notice(
            Level.DOUBLE,
            "checklist Q68-Q69, Q115",
            f"round {round_number} differs from the engine's pairing: {shown}; differences (the engine's => "
            f"yours): {detail}",
            f"the manual pairing alteration is stored, logged and written to TRF-2026 exports as "
            f"'{comment('MPA', round_number, detail)}'",
        )
    ]


def validate_pairing_edit(
    db: Database,
    tournament_id: int,
    edit: PairingEdit,
    reason: str = "",
    *,
    discard_results: bool = False,
    case: str | None = None,
    confirmed: int = 0,
) -> RoundInfo:
    """ "Validate": end the phase and store the round.  Unchanged, nothing is stored.  Otherwise the arbiter's
    reason is required; a player left unpaired asks at Level 3, a pairing unlike the engine's at Level 4."""
    with db.write() as s:
        t = queries.tournament(s, tournament_id)
        r, state = _state(s, t, edit.round)
        if not edit.changed:
            return round_info(s, r) if r is not None else _unpaired(edit.round)
        text = reason_text(reason)
        if not text:
            raise ReasonRequired("a manual pairing needs the arbiter's reason", article(t.edition, "reason"))
        cite = _Cite(t.edition)
        engine = _engine(s, t, r, state)
        left = [
            Notice(Level.PROCEED, f"{w.article} ({w.edition})", w.message)
            for w in _completeness_warnings(state, edit.current, cite)
        ]
        notices = left + validation_notice(edit.round, engine, edit.current)
        if r is not None:
            chosen = _change_case(t.edition, r, case)
            preview = _preview(s, t, r, (), edit.current)
            check_storable(s, r, preview, discard_results)
            last = max(n.number for n in queries.rounds(s, t.id))
            checked = case_notice(s, t, r, chosen, edit.current)
            require(confirmed, past_round_notice(t, edit.round, last, "pairing") + checked + notices)
            store_override(s, t, r, preview, text, chosen)
            return round_info(s, r)
        twice = [w.message for w in _completeness_warnings(state, edit.current, cite) if "twice" in w.message]
        if twice:
            raise ArbiterError("cannot save a pairing in which " + "; ".join(twice))
        require(confirmed, notices)
        return _store_new_round(s, t, state, edit.current, engine, text, notices)


def _unpaired(round_number: int) -> RoundInfo:
    return RoundInfo(round_number, "unpaired", (), None, ())


def _store_new_round(
    s: Session,
    t: Tournament,
    state: TournamentState,
    pairing: RoundPairing,
    engine: RoundPairing | None,
    reason: str,
    notices: list[Notice],
) -> RoundInfo:
    """A round paired by hand that was not paired: a draft, the engine's pairing kept beside it (or that it had
    none), the reason and the warnings answered, one undoable step in the audit log."""
    number = state.round
    before = snapshot(s, t.id, number)
    r = Round(tournament_id=t.id, number=number, state=RoundState.DRAFT.value)
    s.add(r)
    s.flush()
    ordered = RoundPairing(number, board_order(pairing.boards, state), pairing.bye)
    store_pairing(s, t, r, ordered)
    system_of(t).after_pairing(s, t, r)
    keep_engine_pairing(r, engine, t.edition)
    if not system_of(t).paired_by_table:
        keep_paired_on(r, state)  # publishing it is refused once what it read changes (issue 29, D1)
    texts = [{"article": n.rule, "message": n.text, "text": str(n)} for n in notices]
    s.add(Override(round_id=r.id, reason=reason, warnings=json.dumps(texts, ensure_ascii=False), change_case=""))
    lines = [f"{b.white}-{b.black}" for b in ordered.boards] + ([f"bye {ordered.bye}"] if ordered.bye else [])
    audit(s, t.id, "pair round", f"round {number} paired by hand (draft)", after=lines, reason=reason,
          undo_snapshot=before)  # fmt: skip
    return round_info(s, r)
