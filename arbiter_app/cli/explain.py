"""The explanation's command line, part of ``arbiter-pairings`` (:mod:`arbiter_app.cli.pairings` hands it the
explanation's options).

    arbiter-pairings --dutch IN.trf --explain [--round R] [--json] [--bracket K] [--no-trails]
    arbiter-pairings --dutch IN.trf --why-not A B [--round R] [--json]
    arbiter-pairings --dutch IN.trf --why-float X [--round R] [--json]
    arbiter-pairings --dutch IN.trf --compare-editions [--round R] [--json]

R defaults to the next round (the last round with results, plus one); for a
round already played, the tournament as it stood before it is rebuilt from
the file.  Exit status: 0 success, 1 no legal pairing (A.9), 3 invalid input
(an unknown player, a round out of range, bad arguments), 5 a file that
cannot be read.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import NoReturn, TextIO

from arbiter_app.errors import ArbiterError, PairingImpossibleError
from arbiter_app.explain.compare import compare_editions, comparison_json, comparison_text
from arbiter_app.explain.explanation import RoundExplanation, explain_round
from arbiter_app.explain.manual_notes import is_manual_example
from arbiter_app.explain.render_json import round_json, why_float_json, why_not_json
from arbiter_app.explain.render_text import round_text
from arbiter_app.explain.why import why_float, why_not
from arbiter_app.explain.why_text import why_float_text, why_not_text
from arbiter_app.pairing.editions import BAKU_2016, DEFAULT, EDITIONS, DutchEdition, declared_edition, edition
from arbiter_app.pairing.model import TournamentState
from arbiter_app.trf.errors import TrfError, TrfReadError
from arbiter_app.trf.model import TrfDocument
from arbiter_app.trf.reader import read_trf
from arbiter_app.trf.rounds import state_before_round

EXIT_OK = 0
EXIT_NO_PAIRING = 1
EXIT_INVALID = 3
EXIT_FILE = 5

PROGRAM = "arbiter-pairings"


class _InvalidArguments(Exception):
    pass


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise _InvalidArguments(message)


def parser() -> argparse.ArgumentParser:
    p = _Parser(
        prog=PROGRAM, description="Explain a FIDE (Dutch) pairing, by C.04.3-2026 or C.04.3 as approved in Baku 2016."
    )
    p.add_argument("--dutch", metavar="IN.trf", required=True, help="the tournament, a TRF-16 or TRF-2026 file")
    action = p.add_mutually_exclusive_group(required=True)
    action.add_argument("--explain", action="store_true", help="explain the pairing of a round, bracket by bracket")
    action.add_argument("--why-not", nargs=2, type=int, metavar=("A", "B"), help="why are A and B not paired?")
    action.add_argument("--why-float", type=int, metavar="X", help="why does X float (or get the bye)?")
    action.add_argument(
        "--compare-editions",
        action="store_true",
        help="pair the round by Baku 2016 and by C.04.3-2026, side by side, each difference with its criterion",
    )
    p.add_argument("--round", type=int, metavar="R", help="the round (default: the next one)")
    p.add_argument("--json", action="store_true", help="JSON instead of text")
    p.add_argument(
        "--bracket",
        type=int,
        metavar="K",
        help="explain only bracket K (a large one's trail is cut after 20,000 candidates or 100,000 search steps)",
    )
    p.add_argument("--no-trails", action="store_true", help="the outline and chosen pairings only")
    p.add_argument(
        "--edition",
        choices=sorted(EDITIONS),
        help="edition of the Dutch rules (default: the file's 092 line; without one, the rules in force, "
        f"{DEFAULT.name}, but {BAKU_2016.name} for the Arbiters' Manual's example)",
    )
    return p


def run(argv: Sequence[str], out: TextIO | None = None, err: TextIO | None = None) -> int:
    """Run the explanation command line; returns the exit status."""
    out = out or sys.stdout
    err = err or sys.stderr
    try:
        args = parser().parse_args(list(argv))
    except _InvalidArguments as error:
        print(f"{PROGRAM}: {error}", file=err)
        return EXIT_INVALID
    try:
        if args.compare_editions:
            comparison = compare_editions(_state(args)[1])
            out.write(_dump(comparison_json(comparison)) if args.json else comparison_text(comparison))
            return EXIT_OK
        explanation = _explanation(args)
        out.write(_answer(explanation, args))
        return EXIT_OK
    except (TrfError, PairingImpossibleError, ArbiterError) as error:
        print(f"{PROGRAM}: {error}", file=err)
        return _exit_code(error)


def _exit_code(error: Exception) -> int:
    """The exit status of a refused explanation: the file unreadable, no legal pairing, or anything else invalid
    (TrfReadError is a TrfError: the more specific class is asked first)."""
    if isinstance(error, TrfReadError):
        return EXIT_FILE
    if isinstance(error, PairingImpossibleError):
        return EXIT_NO_PAIRING
    return EXIT_INVALID


def _state(args: argparse.Namespace) -> tuple[TrfDocument, TournamentState]:
    doc = read_trf(args.dutch)
    next_round = doc.last_round_with_results() + 1
    round_number = next_round if args.round is None else args.round
    if not 1 <= round_number <= next_round:
        raise ArbiterError(f"round {round_number} cannot be explained: the file allows rounds 1 to {next_round}")
    return doc, state_before_round(doc, round_number)


def _explanation(args: argparse.Namespace) -> RoundExplanation:
    doc, state = _state(args)
    explanation = explain_round(state, explanation_edition(doc, state, edition(args.edition) if args.edition else None))
    if args.bracket is not None:
        explanation.bracket(args.bracket)  # validates K
        explanation.trail_limit, explanation.trail_nodes = 20_000, 100_000
    return explanation


def explanation_edition(doc: TrfDocument, state: TournamentState, asked: DutchEdition | None = None) -> DutchEdition:
    """The edition to explain by: the one asked for, the file's ``092`` line, else the rules in force.

    The Arbiters' Manual's worked example follows the Baku 2016 text (its walkthroughs cite C.04.3 of
    2016), so without a ``092`` line it is explained by that edition.
    """
    declared = declared_edition(doc)
    if asked is None and declared is None and is_manual_example(state):
        return BAKU_2016
    return asked or declared or DEFAULT


def _answer(explanation: RoundExplanation, args: argparse.Namespace) -> str:
    if args.why_not is not None:
        answer = why_not(explanation, *args.why_not)
        if args.json:
            return _dump(why_not_json(explanation, answer))
        return why_not_text(explanation, answer)
    if args.why_float is not None:
        floats = why_float(explanation, args.why_float)
        if args.json:
            return _dump(why_float_json(explanation, floats))
        return why_float_text(explanation, floats)
    trails = not args.no_trails
    if args.json:
        return _dump(round_json(explanation, trails, args.bracket))
    return round_text(explanation, trails, args.bracket)


def _dump(data: object) -> str:
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"


if __name__ == "__main__":
    sys.exit(run(sys.argv[1:]))
