"""Creating and reading tournaments."""

from __future__ import annotations

from dataclasses import replace
from datetime import date, datetime
from typing import Any

from sqlalchemy import select

from arbiter_app.errors import ArbiterError
from arbiter_app.pairing.chess960 import StartingPosition, drawn_position, drawn_positions
from arbiter_app.pairing.editions import DEFAULT, EDITIONS
from arbiter_app.pairing.editions import edition as edition_rules
from arbiter_app.pairing.model import Colour, PointSystem
from arbiter_app.persistence import queries
from arbiter_app.persistence.database import Database
from arbiter_app.persistence.models import Tournament, new_lots_seed
from arbiter_app.services.dto import TournamentInfo
from arbiter_app.services.fide_mode import TRF_KEY, check_scoring, configuration_line, frozen, last_paired
from arbiter_app.services.records import (
    audit,
    one_line,
    point_system,
    round_dates_to_store,
    settings_snapshot,
    tournament_info,
)
from arbiter_app.services.systems import SWISS, TournamentSystem, make_system, system_of
from arbiter_app.services.tiebreak_rules import DEFAULT_RULES, MANUAL, check_list_rounds, codes_in_use, stored_list
from arbiter_app.services.warnings import Notice, require
from arbiter_app.trf.records import is_encoded_time_control

TEXT_FIELDS = ("name", "place", "chief_arbiter", "deputy_arbiters", "time_control", "tie_breaks")
"""Settings written into one TRF line each: no line break."""


DATE_LAYOUTS = ("%Y-%m-%d", "%Y/%m/%d", "%Y.%m.%d", "%d.%m.%Y", "%d/%m/%Y", "%y/%m/%d")
"""Dates as arbiters and TRF files write them (ISO first; ``YY/MM/DD`` as in a TRF ``132`` line)."""


def check_time_control_code(text: str) -> str:
    """The encoded time control of TRF-2026 record ``222``, stripped (empty: none given); an error that shows the
    form otherwise."""
    text = text.strip()
    if text and not is_encoded_time_control(text):
        raise ArbiterError(
            f"the encoded time control {text!r} is not in the TRF-2026 form (222): seconds with the increment, periods "
            "separated by ':' and a number of moves before '/', e.g. 5400+30 (90 min, 30 s a move), "
            "40/6000+30:900+30, or W300-B240 for different times"
        )
    return text


def parse_date(text: str) -> date:
    """A date in one of :data:`DATE_LAYOUTS`; an error naming the text otherwise."""
    for layout in DATE_LAYOUTS:
        try:
            return datetime.strptime(text.strip(), layout).date()
        except ValueError:
            continue
    raise ArbiterError(f"{text.strip()!r} is not a date (write it as 2026-07-01)")


def parse_round_dates(text: str) -> tuple[date | None, ...]:
    """Round dates as a list (``2026-07-01, 2026-07-02, , 2026-07-04``): an empty item for a date not known."""
    items = [item.strip() for item in text.replace(";", ",").split(",")]
    while items and not items[-1]:
        items.pop()
    return tuple(parse_date(item) if item else None for item in items)


def _check_settings(
    name: str,
    rounds: int,
    start_date: date | None,
    end_date: date | None,
    federation: str,
    round_dates: tuple[date | None, ...],
) -> None:
    if not name.strip():
        raise ArbiterError("a tournament needs a name")
    if rounds < 1:
        raise ArbiterError("C.04.1.a: the number of rounds must be at least 1")
    if start_date and end_date and end_date < start_date:
        raise ArbiterError("the tournament ends before it starts")
    if federation and not (len(federation) == 3 and federation.isalpha()):
        raise ArbiterError(f"federation {federation!r}: a FIDE code of three letters, such as NOR")
    if len(round_dates) > rounds:
        raise ArbiterError(f"{len(round_dates)} round dates for a tournament of {rounds} rounds")
    known = [d for d in round_dates if d is not None]
    if any(b < a for a, b in zip(known, known[1:])):
        raise ArbiterError("the round dates go back in time")


MAX_SCORE_TENTHS = 999
"""The highest score TRF-16's 4-column points field holds (99.9)."""


