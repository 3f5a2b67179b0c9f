"""``arbiter-pairings``: the pairing engine on TRF files, with the command line of the endorsed engines.

    arbiter-pairings --dutch IN.trf -p [OUT]     pair the next round
    arbiter-pairings --dutch IN.trf -c [--tiebreaks LIST]
                                                 re-pair every round and compare, and check the
                                                 standings (rank and points columns) against the
                                                 file's tie-break list (202 line) or LIST
    arbiter-pairings --dutch IN.trf --explain [--round R] [--json]
    arbiter-pairings --dutch IN.trf --why-not A B | --why-float X
    arbiter-pairings --dutch IN.trf --compare-editions [--round R] [--json]
    arbiter-pairings --dutch -g [CONFIG] -o OUT.trf [-s SEED] [--format trf-2026|trf-16]
                                                 generate a random tournament (the CONFIG keys:
                                                 arbiter_app/generator.py; a fresh seed per run without -s)
    arbiter-pairings --berger N [--double] [--reverse-last-two]
                                                 the Berger table of N players (C.05 Annex 1):
                                                 "Round r", then "white black" per board, "N sits out" for the
                                                 player without an opponent (2 to 1000 players)

Exit status: 0 success, 1 no legal pairing (or, with -c, rounds that
differ or standings that break the tie-break list), 3 invalid input, 5 a
file that cannot be read or written. Neither -c nor -g loads the GUI.
"""

from __future__ import annotations

import argparse
import itertools
import random
import re
import sys
from collections.abc import Sequence
from pathlib import Path

from arbiter_app import atomic
from arbiter_app.cli.pipes import guarded
from arbiter_app.conformance import check_standings, check_tournament, edition_for
from arbiter_app.errors import ArbiterError, PairingImpossibleError
from arbiter_app.pairing.editions import DEFAULT, EDITIONS, DutchEdition, edition
from arbiter_app.pairing.engine import pair_round
from arbiter_app.pairing.model import Board, RoundPairing
from arbiter_app.trf.errors import TrfReadError
from arbiter_app.trf.model import TrfDocument
from arbiter_app.trf.reader import read_trf
from arbiter_app.trf.rounds import berger_numbers_of, next_round, round_robin_of, state_before_round
from arbiter_app.trf.versions import FORMATS, TRF2026

# Start-up: pairing a round (-p) imports the engine and the TRF reader only; the explanation (--explain ...)
# and the generator (-g) are imported when asked for.
from arbiter_app.trf.writer import write_trf

EXIT_OK = 0
EXIT_NO_PAIRING = 1
EXIT_INVALID = 3
EXIT_FILE = 5


EXPLAIN_HELP = """\
explain a pairing (instead of -p, -c or -g; R: the next round unless --round R):
  --explain [--round R] [--json] [--bracket K] [--no-trails]
                        the pairing of round R, bracket by bracket
  --why-not A B [--round R] [--json]
                        why are A and B not paired?
  --why-float X [--round R] [--json]
                        why does X float (or get the bye)?
  --compare-editions [--round R] [--json]
                        the round paired by Baku 2016 and by the 2026 rules, side by side
round robin (instead of --dutch):
  --berger N [--double] [--reverse-last-two]
                        the Berger tables of N players (C.05 Annex 1, 2 to 1000): "Round r", then
                        "white black" per board, "N sits out" for the player without an opponent
"""


