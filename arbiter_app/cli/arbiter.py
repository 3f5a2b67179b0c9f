"""``arbiter``: run a tournament from the command line, over the services.

    arbiter --db open.db new --name "Open 2026" --rounds 9
    arbiter --db open.db players add "Alice Smith" --rating 2600 --title GM
    arbiter --db open.db pair            # a draft of the next round
    arbiter --db open.db publish
    arbiter --db open.db result 1 3 1-0  # round 1, board 3
    arbiter --db open.db override 2 --swap 4 9             # shows the warnings
    arbiter --db open.db override 2 --swap 4 9 --reason "..."   # saves
    arbiter --db open.db edit-pairings 4 --pair 2 1 --pair 4 3 --reason "A.9" --yes   # by hand
    arbiter --db open.db prohibit 3 7    # before round 1: #3 and #7 never meet
    arbiter --db open.db standings --round 5 --json
    arbiter --db open.db report crosstable -o crosstable.pdf --round 5   # .html or .pdf
    arbiter ratings import players_list_foa.txt --date 2026-11   # the FIDE list, offline
    arbiter ratings search "Carlsen, M"
    arbiter --db open.db ratings update --kind standard          # registered players' ratings, on request
    arbiter ratings import-custom nor_nov26.csv --name NOR       # a national list (CSV: id, name, rating)
    arbiter --db open.db ratings settings --method FIDON --lists standard,custom:NOR --auto-check off
    arbiter --db open.db ratings check --apply 3,7               # consistency check; apply #3 and #7 only
    arbiter ratings source standard ~/lists/players_list_foa.zip && arbiter ratings update-all
    arbiter --db open.db players import-csv signup.csv --preview

``--db`` defaults to ``tournament.db`` in the user's data folder; it is a
file's path or a database on a PostgreSQL server shared by several desks
(``--db postgresql+psycopg://arbiter@hall-server/open2026``; the password
from ``~/.pgpass`` or ``PGPASSWORD``, never shown);
``--tournament ID|NAME`` picks one of several tournaments of a file; ``--by
NAME`` (or the ``ARBITER_NAME`` environment variable; else the login name)
is who the audit log records.  Commands that only read open the file
read-only.  Output files are written whole or not at all, never over a
tournament file, and over an existing file only with ``--force``.  Every open
verifies the audit chain (``audit --verify`` says more).  A PLAYER is a
pairing number (refused when the numbers changed since this terminal last
listed them), ``fide:ID`` or a name.  Exit status: 0 success, 1 no legal
pairing (A.9: the arbiter decides), 3 invalid input or an action the rules
forbid, 5 a file problem (missing, unreadable, from a newer version, held by
another program, or an output refused), 6 (``audit --verify``) the file was
changed outside the program.  Errors go to stderr as
one message, never a traceback.
"""

from __future__ import annotations

import argparse
import getpass
import json
import os
import sys
from collections.abc import Callable, Sequence
from datetime import date
from fractions import Fraction
from pathlib import Path
from typing import Any, NoReturn

from arbiter_app import atomic
from arbiter_app import services as sv
from arbiter_app.cli import hall as hall_commands
from arbiter_app.cli import views
from arbiter_app.cli.confirm import YES_HELP, confirming
from arbiter_app.cli.pipes import closed_pipe
from arbiter_app.errors import ArbiterError, PairingImpossibleError
from arbiter_app.pairing.articles import PUBLISHED_CHANGE_CASES_2026
from arbiter_app.pairing.editions import DEFAULT, EDITIONS
from arbiter_app.pairing.editions import edition as edition_rules
from arbiter_app.pairing.model import Colour, PointSystem
from arbiter_app.ratings.methods import METHODS
from arbiter_app.services import rating_lists as rl
from arbiter_app.services.dto import OverridePreview, RoundInfo
from arbiter_app.services.files import (
    ARBITER_ENV,
    Database,
    DatabaseFileError,
    LocationError,
    default_database_path,
    import_database,
    open_database,
    parse_location,
    save_copy,
)
from arbiter_app.services.overrides import Edit
from arbiter_app.pairing.points import column_format, points_text
from arbiter_app.standings.table import StandingsRow, json_number
from arbiter_app.trf import TrfFormatError, TrfReadError

EXIT_OK = 0
EXIT_NO_PAIRING = 1
EXIT_INVALID = 3
EXIT_UNEXPECTED = 4
EXIT_FILE = 5
EXIT_CHANGED = 6
"""``audit --verify``: the file was changed outside the program."""
PROG = "arbiter"
RESULT_DASHES = ("-+", "--", "-/+", "-/-", "-:+", "-:-")
"""Results that start with a dash (the argument parser would take them for options)."""
_QUOTE = "\x00"
"""Marks a protected result argument (see :func:`_protect_results`)."""
_selected: str | None = None
"""The ``--tournament`` of this run."""


class _Parser(argparse.ArgumentParser):
    """Usage errors exit with the 'invalid input' status."""

    def error(self, message: str) -> NoReturn:
        self.print_usage(sys.stderr)
        self.exit(EXIT_INVALID, f"{self.prog}: error: {message}\n")


PLAYER_HELP = (
    "pairing number (refused when the numbers changed since you last listed them), fide:ID, or the player's name"
)
LARGEST = 999_999
"""No round, board, pairing number, rating or count this program keeps is larger."""


def _points(text: str) -> int:
    """Points as typed, kept in tenths: ``0.25`` cannot be kept exactly and is refused, never rounded."""
    try:
        value = Fraction(text.strip())
    except (ValueError, ZeroDivisionError):
        raise argparse.ArgumentTypeError(f"not a number of points: {text!r}") from None
    tenths = value * 10
    if tenths.denominator != 1:
        raise argparse.ArgumentTypeError(
            f"{text!r}: points are kept in tenths (such as 0.5 or 1.5); {text} cannot be kept exactly"
        )
    if not 0 <= tenths <= 999:
        raise argparse.ArgumentTypeError(f"{text!r}: points from 0 to 99.9")
    return int(tenths)


def _number(text: str) -> int:
    """A whole number as this program keeps them (0 to 999,999): anything else refused here, by name."""
    digits = text.strip()
    if not (digits.lstrip("-").isdigit() and digits.isascii()):
        raise argparse.ArgumentTypeError(f"not a whole number: {text[:30]!r}")
    if len(digits.lstrip("-")) > 6 or not 0 <= int(digits) <= LARGEST:
        raise argparse.ArgumentTypeError(f"{text[:30]}: out of range (0 to {LARGEST:,})")
    return int(digits)


def _seed(text: str) -> int:
    """A seed: a whole number from 0 to 2**63 - 1 (it is stored)."""
    if not (text.strip().isdigit() and text.isascii()) or int(text) >= 2**63:
        raise argparse.ArgumentTypeError(f"a seed is a whole number from 0 to {2**63 - 1}, not {text[:30]!r}")
    return int(text)