def check_points(points: PointSystem, rounds: int) -> None:
    """Points TRF-16 can write (``BBx``: one decimal) in an order that makes sense, scores within 99.9."""
    values = {
        "win": points.win,
        "draw": points.draw,
        "loss": points.loss,
        "zero-point bye": points.zero_point_bye,
        "forfeit loss": points.forfeit_loss,
        "pairing-allocated bye": points.pairing_allocated_bye,
    }
    for what, value in values.items():
        if not 0 <= value <= MAX_SCORE_TENTHS:
            raise ArbiterError(f"points for a {what}: from 0 to 99.9, not {value / 10}")
    if points.win <= 0:
        raise ArbiterError("a win must be worth more than 0 points")
    if not points.loss <= points.draw <= points.win:
        raise ArbiterError("points must not go up from a win to a draw to a loss")
    if points.pairing_allocated_bye > points.win:
        raise ArbiterError("the pairing-allocated bye cannot be worth more than a win")
    best = max(values.values())
    if rounds * best > MAX_SCORE_TENTHS:
        raise ArbiterError(
            f"{rounds} rounds of {best / 10} points make scores up to {rounds * best / 10}: "
            "the TRF-16 points field holds at most 99.9"
        )


def create_tournament(
    db: Database,
    name: str,
    rounds: int,
    *,
    place: str = "",
    start_date: date | None = None,
    end_date: date | None = None,
    chief_arbiter: str = "",
    deputy_arbiters: str = "",
    points: PointSystem | None = None,
    initial_colour: Colour = Colour.WHITE,
    accelerated: bool = False,
    tie_breaks: str = "",
    tie_break_rules: str = DEFAULT_RULES,
    edition: str = DEFAULT.name,
    federation: str = "",
    time_control: str = "",
    time_control_code: str = "",
    round_dates: tuple[date | None, ...] = (),
    system: str = SWISS,
    double_round_robin: bool = False,
    reverse_last_two: bool = False,
    chess960: bool = False,
    chess960_seed: int | None = None,
) -> TournamentInfo:
    """A new tournament; C.04.1.a: the number of rounds is declared beforehand.

    ``chess960``: a Chess960 tournament, one starting position drawn a round from ``chess960_seed``
    (a fresh one if None), recorded with the tournament (:func:`chess960_positions`).

    ``system``: ``swiss`` (the Dutch rules of ``edition``) or ``round-robin`` (Berger tables, C.05 Annex 1,
    single or ``double_round_robin``, optionally with the first cycle's last two rounds reversed); a round
    robin's number of rounds follows from its players when the Berger numbers are drawn or set.

    ``tie_break_rules`` names the regulation (``c07-2026``, ``c07-2024``,
    ``arbiters-manual``); ``tie_breaks`` its codes in order (empty: the
    regulation's recommended order).  An unknown code is refused, named.
    """
    pairing_system = make_system(system, edition, double_round_robin, reverse_last_two)
    check_system_regulation(pairing_system, tie_break_rules)
    if tie_breaks.strip():
        check_list_rounds(tie_break_rules, tie_breaks, rounds)
    tie_breaks = stored_list(tie_break_rules, tie_breaks or pairing_system.default_tiebreaks(tie_break_rules))
    check_system_tiebreaks(pairing_system, tie_break_rules, tie_breaks)
    federation = federation.strip().upper()
    for field, value in zip(TEXT_FIELDS, (name, place, chief_arbiter, deputy_arbiters, time_control, tie_breaks)):
        one_line(field.replace("_", " "), value)
    _check_settings(name, rounds, start_date, end_date, federation, round_dates)
    time_control_code = check_time_control_code(time_control_code)
    rules = edition_rules(edition)  # an unknown name is refused, naming it
    ps = points or PointSystem()
    check_points(ps, rounds)
    check_scoring(ps)  # a new tournament is in FIDE mode
    with db.write() as s:
        t = Tournament(
            name=name.strip(),
            place=place,
            start_date=start_date,
            end_date=end_date,
            chief_arbiter=chief_arbiter,
            deputy_arbiters=deputy_arbiters,
            federation=federation,
            time_control=time_control.strip(),
            time_control_code=time_control_code,
            round_dates=round_dates_to_store(round_dates),
            rounds_count=rounds,
            points_win=ps.win,
            points_draw=ps.draw,
            points_loss=ps.loss,
            points_zero_bye=ps.zero_point_bye,
            points_forfeit_loss=ps.forfeit_loss,
            points_pairing_bye=ps.pairing_allocated_bye,
            initial_colour="black" if initial_colour is Colour.BLACK else "white",
            accelerated=accelerated,
            tie_breaks=tie_breaks,
            tie_break_rules=tie_break_rules,
            edition=edition,
            system=system,
            double_round_robin=double_round_robin,
            reverse_last_two=reverse_last_two,
            chess960_seed=(new_lots_seed() if chess960_seed is None else chess960_seed) if chess960 else None,
        )
        s.add(t)
        s.flush()
        audit(
            s,
            t.id,
            "create tournament",
            (
                f"created '{t.name}', {rounds} rounds, paired by the {rules.short_title} rules"
                if system == SWISS
                else f"created '{t.name}', {pairing_system.title}"
            ),
            after={
                "name": t.name,
                "edition": t.edition,
                "system": system,
                "double": double_round_robin,
                "reverse_last_two": reverse_last_two,
                "chess960_seed": t.chess960_seed,
            },
        )
        return tournament_info(t)


