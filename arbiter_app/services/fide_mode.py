"""FIDE mode (checklist Q40-Q46), the settings frozen once round 1 is paired, and the pairing-integrity events.

Every tournament starts in FIDE mode, an imported one too (Q40, Q56).  Leaving it is a
Level-4 confirmation (Q43), is recorded in the audit log and as ``### FIDE mode exited @
Round n`` in TRF-2026 exports (Q44), and is final: nothing enters it again (Q45; a trigger
of the file refuses it too).  In FIDE mode what the rules forbid is refused (Level 5);
outside it, it takes a Level-4 confirmation.

Pairing-integrity events (PIBE, Q112-Q115: a manual pairing, an import, a result
correction, a configuration change) are confirmed at Level 3 (or higher), logged in the
audit log with the ``###`` comment that TRF-2026 exports carry; an event undone (the
undo of its step) is no longer written.
"""

from __future__ import annotations

import json
import multiprocessing
import os
import threading
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool

from sqlalchemy import select
from sqlalchemy.orm import Session

from arbiter_app.conformance import RoundCheck, edition_for, with_tournament_records
from arbiter_app.errors import ArbiterError
from arbiter_app.pairing.editions import DutchEdition
from arbiter_app.pairing.editions import edition as edition_named
from arbiter_app.pairing.engine import pair_round
from arbiter_app.pairing.model import PointSystem
from arbiter_app.persistence import queries
from arbiter_app.persistence.database import Database
from arbiter_app.persistence.models import AuditEntry, ByeKind, Tournament
from arbiter_app.services.articles import article
from arbiter_app.services.dto import TournamentInfo
from arbiter_app.services.records import audit, tournament_info, undone_ids
from arbiter_app.services.warnings import Level, Notice, ProhibitedInFideMode, in_fide_mode_or, require
from arbiter_app.trf.model import TrfDocument
from arbiter_app.trf.rounds import RoundStates, pairing_of_round

TRF_KEY = "trf"
"""The key of an audit entry's ``after`` that holds the ``###`` lines of the event."""


def comment(kind: str, round_number: int, detail: str = "") -> str:
    """A TRF-2026 comment line of an event: ``### <kind> @ Round <n>: <detail>`` (checklist §4, PIBE formats)."""
    return f"### {kind} @ Round {round_number}" + (f": {detail}" if detail else "")


def last_paired(session: Session, tournament_id: int) -> int:
    """The number of the last round paired (0: none yet)."""
    return max((r.number for r in queries.rounds(session, tournament_id)), default=0)


def leave_fide_mode(db: Database, tournament_id: int, *, confirmed: int = 0) -> TournamentInfo:
    """Leave FIDE mode for good (Level 4, checklist Q43-Q46); refused when already left."""
    with db.write() as s:
        t = queries.tournament(s, tournament_id)
        if not t.fide_mode:
            raise ArbiterError(
                f"the tournament left FIDE mode at round {t.fide_mode_left_round}; "
                "FIDE mode cannot be entered again (checklist Q45)"
            )
        last = last_paired(s, t.id)
        require(
            confirmed,
            [
                Notice(
                    Level.DOUBLE,
                    "checklist Q43",
                    "leaving FIDE mode makes possible what the FIDE rules forbid (changing frozen settings, "
                    "pairings against the rules) behind a Level-4 confirmation",
                    f"the tournament leaves FIDE mode for good: it can never enter it again, the window shows it, "
                    f"the audit log and every TRF-2026 export say so ('{comment('FIDE mode exited', last)}'), "
                    "and a tournament outside FIDE mode is not one run by a FIDE-approved program",
                )
            ],
        )
        t.fide_mode, t.fide_mode_left_round = False, last
        audit(
            s,
            t.id,
            "leave FIDE mode",
            f"FIDE mode left for good after round {last} was paired" if last else "FIDE mode left before round 1",
            before={"fide_mode": True},
            after={"fide_mode": False, TRF_KEY: [comment("FIDE mode exited", last)]},
        )
        return tournament_info(t)