def _location(text: str) -> Any:
    """``--db``: a file path or a server database's URL; anything else is refused (never a file of that name)."""
    try:
        return parse_location(text)
    except LocationError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def _parser() -> argparse.ArgumentParser:
    common = _Parser(add_help=False)
    common.add_argument(
        "--db",
        type=_location,
        default=argparse.SUPPRESS,
        metavar="FILE|URL",
        help="the tournament file, or a database on a server: postgresql+psycopg://user@host/database",
    )
    common.add_argument(
        "--tournament", default=argparse.SUPPRESS, metavar="ID|NAME", help="which tournament of the file"
    )
    common.add_argument(
        "--by",
        default=argparse.SUPPRESS,
        metavar="NAME",
        type=_arbiter_name,
        help=f"who works (audit log; default ${ARBITER_ENV}, else the login name)",
    )
    common.add_argument(
        "--accept-outside-changes",
        action="store_true",
        default=argparse.SUPPRESS,
        help="the file was changed outside the program: record that in the audit log and go on (Level 3)",
    )
    parser = _Parser(prog=PROG, description="Run a FIDE Swiss tournament (Dutch system).", parents=[common])
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)

    def command(
        name: str, help_text: str, run: Callable[[Database, argparse.Namespace], int]
    ) -> argparse.ArgumentParser:
        p = sub.add_parser(name, help=help_text, parents=[common])
        p.set_defaults(run=run)
        return p

    p = command("new", "create the tournament file", _new)
    p.add_argument("--name", required=True)
    p.add_argument(
        "--rounds", type=_number, help="number of rounds (a Swiss: required; a round robin: from its players)"
    )
    p.add_argument(
        "--round-robin",
        action="store_true",
        help="a round robin paired by the Berger tables (C.05 Annex 1) instead of a Swiss",
    )
    p.add_argument("--double", action="store_true", help="round robin: a double round robin")
    p.add_argument(
        "--reverse-last-two",
        action="store_true",
        help="double round robin: play the last two rounds of the first cycle in reverse order",
    )
    p.add_argument("--place", default="")
    p.add_argument("--start", type=_date)
    p.add_argument("--end", type=_date)
    p.add_argument("--arbiter", default="", help="chief arbiter")
    p.add_argument("--deputies", default="", help="deputy arbiters")
    p.add_argument("--initial-colour", choices=("white", "black"), default="white")
    p.add_argument("--win", type=_points, default=10, metavar="POINTS")
    p.add_argument("--draw", type=_points, default=5, metavar="POINTS")
    p.add_argument("--bye-points", type=_points, metavar="POINTS", help="pairing-allocated bye (default: a win)")
    p.add_argument("--accelerated", action="store_true", help="Baku acceleration (C.04.5)")
    p.add_argument("--tie-break-rules", choices=tuple(sv.TIE_BREAK_RULES), default="c07-2026",
                   help="the tie-break regulation (default: c07-2026)")  # fmt: skip
    p.add_argument("--tie-breaks", default="", help='codes in order, e.g. "BH/C1, BH, SB" (default: recommended)')
    p.add_argument("--federation", default="", help="organising federation, a FIDE code (TRF 032)")
    p.add_argument("--time-control", default="", help="as announced (TRF 122)")
    p.add_argument(
        "--time-control-code",
        default="",
        help="encoded as TRF-2026 record 222 says: 5400+30 (90 min, 30 s a move), 40/6000+30:900+30",
    )
    p.add_argument("--round-dates", type=_round_dates, default=(), help="2026-07-01,2026-07-02,... (TRF 132)")
    p.add_argument(
        "--edition",
        choices=tuple(EDITIONS),
        default=DEFAULT.name,
        help=f"edition of the FIDE (Dutch) rules that pairs it (default {DEFAULT.name}, the rules in force)",
    )
    p.add_argument("--another", action="store_true", help="add a tournament to a file that already holds one")
    p.add_argument("--chess960", action="store_true", help="Chess960: a starting position drawn for each round")
    p.add_argument("--chess960-seed", type=_seed, metavar="SEED", help="with --chess960: the seed (default: drawn)")
    p = command("settings", "show the tournament's settings, or change the descriptive ones", _settings)
    for option, field in SETTINGS_OPTIONS.items():
        kind = _round_dates if field == "round_dates" else _date if field.endswith("_date") else str
        p.add_argument(option, dest=field, type=kind, help=f"new {field.replace('_', ' ')}")
    p.add_argument(
        "--edition",
        choices=tuple(EDITIONS),
        help="pair the coming rounds by this edition of the FIDE (Dutch) rules (after pairing: with --yes)",
    )
    p.add_argument("--rounds", dest="rounds_count", type=_number,
                   help="new number of rounds (frozen once round 1 is paired)")  # fmt: skip
    p.add_argument("--yes", action="store_true", help=YES_HELP)

    players = command("players", "register and manage players", _players_list)
    psub = players.add_subparsers(dest="players_command", required=True, parser_class=_Parser)
    add = psub.add_parser("add", parents=[common], help="register a player (a late entry once round 1 is paired)")
    add.set_defaults(run=_players_add)
    add.add_argument("name")
    edit = psub.add_parser("edit", parents=[common], help="correct a player's data")
    edit.set_defaults(run=_players_edit)
    edit.add_argument("number", type=str, metavar="PLAYER", help=PLAYER_HELP)
    edit.add_argument("--name")
    for q in (add, edit):
        q.add_argument("--rating", type=_number)
        q.add_argument("--title")
        q.add_argument("--fide-id")
        q.add_argument("--federation")
        q.add_argument("--sex", choices=("m", "w"))
        q.add_argument("--birth")
    add.add_argument("--entry-round", type=_number)
    add.add_argument("--missed", choices=("zero", "half"), default="zero", help="bye for the rounds missed")
    add.add_argument("--keep-numbers", action="store_true", help="a late entry gets the next free number")
    add.add_argument("--yes", action="store_true", help=YES_HELP)
    edit.add_argument("--half-byes", choices=("yes", "no"), help="eligible for half-point byes (checklist Q175)")
    q = psub.add_parser("withdraw", parents=[common], help="no longer pair a player (C.04.2.D.3)")
    q.set_defaults(run=_players_withdraw)
    q.add_argument("number", type=str, metavar="PLAYER", help=PLAYER_HELP)
    q.add_argument("--from-round", type=_number)
    q.add_argument("--expelled", action="store_true", help="the player is expelled (checklist Q197)")
    q = psub.add_parser("exchange", parents=[common], help="exchange the TPNs of two equally rated players (Q147)")
    q.set_defaults(run=_players_exchange)
    q.add_argument("first", type=str, metavar="PLAYER", help=PLAYER_HELP)
    q.add_argument("second", type=str, metavar="PLAYER", help=PLAYER_HELP)
    q.add_argument("--yes", action="store_true", help=YES_HELP)
    q = psub.add_parser("tie-order", parents=[common], help="how equal rating and title are ranked (before round 1)")
    q.set_defaults(run=_players_tie_order)
    q.add_argument("order", choices=tuple(sv.TIE_ORDERS))
    q = psub.add_parser("remove", parents=[common], help="remove a player never paired")
    q.set_defaults(run=_players_remove)
    q.add_argument("number", type=str, metavar="PLAYER", help=PLAYER_HELP)
    psub.add_parser("list", parents=[common], help="list the players").set_defaults(run=_players_list)
    q = psub.add_parser("renumber", parents=[common], help="pairing numbers by C.04.2.B")
    q.set_defaults(run=_renumber)
    q.add_argument("--yes", action="store_true", help=YES_HELP)
    q = psub.add_parser("import-csv", parents=[common], help="register the players of a CSV sign-up sheet")
    q.set_defaults(run=_players_import_csv)
    q.add_argument("csv", type=Path)
    q.add_argument("--map", action="append", default=[], metavar="FIELD=HEADER",
                   help="which column fills a field (name, rating, title, federation, fide_id, birth_date, sex);"
                   " default: by the headers")  # fmt: skip
    q.add_argument(
        "--preview",
        action="store_true",
        help="only show the mapping, the first rows and the bad rows "
        "(with a tournament file: exactly what the import would register)",
    )
    q.add_argument("--refuse-bad-rows", action="store_true", help="a bad row refuses the sheet (default: skipped)")
    q.add_argument("--encoding", help="the sheet's encoding when it is not UTF-8 (default: windows-1252)")
    q = psub.add_parser("export-csv", parents=[common], help="write the player list as CSV")
    q.set_defaults(run=_players_export_csv)
    q.add_argument("csv", type=Path)
    q.add_argument("--force", action="store_true", help="replace the file if it exists (never a tournament file)")

    ratings = command("ratings", "the FIDE rating list kept offline", _ratings_info)
    rsub = ratings.add_subparsers(dest="ratings_command", required=True, parser_class=_Parser)
    kinds = ("standard", "rapid", "blitz")
    q = rsub.add_parser(
        "import",
        parents=[common],
        help="import a FIDE rating list (TXT or XML, or the ZIP downloaded from FIDE that holds it)",
    )
    q.set_defaults(run=_ratings_import)
    q.add_argument("file", type=Path)
    q.add_argument("--kind", choices=kinds, help="which list a file of one list is (default: from its name)")
    q.add_argument("--date", default="", metavar="YYYY-MM", help="the list's month (default: from the file)")
    q.add_argument("--refuse-bad-lines", action="store_true", help="a bad line refuses the list (default: skipped)")
    q = rsub.add_parser("search", parents=[common], help="find players by name prefix or FIDE ID")
    q.set_defaults(run=_ratings_search)
    q.add_argument("text")
    q.add_argument("--kind", choices=kinds)
    q.add_argument("--limit", type=_number, default=20)
    rsub.add_parser("info", parents=[common], help="the lists held and their dates").set_defaults(run=_ratings_info)
    q = rsub.add_parser("update", parents=[common], help="set registered players' ratings from the list")
    q.set_defaults(run=_ratings_update)
    q.add_argument("--kind", choices=kinds, default="standard")
    q.add_argument("--dry-run", action="store_true", help="only show what would change")
    q = rsub.add_parser(
        "import-custom",
        parents=[common],
        help="import a custom (national) list: CSV with the "
        "columns id (FIDE ID), name, rating; optionally federation, title, sex, birth_year",
    )
    q.set_defaults(run=_ratings_import_custom)
    q.add_argument("file", type=Path)
    q.add_argument("--name", required=True, help="the list's name, such as NOR (used as custom:NOR)")
    q.add_argument("--encoding", help="the file's encoding when it is not UTF-8 (default: windows-1252)")
    q.add_argument("--date", default="", metavar="YYYY-MM", help="the list's month (default: from the file name)")
    q = rsub.add_parser(
        "settings",
        parents=[common],
        help="the tournament rating's method, the lists searched, the automatic check (shown when nothing is given)",
    )
    q.set_defaults(run=_ratings_settings)
    q.add_argument("--method", choices=METHODS, help="how the tournament rating is found (TRF-2026 172)")
    q.add_argument("--type", choices=kinds, dest="rating_type", help="the event is rated as (sets the default lists)")
    q.add_argument(
        "--lists",
        metavar="A,B,...",
        help="lists searched in order (standard, rapid, blitz, "
        "rapid-effective, blitz-effective, custom:NAME); 'default' for the event's default",
    )
    q.add_argument("--auto-check", choices=("on", "off"), help="check the ratings after every list update")
    q.add_argument("--yes", action="store_true", help=YES_HELP)
    q = rsub.add_parser(
        "check",
        parents=[common],
        help="are the registered ratings those of the list valid at "
        "the start? (says first whether the local lists are current)",
    )
    q.set_defaults(run=_ratings_check)
    q.add_argument("--apply", metavar="N,N|all", help="take the listed rating of these pairing numbers only")
    q = rsub.add_parser(
        "players",
        parents=[common],
        help="each player's tournament, FIDE, national and manual ratings, with where each came from",
    )
    q.set_defaults(run=_ratings_players)
    q = rsub.add_parser("set", parents=[common], help="a player's FIDE, national or manual rating, typed in")
    q.set_defaults(run=_ratings_set)
    q.add_argument("number", type=str, metavar="PLAYER", help=PLAYER_HELP)
    q.add_argument("--fide", type=_number)
    q.add_argument("--national", type=_number)
    q.add_argument("--manual", type=_number, help="the arbiter's rating (methods HBFN and OTHER)")
    q.add_argument("--source", default="manual", help="where the rating comes from (default: manual)")
    q = rsub.add_parser("source", parents=[common], help="where a list is updated from (a file or https:// address)")
    q.set_defaults(run=_ratings_source)
    q.add_argument("list", help="standard, rapid, blitz or custom:NAME")
    q.add_argument("location", nargs="?", default="", help="empty: forget it")
    rsub.add_parser("update-all", parents=[common], help="import every list from its source").set_defaults(
        run=_ratings_update_all
    )

    p = command("import-trf", "create the tournament from a TRF file (TRF-16 or TRF-2026)", _import)
    p.add_argument("trf", type=Path)
    p.add_argument("--name")
    p.add_argument("--yes", action="store_true", help=YES_HELP)
    p.add_argument(
        "--edition",
        choices=tuple(EDITIONS),
        help="edition of the FIDE (Dutch) rules (default: the file's 092 line, else the rules in force)",
    )
    p = command("export-trf", "write the tournament as TRF-2026 or TRF-16 ('-': standard output)", _export)
    p.add_argument("trf")
    p.add_argument("--force", action="store_true", help="replace the file if it exists (never a tournament file)")
    p.add_argument(
        "--format",
        choices=("trf-2026", "trf-16"),
        help="the TRF version (default: the format of the tournament's edition, TRF-2026 for the 2026 edition)",
    )
    p.add_argument(
        "--with-unfinished",
        action="store_true",
        help="write a round in progress with its unfinished games (blank results: pairing programs refuse the file);"
        " by default only if the imported file had them, exported in its own format",
    )
    p.add_argument(
        "--final",
        action="store_true",
        help="the final report: refused while a round is not published or a game is adjourned or without a result",
    )
    p.add_argument(
        "--checklist",
        action="store_true",
        help="list what a FIDE rating report lacks (missing FIDE IDs, birth years...) also when writing to '-'",
    )
    p = command(
        "save-copy",
        "save a copy of the tournament (a file, or a server's database) as one consistent file, "
        "for a backup or to take the event away",
        _save_copy,
    )
    p.add_argument("copy", type=Path)
    p.add_argument(
        "--force",
        action="store_true",
        help="replace the file if it exists (another tournament file "
        "included; never the open one); the file replaced keeps its permissions",
    )
    p = command(
        "import-db",
        "put a tournament file's whole tournament into the --db database (a server's, empty): "
        "the way back of save-copy",
        _import_db,
    )
    p.add_argument("file", type=Path, help="the tournament file (save-copy wrote it)")
    p = command("bye", "a requested bye or an absence in a coming round", _bye)
    p.add_argument("number", type=str, metavar="PLAYER", help=PLAYER_HELP)
    p.add_argument("--round", type=_number, required=True)
    p.add_argument("--kind", choices=("half", "full", "zero", "absent"), default="half")
    p.add_argument("--explained", action="store_true", help="absent with notice: not withdrawn (C.04.2.D.2)")
    p.add_argument("--cancel", action="store_true", help="cancel the bye instead")
    p.add_argument("--yes", action="store_true", help=YES_HELP)
    p = command(
        "berger-numbers",
        "a round robin's Berger numbers: show, draw by lot or set by hand (before round 1)",
        _berger_numbers,
    )
    p.add_argument("--draw", action="store_true", help="draw them by lot (the seed is printed and recorded)")
    p.add_argument("--seed", type=_seed, help="with --draw: the seed (repeatable)")
    p.add_argument("--set", metavar="P=B,...", help="by hand: pairing number = Berger number, for every player")
    p = command("berger-row", "a round robin: which Berger row gives a player's opponent and colour", _explain_berger)
    p.add_argument("number", type=_number, help="pairing number")
    p.add_argument("--round", type=_number, required=True)
    p = command("pair", "pair the next round (a draft)", _pair)
    p.add_argument("--again", action="store_true", help="pair the draft round again")
    command("publish", "publish the draft round (makes a backup copy)", _publish)
    p = command("show", "show a round", _show)
    p.add_argument("round", type=_number, nargs="?")
    p = command(
        "result", "enter or correct a result: 1-0 0-1 1/2 1/2-0 0-1/2 0-0 +- -+ -- *; W-L L-W D-D unrated", _result
    )
    p.add_argument("round", type=_number)
    p.add_argument("board", type=_number)
    p.add_argument("result", type=lambda text: text.removeprefix(_QUOTE))
    p.add_argument("--yes", action="store_true", help=YES_HELP)
    _edit_arguments(
        command("override", "change a round's pairing by hand; prints the warnings, saves with --reason", _override)
    )
    _edit_arguments(
        command(
            "edit-pairings",
            "pair a round by hand as one phase (the next round too, when the engine cannot pair it): each change "
            "checked at once (Level 3, --yes), validated with --reason against the engine's pairing (Level 4)",
            _edit_pairings,
        )
    )
    p = command("prohibit", "keep two players from meeting (only before round 1 is paired); no players: the list",
                _prohibit)  # fmt: skip
    p.add_argument("players", type=_number, nargs="*", metavar="NUMBER", help="two pairing numbers")
    p.add_argument("--remove", action="store_true", help="let the two players meet again")
    command(
        "leave-fide-mode", "leave FIDE mode for good (two confirmations at a terminal; never undone)", _leave_fide_mode
    )
    p = command("undo", "undo the last step not yet published", _undo)
    p.add_argument("--reason", default="", help="needed to undo an override of a published round")
    p = command("standings", "score, then pairing number", _standings)
    p.add_argument("--after-round", "--round", type=_number, dest="after_round")
    p.add_argument("--json", action="store_true", help="the rows as JSON")
    p.add_argument(
        "--shared", action="store_true", help="players equal on every tie-break share their place (no drawing of lots)"
    )
    p = command(
        "report",
        "write standings, crosstable, wall chart, pairing cards, a pairing list or the results so far (.html, .pdf)",
        _report,
    )
    p.add_argument("kind", choices=("standings", "crosstable", "wallchart", "cards", "pairings", "results", "rounds"))
    p.add_argument("-o", "--output", type=Path, required=True, metavar="FILE", help="FILE.html or FILE.pdf")
    p.add_argument("--force", action="store_true", help="replace the file if it exists (never a tournament file)")
    p.add_argument(
        "--round", type=_number, help="after this round (standings, crosstable) or of this round (pairings, results)"
    )
    p = command("audit", "the audit log", _audit)
    p.add_argument(
        "--verify",
        action="store_true",
        help="say whether the file was changed outside the program "
        "(the audit chain and the state it vouches for), naming the first broken entry; exit 6 if so",
    )
    p = command("chess960", "a Chess960 tournament's starting position of each round, drawn from its seed", _chess960)
    p.add_argument("--round", type=_number, help="only this round")
    p = command("why-above", "why player A is ranked above player B (or not): the tie-break that decides", _why_above)
    p.add_argument("a", type=_number, metavar="A")
    p.add_argument("b", type=_number, metavar="B")
    p.add_argument("--round", type=_number, help="after this round (default: the last complete round)")
    hall_commands.add_commands(sub, common)
    return parser


