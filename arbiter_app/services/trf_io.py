"""TRF-16 and TRF-2026 import into a new tournament and export from one (through ``arbiter_app.trf``).

Import detects the version (:func:`arbiter_app.trf.versions.detect_version`) and reads the
TRF-2026 records ``142 152 162 192 202 240`` where the engine lines (``XXR XXC BBx``) do
not say the same; export writes the format asked for, by default the one of the
tournament's edition (TRF-2026 for the 2026 edition).

Import reads the header lines (``012`` name, ``022`` place, ``042``/``052``
dates, ``102``/``112`` arbiters; any other header line is kept verbatim for
export), ``XXR``, ``XXC``, ``BBx``, ``XXA``, ``XXP``, the players with their
pairing numbers, every paired round (boards in C.04.2.D.9 order, results,
forfeits), the byes and absences, pre-entered ones of the coming round
included.  A player absent from some round to the last declared round is
stored as withdrawn from that round (C.04.2.D.3).

Export writes published rounds; requested byes, absences and withdrawals of
the next round are written as pre-entered cells.  What TRF-16 cannot carry
(later byes, adjourned games, a draft pairing) is listed as warnings.

Import also keeps the file's layout with the tournament (which lines it had, in
which order, how it spelt them, its line break: :mod:`arbiter_app.trf.fileform`);
an export in the file's format follows it, so that import then export gives the
file back, while whatever changed since import is written as it now stands.
"""

from __future__ import annotations

import json
import os
from collections.abc import Sequence
from dataclasses import replace
from datetime import date

from sqlalchemy import insert, select
from sqlalchemy.orm import Session

from arbiter_app import __version__
from arbiter_app import standings as tb
from arbiter_app.errors import ArbiterError
from arbiter_app.explain.words import counted
from arbiter_app.pairing.editions import DEFAULT, declared_system, edition_of_system
from arbiter_app.pairing.editions import edition as edition_rules
from arbiter_app.pairing.engine import board_order
from arbiter_app.pairing.model import PointSystem
from arbiter_app.persistence import queries
from arbiter_app.persistence.audit_chain import CHAIN_LINE
from arbiter_app.persistence.database import Database
from arbiter_app.persistence.models import (
    Acceleration,
    BoardRow,
    Bye,
    ByeKind,
    ForbiddenPair,
    Player,
    PlayerStatus,
    Round,
    RoundState,
    Tournament,
    utcnow,
)
from arbiter_app.plaintext import check_name
from arbiter_app.ratings.methods import METHODS, RATING_METHOD_CODE, tournament_rating
from arbiter_app.services.adjourned import require_final
from arbiter_app.services.dto import ExportInfo, ImportInfo
from arbiter_app.services.fide_mode import (
    TRF_KEY,
    check_imported_scoring,
    comment,
    import_lines,
    import_notice,
    integrity_lines,
    mpa_detail,
)
from arbiter_app.services.players import TRF_TITLES, normalise_title
from arbiter_app.services.rating_results import corrections as rating_corrections_of
from arbiter_app.services.records import (
    audit,
    point_system,
    round_dates_to_store,
    stored_round_dates,
    tournament_info,
)
from arbiter_app.services.standings import compute_standings, ranked_standings
from arbiter_app.services.systems import ROUND_ROBIN, SWISS, RoundRobinSystem, round_robin_of_trf, system_of
from arbiter_app.services.tiebreak_rules import DEFAULT_RULES, codes_in_use, recommended, rule_set
from arbiter_app.services.tournaments import parse_date
from arbiter_app.services.warnings import require
from arbiter_app.trf import PlayerLine, RoundEntry, TrfDocument, read_trf, write_trf
from arbiter_app.trf.fileform import FileLayout, apply_layout, record_layout, restated_lines, unkept_lines
from arbiter_app.trf.layout import PLAYER_FIELDS, UNKNOWN_RESULT
from arbiter_app.trf.records import (
    ACCELERATION_RECORD,
    CONTROLLER_CODE,
    PROHIBITION_RECORD,
    TIME_CONTROL_CODE,
    acceleration_records,
    acceleration_table,
    accelerations_of,
    is_encoded_time_control,
    is_national_record,
    national_rating_of,
    national_record,
    parse_acceleration,
    parse_prohibition,
    prohibition_record,
    prohibitions_of,
)
from arbiter_app.trf.rounds import (
    BERGER_LINE,
    RoundStates,
    berger_numbers_of,
    next_round,
    outcome_of,
    pairing_of_round,
    round_robin_of,
    state_before_round,
    tenths,
)
from arbiter_app.trf.rounds import point_system as trf_point_system
from arbiter_app.trf.versions import (
    FORMATS,
    TRF16,
    TRF2026,
    TRF2026_CODES,
    byes_line,
    detect_version,
    format_for_edition,
    parse_byes_line,
    parse_score_line,
    points_text,
    score_line,
)

_HEADER_FIELDS = {
    "012": "name",
    "022": "place",
    "032": "federation",
    "102": "chief_arbiter",
    "112": "deputy_arbiters",
    "122": "time_control",
}
_DATE_FIELDS = {"042": "start_date", "052": "end_date"}
_EXPORTED_TEXT = (
    ("022", "place"),
    ("032", "federation"),
    ("102", "chief_arbiter"),
    ("112", "deputy_arbiters"),
    ("122", "time_control"),
)
ROUND_DATES_COLUMN = 91
"""Where the ``132`` line's first date starts (0-based): above round 1 of the ``001`` lines, one round every 10."""
_BYE_CODES = {"U": ByeKind.PAIRING_ALLOCATED, "H": ByeKind.HALF, "F": ByeKind.FULL, "Z": ByeKind.ZERO}
_KIND_CODES = {kind: code for code, kind in _BYE_CODES.items()} | {ByeKind.ABSENT: "-"}
_PLAYED_SCORES = {"1": "1", "W": "1", "=": "1/2", "D": "1/2", "0": "0", "L": "0"}
"""A played game's code -> the player's side of the board's result (``1/2-0`` is ``=`` against ``0``)."""
_UNRATED_CODES = {"1": "W", "=": "D", "0": "L"}
"""TRF codes of a game played but not rated (less than one move, checklist Q185): the played code -> its own."""
_UNRATED = set(_UNRATED_CODES.values())
_CODES = {
    ("1-0", False): ("1", "0"),
    ("0-1", False): ("0", "1"),
    ("1/2-1/2", False): ("=", "="),
    ("1/2-0", False): ("=", "0"),
    ("0-1/2", False): ("0", "="),
    ("0-0", False): ("0", "0"),
    ("1-0", True): ("+", "-"),
    ("0-1", True): ("-", "+"),
    ("0-0", True): ("-", "-"),
}


def _date(text: str) -> date | None:
    try:
        return parse_date(text)
    except ArbiterError:
        return None


def round_dates_from_trf(line: str) -> tuple[date | None, ...] | None:
    """The dates of a ``132`` line, one per round column (``YY/MM/DD`` or a longer form); None if unreadable."""
    if len(line) > ROUND_DATES_COLUMN and not line[3:ROUND_DATES_COLUMN].strip():
        slots = [line[k : k + 10].strip() for k in range(ROUND_DATES_COLUMN, len(line), 10)]
    else:  # not in columns: the dates in order
        slots = line[3:].split()
    dates = tuple(_date(slot) if slot else None for slot in slots)
    if not any(dates) or any(d is None for d, slot in zip(dates, slots) if slot):
        return None
    while dates and dates[-1] is None:
        dates = dates[:-1]
    return dates


def round_dates_line(dates: tuple[date | None, ...]) -> str:
    """The ``132`` line: each known round date (``YY/MM/DD``) above its round's column."""
    line = "132".ljust(ROUND_DATES_COLUMN)
    for k, d in enumerate(dates):
        start = ROUND_DATES_COLUMN + 10 * k
        if d is not None:
            line = line.ljust(start) + f"{d:%y/%m/%d}"
    return line.rstrip()


_SHAPES = {"142": "'142 n' (rounds, 1 to 999)", "152": "'152 W' or '152 B'", "162": "'162  W 3.0    D 1.0'"}


