"""Manual override of a round's pairing, with every rule it breaks spelled out.

The arbiter edits the stored pairing (draft or published) with a sequence of
edits, or hands over a whole pairing.  :func:`preview_override` returns the
resulting pairing and its warnings; :func:`apply_override` stores it with the
arbiter's reason, in C.04.2.D.9 board order, keeping the results of boards
left unchanged.  Warnings (article first):

- ``C.04.2.D.10``: the round is published; says whether the published
  pairing broke C.04.1.b, the only case the rule allows a change;
- ``C.04.1.b``: players who have already played each other (C.1; unplayed
  games do not count, C.04.2.D.6), or a pair the arbiter ruled out;
- ``C.3``: two non-topscorers with the same absolute colour preference;
- ``C.04.1.f`` / ``C.04.1.g``: a colour difference beyond 2, the same colour
  three times in a row (only played games count, C.04.2.D.5);
- ``C.2``: the pairing-allocated bye to a player who already had one or a
  forfeit win (C.04.1.d);
- ``A.9``: a player left unpaired or paired twice; ``C.04.2.D.4``: a player
  who is not to be paired this round put on a board;
- ``engine``: how many boards differ from the engine's pairing.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, replace

from sqlalchemy.orm import Session

from arbiter_app.errors import ArbiterError, PairingImpossibleError, RuleViolation
from arbiter_app.pairing.colours import colour_preference
from arbiter_app.pairing.criteria import Contestant, c3_same_absolute_preference
from arbiter_app.pairing.engine import board_order, contestants, pair_round
from arbiter_app.pairing.model import Board, Colour, RoundPairing, TournamentState
from arbiter_app.persistence import queries
from arbiter_app.persistence.database import Database
from arbiter_app.persistence.models import Override, Round, RoundState, Tournament
from arbiter_app.services.dto import OverridePreview, OverrideWarning
from arbiter_app.services.records import audit, round_info, snapshot
from arbiter_app.services.rounds import store_pairing
from arbiter_app.services.state import state_for_round


@dataclass(frozen=True)
class Swap:
    """Exchange two players' places (board seats or the bye)."""

    first: int
    second: int


@dataclass(frozen=True)
class Split:
    """Take a board apart: both players become unpaired."""

    board: int


@dataclass(frozen=True)
class MakePair:
    """A new board (players already elsewhere stay there too: paired twice)."""

    white: int
    black: int


@dataclass(frozen=True)
class SwapColours:
    """Exchange the colours of a board."""

    board: int


@dataclass(frozen=True)
class MoveBye:
    """Give the pairing-allocated bye to ``player`` (None: no bye); the former receiver becomes unpaired."""

    player: int | None


Edit = Swap | Split | MakePair | SwapColours | MoveBye


def apply_edits(current: RoundPairing, edits: Sequence[Edit]) -> RoundPairing:
    """The pairing after the edits; boards are named by their number in ``current`` (new ones follow)."""
    boards = {k: [b.white, b.black] for k, b in enumerate(current.boards, 1)}
    bye = current.bye
    for edit in edits:
        if isinstance(edit, (Split, SwapColours)) and edit.board not in boards:
            raise ArbiterError(f"there is no board {edit.board} to change")
        if isinstance(edit, Swap):
            swap = {edit.first: edit.second, edit.second: edit.first}
            boards = {k: [swap.get(w, w), swap.get(b, b)] for k, (w, b) in boards.items()}
            bye = swap.get(bye, bye) if bye is not None else None
        elif isinstance(edit, Split):
            del boards[edit.board]
        elif isinstance(edit, MakePair):
            boards[max(boards, default=0) + 1] = [edit.white, edit.black]
        elif isinstance(edit, SwapColours):
            boards[edit.board].reverse()
        else:
            bye = edit.player
    return RoundPairing(current.round, tuple(Board(w, b) for _, (w, b) in sorted(boards.items())), bye)


def _all_contestants(state: TournamentState, edition: str) -> dict[int, Contestant]:
    """Every player as ``edition`` of the pairing would see him (floats, bye eligibility), those not to be paired included."""
    return {c.number: c for c in contestants(replace(state, not_paired=frozenset()), edition)}


