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

Every check sees the whole tournament, not only the rounds before: a pair
that meets in a later round, a bye to a player who gets one (or a forfeit
win) later, colour sequences through the later rounds; the later rounds
paired on the old pairing are named (``C.04.2.D.8``), and so are the boards
whose results the change discards (``C.04.2.D.7``; saving then needs
``discard_results``).  Articles are cited as the tournament's edition numbers
them (:mod:`arbiter_app.services.articles`), with the edition's name.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, replace

from sqlalchemy.orm import Session

from arbiter_app.errors import ArbiterError, PairingImpossibleError, ReasonRequired
from arbiter_app.pairing.articles import ChangeCase
from arbiter_app.pairing.change_cases import PublishedChange, why_not
from arbiter_app.pairing.colours import colour_preference
from arbiter_app.pairing.criteria import Contestant, c3_same_absolute_preference
from arbiter_app.pairing.engine import board_order, contestants, pair_round
from arbiter_app.pairing.editions import edition as edition_rules
from arbiter_app.pairing.model import Board, Colour, RoundPairing, TournamentState
from arbiter_app.persistence import queries
from arbiter_app.persistence.database import Database
from arbiter_app.persistence.desks import last_changed_by
from arbiter_app.persistence.errors import ChangedMeanwhileError
from arbiter_app.persistence.models import BoardResult, ByeKind, Override, Round, RoundState, Tournament
from arbiter_app.services.articles import article, article_text, change_cases, edition_label
from arbiter_app.services.dto import BoardInfo, OverridePreview, OverrideWarning, RoundInfo
from arbiter_app.services.fide_mode import mpa_detail, mpa_notice, past_round_notice
from arbiter_app.services.records import audit, reason_text, snapshot
from arbiter_app.services.round_view import round_info
from arbiter_app.services.rounds import store_pairing
from arbiter_app.services.state import state_for_round
from arbiter_app.services.warnings import Notice, in_fide_mode_or, require


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
    """Every player as the edition's pairing would see him (bye eligibility, colours), those not to be paired
    included."""
    return {c.number: c for c in contestants(replace(state, not_paired=frozenset()), edition_rules(edition))}


class _Cite:
    """Warnings citing the articles of one edition (:mod:`arbiter_app.services.articles`)."""

    def __init__(self, edition: str) -> None:
        self.edition = edition
        self.label = edition_label(edition)

    def __call__(self, key: str, message: str) -> OverrideWarning:
        return OverrideWarning(article(self.edition, key), message, self.label, key)

    def ref(self, key: str) -> str:
        """The short form of an article inside a message: ``C.1`` (Baku 2016), ``[C1]`` (2026)."""
        return article(self.edition, key)

    def text(self, key: str) -> str:
        return article_text(self.edition, key)


@dataclass(frozen=True)
class _Seat:
    """A player's place in one stored round."""

    opponent: int | None = None
    colour: Colour | None = None
    game: bool = False
    """A game played, or paired and not yet played (a forfeit is no game, C.04.2.D.5, D.6)."""
    bye_or_forfeit_win: str = ""
    """``"the pairing-allocated bye"`` or ``"a forfeit win"`` (C.04.1.d), else empty."""
    full_point_bye: bool = False
    """A requested full-point bye (it bars the pairing-allocated bye under C.04.1-2026 Art. 4)."""


def _stored_rounds(session: Session, t: Tournament) -> dict[int, dict[int, _Seat]]:
    """Every stored round: round number -> pairing number -> seat (players with no seat left out)."""
    seats: dict[int, dict[int, _Seat]] = {}
    for r in queries.rounds(session, t.id):
        here = seats.setdefault(r.number, {})
        for b in r.boards:
            w, k = b.white.pairing_number, b.black.pairing_number
            game = not b.forfeit
            won = {BoardResult.WHITE_WINS.value: w, BoardResult.BLACK_WINS.value: k}.get(b.result or "")
            for me, other, colour in ((w, k, Colour.WHITE), (k, w, Colour.BLACK)):
                note = "a forfeit win" if b.forfeit and won == me else ""
                here[me] = _Seat(other, colour, game, note)
    for bye in queries.byes(session, t.id):
        if bye.kind == ByeKind.PAIRING_ALLOCATED:
            seats.setdefault(bye.round_number, {})[bye.player.pairing_number] = _Seat(
                bye_or_forfeit_win="the pairing-allocated bye"
            )
        elif bye.kind == ByeKind.FULL:
            seats.setdefault(bye.round_number, {})[bye.player.pairing_number] = _Seat(full_point_bye=True)
    return seats