def check_system_regulation(system: TournamentSystem, rules_name: str) -> None:
    """A round robin ranks by a C.07 regulation (its round-robin tie-breaks, Q104), not the manual's old set."""
    if system.name != SWISS and rules_name == MANUAL:
        raise ArbiterError("a round robin ranks by C.07 (c07-2026 or c07-2024), not by the Arbiters' Manual set")


def check_system_tiebreaks(system: TournamentSystem, rules_name: str, stored: str) -> None:
    """The system's refusals (a round robin: no Buchholz family, C.07 8; C.07 regulations only)."""
    check_system_regulation(system, rules_name)
    system.check_tiebreaks(codes_in_use(rules_name, stored))


def change_system(
    db: Database, tournament_id: int, system: str, *, double_round_robin: bool = False, reverse_last_two: bool = False
) -> TournamentInfo:
    """Choose another pairing system: only before round 1 is paired (checklist Q93: not once under way)."""
    with db.write() as s:
        t = queries.tournament(s, tournament_id)
        if queries.rounds(s, t.id):
            raise ArbiterError(
                f"the tournament is paired as a {system_of(t).title}: the pairing system is frozen once round 1 is paired"
            )
        new = make_system(system, t.edition, double_round_robin, reverse_last_two)
        if not t.tie_breaks.strip() or system != t.system:
            t.tie_breaks = stored_list(t.tie_break_rules, new.default_tiebreaks(t.tie_break_rules))
        check_system_tiebreaks(new, t.tie_break_rules, t.tie_breaks)
        before = {"system": t.system, "double": t.double_round_robin, "reverse_last_two": t.reverse_last_two}
        t.system, t.double_round_robin, t.reverse_last_two = system, double_round_robin, reverse_last_two
        after = {"system": system, "double": double_round_robin, "reverse_last_two": reverse_last_two}
        audit(s, t.id, "change system", f"pairing system: {new.title}", before=before, after=after)
        return tournament_info(t)