def _tid(db: Database) -> int:
    return sv.only_tournament(db, _selected).id


def _player(db: Database, reference: str) -> int:
    """The pairing number a PLAYER argument means (issue 33.6: checked against what this terminal last saw)."""
    return views.player_number(db, _tid(db), reference)


def _print_round(info: RoundInfo) -> None:
    print(f"Round {info.number} ({info.state})")
    for b in info.boards:
        print(f"{b.number:>4}  {b.white:>4} {b.white_name:<28} - {b.black:>4} {b.black_name:<28} {b.result_text}")
    if info.bye is not None:
        print(f"      {info.bye:>4} pairing-allocated bye")
    for number, why in info.not_paired:
        print(f"      {number:>4} not paired: {why}")
    for o in info.overrides:
        print(f"  override: {o.reason} ({len(o.warnings)} warning(s))")


def _new(db: Database, a: argparse.Namespace) -> int:
    existing = sv.list_tournaments(db)
    if existing and not a.another:
        raise ArbiterError(
            f"{db.name} already holds {existing[0].name!r}"
            + (f" and {len(existing) - 1} more" if len(existing) > 1 else "")
            + ": use another file, or --another to add a tournament (then pick one with --tournament)"
        )
    points = PointSystem(win=a.win, draw=a.draw, pairing_allocated_bye=a.win if a.bye_points is None else a.bye_points)
    system = sv.ROUND_ROBIN if a.round_robin else sv.SWISS
    t = sv.create_tournament(
        db,
        a.name,
        # A round robin's rounds follow from its players; set when the Berger numbers are drawn or set.
        a.rounds if a.rounds is not None else 1,
        place=a.place,
        start_date=a.start,
        end_date=a.end,
        chief_arbiter=a.arbiter,
        deputy_arbiters=a.deputies,
        points=points,
        accelerated=a.accelerated,
        tie_breaks=a.tie_breaks,
        tie_break_rules=a.tie_break_rules,
        initial_colour=Colour.BLACK if a.initial_colour == "black" else Colour.WHITE,
        federation=a.federation,
        time_control=a.time_control,
        time_control_code=a.time_control_code,
        round_dates=a.round_dates,
        edition=a.edition,
        system=system,
        double_round_robin=a.double,
        reverse_last_two=a.reverse_last_two,
        chess960=a.chess960,
        chess960_seed=a.chess960_seed,
    )
    if t.chess960_seed is not None:
        print(f"Chess960: the starting positions are drawn from seed {t.chess960_seed} ('{PROG} chess960')")
    if a.round_robin:
        print(
            f"created '{t.name}' ({sv.system_of_info(t).title}; the rounds follow from the players when the "
            f"Berger numbers are drawn: '{PROG} berger-numbers') in {db.name}" + (f" (id {t.id})" if existing else "")
        )
        return EXIT_OK
    print(
        f"created '{t.name}' ({t.rounds_count} rounds, paired by the {edition_rules(t.edition).short_title} rules) "
        f"in {db.name}" + (f" (id {t.id})" if existing else "")
    )
    return EXIT_OK