def _later(stored: dict[int, dict[int, _Seat]], round_number: int) -> list[int]:
    return sorted(k for k in stored if k > round_number)


def _colour_warnings(
    state: TournamentState, proposed: RoundPairing, stored: dict[int, dict[int, _Seat]], cite: _Cite
) -> list[OverrideWarning]:
    by_number = {p.number: p for p in state.players}
    known = _all_contestants(state, cite.edition)
    later = _later(stored, state.round)
    old = stored.get(state.round, {})
    warnings = []
    for board in proposed.boards:
        for number, colour in ((board.white, Colour.WHITE), (board.black, Colour.BLACK)):
            before = colour_preference(by_number[number].history).played_colours
            played = before + (colour,)
            difference = played.count(Colour.WHITE) - played.count(Colour.BLACK)
            name = "white" if colour is Colour.WHITE else "black"
            # C.04.1.f/g allow exceptions in the last round; the Dutch system's are its topscorers (C.3).
            note = " (a topscorer in the final round: C.3 allows it)" if known[number].is_topscorer else ""
            if abs(difference) > 2:
                warnings.append(
                    cite("colour-difference", f"#{number} would get a colour difference of {difference:+d}{note}")
                )
            if len(played) >= 3 and played[-3] is played[-2] is colour:
                warnings.append(cite("three-in-a-row", f"#{number} would play {name} three times in a row{note}"))
            warnings += _later_colour_warnings(number, before, colour, old.get(number), stored, later, cite)
    return warnings


def _later_colour_warnings(
    number: int,
    before: tuple[Colour, ...],
    colour: Colour,
    old: _Seat | None,
    stored: dict[int, dict[int, _Seat]],
    later: list[int],
    cite: _Cite,
) -> list[OverrideWarning]:
    """C.04.1.f/g in the rounds after the overridden one, where the old pairing did not already break them."""

    def breaches(here: tuple[Colour, ...]) -> tuple[dict[int, int], dict[int, Colour]]:
        sequence = list(here)
        differences: dict[int, int] = {}
        threes: dict[int, Colour] = {}
        for k in later:
            seat = stored[k].get(number)
            if seat is None or not seat.game or seat.colour is None:
                continue
            sequence.append(seat.colour)
            difference = sequence.count(Colour.WHITE) - sequence.count(Colour.BLACK)
            if abs(difference) > 2:
                differences[k] = difference
            if len(sequence) >= 3 and sequence[-3] is sequence[-2] is sequence[-1]:
                threes[k] = sequence[-1]
        return differences, threes

    old_colours = before + ((old.colour,) if old is not None and old.game and old.colour is not None else ())
    old_differences, old_threes = breaches(old_colours)
    new_differences, new_threes = breaches(before + (colour,))
    warnings = []
    fresh = [k for k in new_differences if k not in old_differences]
    if fresh:
        k = fresh[0]
        text = f"#{number} would get a colour difference of {new_differences[k]:+d} in round {k}"
        warnings.append(cite("colour-difference", text))
    fresh = [k for k in new_threes if k not in old_threes]
    if fresh:
        k = fresh[0]
        name = "white" if new_threes[k] is Colour.WHITE else "black"
        warnings.append(cite("three-in-a-row", f"#{number} would play {name} three times in a row up to round {k}"))
    return warnings