def frozen(t: Tournament, paired: int, what: str, rule: str, was: str, new: str) -> list[Notice]:
    """A setting frozen once round 1 is paired: nothing before; Level 5 in FIDE mode, else Level 4 (a configuration
    change, confirmed before it is logged)."""
    if not paired:
        return []
    return [
        Notice(
            in_fide_mode_or(t.fide_mode),
            rule,
            f"the {what} is frozen once round 1 is paired (round {paired} is paired); changing it from {was} to {new}"
            + ("" if t.fide_mode else " breaks that rule"),
            f"the {what} changes after round {paired}: it is logged as a configuration change and written to "
            "TRF-2026 exports",
        )
    ]


def configuration_line(paired: int, what: str, was: str, new: str) -> str:
    """The ``###`` line of a configuration change made after round 1 (checklist Q59, Q61, Q202)."""
    return comment("Configuration", paired, f"{what} changed from {was} to {new}")


def check_scoring(points: PointSystem, fide_mode: bool = True) -> None:
    """What FIDE's checklist refuses of a scoring system (in FIDE mode, Level 5): two draws worth more than a win and
    a loss (Q74), a pairing-allocated bye worth more than a win (Q81), and under the standard 1-½-0 a pairing-allocated
    bye other than 1, ½ or 0 (Q83)."""
    if not fide_mode:
        return
    if 2 * points.draw > points.win + points.loss:
        raise ProhibitedInFideMode(
            "checklist Q74",
            f"two draws ({2 * points.draw / 10}) would be worth more than a win and a loss "
            f"({(points.win + points.loss) / 10})",
        )
    if points.pairing_allocated_bye > points.win:
        raise ProhibitedInFideMode(
            "checklist Q81",
            f"the pairing-allocated bye ({points.pairing_allocated_bye / 10}) would be worth more than a win "
            f"({points.win / 10})",
        )
    standard = (points.win, points.draw, points.loss) == (10, 5, 0)
    if standard and points.pairing_allocated_bye not in (10, 5, 0):
        raise ProhibitedInFideMode(
            "checklist Q83",
            f"under the standard scoring (1, ½, 0) the pairing-allocated bye is worth 1, ½ or 0, "
            f"not {points.pairing_allocated_bye / 10}",
        )


def integrity_lines(session: Session, tournament_id: int) -> list[str]:
    """The ``###`` lines of the tournament's events (leaving FIDE mode, configuration changes, corrections, the
    import, TPN exchanges and regenerations), oldest first, events undone left out; then the full-point byes."""
    lines: list[str] = []
    rows = session.scalars(
        select(AuditEntry)
        .where(AuditEntry.tournament_id == tournament_id, AuditEntry.after.like(f'%"{TRF_KEY}"%'))
        .order_by(AuditEntry.id)
    )
    undone = undone_ids(session, tournament_id)
    for entry in rows:
        if entry.id in undone or entry.after is None:
            continue
        after = json.loads(entry.after)
        if isinstance(after, dict):
            lines += [line for line in after.get(TRF_KEY, []) if line not in lines]
    return lines + full_bye_lines(session, tournament_id)


def full_bye_lines(session: Session, tournament_id: int) -> list[str]:
    """``### Full-point bye @ Round r: player n`` for every full-point bye stored, by round then TPN (checklist
    Q179: full-point byes are deprecated, so each one is pointed out beside the 001 records that code it)."""
    byes = [b for b in queries.byes(session, tournament_id) if b.kind == ByeKind.FULL]
    return [
        comment("Full-point bye", b.round_number, f"player {b.player.pairing_number}")
        for b in sorted(byes, key=lambda b: (b.round_number, b.player.pairing_number))
    ]