def _berger_numbers(db: Database, a: argparse.Namespace) -> int:
    tid = _tid(db)
    if a.set is not None:
        try:
            numbers = {
                int(k): int(v) for k, v in (item.split("=") for item in a.set.replace(" ", "").split(",") if item)
            }
        except ValueError:
            raise ArbiterError(f"--set {a.set!r}: write PAIRING=BERGER pairs, e.g. 1=3,2=1,3=2") from None
        players = sv.set_berger_numbers(db, tid, numbers)
    elif a.draw or a.seed is not None:
        players = sv.draw_berger_numbers(db, tid, a.seed)
    else:
        numbers = sv.berger_number_of(db, tid)
        if not numbers:
            print("no Berger numbers yet: --draw [--seed S] or --set PAIRING=BERGER,...")
            return EXIT_OK
        for p in sorted(sv.list_players(db, tid), key=lambda p: numbers.get(p.number, 0)):
            print(f"{numbers.get(p.number, '-'):>3}  #{p.number:<3} {p.name}")
        return EXIT_OK
    t = sv.get_tournament(db, tid)
    numbers = sv.berger_number_of(db, tid)
    for p in players:
        print(f"{numbers[p.number]:>3}  #{p.number:<3} {p.name}")
    how = f"drawn by lot, seed {t.berger_seed}" if t.berger_seed is not None else "set by hand"
    print(f"Berger numbers {how}; {t.rounds_count} rounds")
    return EXIT_OK


def _explain_berger(db: Database, a: argparse.Namespace) -> int:
    print(sv.explain_berger(db, _tid(db), a.number, a.round))
    return EXIT_OK


SETTINGS_OPTIONS = {
    "--name": "name",
    "--place": "place",
    "--federation": "federation",
    "--start": "start_date",
    "--end": "end_date",
    "--arbiter": "chief_arbiter",
    "--deputies": "deputy_arbiters",
    "--time-control": "time_control",
    "--time-control-code": "time_control_code",
    "--round-dates": "round_dates",
    "--tie-breaks": "tie_breaks",
    "--tie-break-rules": "tie_break_rules",
}
"""``arbiter settings`` options and the tournament fields they change."""


def _date(text: str) -> date:
    try:
        return sv.parse_date(text)
    except ArbiterError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def _round_dates(text: str) -> tuple[date | None, ...]:
    try:
        return sv.parse_round_dates(text)
    except ArbiterError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def _settings(db: Database, a: argparse.Namespace) -> int:
    changes = {field: getattr(a, field) for field in SETTINGS_OPTIONS.values() if getattr(a, field) is not None}
    if a.rounds_count is not None:
        changes["rounds_count"] = a.rounds_count
    if a.edition is not None:
        confirming(lambda level: sv.change_edition(db, _tid(db), a.edition, confirmed=level), a.yes)
    t = (
        confirming(lambda level: sv.edit_tournament(db, _tid(db), confirmed=level, **changes), a.yes)
        if changes
        else sv.get_tournament(db, _tid(db))
    )
    dates = ", ".join(d.isoformat() if d else "?" for d in t.round_dates)
    for label, value in (
        ("name", t.name),
        ("place", t.place),
        ("federation", t.federation),
        ("dates", " – ".join(d.isoformat() for d in (t.start_date, t.end_date) if d)),
        ("rounds", f"{t.rounds_count}" + (f" ({dates})" if dates else "")),
        ("chief arbiter", t.chief_arbiter),
        ("deputy arbiters", t.deputy_arbiters),
        ("time control", t.time_control),
        (
            "encoded (222)",
            t.time_control_code
            + (f" ({sv.describe_time_control(t.time_control_code)})" if t.time_control_code else ""),
        ),
        ("tie-break rules", t.tie_break_rules),
        (
            "tie-breaks",
            ", ".join(sv.codes_in_use(t.tie_break_rules, t.tie_breaks))
            + (
                " (the recommended list)"
                if sv.codes_in_use(t.tie_break_rules, t.tie_breaks) == sv.recommended(t.tie_break_rules)
                else ""
            ),
        ),
        ("pairing system", f"{sv.system_of_info(t).report_title} [{t.system if t.system != sv.SWISS else t.edition}]"),
        ("FIDE mode", "on" if t.fide_mode else f"left at round {t.fide_mode_left_round} (never entered again)"),
        *([("Chess960", f"positions drawn from seed {t.chess960_seed}")] if t.chess960_seed is not None else []),
    ):
        print(f"{label + ':':<17}{value}")
    if changes or a.edition is not None:
        print("changed: " + ", ".join([*changes, *(["edition"] if a.edition is not None else [])]))
    return EXIT_OK


def _player_fields(a: argparse.Namespace) -> dict[str, object]:
    names = {
        "rating": "rating",
        "title": "title",
        "fide_id": "fide_id",
        "federation": "federation",
        "sex": "sex",
        "birth": "birth_date",
        "name": "name",
    }
    return {field: getattr(a, arg) for arg, field in names.items() if getattr(a, arg, None) is not None}