def change_edition(db: Database, tournament_id: int, new: str, *, confirmed: int = 0) -> TournamentInfo:
    """Pair the coming rounds by another edition of the Dutch rules (in the audit log).

    Before any round is paired the change is free.  Once round 1 is paired the pairing
    system is frozen (checklist Q93): in FIDE mode the change is refused (Level 5);
    outside it, rounds already paired stay as they were paired and the next ones follow
    the new text, after a Level-4 confirmation (``ConfirmationNeeded`` says what changes),
    logged as a configuration change.
    """
    rules = edition_rules(new)
    with db.write() as s:
        t = queries.tournament(s, tournament_id)
        if t.edition == new:
            return tournament_info(t)
        old = edition_rules(t.edition) if t.edition in EDITIONS else None
        was = old.short_title if old else t.edition
        paired = [r.number for r in queries.rounds(s, tournament_id)]
        notices = frozen(
            t, len(paired), "pairing system", "checklist Q93", f"the {was} rules", f"the {rules.short_title} rules"
        )
        if paired:
            many = len(paired) > 1
            notices = [replace(n, consequences=(
                f"round{'s' if many else ''} {_span(paired)} {'were' if many else 'was'} paired by the {was} rules and "
                f"{'stay' if many else 'stays'} as paired (and are explained by those rules); "
                + (
                    f"from round {paired[-1] + 1} on, pairings will follow the {rules.short_title} rules ({rules.title})"
                    if paired[-1] < t.rounds_count
                    else f"no round is left to pair by the {rules.short_title} rules"
                )
                + "; the change is logged and written to TRF-2026 exports"
            )) for n in notices]  # fmt: skip
        require(confirmed, notices)
        saved = settings_snapshot(s, t, ("edition",)) if paired else None  # a configuration change: undone so
        before, t.edition = t.edition, new
        summary = f"pairing rules changed from {was} to {rules.short_title}"
        after: dict[str, object] = {"edition": new}
        if paired:
            summary += f" after round {paired[-1]} was paired"
            after[TRF_KEY] = [configuration_line(paired[-1], "pairing system", was, rules.short_title)]
        audit(s, t.id, "change edition", summary, before={"edition": before}, after=after, undo_snapshot=saved)
        return tournament_info(t)


def _span(numbers: list[int]) -> str:
    return str(numbers[0]) if len(numbers) == 1 else f"{numbers[0]}-{numbers[-1]}"


EDITABLE = (
    "name",
    "place",
    "federation",
    "start_date",
    "end_date",
    "chief_arbiter",
    "deputy_arbiters",
    "time_control",
    "time_control_code",
    "round_dates",
    "tie_breaks",
    "tie_break_rules",
    "rounds_count",
    "points",
    "accelerated",
)
"""What ``edit_tournament`` may change.  The initial colour and the edition stay as declared (C.04.1.a; the edition:
:func:`change_edition`).  The tie-break rules change until the last round is published."""

FROZEN = {
    "rounds_count": ("number of rounds", "checklist Q57-Q58"),
    "points": ("scoring (points per result and for the pairing-allocated bye)", "checklist Q75, Q85"),
    "accelerated": ("acceleration", "checklist Q109-Q110, C.04.5"),
    "tie_breaks": ("tie-break list", "checklist Q200-Q201, C.07 4.1.1"),
    "tie_break_rules": ("tie-break regulation", "checklist Q200-Q201, C.07 4.1.1"),
}
"""The settings frozen once round 1 is paired: refused in FIDE mode (Level 5), a Level-4 confirmation outside it."""


def _shown(field: str, value: object) -> str:
    """A frozen setting's value as the warnings and the ``###`` lines write it."""
    if isinstance(value, PointSystem):
        return f"{value.win / 10:g}/{value.draw / 10:g}/{value.loss / 10:g} (bye {value.pairing_allocated_bye / 10:g})"
    if field == "accelerated":
        return "Baku acceleration" if value else "no acceleration"
    if field == "tie_breaks" and not value:
        return "none stored (the recommended list)"
    return f"'{value}'" if isinstance(value, str) else str(value)


