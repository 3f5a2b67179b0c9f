"""Seeded mutations of TRF corpus files, and what every mutated input must satisfy (issue 14).

For each mutation of a corpus file:

- reading it raises nothing but :class:`~arbiter_app.errors.ArbiterError`
  (a ``TrfFormatError`` naming line and column), within :data:`CASE_SECONDS`;
- a document that reads is imported into a fresh tournament file, or refused
  with an ``ArbiterError`` leaving the file exactly as it was (nothing stored);
- an imported tournament exports (nothing accepted that TRF cannot write);
- every few cases the command lines run on it in-process: ``arbiter
  import-trf`` exits 0, 3 or 5, never "internal error", and leaves no file
  when it refuses; ``arbiter-pairings -p OUT`` exits 0, 1, 3 or 5 and leaves
  no ``OUT`` when it fails.

Used by ``tests/trf/test_fuzz.py`` (a few hundred mutations) and
``bench/fuzz_trf.py`` (as many as asked).
"""

from __future__ import annotations

import contextlib
import io
import random
import shutil
import signal
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace
from pathlib import Path

from arbiter_app.cli import arbiter as arbiter_cli
from arbiter_app.cli import pairings as pairings_cli
from arbiter_app.errors import ArbiterError
from arbiter_app.pairing.editions import FIDE_2026
from arbiter_app.persistence import open_database
from arbiter_app.services import export_trf, import_trf, list_tournaments
from arbiter_app.trf.model import RoundEntry, TrfDocument
from arbiter_app.trf.reader import parse_trf_bytes

ROOT = Path(__file__).resolve().parents[2]
CORPUS = ROOT / "tests" / "data" / "conformance"
CASE_SECONDS = 120.0
"""A case taking longer is a hang: far above what any case needs (a few seconds at most on a loaded machine), so
that only a real hang counts, never a slow machine."""

_CODES = [b"001", b"XXR", b"XXC", b"XXA", b"XXP", b"BBW", b"BBD", b"BBL", b"BBU", b"BBZ", b"BBF", b"012", b"132"]
_NOISE = [b"\x00", b"\r", b"\n", b"\r\n", b"\t", b"\xff\xfe", b"\xef\xbb\xbf", b"-", b"+", b"=", b"U", b"H", b" "]


def corpus_files(limit: int | None = None, max_bytes: int = 6_000) -> list[Path]:
    """Small corpus TRF files, sorted (the pairing of the next round stays quick)."""
    files = sorted(p for p in CORPUS.rglob("*.trf") if p.stat().st_size <= max_bytes)
    return files[:limit] if limit is not None else files


def _digits(rng: random.Random) -> bytes:
    return str(rng.choice([0, 1, 9, 99, 999, 1000, 9999, 10**5, 10**19, 10**20])).encode() + (
        b"9" * rng.choice([0, 0, 0, 50, 5000])
    )