def _pair_warnings(
    state: TournamentState, proposed: RoundPairing, stored: dict[int, dict[int, _Seat]], cite: _Cite
) -> list[OverrideWarning]:
    known = _all_contestants(state, cite.edition)
    by_number = {p.number: p for p in state.players}
    later = _later(stored, state.round)
    warnings = []
    for board in proposed.boards:
        a, b = known[board.white], known[board.black]
        met = [
            k for k, r in enumerate(by_number[a.number].history, 1) if r.outcome.is_played and r.opponent == b.number
        ]
        again = [k for k in later if (seat := stored[k].get(a.number)) and seat.game and seat.opponent == b.number]
        if met:
            warnings.append(
                cite(
                    "repeat",
                    f"#{a.number} and #{b.number} have already played each other (round {met[0]}; "
                    f"{cite.ref('ref-rematch')})",
                )
            )
        elif again:
            warnings.append(
                cite("repeat", f"#{a.number} and #{b.number} meet in round {again[0]} ({cite.ref('ref-rematch')})")
            )
        elif frozenset((a.number, b.number)) in state.forbidden_pairs:
            warnings.append(cite("forbidden", f"#{a.number} and #{b.number} may not meet (arbiter's ruling)"))
        if c3_same_absolute_preference(a, b):
            colour = "white" if a.preference.colour is Colour.WHITE else "black"
            warnings.append(
                cite(
                    "absolute-colours",
                    f"#{a.number} and #{b.number} both have an absolute colour preference for {colour}",
                )
            )
    if proposed.bye is not None:
        if not known[proposed.bye].can_get_bye:
            warnings.append(
                cite("bye", f"#{proposed.bye} has already had {cite.text('bye-bar')} ({cite.ref('ref-bye')})")
            )
        else:
            for k in later:
                seat = stored[k].get(proposed.bye)
                bars = seat is not None and (
                    seat.bye_or_forfeit_win
                    or (seat.full_point_bye and edition_rules(cite.edition).full_point_bye_bars_bye)
                )
                if seat is not None and bars:
                    what = seat.bye_or_forfeit_win or "a full-point bye"
                    warnings.append(cite("bye", f"#{proposed.bye} gets {what} in round {k} ({cite.ref('ref-bye')})"))
                    break
    return warnings


def _completeness_warnings(state: TournamentState, proposed: RoundPairing, cite: _Cite) -> list[OverrideWarning]:
    seats = Counter(n for b in proposed.boards for n in (b.white, b.black))
    if proposed.bye is not None:
        seats[proposed.bye] += 1
    warnings = []
    for number, count in sorted(seats.items()):
        if count > 1:
            warnings.append(cite("completeness", f"#{number} is paired twice"))
        if number in state.not_paired:
            warnings.append(
                cite("not-paired", f"#{number} is not to be paired in round {state.round} (bye, absence or withdrawal)")
            )
    for player in state.to_pair:
        if player.number not in seats:
            warnings.append(cite("completeness", f"#{player.number} is left unpaired"))
    return warnings


def _published_warning(state: TournamentState, stored: RoundPairing, cite: _Cite) -> OverrideWarning:
    """The round is published: when may its pairing change?  Baku 2016 (C.04.2.D.10): only when it breaks
    C.04.1.b.  2026 (C.04.2-2026 4.4): in five cases, of which the arbiter names the one that applies."""
    by_number = {p.number: p for p in state.players}
    repeats = [
        b
        for b in stored.boards
        if any(r.outcome.is_played and r.opponent == b.black for r in by_number[b.white].history)
    ]
    pairs = ", ".join(f"#{b.white}-#{b.black}" for b in repeats)
    cases = change_cases(cite.edition)
    if len(cases) > 1:
        listed = "; ".join(f"{c.article} {c.text}" for c in cases)
        found = f" The published pairing pairs {pairs}, who have met before ({cases[0].article})." if repeats else ""
        return cite(
            "published",
            f"round {state.round} is already published; its pairing may be changed only in one of these cases, "
            f"and the arbiter names the one that applies: {listed}.{found}",
        )
    rule = cite.ref("repeat")
    if repeats:
        detail = f"the published pairing breaks {rule} ({pairs} have met before), so the rule allows the change"
    else:
        detail = f"the published pairing does not break {rule}, so the rule does not allow changing it"
    return cite("published", f"round {state.round} is already published; {detail}")


def discarded_results(current: RoundInfo, proposed: RoundPairing) -> list[BoardInfo]:
    """The boards of ``current`` with a result that ``proposed`` does not keep (same players, same colours)."""
    kept = {(b.white, b.black) for b in proposed.boards}
    return [b for b in current.boards if b.result is not None and (b.white, b.black) not in kept]


def _change_warnings(
    current: RoundInfo, proposed: RoundPairing, later: list[int], cite: _Cite
) -> list[OverrideWarning]:
    if current.pairing() == proposed:
        return []
    warnings = []
    lost = discarded_results(current, proposed)
    if lost:
        boards = ", ".join(f"{b.number} (#{b.white}-#{b.black} {b.result_text})" for b in lost)
        warnings.append(
            cite(
                "results",
                f"the result{'s' if len(lost) > 1 else ''} of round {current.number}, "
                f"board{'s' if len(lost) > 1 else ''} {boards} would be discarded",
            )
        )
    if later:
        names = ", ".join(map(str, later))
        warnings.append(
            cite(
                "later-rounds",
                f"round{'s' if len(later) > 1 else ''} {names} {'were' if len(later) > 1 else 'was'} paired on "
                f"the old pairing of round {current.number}: the change invalidates "
                f"{'them' if len(later) > 1 else 'it'}",
            )
        )
    return warnings