def edit_tournament(db: Database, tournament_id: int, *, confirmed: int = 0, **changes: Any) -> TournamentInfo:
    """Change the tournament's settings (one transaction, in the audit log).

    ``changes`` are among :data:`EDITABLE`; ``round_dates`` a tuple of dates
    (None where not known), ``start_date``/``end_date`` dates or None, ``points`` a
    ``PointSystem``.  Once round 1 is paired the settings of :data:`FROZEN` are refused
    in FIDE mode (Level 5) and need ``confirmed`` at Level 4 outside it (a configuration
    change, logged and written to TRF-2026 exports).
    """
    unknown = sorted(set(changes) - set(EDITABLE))
    if unknown:
        raise ArbiterError(f"cannot change {', '.join(unknown)}: only {', '.join(EDITABLE)}")
    if "federation" in changes:
        changes["federation"] = str(changes["federation"]).strip().upper()
    for field in TEXT_FIELDS:
        if field in changes:
            one_line(field.replace("_", " "), str(changes[field]))
    if "time_control_code" in changes:
        changes["time_control_code"] = check_time_control_code(str(changes["time_control_code"]))
    with db.write() as s:
        t = queries.tournament(s, tournament_id)
        current = tournament_info(t)
        merged = {field: getattr(current, field) for field in EDITABLE} | changes
        if "tie_breaks" in changes or "tie_break_rules" in changes:
            if merged["tie_break_rules"] == current.tie_break_rules and codes_in_use(
                current.tie_break_rules, merged["tie_breaks"]
            ) == codes_in_use(current.tie_break_rules, current.tie_breaks):
                changes.pop("tie_breaks", None)  # the same list, written again (a settings form)
                changes.pop("tie_break_rules", None)
                merged["tie_breaks"] = current.tie_breaks
        if "tie_breaks" in changes or "tie_break_rules" in changes:
            _check_tiebreaks_editable(s, t)
            pairing_system = system_of(t)
            changes["tie_breaks"] = merged["tie_breaks"] = stored_list(
                merged["tie_break_rules"],
                merged["tie_breaks"] or pairing_system.default_tiebreaks(merged["tie_break_rules"]),
            )
            check_system_tiebreaks(pairing_system, merged["tie_break_rules"], merged["tie_breaks"])
            if "tie_breaks" in changes:
                check_list_rounds(merged["tie_break_rules"], merged["tie_breaks"], merged["rounds_count"])
            if "tie_break_rules" not in changes and current.tie_break_rules != merged["tie_break_rules"]:
                changes["tie_break_rules"] = merged["tie_break_rules"]
        paired = last_paired(s, t.id)
        _check_frozen_values(t, paired, merged, changes)
        _check_settings(
            merged["name"],
            merged["rounds_count"],
            merged["start_date"],
            merged["end_date"],
            merged["federation"],
            tuple(merged["round_dates"]),
        )
        moved = {f: v for f, v in changes.items() if f in FROZEN and v != getattr(current, f)}
        notices: list[Notice] = []
        lines = []
        for field, value in moved.items():
            what, rule = FROZEN[field]
            was, new = _shown(field, getattr(current, field)), _shown(field, value)
            # A list never stored (a file of an older version) is the recommended one, in force since round 1:
            # frozen like any other (C.07-2026 4.1.1; checklist Q200-Q201).
            notices += frozen(t, paired, what, rule, was, new)
            if paired:
                lines.append(configuration_line(paired, what, was, new))
        require(confirmed, notices)
        # A configuration change (logged as a pairing-integrity event) can be undone: the settings as they were.
        columns = [c for f, v in changes.items() if v != getattr(current, f) for c in _COLUMNS.get(f, (f,))]
        saved = settings_snapshot(s, t, columns) if lines else None
        before: dict[str, object] = {}
        after: dict[str, object] = {}
        for field, value in changes.items():
            old = getattr(current, field)
            if value == old:
                continue
            before[field], after[field] = _audit_value(old), _audit_value(value)
            if field == "round_dates":
                t.round_dates = round_dates_to_store(tuple(value))
            elif field == "name":
                t.name = str(value).strip()
            elif field == "points":
                (t.points_win, t.points_draw, t.points_loss, t.points_zero_bye, t.points_forfeit_loss,
                 t.points_pairing_bye) = (value.win, value.draw, value.loss, value.zero_point_bye,
                                          value.forfeit_loss, value.pairing_allocated_bye)  # fmt: skip
            else:
                setattr(t, field, value)
        if after:
            summary = "changed " + ", ".join(after) + (f" after round {paired} was paired" if lines else "")
            audit(s, t.id, "edit tournament", summary, before=before, after=after | ({TRF_KEY: lines} if lines else {}),
                  undo_snapshot=saved)  # fmt: skip
        return tournament_info(t)