GENERATOR_HELP = """\
generate (-g CONFIG): key=value lines, every key optional (left out: a value drawn from the seed)
  PlayersNumber RoundsNumber              the field (drawn: 10-80 players, 5-11 rounds)
  Ratings=2400,2350,...                   the ratings themselves (0: unrated), else
  HighestRating LowestRating RatingDistribution=uniform|normal UnratedPercentage
  DrawPercentage                          draws between equal ratings; results by the FIDE rating table
  ForfeitPercentage (or ForfeitRate=N: one in N) DoubleForfeitPercentage
  OddResultPercentage                     1/2-0, 0-1/2 and 0-0
  HalfPointByePercentage FullPointByePercentage ZeroPointByePercentage (or HalfPointByeRate=N)
  HalfPointByeCount FullPointByeCount ZeroPointByeCount
                                          ...@R for round R only, e.g. FullPointByeCount@3=2
  RetiredRate=N                           one player in N retires per round
  Acceleration=none|baku                  Baku acceleration (C.04.5; 9 rounds or more)
  TieBreaks=BH/C1,BH,SB TieBreakRules=c07-2026|c07-2024
  PointsForWin PointsForDraw
"""


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="arbiter-pairings",
        description="FIDE (Dutch) system pairings: C.04.3 as applied from 1 February 2026, or as approved in Baku 2016.",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog=GENERATOR_HELP + "\n" + EXPLAIN_HELP,
    )
    parser.add_argument(
        "--dutch",
        metavar="IN.trf",
        nargs="?",
        required=True,
        help="the tournament, a TRF-16 or TRF-2026 file (not with -g)",
    )
    action = parser.add_mutually_exclusive_group(required=True)
    action.add_argument("-p", dest="pair", nargs="?", const="-", metavar="OUT", help="pair the next round")
    action.add_argument(
        "-c", dest="check", action="store_true", help="re-pair every round and compare; check the standings"
    )
    action.add_argument(
        "-g",
        dest="generate",
        nargs="?",
        const="",
        metavar="CONFIG",
        help="generate a random tournament; CONFIG: key=value lines (default settings without it)",
    )
    parser.add_argument("-o", dest="output", metavar="OUT.trf", help="with -g: the file to write")
    parser.add_argument("-s", dest="seed", type=int, metavar="SEED", help="with -g: the seed (default: drawn, printed)")
    parser.add_argument(
        "--format",
        dest="trf_format",
        choices=FORMATS,
        help="with -g: the TRF version written (default: trf-2026, with the 142 152 162 192 202 records)",
    )
    parser.add_argument(
        "--tiebreaks",
        metavar="LIST",
        help='with -c: the tie-break list, e.g. "BH/C1,BH,SB" (default: the file\'s 202 line, else points only)',
    )
    parser.add_argument(
        "--tiebreak-rules",
        metavar="RULES",
        default="c07-2026",
        help="with -c: the C.07 edition of the tie-breaks, c07-2026 (default) or c07-2024",
    )
    parser.add_argument(
        "--edition",
        choices=sorted(EDITIONS),
        help=f"edition of the Dutch rules (default: the file's 092 line, else {DEFAULT.name}, the rules in force)",
    )
    return parser


def format_pairing(pairing: RoundPairing) -> str:
    """The engines' output: number of pairs, then ``white black`` per board, the bye as ``id 0``."""
    lines = [f"{b.white} {b.black}" for b in pairing.boards]
    if pairing.bye is not None:
        lines.append(f"{pairing.bye} 0")
    return "\n".join([str(len(lines)), *lines]) + "\n"


def _read(path: str) -> TrfDocument:
    """Read a TRF file, telling the arbiter about anything legal but suspicious in it."""
    doc = read_trf(path)
    for warning in doc.warnings:
        print(f"arbiter-pairings: warning: {path}, {warning}", file=sys.stderr)
    return doc