def _colour_warnings(state: TournamentState, proposed: RoundPairing, edition: str) -> list[OverrideWarning]:
    by_number = {p.number: p for p in state.players}
    known = _all_contestants(state, edition)
    warnings = []
    for board in proposed.boards:
        for number, colour in ((board.white, Colour.WHITE), (board.black, Colour.BLACK)):
            played = colour_preference(by_number[number].history).played_colours + (colour,)
            difference = played.count(Colour.WHITE) - played.count(Colour.BLACK)
            name = "white" if colour is Colour.WHITE else "black"
            # C.04.1.f/g allow exceptions in the last round; the Dutch system's are its topscorers (C.3).
            note = " (a topscorer in the final round: C.3 allows it)" if known[number].is_topscorer else ""
            if abs(difference) > 2:
                warnings.append(
                    OverrideWarning("C.04.1.f", f"#{number} would get a colour difference of {difference:+d}{note}")
                )
            if len(played) >= 3 and played[-3] is played[-2] is colour:
                warnings.append(OverrideWarning("C.04.1.g", f"#{number} would play {name} three times in a row{note}"))
    return warnings


def _pair_warnings(state: TournamentState, proposed: RoundPairing, edition: str) -> list[OverrideWarning]:
    known = _all_contestants(state, edition)
    by_number = {p.number: p for p in state.players}
    warnings = []
    for board in proposed.boards:
        a, b = known[board.white], known[board.black]
        met = [
            k for k, r in enumerate(by_number[a.number].history, 1) if r.outcome.is_played and r.opponent == b.number
        ]
        if met:
            warnings.append(
                OverrideWarning(
                    "C.04.1.b", f"#{a.number} and #{b.number} have already played each other (round {met[0]}; C.1)"
                )
            )
        elif frozenset((a.number, b.number)) in state.forbidden_pairs:
            warnings.append(OverrideWarning("C.1", f"#{a.number} and #{b.number} may not meet (arbiter's ruling)"))
        if c3_same_absolute_preference(a, b):
            colour = "white" if a.preference.colour is Colour.WHITE else "black"
            warnings.append(
                OverrideWarning(
                    "C.3", f"#{a.number} and #{b.number} both have an absolute colour preference for {colour}"
                )
            )
    if proposed.bye is not None and not known[proposed.bye].can_get_bye:
        warnings.append(
            OverrideWarning(
                "C.2", f"#{proposed.bye} has already had a pairing-allocated bye or a forfeit win (C.04.1.d)"
            )
        )
    return warnings


def _completeness_warnings(state: TournamentState, proposed: RoundPairing) -> list[OverrideWarning]:
    seats = Counter(n for b in proposed.boards for n in (b.white, b.black))
    if proposed.bye is not None:
        seats[proposed.bye] += 1
    warnings = []
    for number, count in sorted(seats.items()):
        if count > 1:
            warnings.append(OverrideWarning("A.9", f"#{number} is paired twice"))
        if number in state.not_paired:
            warnings.append(
                OverrideWarning(
                    "C.04.2.D.4", f"#{number} is not to be paired in round {state.round} (bye, absence or withdrawal)"
                )
            )
    for player in state.to_pair:
        if player.number not in seats:
            warnings.append(OverrideWarning("A.9", f"#{player.number} is left unpaired"))
    return warnings


def _published_warning(state: TournamentState, stored: RoundPairing) -> OverrideWarning:
    by_number = {p.number: p for p in state.players}
    repeats = [
        b
        for b in stored.boards
        if any(r.outcome.is_played and r.opponent == b.black for r in by_number[b.white].history)
    ]
    if repeats:
        pairs = ", ".join(f"#{b.white}-#{b.black}" for b in repeats)
        detail = f"the published pairing breaks C.04.1.b ({pairs} have met before), so the rule allows the change"
    else:
        detail = "the published pairing does not break C.04.1.b, so the rule does not allow changing it"
    return OverrideWarning("C.04.2.D.10", f"round {state.round} is already published; {detail}")