def mutate(data: bytes, rng: random.Random) -> bytes:
    """One to three random edits of ``data`` (one most often)."""
    for _ in range(rng.choice((1, 1, 1, 1, 2, 2, 3))):
        lines = data.split(b"\n")
        kind = rng.randrange(12)
        k = rng.randrange(len(lines))
        if kind == 0 and data:  # flip a byte
            at = rng.randrange(len(data))
            data = data[:at] + bytes([rng.randrange(256)]) + data[at + 1 :]
        elif kind == 1:  # insert noise
            at = rng.randrange(len(data) + 1)
            data = data[:at] + rng.choice(_NOISE) * rng.randint(1, 3) + data[at:]
        elif kind == 2 and data:  # delete a range
            at = rng.randrange(len(data))
            data = data[:at] + data[at + rng.randint(1, 40) :]
        elif kind == 3:  # duplicate a line
            lines.insert(k, lines[k])
            data = b"\n".join(lines)
        elif kind == 4 and len(lines) > 1:  # swap two lines
            j = rng.randrange(len(lines))
            lines[k], lines[j] = lines[j], lines[k]
            data = b"\n".join(lines)
        elif kind == 5:  # a digit run becomes a huge or odd number
            digits = [m for m in range(len(data)) if data[m : m + 1].isdigit()]
            if digits:
                at = rng.choice(digits)
                data = data[:at] + _digits(rng) + data[at + 1 :]
        elif kind == 6:  # a setting or extension line with odd values
            code = rng.choice(_CODES)
            count = rng.randint(1, 6)
            words = b" ".join(_digits(rng) if rng.random() < 0.7 else rng.choice(_NOISE) for _ in range(count))
            lines.insert(k, code + b" " + words)
            data = b"\n".join(lines)
        elif kind == 7:  # truncate
            data = data[: rng.randrange(len(data) + 1)]
        elif kind == 8:  # a round cell's code or colour
            line = lines[k]
            if line.startswith(b"001") and len(line) > 99:
                at = rng.randrange(91, len(line))
                code = rng.choice([b"U", b"H", b"F", b"Z", b"+", b"-", b"w", b"b", b"=", b"1", b"0"])
                lines[k] = line[:at] + code + line[at + 1 :]
                data = b"\n".join(lines)
        elif kind == 9:  # an opponent number
            line = lines[k]
            if line.startswith(b"001") and len(line) > 99:
                cell = 91 + 10 * rng.randrange((len(line) - 91) // 10)
                lines[k] = line[:cell] + str(rng.randint(0, 120)).rjust(4).encode() + line[cell + 4 :]
                data = b"\n".join(lines)
        elif kind == 10:  # a long XXP / XXA line
            count = rng.choice([3, 50, 500, 5000])
            numbers = b" ".join(str(rng.randint(1, 60)).encode() for _ in range(count))
            lines.insert(k, rng.choice([b"XXP ", b"XXA 1 "]) + numbers)
            data = b"\n".join(lines)
        else:  # a line break inside a line
            at = rng.randrange(len(data) + 1)
            data = data[:at] + rng.choice([b"\n", b"\r", b"\nXXR 1\n", b"\n001"]) + data[at:]
    return data


@dataclass
class Tally:
    """What a run did."""

    cases: int = 0
    read: int = 0
    imported: int = 0
    refused_import: int = 0
    cli_runs: int = 0
    seconds: float = 0.0
    slowest: float = 0.0
    failures: list[str] = field(default_factory=list)


class _Hang(BaseException):
    """Past the deadline (a BaseException: the command lines' own last-resort handler must not take it for an
    internal error of theirs)."""


@contextlib.contextmanager
def _deadline(seconds: float) -> Iterator[None]:
    def alarm(_signum: int, _frame: object) -> None:
        raise _Hang(f"over {seconds} s")

    previous = signal.signal(signal.SIGALRM, alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def _table_rows(db_path: Path) -> list[tuple[str, int]]:
    import sqlite3

    connection = sqlite3.connect(db_path)
    try:
        names = [r[0] for r in connection.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
        return sorted((n, connection.execute(f'SELECT count(*) FROM "{n}"').fetchone()[0]) for n in names)
    finally:
        connection.close()


def check_case(data: bytes, name: str, work: Path, template: Path, tally: Tally, run_cli: bool) -> None:
    """Every property of the module docstring, for one input; failures go to ``tally.failures``."""
    _timed(name, tally, CASE_SECONDS, lambda: _check(data, name, work, template, tally, run_cli))


def _timed(name: str, tally: Tally, seconds: float, check: Callable[[], None]) -> None:
    """One case: counted, timed, any exception (a hang included) a finding."""
    tally.cases += 1
    started = time.perf_counter()
    try:
        with _deadline(seconds):
            check()
    except _Hang as hang:
        tally.failures.append(f"{name}: hang ({hang})")
    except Exception as error:  # noqa: BLE001 - every other exception is a finding
        tally.failures.append(f"{name}: {type(error).__name__}: {error}"[:400])
    spent = time.perf_counter() - started
    tally.seconds += spent
    tally.slowest = max(tally.slowest, spent)


def _check(data: bytes, name: str, work: Path, template: Path, tally: Tally, run_cli: bool) -> None:
    try:
        doc = parse_trf_bytes(data, source=name)
    except ArbiterError:
        doc = None
    if doc is not None:
        tally.read += 1
        db_path = work / "case.db"
        shutil.copy(template, db_path)
        before = _table_rows(db_path)
        db = open_database(db_path)
        try:
            try:
                info = import_trf(db, doc)
            except ArbiterError:
                tally.refused_import += 1
                db.dispose()
                if _table_rows(db_path) != before:
                    tally.failures.append(f"{name}: a refused import stored something")
            else:
                tally.imported += 1
                export_trf(db, info.tournament.id)
                assert len(list_tournaments(db)) == 1
        finally:
            db.dispose()
            for suffix in ("", "-wal", "-shm"):
                Path(f"{db_path}{suffix}").unlink(missing_ok=True)
    if run_cli:
        _run_clis(data, name, work, tally)


def _run_clis(data: bytes, name: str, work: Path, tally: Tally) -> None:
    tally.cli_runs += 1
    trf = work / "in.trf"
    trf.write_bytes(data)
    db_path = work / "cli.db"
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = arbiter_cli.main(["--db", str(db_path), "import-trf", str(trf)])
    if code not in (0, 3, 5) or "internal error" in err.getvalue() or "Traceback" in err.getvalue():
        tally.failures.append(f"{name}: arbiter import-trf exit {code}: {err.getvalue()[:300]}")
    if code != 0 and db_path.exists():
        tally.failures.append(f"{name}: a refused import left {db_path.name}")
    for suffix in ("", "-wal", "-shm"):
        Path(f"{db_path}{suffix}").unlink(missing_ok=True)
    pairing = work / "pairing.txt"
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = pairings_cli.main(["--dutch", str(trf), "-p", str(pairing)])
    if code not in (0, 1, 3, 5):
        tally.failures.append(f"{name}: arbiter-pairings exit {code}")
    if code != 0 and pairing.exists():
        tally.failures.append(f"{name}: arbiter-pairings failed and left {pairing.name}")
    pairing.unlink(missing_ok=True)
    leftovers = sorted(p.name for p in work.iterdir() if p.name not in ("in.trf",))
    if leftovers:
        tally.failures.append(f"{name}: files left behind: {leftovers}")
        for p in work.iterdir():
            if p.name != "in.trf":
                p.unlink()


def run(seed: int, count: int, work: Path, template: Path, cli_every: int = 10, files: int | None = 40) -> Tally:
    """``count`` mutations of the corpus, drawn from ``seed``."""
    rng = random.Random(seed)
    corpus = corpus_files(files)
    sources = {p: p.read_bytes() for p in corpus}
    tally = Tally()
    for case in range(count):
        source = rng.choice(corpus)
        data = mutate(sources[source], rng)
        check_case(data, f"{source.name}#{seed}.{case}", work, template, tally, run_cli=case % cli_every == 0)
    return tally


# ---------------------------------------------------------------------------------------------- valid mutations
#
# Mutations that keep the tournament a tournament, so that the engine runs on it (issue 33.7): the project's own
# generator makes a tournament, a few rounds of it are kept, and the file is changed as an arbiter's data
# changes (ratings, names in any script up to TRF's 33 characters, federations, a result corrected on both
# sides, colours of a game exchanged, a game become two zero-point byes, the players' lines in another order).
# Each must import (or be refused with a message), its next round pair (or be found impossible, A.9), export,
# and read back.

_LETTERS = "abcdefghijklmnopqrstuvwxyzÀÉÎÕÜßçñøåæœłŁđĐžŠАБВГДЖЗИЙКЛΑΒΓΔΘΛΠΣΦΨΩ中文名字"
_OPPOSITE = {"1": "0", "0": "1", "=": "=", "+": "-", "-": "+", "W": "L", "L": "W", "D": "D"}


def valid_tournament(seed: int) -> TrfDocument:
    """A generated tournament of 8-24 players cut after 1 to 4 of its 5-7 rounds: the next round can be paired."""
    from arbiter_app.generator import generate, parse_config

    rng = random.Random(seed)
    rounds = rng.randint(5, 7)
    config = parse_config(f"PlayersNumber={rng.randint(8, 24)}\nRoundsNumber={rounds}\n")
    doc = generate(config, seed, FIDE_2026)
    kept = rng.randint(1, min(4, rounds - 1))
    players = tuple(replace(p, rounds=p.rounds[:kept], points="", rank=None) for p in doc.players)
    return replace(doc, players=players)


def _name(rng: random.Random) -> str:
    words = [
        "".join(rng.choice(_LETTERS) for _ in range(rng.randint(1, 12))).capitalize() for _ in range(rng.randint(1, 3))
    ]
    return ", ".join(words)[:33].strip(" ,") or "X"


def mutate_valid(doc: TrfDocument, rng: random.Random) -> TrfDocument:
    """One to three changes that leave the file a valid tournament."""
    players = list(doc.players)
    by_number = {p.number: k for k, p in enumerate(players)}
    for _ in range(rng.choice((1, 1, 2, 3))):
        k = rng.randrange(len(players))
        p = players[k]
        kind = rng.randrange(7)
        if kind == 0:
            players[k] = replace(p, rating=rng.choice([None, 0, 1000, 1400, 2000, 2700, rng.randint(1, 3000)]))
        elif kind == 1:
            players[k] = replace(p, name=_name(rng))
        elif kind == 2:
            players[k] = replace(p, federation=rng.choice(["", "NOR", "IND", "USA", "FID"]),
                                 fide_id=rng.choice(["", str(rng.randint(1, 10**9))]),
                                 birth=rng.choice(["", "1990", "2001/02/03", "1950/00/00"]))  # fmt: skip
        else:
            games = [(r, e) for r, e in enumerate(p.rounds) if e.opponent is not None and e.code in _OPPOSITE]
            if not games:
                continue
            r, entry = rng.choice(games)
            assert entry.opponent is not None
            j = by_number[entry.opponent]
            other = players[j].rounds[r]
            if kind == 3:  # a result corrected on both sides
                code = rng.choice(["1", "0", "="] if entry.code in "10=" else ["+", "-"])
                mine, theirs = RoundEntry(entry.opponent, entry.colour, code), replace(other, code=_OPPOSITE[code])
            elif kind == 4:  # the colours of the game exchanged
                mine, theirs = replace(entry, colour=other.colour), replace(other, colour=entry.colour)
            elif kind == 5:  # the game never happened: both had a zero-point bye
                mine, theirs = RoundEntry(None, "-", "Z"), RoundEntry(None, "-", "Z")
            else:  # a forfeit instead
                mine, theirs = replace(entry, code="+"), replace(other, code="-")
            players[k] = replace(p, rounds=p.rounds[:r] + (mine,) + p.rounds[r + 1 :])
            q = players[j]
            players[j] = replace(q, rounds=q.rounds[:r] + (theirs,) + q.rounds[r + 1 :])
    if rng.random() < 0.2:
        rng.shuffle(players)
    return replace(doc, players=tuple(players))


def check_valid_case(doc: TrfDocument, name: str, work: Path, template: Path, tally: Tally) -> None:
    """Import (Level 3 answered: rounds written by hand), pair the next round, export, read the export back."""
    _timed(name, tally, CASE_SECONDS * 3, lambda: _check_valid(doc, name, work, template, tally))


def _check_valid(doc: TrfDocument, name: str, work: Path, template: Path, tally: Tally) -> None:
    from arbiter_app import services as sv
    from arbiter_app.errors import PairingImpossibleError
    from arbiter_app.trf.writer import write_trf

    text = write_trf(doc)
    parsed = parse_trf_bytes(text.encode("utf-8"), source=name)  # a valid tournament always reads
    tally.read += 1
    db_path = work / "valid.db"
    shutil.copy(template, db_path)
    db = open_database(db_path)
    try:
        try:
            info = import_trf(db, parsed, confirmed=sv.Level.DOUBLE)
        except ArbiterError:
            tally.refused_import += 1
            return
        tally.imported += 1
        tid = info.tournament.id
        try:
            sv.pair_next_round(db, tid, sv.Level.DOUBLE)
        except PairingImpossibleError:
            pass
        exported = export_trf(db, tid, "trf-2026", keep_unfinished=True).text
        again = parse_trf_bytes(exported.encode("utf-8"), source=f"{name} (exported)")
        assert len(again.players) == len(doc.players), f"{name}: the export lost players"
        assert sorted(p.name for p in again.players) == sorted(p.name for p in doc.players), f"{name}: names changed"
        assert sv.verify_audit_chain(db).intact, f"{name}: the audit chain does not verify"
    finally:
        db.dispose()
        for suffix in ("", "-wal", "-shm"):
            Path(f"{db_path}{suffix}").unlink(missing_ok=True)


def run_valid(seed: int, count: int, work: Path, template: Path, tournaments: int = 5) -> Tally:
    """``count`` valid mutations of ``tournaments`` generated tournaments, drawn from ``seed``."""
    rng = random.Random(seed)
    bases = [valid_tournament(seed * 1000 + k) for k in range(tournaments)]
    tally = Tally()
    for case in range(count):
        base = rng.randrange(len(bases))
        check_valid_case(mutate_valid(bases[base], rng), f"generated {seed * 1000 + base}#{case}", work, template,
                         tally)  # fmt: skip
    return tally