def _players_add(db: Database, a: argparse.Namespace) -> int:
    p = confirming(
        lambda level: sv.register_player(
            db,
            _tid(db),
            a.name,
            rating=a.rating or 0,
            title=a.title or "",
            fide_id=a.fide_id or "",
            federation=a.federation or "",
            sex=a.sex or "",
            birth_date=a.birth or "",
            entry_round=a.entry_round,
            missed_rounds=a.missed,
            renumber=False if a.keep_numbers else None,
            confirmed=level,  # a late entry into the published round not yet started (C.04.2-2026 4.4.4)
        ),
        a.yes,
    )
    print(f"#{p.number} {p.name} registered" + (f", enters in round {p.entry_round}" if p.entry_round > 1 else ""))
    return EXIT_OK


def _players_edit(db: Database, a: argparse.Namespace) -> int:
    fields: dict[str, object] = dict(_player_fields(a))
    if a.half_byes is not None:
        fields["half_bye_eligible"] = a.half_byes == "yes"
    p = sv.edit_player(db, _tid(db), _player(db, a.number), **fields)
    print(f"#{p.number} {p.name} {p.title} {p.rating}")
    return EXIT_OK


def _players_withdraw(db: Database, a: argparse.Namespace) -> int:
    info = (sv.expel_player if a.expelled else sv.withdraw_player)(db, _tid(db), _player(db, a.number), a.from_round)
    what = "expelled" if a.expelled else "withdrawn"
    print(f"#{info.player} {what} from round {info.round}" + (" (draft discarded)" if info.discarded_draft else ""))
    return EXIT_OK


def _players_exchange(db: Database, a: argparse.Namespace) -> int:
    one, other = _player(db, a.first), _player(db, a.second)
    first, second = confirming(
        lambda level: sv.exchange_pairing_numbers(db, _tid(db), one, other, confirmed=level), a.yes
    )
    print(f"#{first.number} {first.name} and #{second.number} {second.name}: pairing numbers exchanged")
    return EXIT_OK


def _players_tie_order(db: Database, a: argparse.Namespace) -> int:
    sv.set_tie_order(db, _tid(db), a.order)
    print(f"equal rating and title ranked {sv.TIE_ORDERS[a.order]}")
    return _players_list(db, a)


def _players_remove(db: Database, a: argparse.Namespace) -> int:
    number = _player(db, a.number)
    p = sv.remove_player(db, _tid(db), number)
    print(f"#{number} {p.name} removed")
    return EXIT_OK


def _players_list(db: Database, a: argparse.Namespace) -> int:
    for p in sv.list_players(db, _tid(db)):
        status = sv.standing_mark(p)  # "withdrawn from round k", "expelled from round k"
        print(f"{p.number:>4} {p.title:<3} {p.name:<32} {p.rating:>4} {p.federation:<3} {status}".rstrip())
    views.record(db, _tid(db), "players list")
    return EXIT_OK


def _mapping(pairs: list[str]) -> dict[str, int | str] | None:
    if not pairs:
        return None
    out: dict[str, int | str] = {}
    for pair in pairs:
        field, sep, header = pair.partition("=")
        if not sep:
            raise ArbiterError(f"--map {pair!r}: write FIELD=HEADER, such as rating=Elo")
        out[field.strip()] = header.strip()
    return out


def _players_import_csv(db: Database | None, a: argparse.Namespace) -> int:
    mapping = _mapping(a.map)
    if a.preview:
        tid = _tid(db) if db is not None and sv.list_tournaments(db) else None
        preview = sv.preview_csv(a.csv, mapping, db=db, tournament_id=tid, encoding=a.encoding)
        if preview.encoding_note:
            print(f"{PROG}: {a.csv.name}: {preview.encoding_note}", file=sys.stderr)
        print("columns: " + ", ".join(f"{field} <- {header!r}" for field, header in preview.mapping.items()))
        if preview.problem:
            print("headers: " + ", ".join(repr(h) for h in preview.headers))
            raise ArbiterError(preview.problem)
        for line, fields in preview.first_rows:
            shown = " | ".join(
                str(fields[f]) for f in ("name", "rating", "title", "federation", "fide_id") if fields[f]
            )
            print(f"  line {line}: {shown}")
        for bad in preview.bad_rows:
            print(f"{PROG}: {a.csv.name}, {bad}", file=sys.stderr)
        print(
            f"{preview.rows - len(preview.bad_rows)} of {preview.rows} rows can be registered"
            + ("" if tid is not None else " (not checked against the players registered: no tournament file)")
        )
        return EXIT_OK
    assert db is not None
    done = sv.import_players_csv(
        db, _tid(db), a.csv, mapping, bad_rows="refuse" if a.refuse_bad_rows else "skip", encoding=a.encoding
    )
    if done.encoding_note:
        print(f"{PROG}: {a.csv.name}: {done.encoding_note}", file=sys.stderr)
    for bad in done.skipped:
        print(f"{PROG}: {a.csv.name}, {bad}: skipped", file=sys.stderr)
    skipped = f", skipped {len(done.skipped)} rows" if done.skipped else ""
    print(f"registered {len(done.registered)} players{skipped}")
    return EXIT_OK


def _players_export_csv(db: Database, a: argparse.Namespace) -> int:
    count = sv.export_players_csv(db, _tid(db), a.csv, replace=a.force)
    print(f"wrote {count} players to {a.csv}")
    return EXIT_OK