def _preview(
    session: Session, t: Tournament, r: Round, edits: Sequence[Edit], pairing: RoundPairing | None
) -> OverridePreview:
    state = state_for_round(session, t.id, r.number)
    current = round_info(session, r)
    stored = current.pairing()
    proposed = pairing if pairing is not None else apply_edits(stored, edits)
    numbers = {p.number for p in state.players}
    for board in proposed.boards:
        if board.white == board.black:
            raise ArbiterError(f"#{board.white} cannot play himself")
    for number in {n for b in proposed.boards for n in (b.white, b.black)} | ({proposed.bye} - {None}):
        if number not in numbers:
            raise ArbiterError(f"there is no player with pairing number {number}")
    cite = _Cite(t.edition)
    rounds = _stored_rounds(session, t)
    warnings = []
    if r.state != RoundState.DRAFT:
        warnings.append(_published_warning(state, stored, cite))
    warnings += _change_warnings(current, proposed, _later(rounds, r.number), cite)
    warnings += _pair_warnings(state, proposed, rounds, cite) + _colour_warnings(state, proposed, rounds, cite)
    warnings += _completeness_warnings(state, proposed, cite)
    try:
        engine: RoundPairing | None = pair_round(state, t.rules)
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


def _change_case(edition: str, r: Round, case: str | None) -> ChangeCase | None:
    """The case in which a published round's pairing changes: the one of C.04.2-2026 4.4 the arbiter names
    (required where the edition has several), Baku 2016's one case of C.04.2.D.10 (a rematch) without naming."""
    cases = change_cases(edition)
    if r.state == RoundState.DRAFT or not cases:
        return None
    if len(cases) == 1:
        if case not in (None, cases[0].key):
            raise ArbiterError(f"{cases[0].article} knows one case, {cases[0].text}: not {case!r}")
        return cases[0]
    by_key = {c.key: c for c in cases}
    if case in by_key:
        return by_key[case]
    listed = "; ".join(f"{c.key} ({c.article}: {c.text})" for c in cases)
    said = f"{case!r} is not one of them" if case else "none was named"
    raise ArbiterError(
        f"round {r.number} is published: its pairing may be changed only in one of the cases of "
        f"{cases[0].article.rsplit('.', 1)[0]}, and {said}: {listed}"
    )


def case_notice(
    session: Session, t: Tournament, r: Round, chosen: ChangeCase | None, proposed: RoundPairing
) -> list[Notice]:
    """The case named (or Baku 2016's one) checked against what it says (:mod:`arbiter_app.pairing.change_cases`):
    a change it does not allow is refused in FIDE mode (Level 5), a Level-4 question outside it (issue 29, D4)."""
    if chosen is None:
        return []
    late = frozenset(p.pairing_number for p in queries.players(session, t.id) if p.entry_round == r.number > 1)
    change = PublishedChange(
        state_for_round(session, t.id, r.number),
        round_info(session, r).pairing(),
        proposed,
        final_round=r.number == t.rounds_count,
        late_entries=late,
    )
    reason = why_not(chosen.key, change)
    if reason is None:
        return []
    return [
        Notice(
            in_fide_mode_or(t.fide_mode),
            chosen.article,
            f"round {r.number} is published and {chosen.article} ({chosen.text}) does not allow this change: {reason}",
            f"the published pairing of round {r.number} changes in a case the rules do not allow; the change is "
            "logged with the reason",
        )
    ]


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
    *,
    discard_results: bool = False,
    case: str | None = None,
    confirmed: int = 0,
    seen: str | None = None,
) -> OverridePreview:
    """Store the overridden pairing with the arbiter's reason; the override and its warnings are audited.

    ``seen``: the round as the desk showed it (:attr:`RoundInfo.version`), which the edits refer to: refused,
    naming who, when another desk changed the round since (a result, another override, a pairing made again).

    A published round of a 2026 tournament changes only in one of the five
    cases of C.04.2-2026 4.4: ``case`` names it (``rematch``,
    ``competition-rules``, ``unpaired-pair``, ``late-entry``, ``top-boards``)
    and is stored with the reason.  Baku 2016's C.04.2.D.10 knows one case,
    which the warnings show; ``case`` is not asked for.

    Results of boards the change does not keep are discarded only with
    ``discard_results`` (the preview names them); otherwise the override is
    refused, naming the boards.  A reason with no letter or digit (blank,
    zero-width characters) is no reason.  A pairing that differs from the engine's is a
    manual pairing alteration, stored only with ``confirmed`` at Level 3 (checklist Q69, Q115).
    """
    reason = reason_text(reason)
    with db.write() as s:
        t = queries.tournament(s, tournament_id)
        if not reason:
            needed = "a manual change of the pairing needs the arbiter's reason"
            raise ReasonRequired(needed, article(t.edition, "reason"))
        r = _round(s, t, round_number)
        check_round_version(s, t, r, seen)
        chosen = _change_case(t.edition, r, case)
        preview = _preview(s, t, r, edits, pairing)
        check_storable(s, r, preview, discard_results)
        past = past_round_notice(t, round_number, max(n.number for n in queries.rounds(s, t.id)), "pairing")
        checked = case_notice(s, t, r, chosen, preview.proposed)
        require(confirmed, past + checked + mpa_notice(round_number, _engine_difference(r, preview.proposed)))
        return store_override(s, t, r, preview, reason, chosen)


