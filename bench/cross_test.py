"""Two-way cross-test against another public engine of the 2026 Dutch rules (FIDE VCL4THP Q33-Q39).

    python bench/cross_test.py --engine PATH/bbpPairings.exe --tiebreak-checker PATH/tiebreakchecker.py \\
        -n 50000 [--seed 1] [--jobs N] [--resume cross.jsonl] [--report REPORT.md]

Direction 1: our generator (``arbiter-pairings -g``, called in this process) writes N tournaments;
the other engine checks each (``ENGINE --dutch FILE -c``), and so does our
``-c`` (pairings and the standings against the file's ``202`` tie-break
list). Direction 2: the other engine generates N tournaments with its own
generator (``ENGINE --dutch -g CONFIG -o FILE -s SEED``); our checker
re-pairs every round (C.04.3-2026) and checks the standings.

Tie-breaks: with ``--tiebreak-checker PATH`` (the FIDE TEC's reference
tie-break checker, Gacrux's ``tiebreakchecker.py``: its module imported once per
process and its entry point called on each file; it needs ``networkx`` in the
interpreter running this script; ``--reference-subprocess`` runs it by
``--python`` instead, once per call),
every file of both directions is also given to it: each player's value of
every tie-break of the list (the file's ``202`` line; for the other engine's
files, which have none, ``--tiebreaks``) and its rank must equal ours (our
shared place must contain its rank), and for our files its check of the
file's rank column (``-c``) must find nothing.

The other engine is an argument; nothing of it is part of this repository.
It must take the JaVaFo command line (``--dutch FILE -c``, ``-g CONFIG -o
FILE -s SEED``) and read TRF-2026. Field sizes are drawn per tournament from
``--players`` and ``--rounds``, from the tournament's own seed: seed S gives
the same tournaments both ways whatever run it is in. Every discrepancy is
reported with its file and round, and the file is kept in ``--keep`` for triage.

``--jobs N`` (default: the cores) runs N tournaments at a time. ``--resume LOG``
appends one JSON line per tournament and direction (edition, seed, rounds
checked, standings checked, values compared, discrepancies, not generated,
seconds) as each ends; a run given the same log skips the seeds already in it,
so a stopped run continues and runs over other seed ranges add up. The report
is written from the whole log (the records of ``--edition``).
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import multiprocessing
import os
import random
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from arbiter_app.cli.tiebreaks import format_value
from arbiter_app.conformance import check_standings, check_tournament, tiebreak_list_of, with_tournament_records
from arbiter_app.errors import ArbiterError
from arbiter_app.generator import generate, parse_config
from arbiter_app.pairing.editions import edition as edition_named
from arbiter_app.standings import standings
from arbiter_app.standings.c07 import C07_2026, rules_for
from arbiter_app.trf.reader import read_trf
from arbiter_app.trf.rounds import state_before_round
from arbiter_app.trf.writer import write_trf

EDITIONS = ("fide-2026", "baku-2016")


@dataclass
class Direction:
    """Counts of one direction of the cross-test."""

    name: str
    tournaments: int = 0
    rounds: int = 0
    standings_checked: int = 0
    tiebreak_values: int = 0
    not_generated: list[str] = field(default_factory=list)
    discrepancies: list[str] = field(default_factory=list)
    seconds: float = 0.0


def our_config(rng: random.Random, players: tuple[int, int], rounds: tuple[int, int]) -> str:
    """A configuration of our generator: a field size and the rates of VCL4THP Q24, drawn from ``rng``."""
    n = rng.randint(*players)
    r = min(rng.randint(*rounds), n - 1)
    lines = [
        f"PlayersNumber={n}",
        f"RoundsNumber={r}",
        f"DrawPercentage={rng.randint(15, 50)}",
        f"ForfeitPercentage={rng.choice((0, 1, 3))}",
        f"DoubleForfeitPercentage={rng.choice((0, 0, 1))}",
        f"OddResultPercentage={rng.choice((0, 0, 1))}",
        f"HalfPointByePercentage={rng.choice((0, 1, 3))}",
        f"ZeroPointByePercentage={rng.choice((0, 0, 1))}",
        f"FullPointByePercentage={rng.choice((0, 0, 1))}",
        f"RetiredRate={rng.choice((0, 200))}",
        f"RatingDistribution={rng.choice(('uniform', 'normal'))}",
        f"TieBreaks={rng.choice(('BH/C1,BH,SB,DE,WIN', 'BH,SB,ARO', 'PS,BH/M1,WON'))}",
    ]
    if r >= 9 and rng.random() < 0.2:
        lines.append("Acceleration=baku")
    return "\n".join(lines) + "\n"


def engine_config(rng: random.Random, players: tuple[int, int], rounds: tuple[int, int]) -> str:
    """A configuration of the other engine's generator (the JaVaFo keys; its rates are "one in N", N > 0)."""
    n = rng.randint(*players)
    r = min(rng.randint(*rounds), n - 1)
    return (
        f"PlayersNumber={n}\nRoundsNumber={r}\nDrawPercentage={rng.randint(15, 50)}\n"
        f"ForfeitRate={rng.choice((30, 100, 10**6))}\nRetiredRate={rng.choice((200, 10**6))}\n"
        f"HalfPointByeRate={rng.choice((50, 100, 10**6))}\nHighestRating=2700\nLowestRating=1200\n"
    )