def _readable(code: str, line: str) -> bool:
    """Whether a ``142``/``152``/``162`` record has its TRF-2026 shape."""
    text = line[4:].strip()
    if code == "142":
        return text.isdigit() and 1 <= int(text) <= 999
    if code == "152":
        return line.rstrip() in ("152 W", "152 B")
    return parse_score_line(line) is not None


_KNOWN_LINES = frozenset(
    ("012", "022", "032", "042", "052", "062", "072", "082", "092", "102", "112", "122", "132", BERGER_LINE)
) | frozenset(TRF2026_CODES)
"""Codes of the lines the import reads or the export writes (the engine lines and ``001`` aside)."""


_NATIONAL_METHODS = ("NRO", "FIDON", "NIDOF", "HBFN")
"""The tournament-rating methods that read the national ratings: a TRF-2026 export writes these ratings as national
rating records, and the ``001`` lines' ratings are the FIDE ratings."""

_UNREAD_RECORDS = {
    "172": "the starting-rank method is not read: the pairing numbers are the file's",
    "212": "tie-breaks ranked before points are not read: the standings rank by points first",
    "222": "not an encoded time control (5400+30, 40/6000+30:900+30, W300-B240): the encoded time control is "
    "left empty",
}
"""TRF-2026 records the import keeps as written but does not read, and what that means."""


def _adjusted(warnings: list[str], doc: TrfDocument, line_number: int, line: str, what: str) -> None:
    """Tell the user one adjustment of the import (checklist Q48, Q50, Q52): the line, as written, and what was done."""
    text = line.rstrip()
    shown = text if len(text) <= 80 else f"{text[:60]}… ({len(text):,} characters)"  # never echoed whole
    warnings.append(f"{doc.source}: line {line_number}: {shown!r}: {what}")


def _not_read(code: str, text: str) -> str | None:
    """Why a header line with text was not read into the tournament (kept verbatim for export), None if it was."""
    if code == "032" and len(text) != 3:
        return "not a three-letter federation code: the tournament's federation is left empty"
    if code in _DATE_FIELDS:
        return "not a date (2026/07/01): the tournament's date is left empty"
    if code == "132":
        return "the round dates could not be read: they are left empty"
    if code in ("092", "192"):
        return "not a pairing system this program knows: the rounds are paired by the tournament's edition"
    if code in _UNREAD_RECORDS:
        return _UNREAD_RECORDS[code]
    if code not in _KNOWN_LINES and not code.startswith("###"):
        return "a line this program does not read"
    return None


def _first_round_colour(doc: TrfDocument) -> str | None:
    """The colour the highest-ranked player paired in round 1 had (TRF-2026 152: the initial colour then)."""
    for line in sorted(doc.players, key=lambda p: p.number):
        entry = line.entry(1)
        if entry is not None and entry.opponent is not None and entry.colour in ("w", "b"):
            return "white" if entry.colour == "w" else "black"
    return None


def _national_records(doc: TrfDocument) -> tuple[str, dict[int, tuple[int, str]]]:
    """The federation a ``172`` record names (columns 5-7) and its national rating records: pairing number ->
    (national rating, the line); none without a ``172`` naming a federation."""
    federation = next((line[4:7].strip().upper() for _, line in doc.other_lines if line[:3] == RATING_METHOD_CODE), "")
    found: dict[int, tuple[int, str]] = {}
    for _, line in doc.other_lines:
        if is_national_record(line, federation):
            number, rating = national_rating_of(line)
            found.setdefault(number, (rating, line))
    return federation, found


def _tournament(doc: TrfDocument, name: str | None, warnings: list[str]) -> Tournament:
    values: dict[str, object] = {"name": os.path.basename(doc.source)}
    extra = []
    national_federation = _national_records(doc)[0]
    declared_rounds: int | None = None
    declared_colour: str | None = None
    scores: dict[str, int] | None = None
    record_lines: dict[str, tuple[int, str]] = {}  # 142/152/162 -> (line number, line)
    read_codes: set[str] = set()  # header lines read into a field
    for line_number, line in doc.other_lines:
        code, text = line[:3], line[4:].strip()
        if code in ("142", "152", "162"):
            record_lines.setdefault(code, (line_number, line))
        if code in TRF2026_CODES[:3] and not _readable(code, line):
            raise ArbiterError(f"{doc.source}:{line_number}:1: expected {_SHAPES[code]}, found {line.rstrip()!r}")
        if code in ("092", "192") and edition_of_system(text) is not None:
            continue  # the pairing system: the tournament's edition, written back from it
        if code in ("092", "192") and (rr := round_robin_of_trf(text)) is not None:
            values.update(system=rr.name, double_round_robin=rr.double, reverse_last_two=rr.reverse_last_two)
            continue  # a round robin: written back from the tournament's system
        if code == BERGER_LINE:
            continue  # the Berger numbers: read with the players
        if code == "142" and text.isdigit() and 1 <= int(text) <= 999:
            declared_rounds = int(text)
            continue
        if code == "152" and line.rstrip() in ("152 W", "152 B"):
            declared_colour = "white" if line.rstrip() == "152 W" else "black"
            continue
        if code == "162" and (found := parse_score_line(line)) is not None:
            win, draw = found.get("W", 10), found.get("D", 5)
            if not 0 < win <= 999 or draw > win or found.get("L", 0) > draw:
                raise ArbiterError(f"{doc.source}:{line_number}:6: points out of order (a loss <= a draw <= a win > 0)")
            scores = found
            continue
        if code == RATING_METHOD_CODE and text and text.split()[-1].upper() in METHODS:
            values["rating_method"] = text.split()[-1].upper()  # "172 NOR FIDON" (a bare "172 FIDON" read too)
            continue
        if code == "202" and text:
            values["tie_breaks"] = ", ".join(word.strip() for word in text.split(",") if word.strip())
            continue
        if code == "240" and parse_byes_line(line) is not None:
            continue  # the byes: read with the player lines, written back from the stored byes
        if code == CONTROLLER_CODE:
            extra.append(line)  # the program that paired the file: exported until this one pairs a round
            continue
        if is_national_record(line, national_federation):
            extra.append(line)  # read with the players; exported as written while the national rating is the same
            continue
        if code == TIME_CONTROL_CODE and is_encoded_time_control(text):
            values["time_control_code"] = text
            continue
        if code in (ACCELERATION_RECORD, PROHIBITION_RECORD):
            # Read with the players (a malformed record refused, naming its line and column); kept as written, and
            # exported so while it says what is stored.
            (parse_acceleration if code == ACCELERATION_RECORD else parse_prohibition)(doc.source, line_number, line)
            extra.append(line)
            continue
        if code in _HEADER_FIELDS and text and code in read_codes:
            extra.append(line)
            _adjusted(
                warnings,
                doc,
                line_number,
                line,
                f"a second {code} line: the first is read, this one is kept as written",
            )
        elif code in _HEADER_FIELDS and text and not (code == "032" and len(text) != 3):
            values[_HEADER_FIELDS[code]] = text.upper() if code == "032" else text
            read_codes.add(code)
        elif code in _DATE_FIELDS and _date(text) is not None:
            values[_DATE_FIELDS[code]] = _date(text)
        elif code == "132" and (dates := round_dates_from_trf(line)) is not None:
            values["round_dates"] = round_dates_to_store(dates)
        else:
            extra.append(line)
            why = _not_read(code, text) if line.strip() and (text or code not in _KNOWN_LINES) else None
            if why is not None:
                _adjusted(warnings, doc, line_number, line, f"{why} (the line is kept as written for export)")
    if name:
        values["name"] = name
    elif "012" not in read_codes:
        warnings.append(f"{doc.source}: no tournament name (012 line): named {values['name']!r} after the file")
    _overruled_records(doc, record_lines, declared_rounds, declared_colour, scores, warnings)
    ps = trf_point_system(doc)
    if not doc.point_values and scores is not None:
        win = scores.get("W", 10)
        ps = PointSystem(
            win=win,
            draw=scores.get("D", 5),
            loss=scores.get("L", 0),
            zero_point_bye=scores.get("A", 0),
            forfeit_loss=scores.get("A", 0),
            pairing_allocated_bye=scores.get("P", win),
        )
    held = max((len(p.rounds) for p in doc.players), default=1)
    rounds = doc.rounds_count or max(declared_rounds or 0, held)
    colour = doc.initial_colour or declared_colour or _first_round_colour(doc)
    if colour is None:
        colour = "white"
        warnings.append(
            f"{doc.source}: no initial colour (XXC or 152 line) and no round 1 played: white is taken for the "
            "highest-ranked player of round 1 (change it in the settings before pairing)"
        )
    elif not (doc.initial_colour or declared_colour):
        warnings.append(
            f"{doc.source}: no initial colour (XXC or 152 line): {colour}, the colour of the highest-ranked "
            "player paired in round 1"
        )
    if values.get("system") == ROUND_ROBIN:
        # A round robin: its rounds follow from its players (C.05 Annex 1), its tie-breaks are C.07's for it.
        system = RoundRobinSystem(bool(values["double_round_robin"]), bool(values["reverse_last_two"]))
        rounds = doc.rounds_count or system.total_rounds(len(doc.players))
        values.setdefault("tie_breaks", system.default_tiebreaks("c07-2026"))
    else:
        _recommended_list(doc, values, warnings)
    if values.get("system") != ROUND_ROBIN and not doc.rounds_count and not declared_rounds:
        warnings.append(
            f"{doc.source}: no number of rounds (XXR or 142 line): {max(rounds, 1)}, as many as the players' lines "
            "hold (change it in the settings if more rounds are to come)"
        )
    return Tournament(
        rounds_count=max(rounds, 1),
        points_win=ps.win,
        points_draw=ps.draw,
        points_loss=ps.loss,
        points_zero_bye=ps.zero_point_bye,
        points_forfeit_loss=ps.forfeit_loss,
        points_pairing_bye=ps.pairing_allocated_bye,
        initial_colour=colour,
        extra_trf_lines="\n".join(extra),
        **values,
    )