def mpa_detail(
    engine: list[tuple[int, int]], engine_bye: int | None, actual: list[tuple[int, int]], actual_bye: int | None
) -> str:
    """``<engine's pairs> => <actual pairs>`` for the boards (and the bye) that differ, white first, by pairing number
    (``44=PAB`` a bye); empty when the pairings are the same (checklist Q69, the ``### MPA`` line)."""
    theirs, ours = set(engine), set(actual)
    left = [f"{w}-{b}" for w, b in engine if (w, b) not in ours]
    right = [f"{w}-{b}" for w, b in actual if (w, b) not in theirs]
    if engine_bye != actual_bye:
        left += [f"{engine_bye}=PAB"] if engine_bye is not None else []
        right += [f"{actual_bye}=PAB"] if actual_bye is not None else []
    if not left and not right:
        return ""
    return f"{' '.join(left) or 'none'} => {' '.join(right) or 'none'}"


def mpa_notice(round_number: int, detail: str) -> list[Notice]:
    """Level 3 before a manual pairing alteration is stored (checklist Q69, Q115); none when it matches the engine."""
    if not detail:
        return []
    return [
        Notice(
            Level.PROCEED,
            "checklist Q69, Q115",
            f"round {round_number} will differ from the engine's pairing ({detail}); the manual pairing alteration "
            f"is logged and written to TRF-2026 exports as '{comment('MPA', round_number, detail)}'",
        )
    ]


PARALLEL_CELLS = 10_000
"""Round cells (players x rounds) from which an import checks its rounds in parallel processes: below that, starting
them costs more than the pairings."""


def _check_round(states: RoundStates, rules: DutchEdition, round_number: int) -> RoundCheck:
    """Round ``round_number`` of the file re-paired by the engine (:func:`arbiter_app.conformance.check_tournament`)."""
    expected = pairing_of_round(states.doc, round_number)
    try:
        return RoundCheck(round_number, expected, pair_round(states.before(round_number), rules))
    except ArbiterError as error:
        return RoundCheck(round_number, expected, None, str(error))


_worker: tuple[RoundStates, DutchEdition] | None = None
"""A checking process's document and edition (:func:`_start_worker`)."""


def _start_worker(doc: TrfDocument, edition_name: str) -> None:
    global _worker
    _worker = (RoundStates(doc), edition_named(edition_name))


def _check_in_worker(round_number: int) -> RoundCheck:
    assert _worker is not None
    return _check_round(*_worker, round_number)


def _workers(doc: TrfDocument, rounds: int) -> int:
    """How many processes check the rounds: one (this one) for a small file, in a daemonic process (which may start
    none), or on one core; else up to two, no more than the cores or the rounds."""
    if rounds < 2 or len(doc.players) * rounds < PARALLEL_CELLS or multiprocessing.current_process().daemon:
        return 1
    return max(1, min(2, os.cpu_count() or 1, rounds))


def check_rounds(doc: TrfDocument, edition: DutchEdition | None = None, workers: int | None = None) -> list[RoundCheck]:
    """:func:`arbiter_app.conformance.check_tournament` of an imported file, its rounds shared among ``workers``
    processes (None: :func:`_workers`).  Each round is re-paired from the same state either way, so the checks are
    the same, in round order; a process that cannot be started or dies leaves its rounds to this one."""
    doc = with_tournament_records(doc)
    rules = edition_for(doc, edition)
    last = max((len(p.rounds) for p in doc.players), default=0)
    rounds = [k for k in range(1, last + 1) if (found := pairing_of_round(doc, k)).boards or found.bye is not None]
    count = _workers(doc, len(rounds)) if workers is None else workers
    done: dict[int, RoundCheck] = {}
    if count > 1:
        try:
            # Forked from a process of one thread (the command line): started at once, the document shared; from one
            # with threads (the window's), spawned, as the window's child process is (process_call).
            method = "fork" if threading.active_count() == 1 and os.name == "posix" else "spawn"
            with ProcessPoolExecutor(
                count, multiprocessing.get_context(method), initializer=_start_worker, initargs=(doc, rules.name)
            ) as pool:
                # The last rounds first: their brackets are the most mixed, their pairings the longest.
                futures = {k: pool.submit(_check_in_worker, k) for k in reversed(rounds)}
                done = {k: future.result() for k, future in futures.items()}
        except (BrokenProcessPool, OSError, RuntimeError):
            done = {}
    if len(done) < len(rounds):
        states = RoundStates(doc)  # the state before round k + 1 extends the one before round k
        done |= {k: _check_round(states, rules, k) for k in rounds if k not in done}
    return [done[k] for k in rounds]