def engine_check(engine: str, path: Path) -> tuple[int, list[str]]:
    """Rounds the other engine checked and its discrepancy lines, each prefixed with the round it came in."""
    command = [engine, "--dutch", str(path), "-c"]
    done = subprocess.run(command, capture_output=True, text=True, timeout=600, check=False)
    rounds, current, found = 0, "?", []
    for line in (done.stdout + done.stderr).splitlines():
        if ": Round #" in line:
            rounds += 1
            current = line.rsplit("#", 1)[1]
        elif line.strip():
            found.append(f"round {current}: {line.strip()}")
    if done.returncode not in (0, 1):
        found.append(f"exit status {done.returncode}")
    return rounds, found


def our_check(path: Path, edition: str) -> tuple[int, bool, list[str]]:
    """Rounds re-paired by our engine, whether the standings were checked, and the discrepancies."""
    doc = read_trf(path)
    found = []
    checks = check_tournament(doc, edition_named(edition))
    for check in checks:
        if not check.matches:
            found.append(check.side_by_side().replace("\n", " / "))
    ranking = check_standings(doc)
    if ranking is not None:
        found += [f"standings {issue}" for issue in ranking.issues]
    return len(checks), ranking is not None, found


def _same(theirs: str, ours: str) -> bool:
    """Two printed values: both undefined (``-0``), or equal to the hundredth."""
    if "-0" in (theirs, ours):
        return theirs == ours
    try:
        return abs(float(theirs) - float(ours)) < 0.006
    except ValueError:
        return False


_REFERENCE: dict[str, object] = {}


def run_reference(args: argparse.Namespace, options: list[str]) -> tuple[int, str, str]:
    """Run the reference tie-break checker on ``options``: exit code, output, errors.

    In this process (``--reference-in-process``, the default): its module is imported once per process
    and its entry point called with the options as its command line, output captured. Otherwise one
    ``--python`` process per call.
    """
    checker = Path(args.tiebreak_checker).resolve()
    if not args.reference_in_process:
        command = [args.python, str(checker), *options]
        done = subprocess.run(command, capture_output=True, text=True, timeout=600, check=False, cwd=checker.parent)
        return done.returncode, done.stdout, done.stderr
    module = _REFERENCE.get(str(checker))
    if module is None:
        sys.path.insert(0, str(checker.parent))
        import importlib

        module = importlib.import_module(checker.stem)
        _REFERENCE[str(checker)] = module
    out, err = io.StringIO(), io.StringIO()
    saved = sys.argv
    sys.argv = [str(checker), *options]
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                code = getattr(module, checker.stem)().common_main()
            except SystemExit as stop:
                code = stop.code if isinstance(stop.code, int) else 1
            except Exception as error:  # noqa: BLE001 - the reference's own failure is a reported discrepancy
                err.write(f"{type(error).__name__}: {error}")
                code = 1
    finally:
        sys.argv = saved
    return code, out.getvalue(), err.getvalue()