def _recommended_list(doc: TrfDocument, values: dict[str, object], warnings: list[str]) -> None:
    """A Swiss file without a tie-break list (no ``202`` record: every TRF-16 file) gets the recommended list of
    the regulation the tournament ranks by, stated in the import's warnings and the settings: every tournament has
    its list, frozen once round 1 is paired (C.07-2026 4.1.1; checklist Q200, Q217)."""
    if "tie_breaks" in values:
        return
    rules = str(values.get("tie_break_rules", DEFAULT_RULES))
    values["tie_breaks"] = ", ".join(recommended(rules))
    warnings.append(
        f"{doc.source}: no tie-break list (202 record): the recommended list of {rules}, {values['tie_breaks']}, "
        "is recorded as the tournament's (frozen once round 1 is paired)"
    )


def _overruled_records(
    doc: TrfDocument,
    record_lines: dict[str, tuple[int, str]],
    rounds: int | None,
    colour: str | None,
    scores: dict[str, int] | None,
    warnings: list[str],
) -> None:
    """A TRF-2026 record (142, 152, 162) that says otherwise than the engine line (XXR, XXC, BBx) read instead."""
    overruled = {
        "142": rounds is not None and doc.rounds_count is not None and rounds != doc.rounds_count,
        "152": colour is not None and doc.initial_colour is not None and colour != doc.initial_colour,
        "162": scores is not None
        and bool(doc.point_values)
        and (scores.get("W", 10), scores.get("D", 5)) != (trf_point_system(doc).win, trf_point_system(doc).draw),
    }
    engine_line = {"142": "XXR", "152": "XXC", "162": "BBW/BBD"}
    for code, differs in overruled.items():
        if differs:
            number, line = record_lines[code]
            _adjusted(warnings, doc, number, line, f"says otherwise than the {engine_line[code]} line, which is read")


def _withdrawal(line: PlayerLine, rounds_count: int) -> int | None:
    """First round of a run of absences lasting to the last declared round, if any."""
    if len(line.rounds) < rounds_count:
        return None
    start = None
    for k, entry in enumerate(line.rounds, 1):
        absent = entry.opponent is None and entry.code in ("-", " ")
        start = (start or k) if absent else None
    return start


def import_trf(
    db: Database,
    source: str | os.PathLike[str] | TrfDocument,
    name: str | None = None,
    edition: str | None = None,
    *,
    confirmed: int = 0,
) -> ImportInfo:
    """A new tournament from a TRF-16 file (or parsed document); everything in one transaction.

    The edition of the Dutch rules is ``edition`` if given, else the one the
    file's ``192`` or ``092`` line declares (:func:`~arbiter_app.pairing.editions.declared_edition`), else
    the rules in force, with a warning that says so.

    The tournament is in FIDE mode (checklist Q56): a scoring FIDE mode refuses is refused
    (Level 5); every paired round is checked against the engine, and rounds it pairs
    otherwise need ``confirmed`` at Level 3, logged as ``### Import`` lines (Q54-Q55).
    """
    doc = source if isinstance(source, TrfDocument) else read_trf(source)
    warnings = [f"{doc.source}: {w}" for w in doc.warnings]
    if not doc.players:
        raise ArbiterError(f"{doc.source} has no players (001 lines)")
    if len(doc.players) < 2:  # a report of a tournament, not one line cut from it
        raise ArbiterError(f"{doc.source}, line {doc.players[0].line_number}: the file holds one player; a tournament "
                           "report holds at least two (register the players one by one instead)")  # fmt: skip
    for read in doc.players:
        try:
            check_name(read.name, f"line {read.line_number}: the name")
        except ArbiterError as error:
            raise ArbiterError(f"{doc.source}, {error}") from None
    accelerated = accelerations_of(doc)  # XXA lines and 250 records
    national_ratings = _national_records(doc)[1]
    system = declared_system(doc)
    declared = system.edition if system else None
    chosen = edition_rules(edition) if edition is not None else declared or DEFAULT
    if edition is None and declared is None and round_robin_of(doc) is None:
        warnings.append(
            f"{doc.source}: no pairing system declared (092 line): the coming rounds are paired by the "
            f"{chosen.short_title} rules; if earlier rounds were paired by another edition, change it in the settings"
        )
    t = _tournament(doc, name, warnings)
    check_imported_scoring(doc.source, point_system(t))
    # Every paired round of a Swiss against the engine, before the file is locked for writing (Q54-Q55).
    lines = import_lines(doc, chosen) if round_robin_of(doc) is None else []
    require(confirmed, import_notice(doc.source, lines))
    with db.write() as s:
        t.edition = chosen.name
        if system and system.baku_acceleration:
            t.accelerated = True
        s.add(t)
        s.flush()
        stored: dict[int, Player] = {}
        for line in doc.players:
            try:
                title = normalise_title(line.title)
            except ArbiterError:
                title = ""
                warnings.append(
                    f"{doc.source}: line {line.line_number}: #{line.number}: unknown title {line.title.strip()!r} "
                    "dropped (the player is stored without a title)"
                )
            national = national_ratings.get(line.number, (0, ""))[0]
            p = Player(
                tournament_id=t.id,
                pairing_number=line.number,
                name=line.name,
                title=title,
                # With national rating records the 001 rating is the FIDE rating; the tournament rating follows
                # the 172 method (checklist Q145).
                rating=tournament_rating(t.rating_method, line.rating or 0, national, 0)
                if national_ratings and t.rating_method in _NATIONAL_METHODS
                else line.rating or 0,
                national_rating=national,
                national_rating_source="TRF file" if national else "",
                fide_rating=line.rating or 0,
                fide_rating_source="TRF file",
                fide_id=line.fide_id,
                federation=line.federation,
                sex=line.sex.strip(),
                birth_date=line.birth,
                status=PlayerStatus.ACTIVE.value,
                entry_round=1,
            )
            withdrawn = _withdrawal(line, t.rounds_count)
            if withdrawn is not None:
                p.status, p.withdrawal_round = PlayerStatus.WITHDRAWN.value, withdrawn
                warnings.append(
                    f"{doc.source}: line {line.line_number}: #{line.number} is absent from round {withdrawn} to the "
                    f"last round: stored as withdrawn from round {withdrawn} (C.04.2.D.3)"
                )
            s.add(p)
            stored[line.number] = p
        s.flush()  # every player at once (one flush a player: a quarter of the import at 5,000 players)
        ids = {number: p.id for number, p in stored.items()}
        for number, values_of in accelerated.items():
            for k, values in enumerate(values_of, 1):
                if number in ids:
                    s.add(Acceleration(player_id=ids[number], round_number=k, points=tenths(values)))
        forbidden = _stored_prohibitions(doc, t.rounds_count, warnings)
        for a, b in sorted(forbidden):  # XXP 1 2 and XXP 2 1 forbid one pair
            s.add(ForbiddenPair(tournament_id=t.id, first_id=ids[a], second_id=ids[b]))
        _berger_numbers(doc, t, s)
        paired = next_round(doc) - 1
        states = RoundStates(doc)  # the state before round k + 1 extends the one before round k
        boards: list[dict[str, object]] = []
        for k in range(1, paired + 1):
            boards += _import_round(s, t, doc, k, ids, warnings, states)
        if boards:  # every board at once, as rows (one statement, not one object a board)
            s.execute(insert(BoardRow), boards)
        for line in doc.players:
            p_withdrawn = _withdrawal(line, t.rounds_count)
            for k, entry in enumerate(line.rounds, 1):
                if entry.opponent is not None or (p_withdrawn is not None and k >= p_withdrawn):
                    continue
                kind = _BYE_CODES.get(entry.code, ByeKind.ABSENT)
                if kind == ByeKind.PAIRING_ALLOCATED and k > paired:
                    warnings.append(
                        f"{doc.source}: line {line.line_number}: #{line.number}: a pairing-allocated bye (U) in "
                        f"round {k}, which is not paired yet, is ignored (the pairing gives that bye)"
                    )
                    continue
                s.add(Bye(tournament_id=t.id, round_number=k, player_id=ids[line.number], kind=kind.value))
        for kind_code, k, numbers in _bye_records(doc):
            if not 1 <= k <= t.rounds_count:
                raise ArbiterError(f"{doc.source}: 240 {kind_code}: round {k} is not a round of the tournament")
            for number in numbers:
                player_line = doc.player(number) if number in ids else None
                if player_line is None:
                    raise ArbiterError(f"{doc.source}: 240 {kind_code} {k}: no player {number}")
                elif player_line.entry(k) is None:  # a player line that says it too is read already
                    recorded = _BYE_CODES[kind_code].value
                    s.add(Bye(tournament_id=t.id, round_number=k, player_id=ids[number], kind=recorded))
        _record_layout(s, t, doc, warnings)
        audit(
            s,
            t.id,
            "import TRF",
            f"imported {doc.source} ({detect_version(doc).upper()}): {counted(len(doc.players), 'player')}, {counted(paired, 'round')}",
            after={"source": doc.source, "format": detect_version(doc)} | ({TRF_KEY: lines} if lines else {}),
        )
        return ImportInfo(tournament_info(t), len(doc.players), paired, tuple(warnings))