def _preview(
    session: Session, t: Tournament, r: Round, edits: Sequence[Edit], pairing: RoundPairing | None
) -> OverridePreview:
    state = state_for_round(session, t.id, r.number)
    stored = round_info(session, r).pairing()
    proposed = pairing if pairing is not None else apply_edits(stored, edits)
    numbers = {p.number for p in state.players}
    for board in proposed.boards:
        if board.white == board.black:
            raise ArbiterError(f"#{board.white} cannot play himself")
    for number in {n for b in proposed.boards for n in (b.white, b.black)} | ({proposed.bye} - {None}):
        if number not in numbers:
            raise ArbiterError(f"there is no player with pairing number {number}")
    warnings = []
    if r.state != RoundState.DRAFT:
        warnings.append(_published_warning(state, stored))
    warnings += _pair_warnings(state, proposed, t.edition) + _colour_warnings(state, proposed, t.edition)
    warnings += _completeness_warnings(state, proposed)
    try:
        engine: RoundPairing | None = pair_round(state, t.edition)
    except PairingImpossibleError:
        engine = None
    if engine is None:
        differing = len(proposed.boards)
        warnings.append(OverrideWarning("engine", "the engine finds no legal pairing for this round (A.9)"))
    else:
        differing = len(proposed.pairs() - engine.pairs())
        bye_differs = proposed.bye != engine.bye
        if differing or bye_differs:
            text = f"{differing} of {len(proposed.boards)} boards differ from the engine's pairing"
            if bye_differs:
                text += f"; the engine gives the bye to {'#' + str(engine.bye) if engine.bye else 'nobody'}"
            warnings.append(OverrideWarning("engine", text))
    return OverridePreview(r.number, proposed, tuple(warnings), engine, differing)


def _round(session: Session, t: Tournament, round_number: int) -> Round:
    r = queries.round_(session, t.id, round_number)
    if r is None:
        raise ArbiterError(f"round {round_number} has not been paired")
    return r


def preview_override(
    db: Database, tournament_id: int, round_number: int, edits: Sequence[Edit] = (), pairing: RoundPairing | None = None
) -> OverridePreview:
    """The pairing the edits (or ``pairing``) give and every warning that applies; nothing is stored."""
    with db.read() as s:
        t = queries.tournament(s, tournament_id)
        return _preview(s, t, _round(s, t, round_number), edits, pairing)


def apply_override(
    db: Database,
    tournament_id: int,
    round_number: int,
    edits: Sequence[Edit] = (),
    reason: str = "",
    pairing: RoundPairing | None = None,
) -> OverridePreview:
    """Store the overridden pairing with the arbiter's reason; the override and its warnings are audited."""
    if not reason.strip():
        raise RuleViolation("C.04.2.A.5", "a manual change of the pairing needs the arbiter's reason")
    with db.write() as s:
        t = queries.tournament(s, tournament_id)
        r = _round(s, t, round_number)
        preview = _preview(s, t, r, edits, pairing)
        twice = [w for w in preview.warnings if w.message.endswith("paired twice")]
        if twice:
            raise ArbiterError("cannot save a pairing in which " + "; ".join(w.message for w in twice))
        before = snapshot(s, t.id, round_number)
        results = {(b.white, b.black): (b.result, b.forfeit) for b in round_info(s, r).boards}
        state = state_for_round(s, t.id, round_number)
        ordered = RoundPairing(round_number, board_order(preview.proposed.boards, state), preview.proposed.bye)
        store_pairing(s, t, r, ordered)
        for row in r.boards:
            kept = results.get((row.white.pairing_number, row.black.pairing_number))
            if kept is not None:
                row.result, row.forfeit = kept
        if r.state != RoundState.DRAFT:
            done = all(row.result is not None for row in r.boards)
            r.state = RoundState.COMPLETED.value if done else RoundState.PUBLISHED.value
        texts = [{"article": w.article, "message": w.message, "text": str(w)} for w in preview.warnings]
        s.add(Override(round_id=r.id, reason=reason.strip(), warnings=json.dumps(texts, ensure_ascii=False)))
        audit(
            s,
            t.id,
            "override",
            f"round {round_number} pairing changed by hand ({len(texts)} warning(s))",
            before=_lines(before, s, t),
            after=[f"{b.white}-{b.black}" for b in ordered.boards] + ([f"bye {ordered.bye}"] if ordered.bye else []),
            reason=reason.strip(),
            undo_snapshot=before,
        )
        return replace(preview, proposed=ordered)


def _lines(saved: dict[str, object], session: Session, t: Tournament) -> list[str]:
    numbers = {p.id: p.pairing_number for p in queries.players(session, t.id)}
    boards = saved.get("boards", [])
    assert isinstance(boards, list)
    lines = [f"{numbers[w]}-{numbers[b]}" for _, w, b, _, _ in boards]
    bye = saved.get("bye")
    return lines + ([f"bye {numbers[bye]}"] if isinstance(bye, int) else [])