def tiebreak_check(args: argparse.Namespace, path: Path, ours_file: bool) -> tuple[int, list[str]]:
    """Values compared with the reference tie-break checker, and the differences (player, code, values)."""
    if args.tiebreak_checker is None:
        return 0, []
    doc = with_tournament_records(read_trf(path))
    codes = list(tiebreak_list_of(doc) or args.tiebreaks.split())
    # -s: a Swiss tournament (without it, a field of n players over n - 1 rounds is read as a round robin).
    code, stdout, stderr = run_reference(args, ["-i", str(path), "-s", "-dT", "-t", "PTS", *codes])
    rows = [line.split("\t") for line in stdout.splitlines() if line.strip()]
    if code != 0 or not rows or rows[0][:2] != ["StartNo", "Rank"]:
        return 0, [f"tie-break checker failed: {stderr.strip()[-300:]}"]
    header, found, compared = rows[0], [], 0
    last = doc.last_round_with_results()
    state = state_before_round(doc, last + 1)
    table = standings(state, codes, rules=rules_for(C07_2026))
    ours = {row.number: {"PTS": format_value(row.score), **{c: format_value(v) for c, v in zip(codes, row.tiebreaks, strict=True)}}
            for row in table.rows}  # fmt: skip
    places = {row.number: (row.place, row.place_to) for row in table.rows}
    for row in rows[1:]:
        theirs = dict(zip(header, row, strict=False))
        number = int(theirs["StartNo"])
        # DE (C.07-2026 6) is compared through the ranks: the reference prints the place inside the tied
        # group (0 when it separates no one), we print the points scored in the encounters.
        for code in ["PTS", *(c for c in codes if not c.startswith("DE"))]:
            compared += 1
            if not _same(theirs.get(code, "?"), ours[number][code]):
                found.append(
                    f"round {last}: player {number} {code}: reference {theirs.get(code)}, ours {ours[number][code]}"
                )
        low, high = places[number]
        if not low <= int(theirs["Rank"]) <= high:
            found.append(f"round {last}: player {number} rank: reference {theirs['Rank']}, ours {low}-{high}")
    if ours_file:
        _, stdout, _ = run_reference(args, ["-i", str(path), "-s", "-c", "-d@"])
        if stdout.strip() != "0":
            found.append(f"round {last}: the reference checker finds the rank column wrong ({stdout.strip()[:100]})")
    return compared, found


def keep(directory: Path | None, path: Path) -> str:
    if directory is None:
        return path.name
    directory.mkdir(parents=True, exist_ok=True)
    target = directory / path.name
    target.write_bytes(path.read_bytes())
    return str(target)


OURS, ENGINE = "ours", "engine"
DIRECTION_NAMES = {
    OURS: "our generator -> other engine's checker (pairings); our checker (standings)",
    ENGINE: "other engine's generator -> our checker (pairings by {edition}, standings)",
}


def our_tournament(args: argparse.Namespace, seed: int, work: Path) -> dict:
    """Direction 1 for one seed: the outcome as a log record (see ``record``)."""
    rng = random.Random(seed)
    path = work / f"ours-{seed}.trf"
    try:
        doc = generate(parse_config(our_config(rng, args.players, args.rounds)), seed, edition_named(args.edition))
    except ArbiterError as error:
        return record(args.edition, OURS, seed, not_generated=str(error))
    path.write_text(write_trf(doc), encoding="utf-8")
    rounds, found = engine_check(args.engine, path)
    _, standings_checked, ours = our_check(path, args.edition)
    values, tiebreaks = tiebreak_check(args, path, ours_file=True)
    lines = found + [f"(our check) {line}" for line in ours] + [f"(tie-breaks) {line}" for line in tiebreaks]
    kept = keep(args.keep, path) if lines else path.name
    return record(args.edition, OURS, seed, rounds=rounds, standings=standings_checked, values=values,
                  discrepancies=[f"{kept}: {line}" for line in lines])  # fmt: skip