class _ProgressBar:
    """``[#######.......]  45%`` on stderr, redrawn in place when stderr is a terminal, else every 10%."""

    def __init__(self, width: int = 40) -> None:
        self.width, self.shown = width, -1
        self.tty = sys.stderr.isatty()

    def __call__(self, done: int, total: int) -> None:
        percent = min(100, done * 100 // max(total, 1))
        step = percent if self.tty else percent // 10 * 10
        if step == self.shown:
            return
        self.shown = step
        filled = self.width * percent // 100
        bar = f"[{'#' * filled}{'.' * (self.width - filled)}] {percent:3d}%"
        sys.stderr.write(f"\r{bar}" if self.tty else f"{bar}\n")
        sys.stderr.flush()

    def end(self) -> None:
        if self.tty and self.shown >= 0:
            sys.stderr.write("\n")


def _ratings_import(db: Database | None, a: argparse.Namespace) -> int:
    bar = _ProgressBar()
    try:
        report = sv.import_rating_list(
            a.file, a.kind or "", date=a.date, on_progress=bar,
            bad_lines="refuse" if a.refuse_bad_lines else "skip",
        )  # fmt: skip
    finally:
        bar.end()
    for bad in report.skipped:
        print(f"{PROG}: {a.file.name}, {bad}: skipped", file=sys.stderr)
    if report.skipped_count > len(report.skipped):
        print(f"{PROG}: ... {report.skipped_count - len(report.skipped)} more lines skipped", file=sys.stderr)
    lists = ", ".join(f"{kind} {count:,}" for kind, count in report.players.items())
    print(f"imported {report.source} ({report.date or 'month unknown: give it with --date YYYY-MM'}): {lists} players"
          + (f"; {report.skipped_count} lines skipped" if report.skipped_count else ""))  # fmt: skip
    return EXIT_OK


def _ratings_search(db: Database | None, a: argparse.Namespace) -> int:
    found = sv.search_players(a.text, a.limit, kind=a.kind)
    if not found and not sv.rating_list_info():
        raise ArbiterError("no rating list has been imported: arbiter ratings import FILE")
    for p in found:
        born = p.birth_year or ""
        print(f"{p.fide_id:>10}  {p.name:<36} {p.title:<3} {p.federation:<3} {p.sex or '-'} {born:>4} {p.rating:>4}")
    return EXIT_OK


def _ratings_info(db: Database | None, a: argparse.Namespace) -> int:
    lists = sv.rating_list_info()
    if not lists:
        print("no rating list has been imported")
    for info in lists:
        print(
            f"{info.kind:<8} {info.date or 'date unknown':<12} {info.players:>9,} players  from {info.source}"
            f" (imported {info.imported_at}" + (f", {info.skipped} lines skipped)" if info.skipped else ")")
        )
    return EXIT_OK


def _ratings_update(db: Database, a: argparse.Namespace) -> int:
    update = sv.update_ratings_from_list(db, _tid(db), a.kind, apply=not a.dry_run)
    for c in update.changes:
        print(f"#{c.number:<4} {c.name:<32} {c.old:>4} -> {c.new:>4}")
    for name in update.not_in_list:
        print(f"{PROG}: {name}: not in the {a.kind} list", file=sys.stderr)
    verb = "would change" if a.dry_run else "changed"
    print(f"{len(update.changes)} ratings {verb}, from the {a.kind} list of {update.date or 'unknown date'}")
    return EXIT_OK


def _ratings_import_custom(db: Database | None, a: argparse.Namespace) -> int:
    report = rl.import_custom_list(a.file, a.name, date=a.date, encoding=a.encoding)
    for bad in report.skipped:
        print(f"{PROG}: {a.file.name}, {bad}: skipped", file=sys.stderr)
    count = sum(report.players.values())
    print(f"imported {report.source} as custom:{a.name.strip()} ({report.date or 'date unknown'}): {count} players")
    return EXIT_OK


def _ratings_settings(db: Database, a: argparse.Namespace) -> int:
    tid = _tid(db)
    if a.rating_type:
        rl.set_rating_type(db, tid, a.rating_type)
    if a.lists is not None:
        rl.set_list_sequence(db, tid, [] if a.lists.strip() == "default" else a.lists.split(","))
    if a.auto_check:
        rl.set_rating_check(db, tid, a.auto_check == "on")
    if a.method:
        confirming(lambda level: rl.set_rating_method(db, tid, a.method, confirmed=level), a.yes)
    got = rl.rating_settings(db, tid)
    print(
        f"tournament rating: {got.method}; rated as {got.rating_type}; lists: {', '.join(got.sequence)}"
        + (" (the default)" if got.default_sequence else "")
        + f"; automatic check {'on' if got.check_on else 'off'}"
    )
    return EXIT_OK


def _ratings_check(db: Database, a: argparse.Namespace) -> int:
    tid = _tid(db)
    report = rl.check_ratings(db, tid)
    for line in report.stale:
        print(f"{PROG}: {line}", file=sys.stderr)
    for d in report.differences:
        kind = "national" if d.national else "FIDE"
        print(f"#{d.number:<4} {d.name:<32} {kind} {d.registered:>4} ({d.registered_source}) -> {d.listed:>4}")
    for name in report.not_in_list:
        print(f"{PROG}: {name}: not in the list", file=sys.stderr)
    print(
        f"{len(report.differences)} ratings differ from the {rl.list_title(report.list_name)} list of {report.month}"
        + ("" if report.current else f" (the list held is of {report.list_date or 'no month'})")
    )
    if a.apply:
        wanted = [d.number for d in report.differences] if a.apply.strip() == "all" else _numbers(a.apply)
        applied = rl.apply_rating_updates(db, tid, report, wanted)
        print(f"{len(applied)} ratings changed: " + ", ".join(f"#{d.number}" for d in applied))
    return EXIT_OK


def _numbers(text: str) -> list[int]:
    try:
        return [int(word) for word in text.split(",") if word.strip()]
    except ValueError as error:
        raise ArbiterError(f"--apply {text!r}: pairing numbers separated by commas, or 'all'") from error


def _ratings_players(db: Database, a: argparse.Namespace) -> int:
    for r in rl.player_ratings(db, _tid(db)):
        national = f"{r.national_rating} ({r.national_source})" if r.national_rating else "-"
        print(
            f"{r.number:>4} {r.name:<32} {r.tournament_rating:>4}  FIDE {r.fide_rating} ({r.fide_source})"
            f"  national {national}  manual {r.manual_rating or '-'}"
        )
    return EXIT_OK


def _ratings_set(db: Database, a: argparse.Namespace) -> int:
    r = rl.set_player_ratings(db, _tid(db), _player(db, a.number), fide=a.fide, national=a.national, manual=a.manual,
                              source=a.source)  # fmt: skip
    print(f"#{r.number} {r.name}: tournament rating {r.tournament_rating}")
    return EXIT_OK


def _ratings_source(db: Database | None, a: argparse.Namespace) -> int:
    sources = rl.set_list_source(a.list, a.location)
    for name, location in sorted(sources.items()):
        print(f"{name:<14} {location}")
    return EXIT_OK


def _ratings_update_all(db: Database | None, a: argparse.Namespace) -> int:
    done = rl.update_all_lists()
    if not done:
        raise ArbiterError("no list has a source yet: arbiter ratings source LIST FILE")
    failed = 0
    for u in done:
        if u.report is None:
            failed += 1
            print(f"{PROG}: {u.name}: not updated ({u.error})", file=sys.stderr)
        else:
            print(f"{u.name}: {u.report.source} ({u.report.date or 'date unknown'})")
    return EXIT_INVALID if failed else EXIT_OK


def _renumber(db: Database, a: argparse.Namespace) -> int:
    confirming(lambda level: sv.assign_pairing_numbers(db, _tid(db), confirmed=level), a.yes)
    return _players_list(db, a)


def _import(db: Database, a: argparse.Namespace) -> int:
    if sv.list_tournaments(db):
        raise ArbiterError(f"{db.name} already holds a tournament; import into a new file")
    info = confirming(lambda level: sv.import_trf(db, a.trf, a.name, a.edition, confirmed=level), a.yes)
    for warning in info.warnings:
        print(f"{PROG}: warning: {warning}", file=sys.stderr)
    print(f"imported '{info.tournament.name}': {info.players} players, {info.rounds} rounds")
    return EXIT_OK


def _export(db: Database, a: argparse.Namespace) -> int:
    tid = _tid(db)
    if a.trf != "-":  # refused before anything is said or made
        atomic.check_target(a.trf, replace=a.force, protect=[db.path])
    if a.trf != "-" or a.checklist:  # to standard output (a pipe): on request only
        for item in sv.rating_report_checklist(db, tid):
            print(f"{PROG}: checklist: {item}", file=sys.stderr)
    out = sv.export_trf(db, tid, a.format, keep_unfinished=a.with_unfinished or None,  # None: as the file imported
                        final=a.final)  # fmt: skip
    for warning in out.warnings:
        print(f"{PROG}: warning: {warning}", file=sys.stderr)
    if a.trf == "-":
        sys.stdout.write(out.text)
    else:
        atomic.write_text(a.trf, sv.with_chain_head(db, out.text), replace=a.force, protect=[db.path])
    return EXIT_OK


def _import_db(db: Database, a: argparse.Namespace) -> int:
    rows = import_database(a.file, db)
    print(f"imported {a.file} into {db.name} ({rows} rows, the audit log included)")
    return EXIT_OK


def _save_copy(db: Database, a: argparse.Namespace) -> int:
    print(f"saved a copy as {save_copy(db, a.copy, replace=a.force)}")
    return EXIT_OK


def _bye(db: Database, a: argparse.Namespace) -> int:
    tid = _tid(db)
    a.number = _player(db, a.number)
    if a.cancel:
        info = sv.cancel_bye(db, tid, a.number, a.round)
    elif a.kind == "absent":
        info = sv.record_absence(db, tid, a.number, a.round, explained=a.explained)
    else:
        info = confirming(lambda level: sv.request_bye(db, tid, a.number, a.round, a.kind, confirmed=level), a.yes)
    print(f"#{info.player}: {info.kind} in round {info.round}" + (" cancelled" if a.cancel else ""))
    for notice in info.notices:  # Level 2: the arbiter is told (checklist Q178)
        print(f"note: {notice}")
    if info.discarded_draft:
        print(f"the draft pairing of round {info.round} was discarded: pair the round again")
    return EXIT_OK


def _pair(db: Database, a: argparse.Namespace) -> int:
    if a.again:
        _print_round(sv.repair_round(db, _tid(db)))
        return EXIT_OK
    for notice in sv.setup_notices(db, _tid(db)):  # checklist Q62: told before round 1 is paired (nothing once it is)
        print(f"note (Level {int(notice.level)}): {notice}", file=sys.stderr)
    # results missing are recorded as adjourned, told at Level 2 (checklist Q158-Q160, Q168)
    _print_round(confirming(lambda level: sv.pair_next_round(db, _tid(db), level), False))
    views.record(db, _tid(db), "pair")
    return EXIT_OK


def _publish(db: Database, a: argparse.Namespace) -> int:
    info = sv.publish_round(db, _tid(db))
    _print_round(info.round)
    views.record(db, _tid(db), "publish")
    if info.backup is not None:
        print(f"backup copy: {info.backup}")
    if info.backup_error:
        print(f"{PROG}: warning: {info.backup_error}", file=sys.stderr)
    return EXIT_OK


def _show(db: Database, a: argparse.Namespace) -> int:
    tid = _tid(db)
    rounds = sv.list_rounds(db, tid)
    if a.round is None and not rounds:
        raise ArbiterError("no round has been paired yet")
    _print_round(sv.get_round(db, tid, a.round if a.round is not None else rounds[-1].number))
    views.record(db, tid, "show")
    return EXIT_OK


def _result(db: Database, a: argparse.Namespace) -> int:
    info = confirming(lambda level: sv.enter_result(db, _tid(db), a.round, a.board, a.result, confirmed=level), a.yes)
    b = info.board
    print(f"round {info.round} board {b.number}: {b.white} {b.white_name} - {b.black} {b.black_name} {b.result_text}")
    if info.note:
        print(info.note)
    return EXIT_OK


def _edit_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("round", type=_number)
    p.add_argument("--swap", nargs=2, type=_number, action="append", default=[], metavar=("A", "B"))
    p.add_argument("--split", type=_number, action="append", default=[], metavar="BOARD")
    p.add_argument("--pair", nargs=2, type=_number, action="append", default=[], metavar=("WHITE", "BLACK"))
    p.add_argument("--colours", type=_number, action="append", default=[], metavar="BOARD")
    p.add_argument("--bye", help="pairing number to give the bye to, or 'none'")
    p.add_argument("--reason", help="the arbiter's reason; without it nothing is saved")
    p.add_argument("--discard-results", action="store_true", help="save even though results of the round are lost")
    p.add_argument(
        "--seen",
        metavar="VERSION",
        help="override: the round's version its preview printed; refused, "
        "naming who, if another desk changed the round since (several desks on a server)",
    )
    p.add_argument("--yes", action="store_true", help=YES_HELP)
    p.add_argument(
        "--case",
        choices=[c.key for c in PUBLISHED_CHANGE_CASES_2026],
        help="published round, 2026 rules: the case of C.04.2-2026 4.4 that allows the change ("
        + "; ".join(f"{c.key}: {c.text}" for c in PUBLISHED_CHANGE_CASES_2026)
        + ")",
    )


def _edits(a: argparse.Namespace) -> list[Edit]:
    edits: list[Edit] = [sv.Swap(x, y) for x, y in a.swap]
    edits += [sv.Split(board) for board in a.split]
    edits += [sv.MakePair(w, b) for w, b in a.pair]
    edits += [sv.SwapColours(board) for board in a.colours]
    if a.bye is not None:
        if a.bye != "none" and not a.bye.isdigit():
            raise ArbiterError(f"--bye takes a pairing number or 'none', not {a.bye!r}")
        edits.append(sv.MoveBye(None if a.bye == "none" else int(a.bye)))
    return edits


def _print_preview(preview: OverridePreview) -> None:
    for board in preview.proposed.boards:
        print(f"  {board.white:>4} - {board.black:<4}")
    if preview.proposed.bye is not None:
        print(f"  {preview.proposed.bye:>4} bye")
    print(f"{len(preview.warnings)} warning(s)")
    for warning in preview.warnings:
        print(f"  {warning}")


def _override(db: Database, a: argparse.Namespace) -> int:
    edits = _edits(a)
    if a.reason is None:
        _print_preview(sv.preview_override(db, _tid(db), a.round, edits))
        shown = sv.get_round(db, _tid(db), a.round).version
        print(
            f"not saved: give the arbiter's reason with --reason to save (--seen {shown}: only if the round is "
            "still as shown here)"
        )
        return EXIT_OK
    preview = confirming(
        lambda level: sv.apply_override(
            db,
            _tid(db),
            a.round,
            edits,
            a.reason,
            discard_results=a.discard_results,
            case=a.case,
            confirmed=level,
            seen=a.seen,
        ),
        a.yes,
    )
    _print_preview(preview)
    print(f"saved, with the reason: {a.reason}")
    return EXIT_OK


def _edit_pairings(db: Database, a: argparse.Namespace) -> int:
    """The manual-pairing phase in one command: the changes in order (boards named by their place at each step),
    each rule a change breaks asked at Level 3; with --reason the round is validated (Level 4 when it differs
    from the engine's pairing), without it the phase is cancelled and nothing is stored."""
    tid = _tid(db)
    edit = sv.start_pairing_edit(db, tid, a.round)
    for change in _edits(a):

        def changed(level: int, e: sv.PairingEdit = edit, c: Edit = change) -> sv.PairingEdit:
            return sv.change_pairing(db, tid, e, c, confirmed=level)

        edit = confirming(changed, a.yes)
        for notice in edit.notices:
            if notice.level <= sv.Level.INFORM:
                print(f"note (Level {int(notice.level)}): {notice}", file=sys.stderr)
    for board in edit.current.boards:
        print(f"  {board.white:>4} - {board.black:<4}")
    if edit.current.bye is not None:
        print(f"  {edit.current.bye:>4} bye")
    if a.reason is None:
        sv.cancel_pairing_edit(db, tid, edit)
        print("not validated (cancelled, nothing stored): give the arbiter's reason with --reason to validate")
        return EXIT_OK
    confirming(
        lambda level: sv.validate_pairing_edit(
            db, tid, edit, a.reason, discard_results=a.discard_results, case=a.case, confirmed=level
        ),
        a.yes,
    )
    print(f"round {a.round} validated, with the reason: {a.reason}" if edit.changed else "unchanged: nothing stored")
    return EXIT_OK


def _prohibit(db: Database, a: argparse.Namespace) -> int:
    tid = _tid(db)
    if not a.players:
        for x, y in sv.list_prohibited_pairs(db, tid):
            print(f"{x} {y}")
        return EXIT_OK
    if len(a.players) != 2:
        raise ArbiterError(f"prohibit takes two pairing numbers, not {len(a.players)}")
    x, y = a.players
    change = sv.remove_prohibited_pair if a.remove else sv.add_prohibited_pair
    confirming(lambda level: change(db, tid, x, y, confirmed=level), False)
    print(f"#{min(x, y)} and #{max(x, y)} " + ("may meet again" if a.remove else "may not meet"))
    return EXIT_OK


def _leave_fide_mode(db: Database, a: argparse.Namespace) -> int:
    t = confirming(lambda level: sv.leave_fide_mode(db, _tid(db), confirmed=level), False)
    print(f"left FIDE mode after round {t.fide_mode_left_round}: the tournament never enters it again")
    return EXIT_OK


def _undo(db: Database, a: argparse.Namespace) -> int:
    print(f"undone: {sv.undo_last_step(db, _tid(db), a.reason).summary}")
    return EXIT_OK


def _standings(db: Database, a: argparse.Namespace) -> int:
    """After a complete round: places (shared when all tie-breaks are equal) and the tie-breaks.

    A round still waiting for results ranks by score, then pairing number,
    with no tie-breaks (they count complete rounds only).
    """
    tid = _tid(db)
    rounds = sv.list_rounds(db, tid)
    if a.after_round is not None and a.after_round > len(rounds):
        count = sv.get_tournament(db, tid).rounds_count
        raise ArbiterError(
            f"round {a.after_round}: the tournament has {count} rounds" if a.after_round > count
            else f"round {a.after_round} has not been paired yet (the last round paired is {len(rounds)})"
        )  # fmt: skip
    complete = sv.last_complete(rounds)
    after = complete if a.after_round is None else a.after_round
    codes: tuple[str, ...] = ()
    table = None
    if 0 < after <= complete:
        table = sv.ranked_standings(db, tid, after, by_lot=not a.shared)
        codes, rows = table.tiebreaks, table.rows
    else:
        rows = tuple(
            StandingsRow(r.rank, r.rank, r.number, r.name, r.rating, Fraction(r.points, 10), ())
            for r in sv.standings(db, tid, a.after_round)
        )
    marks = sv.standing_marks(db, tid)  # checklist Q170, Q197
    if a.json:
        listed = [
            {
                "rank": row.place,
                "place": row.place_label,
                "number": row.number,
                "name": row.name,
                "rating": row.rating,
                "points": float(row.score),
                "tiebreaks": {c: json_number(v) for c, v in zip(codes, row.tiebreaks)},
                "by_lot": row.by_lot,
                "status": marks.get(row.number, ""),
            }
            for row in rows
        ]
        print(json.dumps(listed, ensure_ascii=False, indent=2))
        return EXIT_OK
    print(f"Standings after round {after}" if codes else "Standings by score, then pairing number")
    print(f"{'Place':>6} {'No.':>4} {'Name':<32} {'Rtg':>4} {'Pts':>5}" + "".join(f" {c:>6}" for c in codes))
    # One number format a column (issue 29, D12): halves while every value is one, else decimals throughout.
    shown = [column_format([row.tiebreaks[k] for row in rows]) for k in range(len(codes))]
    for row in rows:
        line = f"{row.place_label:>6} {row.number:>4} {row.name:<32} {row.rating:>4} {points_text(row.score):>5}"
        line += "".join(f" {show(v) or '-':>6}" for show, v in zip(shown, row.tiebreaks))
        flags = (" *" if row.by_lot else "") + (" h" if row.by_hand else "")
        flags += f" ({marks[row.number]})" if row.number in marks else ""
        print(line + flags + (f" e: {', '.join(row.entered)}" if row.entered else ""))
    waiting = [str(g) for g in sv.list_open_games(db, tid) if g.round <= after]
    if waiting:  # checklist Q161: never final while a game counted waits for its result
        print("provisional: games without their final result: " + ", ".join(waiting))
    if any(row.by_lot for row in rows):
        print("* place decided by drawing of lots")
    if any(row.by_hand or row.entered for row in rows):
        print("h place within a tie ranked by the arbiter; e: values entered by hand")
    if codes and table is not None:
        rules, entries = sv.tournament_tiebreaks(db, tid)
        print(f"Tie-breaks ({rules}): " + "; ".join(f"{e.code} = {e.name} ({e.source})" for e in entries))
        idle = [c for c in codes if c not in table.deciding]
        if idle:
            print("Not used to separate anyone: " + ", ".join(idle))
        if any(v is None for row in rows for v in row.tiebreaks):
            print("- : not used for this player (not defined, or DE whose Article 6 conditions fail)")
    if not codes and after:
        print(f"(round {after} still lacks results: score and pairing number only, no tie-breaks)")
    return EXIT_OK


def _why_above(db: Database, a: argparse.Namespace) -> int:
    from arbiter_app.standings.c07.why import explain_text

    print(explain_text(sv.why_above(db, _tid(db), a.a, a.b, a.round)))
    return EXIT_OK


def _report(db: Database, a: argparse.Namespace) -> int:
    from arbiter_app.reports import write_report

    path = write_report(db, _tid(db), a.kind, a.output, a.round, replace=a.force)
    print(f"{a.kind} written to {path}")
    return EXIT_OK


def _audit(db: Database, a: argparse.Namespace) -> int:
    if a.verify:
        report = sv.verify_audit_chain(db)
        print(report.summary)
        for finding in report.findings:
            print(f"  {finding}")
        for recorded in report.accepted:
            print(f"  recorded earlier: {recorded}")
        if report.intact:
            print(f"chain head: {report.head}")
        return EXIT_OK if report.intact else EXIT_CHANGED
    for e in sv.audit_log(db, _tid(db)):
        line = f"{e.when:%Y-%m-%d %H:%M:%S}  {e.action:<18} {e.summary}"
        if e.reason:
            line += f"  (reason: {e.reason})"
        if e.arbiter:
            line += f"  [by {e.arbiter}]"
        print(line + ("  [undone]" if e.undone else ""))
    return EXIT_OK


def _chess960(db: Database, a: argparse.Namespace) -> int:
    tid = _tid(db)
    positions = sv.chess960_positions(db, tid)
    if not positions:
        print(f"{PROG}: the tournament is not played as Chess960 (create it with '{PROG} new --chess960')",
              file=sys.stderr)  # fmt: skip
        return EXIT_INVALID
    if a.round is not None and not 1 <= a.round <= len(positions):
        print(f"{PROG}: round {a.round} is not a round of the tournament (1-{len(positions)})", file=sys.stderr)
        return EXIT_INVALID
    print(f"Chess960 starting positions, drawn from seed {sv.get_tournament(db, tid).chess960_seed}:")
    for p in positions:
        if a.round in (None, p.round):
            print(f"  round {p.round}: position {p.number}, {p.back_rank}")
    return EXIT_OK


def _protect_results(argv: list[str]) -> list[str]:
    """``result ROUND BOARD -+``: a result starting with a dash is the third argument, not an option.

    A ``--`` before it (``result 5 1 -- --``) is the usual end of the options and is dropped.
    """
    try:
        start = argv.index("result") + 1
    except ValueError:
        return argv
    out, positional, k = argv[:start], 0, start
    while k < len(argv):
        token = argv[k]
        if positional == 2 and token == "--" and k + 1 < len(argv):
            out.append(_QUOTE + argv[k + 1])
            out += argv[k + 2 :]
            return out
        if positional == 2 and token in RESULT_DASHES:
            out.append(_QUOTE + token)
            positional += 1
        elif token in ("--db", "--tournament", "--by") and k + 1 < len(argv):
            out += argv[k : k + 2]
            k += 1
        else:
            out.append(token)
            positional += 0 if token.startswith("-") and not token.lstrip("-").isdigit() else 1
        k += 1
    return out


READ_ONLY = {"show", "standings", "audit", "export-trf", "report"}
"""Commands that only read the file (opened read-only)."""


def _needs_no_file(args: argparse.Namespace) -> bool:
    """The rating list commands, but for ``update``, and a CSV preview, never open a tournament file."""
    if args.command == "ratings":
        return getattr(args, "ratings_command", None) not in ("update", "settings", "check", "players", "set")
    if args.command == "players" and getattr(args, "preview", False):  # the tournament file, when there is one
        where = getattr(args, "db", None) or default_database_path()
        return isinstance(where, Path) and not where.is_file()
    return False


def _only_reads(args: argparse.Namespace) -> bool:
    if args.command == "players":
        return getattr(args, "players_command", None) in ("list", "export-csv")
    if args.command == "settings":
        changing = [*SETTINGS_OPTIONS.values(), "edition", "tie_break_rules", "rounds_count"]
        return all(getattr(args, field, None) is None for field in changing)
    return args.command in READ_ONLY


def _who(args: argparse.Namespace) -> str:
    """``--by``, else ``$ARBITER_NAME``, else the operating system's account (checked: no control, direction
    or invisible characters)."""
    given = getattr(args, "by", None) or os.environ.get(ARBITER_ENV, "")
    if given.strip():
        return sv.arbiter_name(given)
    try:
        return sv.arbiter_name(getpass.getuser())
    except (OSError, KeyError, ImportError, ArbiterError):
        return ""


def main(argv: Sequence[str] | None = None) -> int:
    global _selected
    parser = _parser()
    args = parser.parse_args(_protect_results(list(sys.argv[1:] if argv is None else argv)))
    if args.command == "new" and args.rounds is None and not args.round_robin:
        # C.04.1.a: a Swiss declares its number of rounds; a round robin's follow from its players.
        parser.error("the following arguments are required for a Swiss: --rounds (or --round-robin)")
    if args.command == "new" and args.chess960_seed is not None and not args.chess960:
        parser.error("--chess960-seed goes with --chess960 (a tournament of standard chess draws no position)")
    _selected = getattr(args, "tournament", None)
    path = getattr(args, "db", None) or default_database_path()
    creating = args.command in ("new", "import-trf", "import-db")
    made = creating and isinstance(path, Path) and not path.exists()
    db: Database | None = None
    code = EXIT_UNEXPECTED
    try:
        if not _needs_no_file(args):
            db = open_database(path, create=creating, read_only=_only_reads(args), arbiter=_who(args))
        if db is not None and args.command != "audit":
            _check_chain(db, args)
        code = int(args.run(db, args))  # the rating list commands run with db None
        sys.stdout.flush()
        return code
    except BrokenPipeError:
        return closed_pipe(PROG)
    except PairingImpossibleError as error:
        print(f"{PROG}: {error}", file=sys.stderr)
        return EXIT_NO_PAIRING
    except (DatabaseFileError, TrfReadError, atomic.OutputRefused) as error:
        print(f"{PROG}: {error}", file=sys.stderr)
        return EXIT_FILE
    except (ArbiterError, TrfFormatError) as error:
        print(f"{PROG}: {error}", file=sys.stderr)
        return EXIT_INVALID
    except OSError as error:
        where = error.filename or "standard output"
        print(f"{PROG}: {where}: {error.strerror or error}", file=sys.stderr)
        return EXIT_FILE
    except Exception as error:  # noqa: BLE001 - the command line never shows a traceback
        print(f"{PROG}: internal error: {type(error).__name__}: {error}", file=sys.stderr)
        return EXIT_UNEXPECTED
    finally:
        if db is not None:
            db.dispose()
        if made and code != EXIT_OK and isinstance(path, Path):
            _remove_made(Path(path))


def _check_chain(db: Database, args: argparse.Namespace) -> None:
    """At every open: a file changed outside the program is a Level-3 warning; a command that writes records the
    change first (asked at a terminal, or --accept-outside-changes), one that reads goes on after the warning."""
    report = sv.verify_audit_chain(db)
    if report.intact:
        return
    if db.read_only:
        print(f"{PROG}: warning (Level 3): {report.summary} ('{PROG} audit --verify')", file=sys.stderr)
        return
    confirming(lambda level: sv.accept_outside_changes(db, confirmed=level),
               bool(getattr(args, "accept_outside_changes", False)))  # fmt: skip
    print(f"{PROG}: recorded in the audit log: {report.summary}", file=sys.stderr)


def _arbiter_name(text: str) -> str:
    try:
        return sv.arbiter_name(text)
    except ArbiterError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def _remove_made(path: Path) -> None:
    """A file this run created for a tournament that was not made (a refused import): nothing left behind."""
    for suffix in ("", "-wal", "-shm", "-journal"):
        try:
            Path(f"{path}{suffix}").unlink()
        except OSError:
            pass


if __name__ == "__main__":
    sys.exit(main())
