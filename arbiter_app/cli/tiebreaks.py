"""``arbiter-tiebreaks``: FIDE C.07 tie-breaks of a TRF file, in the layout of the FIDE TEC checker's tables.

    arbiter-tiebreaks FILE.trf --rules c07-2026 --tiebreaks "BH BH/C1 SB" --tsv
    arbiter-tiebreaks FILE.trf --rules c07-2024 --tiebreaks "BH/C1 BH SB" --rank
    arbiter-tiebreaks FILE.trf --why 3 7

``--tsv`` prints ``StartNo``, ``PTS`` and the codes as given, one line per
player in start-number order; a value that is not defined (ARO without a game
played over the board, ...) is printed ``-0``, as in the checker's tables.
``--rank`` prints the final ranking (shared places when every tie-break is
equal).  ``--why A B`` says which tie-break puts one player above the other
and how its values are built.

Exit status: 0 success, 3 invalid input (an unknown or malformed code), 5 a
file that cannot be read.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from fractions import Fraction

from arbiter_app.cli.pipes import guarded
from arbiter_app.errors import ArbiterError
from arbiter_app.pairing.model import TournamentState
from arbiter_app.standings import standings
from arbiter_app.standings.c07 import (
    EDITIONS,
    RECOMMENDED_SWISS,
    check_rounds,
    parse_codes,
    rules_for,
    tiebreak_values,
)
from arbiter_app.standings.c07.why import explain_text, why_above
from arbiter_app.standings.rules import Value
from arbiter_app.trf.errors import TrfFormatError, TrfReadError
from arbiter_app.trf.reader import read_trf
from arbiter_app.trf.rounds import next_round, state_before_round

EXIT_OK = 0
EXIT_INVALID = 3
EXIT_FILE = 5


def format_value(value: Value, undefined: str = "-0") -> str:
    """Counts and ratings as integers; points with one decimal when exact in halves, else two (0.5 up)."""
    if value is None:
        return undefined
    if isinstance(value, int):
        return str(value)
    if (value * 2).denominator == 1:
        return f"{int(value * 10) / 10:.1f}"
    hundredths = int(value * 100 + Fraction(1, 2)) if value >= 0 else -int(-value * 100 + Fraction(1, 2))
    return f"{hundredths / 100:.2f}"


def tsv_lines(state: TournamentState, rules: str, codes: Sequence[str]) -> list[str]:
    """The header and one line per player in start-number order."""
    edition = EDITIONS[rules]
    values = tiebreak_values(state, edition, codes)
    lines = ["\t".join(["StartNo", "PTS", *codes])]
    for p in sorted(state.players, key=lambda p: p.number):
        row = [str(p.number), format_value(Fraction(p.score, 10)), *(format_value(values[p.number][c]) for c in codes)]
        lines.append("\t".join(row))
    return lines


def rank_lines(state: TournamentState, rules: str, codes: Sequence[str]) -> list[str]:
    """The final ranking: place, start number, points, the tie-breaks."""
    table = standings(state, codes, rules=rules_for(EDITIONS[rules]))
    lines = ["\t".join(["Place", "StartNo", "PTS", *table.tiebreaks])]
    for row in table.rows:
        lines.append("\t".join([row.place_label, str(row.number), format_value(row.score),
                                *(format_value(v, "-") for v in row.tiebreaks)]))  # fmt: skip
    return lines


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="arbiter-tiebreaks", description="FIDE C.07 tie-breaks of a TRF file.")
    parser.add_argument("file", help="the tournament, a TRF-16 or TRF-2026 file")
    parser.add_argument("--rules", choices=sorted(EDITIONS), default="c07-2026", help="the C.07 edition")
    parser.add_argument("--tiebreaks", default=" ".join(RECOMMENDED_SWISS),
                        help='ordered codes, e.g. "BH/C1 BH SB" (modifiers /C1 /M1 /L+1 /U1400 /R)')  # fmt: skip
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--tsv", action="store_true", help="values per player in start-number order (default)")
    mode.add_argument("--rank", action="store_true", help="the final ranking")
    mode.add_argument("--why", nargs=2, type=int, metavar=("A", "B"), help="why A is ranked above B (or not)")
    return parser


def run(argv: Sequence[str] | None = None) -> tuple[int, str]:
    """The exit status and the text to print (for tests and ``main``)."""
    args = _parser().parse_args(argv)
    try:
        doc = read_trf(args.file)
    except (TrfReadError, OSError) as error:
        return EXIT_FILE, f"arbiter-tiebreaks: {error}"
    except TrfFormatError as error:  # a malformed file: one message naming line and column, never a traceback
        return EXIT_INVALID, f"arbiter-tiebreaks: {error}"
    try:
        edition = EDITIONS[args.rules]
        parsed = parse_codes(args.tiebreaks, edition.codes)
        check_rounds(parsed, doc.rounds_count or max((len(p.rounds) for p in doc.players), default=0))
        codes = [str(c) for c in parsed]
        given = [t for t in args.tiebreaks.replace(",", " ").split() if t]
        state = state_before_round(doc, next_round(doc))
        if args.rank:
            return EXIT_OK, "\n".join(rank_lines(state, args.rules, codes))
        if args.why:
            a, b = args.why
            return EXIT_OK, explain_text(why_above(state, edition, codes, a, b))
        return EXIT_OK, "\n".join(tsv_lines(state, args.rules, given))
    except ArbiterError as error:
        return EXIT_INVALID, f"arbiter-tiebreaks: {error}"


def main(argv: Sequence[str] | None = None) -> int:
    def printed() -> int:
        status, text = run(argv)
        print(text, file=sys.stdout if status == EXIT_OK else sys.stderr)
        return status

    return guarded("arbiter-tiebreaks", printed)


if __name__ == "__main__":
    sys.exit(main())