def _pair(path: str, out: str, rules: DutchEdition | None) -> int:
    doc = _read(path)
    round_number = next_round(doc)
    if doc.rounds_count is not None and round_number > doc.rounds_count:
        raise ArbiterError(f"{path}: all {doc.rounds_count} rounds (XXR) have been paired; there is no round to pair")
    rr = round_robin_of(doc)
    if rr is not None:
        # A round robin (the 192 code or the 092 line): the Berger table's round, in starting ranks (C.05 Annex 1).
        from arbiter_app.pairing.berger import schedule

        numbers = berger_numbers_of(doc)
        rank = {berger: start for start, berger in numbers.items()}
        rounds = schedule(len(doc.players), *rr)
        if round_number > len(rounds):
            raise ArbiterError(f"{path}: the round robin's {len(rounds)} rounds have been paired")
        table = rounds[round_number - 1]
        pairing = RoundPairing(
            round_number,
            tuple(Board(rank[w], rank[b]) for w, b in table.boards),
            rank[table.bye] if table.bye is not None else None,
        )
    else:
        pairing = pair_round(state_before_round(doc, round_number), edition_for(doc, rules))
    text = format_pairing(pairing)
    if out == "-":
        sys.stdout.write(text)
    else:
        try:  # as the endorsed engines do, -p OUT replaces OUT (checkers reuse it); never the input, nor a database
            atomic.write_text(out, text, replace=True, protect=[path])
        except OSError as error:
            print(f"arbiter-pairings: cannot write {out}: {error.strerror}", file=sys.stderr)
            return EXIT_FILE
    return EXIT_OK


def _check(path: str, rules: DutchEdition | None, tiebreaks: str | None, tiebreak_rules: str) -> int:
    """The pairings round by round, then the standings after the last round (VCL4THP Q21)."""
    doc = _read(path)
    checks = check_tournament(doc, rules)
    different = [c for c in checks if not c.matches]
    for check in different:
        print(check.side_by_side(), end="\n\n")
    print(f"{len(checks) - len(different)} of {len(checks)} rounds identical")
    codes = [c for c in re.split(r"[,;\s]+", tiebreaks) if c] if tiebreaks is not None else None
    ranking = check_standings(doc, codes, tiebreak_rules)
    if ranking is None:
        print("standings: the file has no rank or points column")
    else:
        for issue in ranking.issues:
            print(f"standings: {issue}")
        print(ranking.summary())
    return EXIT_OK if not different and not (ranking and ranking.issues) else EXIT_NO_PAIRING


def _generate(config_path: str, output: str, seed: int | None, rules: DutchEdition, trf_format: str | None) -> int:
    """Write a random tournament to ``output``; without ``seed``, draw one and print it to stderr."""
    from arbiter_app.generator import DRAWN, generate, parse_config

    config = DRAWN
    if config_path:
        try:
            config = parse_config(Path(config_path).read_text(encoding="utf-8", errors="replace"), config_path)
        except OSError as error:
            print(f"arbiter-pairings: cannot read {config_path}: {error.strerror}", file=sys.stderr)
            return EXIT_FILE
    if seed is None:
        seed = random.SystemRandom().randrange(2**32)
        print(f"arbiter-pairings: seed {seed}", file=sys.stderr)
    text = write_trf(generate(config, seed, rules, trf_format or TRF2026))
    try:
        atomic.write_text(output, text, replace=True, protect=[config_path or None])
    except OSError as error:
        print(f"arbiter-pairings: cannot write {output}: {error.strerror}", file=sys.stderr)
        return EXIT_FILE
    return EXIT_OK


EXPLAIN_OPTIONS = {"--explain", "--why-not", "--why-float", "--compare-editions"}


BERGER_MOST = 1000
"""The most players ``--berger`` lays out: 999 rounds of 500 boards (half a million lines, a second); a larger field
is no round robin anyone plays, and its table would take minutes and gigabytes."""