def _record_layout(s: Session, t: Tournament, doc: TrfDocument, warnings: list[str]) -> None:
    """Keep the imported file's layout with the tournament (:mod:`arbiter_app.trf.fileform`), against the
    export of the tournament as just imported in the file's format: an export in that format that
    nothing changed since gives the file back.  A line the export has no line for is named."""
    form = doc.text_form
    if form is None:
        return  # a document built in code: no file to follow
    version = detect_version(doc)
    unfinished = any(e.opponent is not None and e.code == " " for p in doc.players for e in p.rounds)
    byes_in_cells = all(doc.player(n).entry(k) is not None for _, k, numbers in _bye_records(doc) for n in numbers)
    s.flush()
    s.expire_all()
    kinds = (("XXA", doc.accelerations), ("XXP", doc.forbidden_pairs))
    engine_lines = _engine_lines(version, [code for code, lines in kinds if lines])
    written = _export_text(
        s, t, version, unfinished, byes_in_cells, engine_lines, controller=False, places=_file_places(t, doc)
    )[0].splitlines()
    for line in unkept_lines(form, written):
        warnings.append(f"{doc.source}: line {form.lines.index(line) + 1} is not kept for export: {line!r}")
    restated = restated_lines(form, written)
    listed = any(line.startswith("202") for _, line in doc.other_lines)
    if not listed:
        restated = _reranked(doc, restated, warnings)
    if restated:
        shown = "; ".join(f"line {n}: {theirs.rstrip()!r} as {ours.rstrip()!r}" for n, theirs, ours in restated[:3])
        more = f" and {len(restated) - 3} more" if len(restated) > 3 else ""
        warnings.append(
            f"{doc.source}: {len(restated)} line(s) say otherwise than the tournament read from the file and are "
            f"exported as it stands ({shown}{more})"
        )
    t.trf_layout = record_layout(form, version, written, unfinished, byes_in_cells).to_json()


def _reranked(
    doc: TrfDocument, restated: list[tuple[int, str, str]], warnings: list[str]
) -> list[tuple[int, str, str]]:
    """The lines of a file without a tie-break list (no ``202``) that the export restates: those that differ only in
    the rank column are told once (the rank column is the standings by the list recorded at import, the file's
    ranks were by a list it did not state); the others are returned."""
    rank = PLAYER_FIELDS[-1]
    assert rank.name == "rank"

    def without_rank(line: str) -> str:
        return line[: rank.first - 1] + " " * (rank.last - rank.first + 1) + line[rank.last :]

    only = [x for x in restated if x[1].startswith("001") and without_rank(x[1]) == without_rank(x[2])]
    if only:
        warnings.append(
            f"{doc.source}: the rank column is written as the standings by the recorded tie-break list: "
            f"{counted(len(only), 'player')} ranked otherwise than the file (line {only[0][0]}: rank "
            f"{only[0][1][rank.first - 1 : rank.last].strip() or 'blank'} as "
            f"{only[0][2][rank.first - 1 : rank.last].strip()})"
        )
    return [x for x in restated if x not in only]


def _stored_prohibitions(doc: TrfDocument, rounds_count: int, warnings: list[str]) -> set[tuple[int, int]]:
    """The pairs an imported file prohibits in every round (``XXP`` lines, ``260`` records from the first round to
    the last), each once; a ``260`` record for some rounds only is kept as written for export and named: the
    tournament's prohibited pairings hold in every round."""
    forbidden: set[tuple[int, int]] = set()
    named = 0
    for group in prohibitions_of(doc):
        if not group.covers(rounds_count):
            warnings.append(
                f"{doc.source}: line {group.line}: the players {', '.join(map(str, group.players))} may not meet in "
                f"rounds {group.first_round}-{group.last_round} only: not a prohibition of the tournament (those "
                "hold in every round) and not applied when pairing here; the record is kept as written for export"
            )
            continue
        pairs = {(a, b) for a in group.players for b in group.players if a < b}
        named += len(group.players) * (len(group.players) - 1) // 2
        forbidden |= pairs
    if named > len(forbidden):
        warnings.append(
            f"{doc.source}: the XXP lines and 260 records name {counted(named - len(forbidden), 'pair')} more than "
            "once: each pair is stored once"
        )
    return forbidden


def _bye_records(doc: TrfDocument) -> list[tuple[str, int, tuple[int, ...]]]:
    """The ``240`` records of a TRF-2026 file: (type ``F``/``H``/``Z``, round, pairing numbers)."""
    return [found for _, line in doc.other_lines if line.startswith("240") and (found := parse_byes_line(line))]


def _import_round(
    s: Session, t: Tournament, doc: TrfDocument, k: int, ids: dict[int, int], warnings: list[str], states: RoundStates
) -> list[dict[str, object]]:
    """Round ``k`` of the file, stored; its boards as rows for the ``boards`` table (``round_id`` set when the round
    is flushed)."""
    pairing = pairing_of_round(doc, k)
    ordered = board_order(pairing.boards, states.before(k))
    r = Round(tournament_id=t.id, number=k, state=RoundState.PUBLISHED.value, published_at=utcnow())
    s.add(r)
    rows: list[dict[str, object]] = []
    for number, board in enumerate(ordered, 1):
        white, black = doc.player(board.white).entry(k), doc.player(board.black).entry(k)
        assert white is not None and black is not None
        result, forfeit = _board_result(white.code, black.code)
        unrated = result is not None and {white.code, black.code} <= _UNRATED
        if white.colour == "-":
            line = doc.player(board.white).line_number
            warnings.append(
                f"{doc.source}: line {line}: round {k}: forfeit {board.white}-{board.black} without colours, "
                f"stored with #{board.white} as White"
            )
        rows.append(
            {"number": number, "white_id": ids[board.white], "black_id": ids[board.black], "result": result,
             "forfeit": forfeit, "unrated": unrated, "row_version": 1, "changed_by": str(s.info.get("arbiter", ""))}
        )  # fmt: skip
    if all(row["result"] is not None for row in rows):
        r.state = RoundState.COMPLETED.value
    s.flush()  # the round's id
    for row in rows:
        row["round_id"] = r.id
    return rows