def engine_tournament(args: argparse.Namespace, seed: int, work: Path) -> dict:
    """Direction 2 for one seed: the outcome as a log record (see ``record``)."""
    rng = random.Random(seed + 1_000_000_000)
    config, path = work / f"engine-{seed}.cfg", work / f"engine-{seed}.trf"
    config.write_text(engine_config(rng, args.players, args.rounds), encoding="utf-8")
    command = [args.engine, "--dutch", "-g", str(config), "-o", str(path), "-s", str(seed)]
    done = subprocess.run(command, capture_output=True, text=True, timeout=600, check=False)
    if done.returncode != 0 or not path.exists():
        return record(args.edition, ENGINE, seed, not_generated=f"exit {done.returncode} {done.stderr.strip()[:200]}")
    try:
        rounds, standings_checked, found = our_check(path, args.edition)
        values, tiebreaks = tiebreak_check(args, path, ours_file=False)
        found += [f"(tie-breaks) {line}" for line in tiebreaks]
    except ArbiterError as error:
        rounds, standings_checked, found, values = 0, False, [f"not read: {error}"], 0
    kept = keep(args.keep, path) if found else path.name
    return record(args.edition, ENGINE, seed, rounds=rounds, standings=standings_checked, values=values,
                  discrepancies=[f"{kept}: {line}" for line in found])  # fmt: skip


def record(
    edition: str,
    direction: str,
    seed: int,
    *,
    rounds: int = 0,
    standings: bool = False,
    values: int = 0,
    discrepancies: list[str] | None = None,
    not_generated: str | None = None,
) -> dict:
    """One line of the log: one tournament of one direction, by seed."""
    return {
        "edition": edition,
        "direction": direction,
        "seed": seed,
        "rounds": rounds,
        "standings": bool(standings),
        "values": values,
        "discrepancies": list(discrepancies or []),
        "not_generated": not_generated,
    }


def read_log(path: Path | None) -> list[dict]:
    """The records of a log; a last line cut short by a stop is left out (that tournament is run again)."""
    if path is None or not path.exists():
        return []
    records = []
    for line in path.read_text(encoding="utf-8").splitlines():
        try:
            records.append(json.loads(line))
        except json.JSONDecodeError:
            continue
    return records


def latest(records: list[dict], edition: str) -> dict[tuple[str, int], dict]:
    """The records of ``edition`` by (direction, seed); a seed logged twice counts once."""
    return {(r["direction"], r["seed"]): r for r in records if r["edition"] == edition}


def to_do(records: list[dict], edition: str, seeds: range) -> list[tuple[str, int]]:
    """The (direction, seed) pairs of ``seeds`` not yet in the log, in seed order, both ways."""
    done = latest(records, edition)
    return [(d, seed) for seed in seeds for d in (OURS, ENGINE) if (d, seed) not in done]


def directions_of(records: list[dict], edition: str) -> list[Direction]:
    """The counts of both directions over every record of ``edition`` (several runs add up)."""
    totals = {d: Direction(DIRECTION_NAMES[d].format(edition=edition)) for d in (OURS, ENGINE)}
    for (direction, seed), r in sorted(latest(records, edition).items(), key=lambda item: (item[0][1], item[0][0])):
        d = totals[direction]
        if r["not_generated"] is not None:
            d.not_generated.append(f"seed {seed}: {r['not_generated']}")
            continue
        d.tournaments += 1
        d.rounds += r["rounds"]
        d.standings_checked += r["standings"]
        d.tiebreak_values += r["values"]
        d.discrepancies += r["discrepancies"]
    return [totals[OURS], totals[ENGINE]]


def _run_task(task: tuple[argparse.Namespace, str, int]) -> dict:
    args, direction, seed = task
    start = time.perf_counter()
    with tempfile.TemporaryDirectory() as folder:
        run = our_tournament if direction == OURS else engine_tournament
        outcome = run(args, seed, Path(folder))
    outcome["seconds"] = round(time.perf_counter() - start, 3)
    return outcome


def run(args: argparse.Namespace) -> list[dict]:
    """Run every (direction, seed) not yet logged, ``--jobs`` at a time; append each outcome to the log."""
    records = read_log(args.resume)
    tasks = [(args, d, seed) for d, seed in to_do(records, args.edition, range(args.seed, args.seed + args.n))]
    log = args.resume.open("a", encoding="utf-8") if args.resume else None
    try:
        if args.jobs == 1:
            outcomes = map(_run_task, tasks)
            pool = None
        else:
            pool = multiprocessing.get_context("fork").Pool(args.jobs)
            outcomes = pool.imap_unordered(_run_task, tasks)
        for outcome in outcomes:
            records.append(outcome)
            if log is not None:
                log.write(json.dumps(outcome, sort_keys=True) + "\n")
                log.flush()
        if pool is not None:
            pool.close()
            pool.join()
    finally:
        if log is not None:
            log.close()
    return records