_COLUMNS = {
    "points": (
        "points_win", "points_draw", "points_loss", "points_zero_bye", "points_forfeit_loss", "points_pairing_bye",
    ),
}  # fmt: skip
"""The columns of the tournament that hold a setting of :data:`EDITABLE` (the others: one of the same name)."""


def _check_frozen_values(t: Tournament, paired: int, merged: dict[str, Any], changes: dict[str, Any]) -> None:
    """The new number of rounds, points and acceleration make sense (whether or not they may change now)."""
    if "rounds_count" in changes:
        rounds = merged["rounds_count"]
        if not isinstance(rounds, int) or isinstance(rounds, bool):
            raise ArbiterError(f"the number of rounds is a whole number, not {rounds!r}")
        if t.system != SWISS and rounds != t.rounds_count:
            raise ArbiterError("a round robin's number of rounds follows from its players (C.05 Annex 1)")
        if rounds < paired:
            raise ArbiterError(f"round {paired} is paired already: the tournament has at least {paired} rounds")
    if "points" in changes:
        if not isinstance(merged["points"], PointSystem):
            raise ArbiterError("points: a point system (win, draw, loss, byes)")
        check_points(merged["points"], merged["rounds_count"])
        check_scoring(merged["points"], t.fide_mode)
    elif "rounds_count" in changes:
        check_points(point_system(t), merged["rounds_count"])
    if "accelerated" in changes and not isinstance(merged["accelerated"], bool):
        raise ArbiterError("accelerated: true or false")


def _check_tiebreaks_editable(session: Any, t: Tournament) -> None:
    """The tie-break rules change until the last round is published (C.07 4.1.1 wants them announced early)."""
    last = queries.round_(session, t.id, t.rounds_count)
    if last is not None and last.state != "draft":
        raise ArbiterError(f"the last round ({t.rounds_count}) is published: the tie-break rules can no longer change")


def _audit_value(value: object) -> object:
    if isinstance(value, PointSystem):
        return _shown("points", value)
    if isinstance(value, date):
        return value.isoformat()
    if isinstance(value, tuple):
        return [_audit_value(v) for v in value]
    return value


def get_tournament(db: Database, tournament_id: int) -> TournamentInfo:
    """The tournament's settings."""
    with db.read() as s:
        return tournament_info(queries.tournament(s, tournament_id))


def list_tournaments(db: Database) -> tuple[TournamentInfo, ...]:
    """Every tournament of the file, oldest first."""
    with db.read() as s:
        return tuple(tournament_info(t) for t in s.scalars(select(Tournament).order_by(Tournament.id)))


def only_tournament(db: Database, which: str | None = None) -> TournamentInfo:
    """The file's one tournament (what the command line works on), or the one ``which`` names (id or name)."""
    found = list_tournaments(db)
    if not found:
        raise ArbiterError(f"{db.name} holds no tournament yet (create one with 'arbiter new' or 'arbiter import-trf')")
    listed = "; ".join(f"{t.id} {t.name!r}" for t in found)
    if which is not None:
        key = which.strip()
        chosen = [t for t in found if (key.isdigit() and t.id == int(key)) or t.name.casefold() == key.casefold()]
        if len(chosen) != 1:
            problem = "several tournaments are" if chosen else "no tournament is"
            raise ArbiterError(f"{db.name}: {problem} called {which!r}; it holds {listed}")
        return chosen[0]
    if len(found) > 1:
        raise ArbiterError(
            f"{db.name} holds {len(found)} tournaments ({listed}); name one with --tournament ID or NAME"
        )
    return found[0]


def chess960_position(seed: int | None, round_number: int) -> StartingPosition | None:
    """Round ``round_number``'s Chess960 starting position drawn from a tournament's recorded ``seed`` (checklist
    Q222); None for standard chess (no seed)."""
    return None if seed is None else drawn_position(seed, round_number)


def chess960_positions(db: Database, tournament_id: int) -> tuple[StartingPosition, ...]:
    """The Chess960 starting position of every round, drawn from the tournament's recorded seed (checklist Q222);
    empty for a tournament of standard chess."""
    t = get_tournament(db, tournament_id)
    if t.chess960_seed is None:
        return ()
    return drawn_positions(t.chess960_seed, t.rounds_count)