def _board_result(white: str, black: str) -> tuple[str | None, bool]:
    """A board's stored result from its two TRF codes: played (``1/2-0``, ``0-0`` ... too, checklist Q180) or
    forfeit; (None, False) for a game without a result."""
    if white in _PLAYED_SCORES and black in _PLAYED_SCORES:
        return f"{_PLAYED_SCORES[white]}-{_PLAYED_SCORES[black]}", False
    if white == UNKNOWN_RESULT and black == UNKNOWN_RESULT:
        return "*", False  # an unknown result: the game is adjourned (checklist Q164-Q166)
    if white == "+":
        return "1-0", True
    if white == "-":
        return ("0-1", True) if black == "+" else ("0-0", True)
    return None, False


_points_text = points_text


def _unfinished(r: Round, version: str = TRF16) -> list[BoardRow]:
    """The boards of a round the format has no code for: without a result, and in TRF-16 adjourned (TRF-2026
    writes an adjourned game's result as ``?``)."""
    return [b for b in r.boards if b.result is None or (b.result == "*" and version == TRF16)]


def _cells(
    s: Session,
    t: Tournament,
    players: list[Player],
    last: int,
    keep_unfinished: bool,
    byes_in_cells: bool = True,
    version: str = TRF16,
) -> tuple[dict[int, dict[int, RoundEntry]], list[str], int]:
    """Each player's round cells (by round number) up to the next round's pre-entered ones, what was left
    out, and the last round written.

    A published round with games still unfinished is written, unless ``keep_unfinished``, as the
    coming round: its byes only (pre-entered cells, and a ``240`` record in TRF-2026).  Neither
    format has a code for a paired game without result, and the pairing programs refuse a
    cell with an opponent and a blank result ("Invalid line"), so the file stands as before
    that round, which they accept.  With ``keep_unfinished`` the games are written, unfinished
    ones with a blank result: the file then carries everything (it is read back identically)
    but is no input for a pairing program; a warning says so.  An adjourned game is ``?`` in
    TRF-2026 (checklist Q164-Q165), a blank result in TRF-16 (which has no code for it).
    """
    warnings = []
    cells: dict[int, dict[int, RoundEntry]] = {p.id: {} for p in players}
    numbers = {p.id: p.pairing_number for p in players}  # not a board's player loaded a board at a time
    rounds = list(queries.rounds(s, t.id))
    current = next((r for r in rounds if r.number == last), None)
    if current is not None and (open_boards := _unfinished(current, version)):
        if keep_unfinished:
            warnings.append(
                f"round {last} is in progress: {len(open_boards)} game(s) written without a result; "
                "pairing programs refuse such a file (no TRF code for a paired game without result)"
            )
        else:
            warnings.append(
                f"round {last} is in progress ({len(open_boards)} game(s) without a result): its pairing is "
                f"not written, the file stands as before round {last} (its byes pre-entered), so that "
                "pairing programs accept it"
            )
            last -= 1
    for r in rounds:
        if r.number > last:
            if r.state == RoundState.DRAFT:
                warnings.append(f"the draft pairing of round {r.number} is not exported (not published)")
            continue
        for b in r.boards:
            white, black = _CODES.get((b.result or "", b.forfeit), (" ", " "))
            if b.unrated:  # a game of less than one move (checklist Q185)
                white, black = _UNRATED_CODES.get(white, white), _UNRATED_CODES.get(black, black)
            if b.result == "*" and version == TRF2026:
                white = black = UNKNOWN_RESULT
                warnings.append(
                    f"round {r.number} board {b.number}: adjourned game written '?' (TRF-2026's unknown result, worth "
                    "a draw by 162 X); a pairing program that does not read it refuses the file until the result is in"
                )
            elif b.result == "*":
                warnings.append(
                    f"round {r.number} board {b.number}: adjourned game written without a result (TRF-16 has no "
                    "code for it; TRF-2026 writes '?')"
                )
            cells[b.white_id][r.number] = RoundEntry(numbers[b.black_id], "w", white)
            cells[b.black_id][r.number] = RoundEntry(numbers[b.white_id], "b", black)
    for bye in queries.byes(s, t.id):
        requested = bye.kind != ByeKind.PAIRING_ALLOCATED
        if bye.round_number <= last or (bye.round_number == last + 1 and requested and byes_in_cells):
            cells[bye.player_id].setdefault(bye.round_number, RoundEntry(None, "-", _KIND_CODES[ByeKind(bye.kind)]))
        elif requested and bye.round_number > last + 1:
            warnings.append(f"#{bye.player.pairing_number}: {bye.kind} bye in round {bye.round_number} not exported")
    for p in players:
        for k in range(1, min(last + 1, t.rounds_count) + 1):
            withdrawn = p.withdrawal_round is not None and p.withdrawal_round <= k
            if k not in cells[p.id] and (k <= last or withdrawn):
                cells[p.id][k] = RoundEntry(None, "-", "-")  # withdrawn, not entered, or left unpaired
    return cells, warnings, last


NAME_WIDTH = 33
"""Characters of a name in a ``001`` line (columns 15-47)."""


def _berger_numbers(doc: TrfDocument, t: Tournament, session: Session) -> None:
    """A round robin's Berger numbers: the ``XXB`` line's, else the starting ranks."""
    if t.system != ROUND_ROBIN:
        return
    numbers = berger_numbers_of(doc)
    for p in queries.players(session, t.id):
        p.berger_number = numbers[p.pairing_number]
    session.flush()


PAIRING_CONTROLLER = f"arbiter_app {__version__}"
"""What record ``182`` names as the pairing controller of an exported file: this program and its version."""

TOURNAMENT_TYPE = "Individual: Swiss-System (FIDE Dutch System)"
"""The ``092`` line for a tournament whose edition has no pairing-system code.  Otherwise,
without a line of its own, the tournament writes its edition's code (``DutchEdition.trf_system``, as TRF-2026 and
the pairing programs read it; TRF-16 takes any text there), so that the file says which rules paired it."""

_KEPT_HEADERS = ("032", "092", "122", "132")
"""Header lines with no field of their own: exported from the imported file's lines if there."""
_COMPUTED_HEADERS = ("062", "072", "082")
"""Header lines computed from the tournament; an imported file's own are replaced."""


def _trf2026_lines(t: Tournament, byes: list[str], unknown: bool = False, controller: bool = True) -> dict[str, str]:
    """The TRF-2026 tournament records: 142 rounds, 152 initial colour, 162 scoring (where it differs
    from 1 / ½ / 0, and with ``X``, the points of an unknown result, a draw's as pairing counts it, when a
    game is written ``?``: checklist Q165), 172 the tournament-rating method, 182 the pairing controller (this
    program; ``controller`` False: not for a file whose rounds were all paired elsewhere), 192 the pairing
    system, 202 tie-breaks (C.07 codes, when announced), 222 the encoded time control (when given)."""
    ps = point_system(t)
    lines = {"142": f"142 {t.rounds_count}", "152": f"152 {'B' if t.initial_colour == 'black' else 'W'}"}
    if controller:
        lines[CONTROLLER_CODE] = f"{CONTROLLER_CODE} {PAIRING_CONTROLLER}"
    if t.time_control_code:
        lines[TIME_CONTROL_CODE] = f"{TIME_CONTROL_CODE} {t.time_control_code}"
    absent = ps.zero_point_bye if ps.zero_point_bye == ps.forfeit_loss else None
    scores = {"W": ps.win, "D": ps.draw, "L": ps.loss, "P": ps.pairing_allocated_bye}
    if absent is not None:
        scores["A"] = absent
    if unknown:
        scores["X"] = ps.draw
    if (line := score_line(scores)) is not None:
        lines["162"] = line
    if (code := system_of(t).trf2026_code(bool(t.accelerated))) is not None:
        lines["192"] = f"192 {code}"
    # the federation whose national list the method reads (columns 5-7), then the method (columns 9-13)
    lines[RATING_METHOD_CODE] = f"{RATING_METHOD_CODE} {t.federation or '':<3} {t.rating_method}"
    if t.tie_break_rules.startswith("c07"):  # the list in force (a file stored before lists were: the recommended)
        lines["202"] = "202 " + ",".join(codes_in_use(t.tie_break_rules, t.tie_breaks))
    if byes:
        lines["240"] = "\n".join(byes)
    return lines