def check_round_version(s: Session, t: Tournament, r: Round, seen: str | None) -> None:
    """Refuse when the desk showed the round otherwise than it is stored (``seen`` None: not checked)."""
    if seen is None:
        return
    now = round_info(s, r)
    if now.version != seen:
        results = sum(1 for b in now.boards if b.result is not None)
        state = f"{now.state}, {len(now.boards)} boards, {results} result{'s' if results != 1 else ''}"
        raise ChangedMeanwhileError(f"round {r.number}", last_changed_by(s, t.id), state)


def check_storable(s: Session, r: Round, preview: OverridePreview, discard_results: bool) -> None:
    """Refuse a pairing with a player paired twice, or one that discards results without ``discard_results``."""
    twice = [w for w in preview.warnings if w.message.endswith("paired twice")]
    if twice:
        raise ArbiterError("cannot save a pairing in which " + "; ".join(w.message for w in twice))
    lost = discarded_results(round_info(s, r), preview.proposed)
    if lost and not discard_results:
        boards = ", ".join(f"{b.number} (#{b.white}-#{b.black} {b.result_text})" for b in lost)
        raise ArbiterError(
            f"the change would discard the results of round {r.number}, board{'s' if len(lost) > 1 else ''} "
            f"{boards}: confirm that they are to be discarded (nothing was saved)"
        )


def store_override(
    s: Session, t: Tournament, r: Round, preview: OverridePreview, reason: str, chosen: ChangeCase | None
) -> OverridePreview:
    """Store a previewed pairing of a paired round in C.04.2.D.9 board order, keeping the results of the boards left
    unchanged, with the reason, its warnings and an audit entry (the checks and questions are the caller's)."""
    round_number = r.number
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
    s.add(
        Override(
            round_id=r.id,
            reason=reason,
            warnings=json.dumps(texts, ensure_ascii=False),
            change_case=chosen.key if chosen else "",
        )
    )
    audit(
        s,
        t.id,
        "override",
        f"round {round_number} pairing changed by hand ({len(texts)} warning(s))"
        + (f" under {chosen.article} ({chosen.text})" if chosen else ""),
        before=_lines(before, s, t),
        after=[f"{b.white}-{b.black}" for b in ordered.boards] + ([f"bye {ordered.bye}"] if ordered.bye else []),
        reason=reason,
        undo_snapshot=before,
    )
    return replace(preview, proposed=ordered)


def _engine_difference(r: Round, proposed: RoundPairing) -> str:
    """How ``proposed`` differs from the engine's pairing of the round (empty: the same, or none kept)."""
    if not r.engine_pairing:
        return ""
    engine = json.loads(r.engine_pairing)
    boards = [(w, b) for w, b in engine.get("boards", [])]
    return mpa_detail(boards, engine.get("bye"), [(b.white, b.black) for b in proposed.boards], proposed.bye)


def _lines(saved: dict[str, object], session: Session, t: Tournament) -> list[str]:
    numbers = {p.id: p.pairing_number for p in queries.players(session, t.id)}
    boards = saved.get("boards", [])
    assert isinstance(boards, list)
    lines = [f"{numbers[w]}-{numbers[b]}" for _, w, b, _, _ in boards]
    bye = saved.get("bye")
    return lines + ([f"bye {numbers[bye]}"] if isinstance(bye, int) else [])