def import_lines(doc: TrfDocument, edition: DutchEdition, workers: int | None = None) -> list[str]:
    """Every paired round of an imported file checked against the engine (checklist Q54): a ``### Import @ Round r:
    <file's> => <engine's>`` line for each round the engine pairs otherwise (or cannot pair).  ``workers``:
    :func:`check_rounds`."""
    lines = []
    for check in check_rounds(doc, edition, workers):
        if check.matches:
            continue
        if check.actual is None:
            detail = f"the engine cannot pair this round ({check.error})"
        else:
            detail = (
                mpa_detail(
                    [(b.white, b.black) for b in check.expected.boards],
                    check.expected.bye,
                    [(b.white, b.black) for b in check.actual.boards],
                    check.actual.bye,
                )
                + " (the file's => the engine's)"
            )
        lines.append(comment("Import", check.round, detail))
    return lines


def import_notice(source: str, lines: list[str]) -> list[Notice]:
    """Level 3 before importing rounds the engine pairs otherwise (checklist Q55)."""
    if not lines:
        return []
    rounds = ", ".join(line.split(" @ Round ")[1].split(":")[0] for line in lines)
    return [
        Notice(
            Level.PROCEED,
            "checklist Q54-Q55",
            f"{source}: round(s) {rounds} are not paired as the engine pairs them: "
            + "; ".join(line.removeprefix("### ") for line in lines)
            + "; the import is logged and written to TRF-2026 exports",
        )
    ]


def check_imported_scoring(source: str, points: PointSystem) -> None:
    """An imported file's scoring (``BBx`` / ``162`` lines) as FIDE mode takes it (:func:`check_scoring`)."""
    try:
        check_scoring(points)
    except ProhibitedInFideMode as refused:
        raise ProhibitedInFideMode(
            refused.rule, f"{source}: the file's scoring (BBW/BBD/BBL/BBU or 162 lines): " + refused.warning.text
        ) from None


def correction_notice(round_number: int, lines: list[str], edition: str) -> list[Notice]:
    """Level 3 before results of a round followed by a published round are corrected (checklist Q115; C.04.2.D.8,
    C.04.2-2026 4.3: the article as the tournament's edition numbers it)."""
    if not lines:
        return []
    return [
        Notice(
            Level.PROCEED,
            f"checklist Q115, {article(edition, 'later-rounds')}",
            f"round {round_number + 1} was paired and published with the old result(s): "
            + "; ".join(line.split(": ", 1)[1] for line in lines)
            + "; the correction is logged and written to TRF-2026 exports",
        )
    ]


def past_round_notice(t: Tournament, round_number: int, last: int, what: str) -> list[Notice]:
    """Checklist Q189-Q191: once later rounds are paired, only the last paired round and the one before it change;
    an earlier round is refused in FIDE mode (Level 5) and takes a Level-4 confirmation outside it."""
    if round_number >= last - 1:
        return []
    return [
        Notice(
            in_fide_mode_or(t.fide_mode),
            "checklist Q189-Q191",
            f"round {last} is paired: only rounds {last - 1} and {last} can change, not the {what} of round "
            f"{round_number}",
            f"the {what} of round {round_number} changes although rounds {round_number + 1}-{last} were paired "
            "after it; the change is logged and written to TRF-2026 exports",
        )
    ]