def _header_lines(
    t: Tournament,
    players: list[Player],
    version: str = TRF16,
    byes: list[str] | None = None,
    hand_marks: list[str] | None = None,
    unknown: bool = False,
    itdx: dict[str, list[str]] | None = None,
    controller: bool = True,
) -> list[tuple[int, str]]:
    """The FIDE report header lines 012-132 in code order, then any other kept line verbatim.

    012 name, 022 city, 032 federation, 042/052 dates, 062 players, 072 rated
    players (rating above 0), 082 teams (0: an individual tournament), 092
    type (:data:`TOURNAMENT_TYPE` unless the imported file had its own), 102
    chief arbiter, 112 deputy arbiters, 122 time control and 132 round dates
    (each above its round's column).  A field left empty is left out, or
    taken from an imported file's line that could not be read into a field.
    """
    kept: dict[str, str] = {}
    others = []
    for line in t.extra_trf_lines.splitlines():
        code = line[:3]
        if version == TRF16 and (code in TRF2026_CODES or line.startswith("###")):
            continue  # a TRF-2026 record of an imported file: not TRF-16
        if line.startswith(CHAIN_LINE):
            continue  # the imported file's own audit chain: this file's is written
        if code in (ACCELERATION_RECORD, PROHIBITION_RECORD):
            continue  # an imported file's 250/260 records: in ``itdx`` while they say what is stored
        if code == CONTROLLER_CODE and (controller or version == TRF16):
            continue  # the program that paired an imported file: this one once it pairs a round
        if is_national_record(line, t.federation or ""):
            continue  # an imported file's national rating records: in ``itdx`` (TRF-2026) while they say what is stored
        if code in _KEPT_HEADERS and code not in kept:
            kept[code] = line
        elif code not in _COMPUTED_HEADERS and code not in _KEPT_HEADERS:
            others.append(line)
    lines = kept | {"012": f"012 {t.name}"}
    lines |= {code: f"{code} {getattr(t, field)}" for code, field in _EXPORTED_TEXT if getattr(t, field)}
    dates = stored_round_dates(t.round_dates)
    if any(dates):
        lines["132"] = round_dates_line(dates)
    lines |= {code: f"{code} {getattr(t, field):%Y/%m/%d}" for code, field in _DATE_FIELDS.items() if getattr(t, field)}
    lines["062"] = f"062 {len(players)}"
    lines["072"] = f"072 {sum(1 for p in players if p.rating)}"
    lines["082"] = "082 0"
    lines.setdefault("092", f"092 {system_of(t).trf_type}")
    if version == TRF2026:
        lines |= _trf2026_lines(t, byes or [], unknown, controller)
        lines |= {code: "\n".join(found) for code, found in (itdx or {}).items() if found}
        others += [line for line in hand_marks or [] if line not in others]
    ordered = [part for code in sorted(lines) for part in lines[code].split("\n")]
    berger = [p.berger_number for p in sorted(players, key=lambda p: p.pairing_number)]
    if all(number is not None for number in berger) and berger:
        # A round robin's Berger numbers, by pairing number (this application's line; other programs skip it).
        others = [line for line in others if not line.startswith(BERGER_LINE)]
        others.append(f"{BERGER_LINE} " + " ".join(str(n) for n in berger))
    return [(0, line) for line in ordered + others]


def export_trf(
    db: Database,
    tournament_id: int,
    version: str | None = None,
    keep_unfinished: bool | None = None,
    *,
    final: bool = False,
) -> ExportInfo:
    """The tournament as TRF text (published rounds, pre-entered byes of the next round).

    ``version`` is ``trf-2026`` or ``trf-16``; by default the format of the tournament's
    edition (TRF-2026 for the 2026 edition).  TRF-2026 adds the records ``142`` rounds, ``152``
    initial colour, ``162`` scoring, ``192`` pairing system, ``202`` tie-breaks and ``240`` the
    byes of the coming round; both keep the engine lines ``XXR XXC BBx XXA XXP`` (as the
    endorsed 2026 engine's own files do).  A round in progress: see :func:`_cells`;
    ``keep_unfinished`` None: as the imported file did (its games without a result written), else not.

    A tournament imported from a file and exported in that file's format follows the file's
    layout (:mod:`arbiter_app.trf.fileform`): what has not changed since import comes out as
    the file had it, byte for byte; whatever changed or was added is written as above.

    ``final``: the tournament's final report, refused while a round is not published or a game is
    adjourned or without a result, each named (checklist Q161, Q169).
    """
    places = _places(db, tournament_id)
    with db.read() as s:
        t = queries.tournament(s, tournament_id)
        if final:
            require_final(s, t, "final TRF")
        version = version or format_for_edition(edition_rules(t.edition))
        if version not in FORMATS:
            raise ArbiterError(f"unknown TRF format {version!r}: {' or '.join(FORMATS)}")
        layout = FileLayout.from_json(t.trf_layout) if t.trf_layout else None
        if layout is not None and layout.version != version:
            layout = None  # a conversion: written whole, in the other format's own layout
        if layout is not None and final:  # the final report states its tie-break list (202), the file's or not
            layout = replace(layout, implied={key: line for key, line in layout.implied.items() if key != "202"})
        if keep_unfinished is None:
            keep_unfinished = layout is not None and layout.unfinished
        byes_in_cells = layout is None or layout.byes_in_cells
        engine_lines = _engine_lines(version, layout.order if layout is not None else ())
        # An imported file names this program as its pairing controller (182) once it pairs a round.
        controller = layout is None or any(r.engine_pairing for r in queries.rounds(s, t.id))
        text, warnings = _export_text(s, t, version, keep_unfinished, byes_in_cells, engine_lines, controller, places)
        if layout is not None:
            text = apply_layout(layout, text.splitlines())
        return ExportInfo(text, tuple(warnings))


def _engine_lines(version: str, keys: Sequence[str]) -> tuple[bool, bool]:
    """Whether an export writes the acceleration points as ``XXA`` lines and the prohibited pairings as ``XXP`` lines
    (the pairing engines' lines, TRF-16) rather than as the TRF-2026 records ``250`` and ``260``: in TRF-16 always;
    in TRF-2026 when the imported file did so (``keys``: the keys of its lines, :func:`line_keys`)."""
    if version == TRF16:
        return True, True
    return any(key.startswith("XXA") for key in keys), any(key.startswith("XXP") for key in keys)


def _places(db: Database, tournament_id: int) -> tuple[int, dict[int, int]] | None:
    """(rounds ranked, pairing number -> place) of the standings by the tournament's tie-break list after the last
    round with every result in: the rank column of TRF-2026 (ties allowed: players equal on points and on every
    tie-break share the first place of their tie, as no lot is drawn in the file; a rank set by hand is kept);
    None when no round can be ranked so."""
    try:
        table = ranked_standings(db, tournament_id, by_lot=False, expelled=True)
    except ArbiterError:
        return None
    if not table.round:
        return None  # before round 1: the order of the pairing numbers
    return table.round, {row.number: row.place for row in table.rows}