def report(args: argparse.Namespace, directions: list[Direction], records: list[dict]) -> str:
    seeds = sorted({r["seed"] for r in latest(records, args.edition).values()})
    seconds = {d: sum(r.get("seconds", 0) for r in latest(records, args.edition).values() if r["direction"] == d)
               for d in (OURS, ENGINE)}  # fmt: skip
    lines = [
        "# Cross-test against another public engine (FIDE VCL4THP Q33-Q39)",
        "",
        (
            f"Command: `python bench/cross_test.py --engine ENGINE --edition {args.edition} -n {args.n} --seed {args.seed}"
            f" --players {args.players[0]} {args.players[1]} --rounds {args.rounds[0]} {args.rounds[1]}`"
            + (
                f" (log `{args.resume.name}`: seeds {seeds[0]}-{seeds[-1]}, {len(seeds)} seeds)"
                if seeds and args.resume
                else ""
            )
        ),
        (
            f"Date: {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}. Engine: `{Path(args.engine).name}`"
            " (given on the command line, not part of the repository)."
        ),
        "",
        (
            "| direction | tournaments | rounds checked | standings checked | tie-break values compared"
            " | not generated | discrepancies | seconds (one core) |"
        ),
        "|---|---|---|---|---|---|---|---|",
    ]
    for key, d in zip((OURS, ENGINE), directions, strict=True):
        lines.append(f"| {d.name} | {d.tournaments} | {d.rounds} | {d.standings_checked} | {d.tiebreak_values}"
                     f" | {len(d.not_generated)}"
                     f" | {len(d.discrepancies)} | {seconds[key]:.0f} |")  # fmt: skip
    for d in directions:
        lines += ["", f"## {d.name}", ""]
        lines += [f"- {x}" for x in d.discrepancies[:200]] or ["No discrepancy."]
        if d.not_generated:
            lines += ["", "Not generated (the round that could not be paired):", ""]
            lines += [f"- {x}" for x in d.not_generated[:50]]
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--engine", required=True, help="the other engine's executable (JaVaFo command line)")
    parser.add_argument("--edition", choices=EDITIONS, default="fide-2026", help="the rules the engine implements")
    parser.add_argument("-n", type=int, default=200, help="tournaments each way (release: 50000)")
    parser.add_argument("--seed", type=int, default=1, help="first seed; tournament k uses seed + k")
    parser.add_argument("--players", type=int, nargs=2, default=(8, 60), metavar=("MIN", "MAX"))
    parser.add_argument("--rounds", type=int, nargs=2, default=(5, 11), metavar=("MIN", "MAX"))
    parser.add_argument("--tiebreak-checker", type=Path, help="the reference tie-break checker (tiebreakchecker.py)")
    parser.add_argument("--python", default="python3", help="the interpreter of the tie-break checker")
    parser.add_argument("--tiebreaks", default="BH/C1 BH SB DE WIN", help="the list for files without a 202 line")
    parser.add_argument("--report", type=Path, help="write the Markdown report here (default: print it)")
    parser.add_argument("--keep", type=Path, help="copy every file with a discrepancy into this folder")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="processes (default: the cores)")
    parser.add_argument(
        "--resume",
        type=Path,
        help="JSON-lines log: seeds already in it are skipped, new outcomes appended, report from it",
    )
    parser.add_argument(
        "--reference-subprocess",
        dest="reference_in_process",
        action="store_false",
        help="run the reference checker by --python, once per call (default: imported in-process)",
    )
    args = parser.parse_args(argv)
    records = run(args)
    directions = directions_of(records, args.edition)
    text = report(args, directions, records)
    if args.report:
        args.report.write_text(text, encoding="utf-8")
    else:
        sys.stdout.write(text)
    return 0 if not any(d.discrepancies for d in directions) else 1


if __name__ == "__main__":
    sys.exit(main())