def _berger(arguments: list[str]) -> int:
    """``--berger N [--double] [--reverse-last-two]``: the round robin's rounds by the Berger tables, written round
    by round; the player without an opponent in an odd field sits out (no bye: ``N sits out``)."""
    from arbiter_app.pairing.berger import berger_round, cycle_order, reversed_colours, rounds_in_cycle

    parser = argparse.ArgumentParser(prog="arbiter-pairings --berger", description="Berger tables (C.05 Annex 1)")
    parser.add_argument("--berger", metavar="N", type=int, required=True, help="number of players")
    parser.add_argument("--double", action="store_true", help="a double round robin (the second cycle reversed)")
    parser.add_argument(
        "--reverse-last-two",
        action="store_true",
        help="double round robin: play the first cycle's last two rounds in reverse order",
    )
    args = parser.parse_args(arguments)
    players = args.berger
    if not 2 <= players <= BERGER_MOST:
        print(f"arbiter-pairings: --berger {players}: a round robin of 2 to {BERGER_MOST} players", file=sys.stderr)
        return EXIT_INVALID
    if args.reverse_last_two and not args.double:
        print("arbiter-pairings: --reverse-last-two applies to a double round robin (--double)", file=sys.stderr)
        return EXIT_INVALID
    count = rounds_in_cycle(players)
    first = cycle_order(players, args.reverse_last_two) if args.double else list(range(1, count + 1))
    second_cycle = range(1, count + 1) if args.double else range(0)
    rounds = itertools.chain(
        ((played, berger_round(players, t), False) for played, t in enumerate(first, 1)),
        ((count + t, berger_round(players, t), True) for t in second_cycle),
    )
    for played, table_round, second in rounds:  # made and written one at a time: the memory of one round
        round_ = reversed_colours(table_round, played) if second else table_round
        lines = [f"Round {played}", *(f"{white} {black}" for white, black in round_.boards)]
        if round_.bye is not None:
            lines.append(f"{round_.bye} sits out")
        sys.stdout.write("\n".join(lines) + "\n")
    return EXIT_OK


def main(argv: Sequence[str] | None = None) -> int:
    """The command line (``--berger``, the explanations, ``-p``, ``-c``, ``-g``); a reader of standard output that
    stops early (``| head``) ends it without a traceback."""
    return guarded("arbiter-pairings", lambda: _main(argv))


def _main(argv: Sequence[str] | None = None) -> int:
    arguments = list(sys.argv[1:] if argv is None else argv)
    if any(a == "--berger" or a.startswith("--berger=") for a in arguments):
        return _berger(arguments)
    if EXPLAIN_OPTIONS & set(arguments):
        # "Explain this pairing": --explain [--round R] [--json], --why-not A B, --why-float X,
        # --compare-editions (the round by Baku 2016 and by C.04.3-2026, side by side).
        from arbiter_app.cli import explain

        return explain.run(arguments)
    parser = _parser()
    args = parser.parse_args(arguments)
    generating = args.generate is not None
    if generating and args.dutch is not None:
        parser.error("-g takes no IN.trf: --dutch -g [CONFIG] -o OUT.trf")
    if generating and args.output is None:
        parser.error("-g needs -o OUT.trf")
    if not generating and args.dutch is None:
        parser.error("-p and -c need --dutch IN.trf")
    if not generating and (args.output is not None or args.seed is not None or args.trf_format is not None):
        parser.error("-o, -s and --format go with -g")
    if not args.check and args.tiebreaks is not None:
        parser.error("--tiebreaks goes with -c")
    asked = edition(args.edition) if args.edition is not None else None  # the name, read once
    try:
        if generating:
            return _generate(args.generate, args.output, args.seed, asked or DEFAULT, args.trf_format)
        if args.check:
            return _check(args.dutch, asked, args.tiebreaks, args.tiebreak_rules)
        return _pair(args.dutch, args.pair, asked)
    except (TrfReadError, atomic.OutputRefused) as error:
        print(f"arbiter-pairings: {error}", file=sys.stderr)
        return EXIT_FILE
    except PairingImpossibleError as error:
        print(f"arbiter-pairings: {error}", file=sys.stderr)
        return EXIT_NO_PAIRING
    except ArbiterError as error:
        print(f"arbiter-pairings: {error}", file=sys.stderr)
        return EXIT_INVALID


if __name__ == "__main__":
    sys.exit(main())