def _file_places(t: Tournament, doc: TrfDocument) -> tuple[int, dict[int, int]] | None:
    """:func:`_places` of a Swiss tournament as just imported from ``doc``, computed from the file (the import's
    transaction is not written yet), so that an export that nothing changed since writes the same rank column."""
    if t.system != SWISS or not t.tie_breaks.strip():
        return None
    last = doc.last_round_with_results()
    if not last or any(e.opponent is not None and e.code == " " for p in doc.players for e in p.rounds[:last]):
        return None
    try:
        codes = codes_in_use(t.tie_break_rules, t.tie_breaks)
        state = state_before_round(doc, last + 1)
        table = tb.standings(state, codes, after_round=last, rules=rule_set(t.tie_break_rules))
    except ArbiterError:
        return None
    return last, {row.number: row.place for row in table.rows}


def _export_text(
    s: Session,
    t: Tournament,
    version: str,
    keep_unfinished: bool,
    byes_in_cells: bool = True,
    engine_lines: tuple[bool, bool] = (False, False),
    controller: bool = True,
    places: tuple[int, dict[int, int]] | None = None,
) -> tuple[str, list[str]]:
    """The TRF text of ``t`` in ``version`` in the application's own layout, and what it left out.

    ``byes_in_cells`` False (a TRF-2026 file that said them so): the requested byes of the coming
    round only as ``240`` records, not as pre-entered cells of the ``001`` lines.  ``engine_lines``
    (:func:`_engine_lines`): the acceleration points and the prohibited pairings as ``XXA``/``XXP``
    lines, else (TRF-2026) as ``250``/``260`` records.  ``places`` (:func:`_places`): the rank column, when they
    rank the rounds the file holds; else the players ranked by points, then pairing number."""
    players = list(queries.players(s, t.id))
    published = [r.number for r in queries.rounds(s, t.id) if r.state != RoundState.DRAFT]
    cells, warnings, last = _cells(s, t, players, max(published, default=0), keep_unfinished, byes_in_cells, version)
    marks = _hand_changes(s, t, last)
    if marks and version == TRF16:
        warnings.append(
            "pairings changed by hand (" + "; ".join(m.removeprefix("### ") for m in marks) + "): TRF-16 has "
            "no way to mark them (TRF-2026 writes them as ### comments)"
        )
    rated = [c.trf_line for c in rating_corrections_of(s, t.id) if c.round <= last]
    if rated and version == TRF16:
        warnings.append(
            "results kept for the rating report only ("
            + "; ".join(m.removeprefix("### ") for m in rated)
            + "): TRF-16 has no way to mark them (TRF-2026 writes them as ### comments); its 001 lines hold the "
            "results used for pairings and standings"
        )
    marks += rated
    unknown = {p.id: sum(1 for e in cells[p.id].values() if e.code == UNKNOWN_RESULT) for p in players}
    standing = {row.number: row for row in compute_standings(s, t.id, after_round=last)}
    ranks = places[1] if places is not None and places[0] == last else {n: row.rank for n, row in standing.items()}
    titles = {v: k for k, v in TRF_TITLES.items()}
    ps = point_system(t)

    def ahead(entry: RoundEntry | None) -> int:
        """The points of a pre-entered bye of the coming round: the points column counts them, as the
        pairing programs check it (JaVaFo's manual: ``0000 - H``/``F`` "with Points updated")."""
        return ps.points_for(outcome_of(entry)) if entry is not None and entry.opponent is None else 0

    # The points column: the standings' score, an unknown result ('?') worth what 162 X gives it (a draw, as pairing
    # counts it), a pre-entered bye of the coming round counted (JaVaFo's "with Points updated").
    written = {
        p.pairing_number: standing[p.pairing_number].points + ahead(cells[p.id].get(last + 1)) + unknown[p.id] * ps.draw
        for p in players
    }
    ranks = _ranks_by_points(written, ranks)
    lines = []
    national = _national_lines(t, players, version, titles, warnings)
    for p in players:
        if len(p.name) > NAME_WIDTH:
            warnings.append(
                f"#{p.pairing_number}: the name {p.name!r} has {len(p.name)} characters; TRF-16 keeps "
                f"the first {NAME_WIDTH}: {p.name[:NAME_WIDTH]!r}"
            )
        own = cells[p.id]
        count = next(k for k in range(len(own) + 1) if k + 1 not in own)  # cells from round 1 on, no gap
        lines.append(
            PlayerLine(
                number=p.pairing_number,
                sex=p.sex[:1],
                title=titles.get(p.title, ""),
                name=p.name[:NAME_WIDTH],
                # With national rating records (a method reading them) the 001 rating is the FIDE rating.
                rating=(p.fide_rating if national is not None else p.rating) or None,
                federation=p.federation,
                fide_id=p.fide_id,
                birth=p.birth_date,
                # An unknown result ('?') counts what 162 X gives it: a draw, as pairing counts it.
                points=_points_text(written[p.pairing_number]),
                rank=ranks.get(p.pairing_number, standing[p.pairing_number].rank),
                rounds=tuple(own[k] for k in range(1, count + 1)),
                line_number=0,
            )
        )
    accelerations, forbidden = _accelerations(s, players), _forbidden(s, t)
    doc = TrfDocument(
        players=tuple(lines),
        rounds_count=t.rounds_count,
        initial_colour=t.initial_colour,
        accelerations=accelerations if engine_lines[0] else {},
        forbidden_pairs=forbidden if engine_lines[1] else (),
        point_values=_point_values(point_system(t)),
        other_lines=tuple(
            _header_lines(
                t,
                players,
                version,
                _byes_records(s, t, last),
                marks + integrity_lines(s, t.id),
                any(unknown.values()),
                _itdx_records(
                    t, accelerations if not engine_lines[0] else None, forbidden if not engine_lines[1] else None
                )
                | {NATIONAL_RECORDS: national or []},
                controller,
            )
        ),
    )
    if (file_ranks := _ranks_of_file(doc, t)) is not None:
        doc = replace(doc, players=tuple(replace(x, rank=file_ranks.get(x.number, x.rank)) for x in doc.players))
    return write_trf(doc), warnings


def _ranks_of_file(doc: TrfDocument, t: Tournament) -> dict[int, int] | None:
    """The rank column of an interim file, one holding a game without its final result (an adjourned game ``?``, or
    a game of the round in progress written without a result): the places the file's own results give by the
    tournament's tie-break list (``?`` worth what ``162 X`` says, a draw; a game without a result nothing), as a
    checker of the file computes them, so that the rank column never contradicts the file (issue 29, D8; TRF-2026
    001 columns 86-89, "ties allowed": no lot is drawn).  None for a file without such a game, whose ranks are the
    tournament's standings."""
    if t.system != SWISS or not any(
        e.code == UNKNOWN_RESULT or (e.opponent is not None and e.code == " ") for p in doc.players for e in p.rounds
    ):
        return None
    last = doc.last_round_with_results()
    try:
        codes = codes_in_use(t.tie_break_rules, t.tie_breaks)
        table = tb.standings(
            state_before_round(doc, last + 1), codes, after_round=last, rules=rule_set(t.tie_break_rules)
        )
    except ArbiterError:
        return None
    return {row.number: row.place for row in table.rows}


def _ranks_by_points(points: dict[int, int], ranks: dict[int, int]) -> dict[int, int]:
    """The rank column as it may stand beside the points column (issue 29, D8): ``ranks`` (the standings) when no
    player is ranked below one with fewer points, else the players by those points, then by ``ranks`` (ties in both
    share a place, TRF's "ties allowed"); a file with an adjourned game or a pre-entered bye never contradicts
    itself."""
    order = sorted(points, key=lambda n: (-points[n], ranks.get(n, len(points)), n))
    if [ranks.get(n) for n in order] == sorted(ranks.get(n, len(points)) for n in order):
        return ranks
    placed: dict[int, int] = {}
    for position, n in enumerate(order, 1):
        previous = order[position - 2] if position > 1 else None
        same = previous is not None and (points[previous], ranks.get(previous)) == (points[n], ranks.get(n))
        placed[n] = placed[previous] if same and previous is not None else position
    return placed


def _byes_records(s: Session, t: Tournament, last: int) -> list[str]:
    """The ``240`` records of the coming round (round ``last + 1``): requested byes and absences by type."""
    by_type: dict[str, list[int]] = {}
    for bye in queries.byes(s, t.id):
        if bye.round_number == last + 1 and bye.kind != ByeKind.PAIRING_ALLOCATED:
            code = {ByeKind.FULL: "F", ByeKind.HALF: "H"}.get(ByeKind(bye.kind), "Z")
            by_type.setdefault(code, []).append(bye.player.pairing_number)
    return [byes_line(code, last + 1, sorted(numbers)) for code, numbers in sorted(by_type.items())]


def _point_values(ps: PointSystem) -> dict[str, str]:
    """The ``BBx`` lines that differ from TRF's defaults (1, ½, 0, 0, 0 and a win for the bye)."""
    values = {
        "BBW": (ps.win, 10),
        "BBD": (ps.draw, 5),
        "BBL": (ps.loss, 0),
        "BBZ": (ps.zero_point_bye, 0),
        "BBF": (ps.forfeit_loss, 0),
        "BBU": (ps.pairing_allocated_bye, ps.win),
    }
    return {code: _points_text(value) for code, (value, default) in values.items() if value != default}


def _itdx_records(
    t: Tournament, accelerations: dict[int, tuple[str, ...]] | None, forbidden: tuple[tuple[int, ...], ...] | None
) -> dict[str, list[str]]:
    """The TRF-2026 records ``250`` of the acceleration points and ``260`` of the prohibited pairings (each None:
    written as engine lines instead).  An imported file's own records are written as the file had them while they
    say what is stored (the same points for the same players and rounds; the same pairs, in every round), else
    records made from what is stored; its ``260`` records for some rounds only are always written as it had them."""
    kept = [line for line in t.extra_trf_lines.splitlines() if line[:3] in (ACCELERATION_RECORD, PROHIBITION_RECORD)]
    kept_acceleration = [line for line in kept if line[:3] == ACCELERATION_RECORD]
    prohibitions = [(line, parse_prohibition(t.name, 0, line)) for line in kept if line[:3] == PROHIBITION_RECORD]
    found: dict[str, list[str]] = {ACCELERATION_RECORD: [], PROHIBITION_RECORD: []}
    if accelerations is not None:
        stored = {number: tuple(tenths(v) for v in values) for number, values in accelerations.items()}
        if acceleration_table(t.name, [(0, line) for line in kept_acceleration]) == {
            number: {k: v for k, v in enumerate(values, 1) if v} for number, values in stored.items() if any(values)
        }:
            found[ACCELERATION_RECORD] = kept_acceleration
        else:
            found[ACCELERATION_RECORD] = acceleration_records(stored)
    covering = [(line, group) for line, group in prohibitions if group.covers(t.rounds_count)]
    if forbidden is not None:
        pairs = {frozenset(pair) for pair in forbidden}
        if covering and set().union(*(group.pairs() for _, group in covering)) == pairs:
            found[PROHIBITION_RECORD] = [line for line, _ in covering]
        else:
            found[PROHIBITION_RECORD] = [
                prohibition_record(tuple(sorted(pair)), 1, t.rounds_count) for pair in forbidden
            ]
    found[PROHIBITION_RECORD] += [line for line, group in prohibitions if not group.covers(t.rounds_count)]
    return found


NATIONAL_RECORDS = "NRS"
"""The key of the national rating records among the TRF-2026 records of an export (they follow the numbered ones)."""


def _national_lines(
    t: Tournament, players: list[Player], version: str, titles: dict[str, str], warnings: list[str]
) -> list[str] | None:
    """The national rating records of a TRF-2026 export whose tournament rating reads the national ratings (one for
    each player with a national rating, under the federation record ``172`` names), None when none are written.  An
    imported file's record of a player is written as the file had it while it gives the rating stored."""
    if version != TRF2026 or t.rating_method not in _NATIONAL_METHODS:
        return None
    federation = (t.federation or "").upper()
    rated = [p for p in players if p.national_rating]
    if not federation:
        if rated:
            warnings.append(
                f"{counted(len(rated), 'national rating')} not written: the tournament has no federation to name "
                "the national list (TRF-2026 record 172 and the national rating records need one)"
            )
        return None
    kept = {}
    for line in t.extra_trf_lines.splitlines():
        if is_national_record(line, federation):
            kept.setdefault(national_rating_of(line)[0], line)
    lines = []
    for p in sorted(rated, key=lambda p: p.pairing_number):
        line = kept.get(p.pairing_number)
        if line is None or national_rating_of(line) != (p.pairing_number, p.national_rating):
            line = national_record(
                federation,
                PlayerLine(
                    number=p.pairing_number, sex=p.sex[:1], title=titles.get(p.title, ""), name=p.name[:NAME_WIDTH],
                    rating=p.national_rating, federation=p.federation, fide_id="", birth=p.birth_date, points="",
                    rank=None, rounds=(), line_number=0,
                ),
            )  # fmt: skip
        lines.append(line)
    return lines


def _accelerations(s: Session, players: list[Player]) -> dict[int, tuple[str, ...]]:
    numbers = {p.id: p.pairing_number for p in players}
    table: dict[int, dict[int, int]] = {}
    for a in s.scalars(select(Acceleration).where(Acceleration.player_id.in_(numbers))):
        table.setdefault(numbers[a.player_id], {})[a.round_number] = a.points
    return {
        number: tuple(_points_text(values.get(k, 0)) for k in range(1, max(values) + 1))
        for number, values in sorted(table.items())
    }


def _forbidden(s: Session, t: Tournament) -> tuple[tuple[int, ...], ...]:
    numbers = {p.id: p.pairing_number for p in queries.players(s, t.id)}
    rows = s.scalars(select(ForbiddenPair).where(ForbiddenPair.tournament_id == t.id).order_by(ForbiddenPair.id))
    return tuple((numbers[f.first_id], numbers[f.second_id]) for f in rows)


def rating_report_checklist(db: Database, tournament_id: int) -> tuple[str, ...]:
    """What a FIDE rating report should have and the tournament lacks, one line each; none of it is fatal.

    Players without a FIDE ID, a birth year or a federation, unrated players, and rounds
    without a date (TRF ``132``), each listed by pairing number and name; no encoded time control (``222``).
    """
    with db.read() as s:
        t = queries.tournament(s, tournament_id)
        players = list(queries.players(s, t.id))

        def who(ps: list[Player]) -> str:
            return ", ".join(f"#{p.pairing_number} {p.name}" for p in ps)

        checks = (
            ("no FIDE ID", [p for p in players if not p.fide_id.strip()]),
            ("no birth year", [p for p in players if not p.birth_date.strip()[:4].isdigit()]),
            ("no federation", [p for p in players if not p.federation.strip()]),
            ("unrated", [p for p in players if not p.rating]),
        )
        lines = [f"{len(ps)} player(s) with {what}: {who(ps)}" for what, ps in checks if ps and what != "unrated"]
        unrated = checks[3][1]
        if unrated:
            lines.append(f"{len(unrated)} unrated player(s): {who(unrated)}")
        dates = stored_round_dates(t.round_dates)
        undated = [k for k in range(1, t.rounds_count + 1) if k > len(dates) or dates[k - 1] is None]
        if undated:
            lines.append(f"{len(undated)} round(s) without a date: {', '.join(map(str, undated))}")
        if not t.time_control_code:
            lines.append("no encoded time control (TRF-2026 record 222, e.g. 5400+30): set it in the settings")
        return tuple(lines)


def _hand_changes(s: Session, t: Tournament, last: int) -> list[str]:
    """A ``### MPA @ Round n: <engine's> => <actual>`` line per written round whose boards (or bye) differ from the
    engine's pairing, as kept (checklist Q69; TRF-16 has no field for it, TRF-2026 has comment lines)."""
    marks = []
    for r in queries.rounds(s, t.id):
        if r.number > last or not r.engine_pairing:
            continue
        engine = json.loads(r.engine_pairing)
        ours = [(b.white.pairing_number, b.black.pairing_number) for b in r.boards]
        bye = next(
            (y.player.pairing_number for y in queries.byes(s, t.id)
             if y.round_number == r.number and y.kind == ByeKind.PAIRING_ALLOCATED),
            None,
        )  # fmt: skip
        detail = mpa_detail([(w, b) for w, b in engine.get("boards", [])], engine.get("bye"), ours, bye)
        if detail:
            marks.append(comment("MPA", r.number, detail))
    return marks
