"""The hall's server under load (issue 31): phones subscribed to the events and fetching their page at each
change, and deputies entering a whole round at once.

    python bench/hall_load.py                       # 2,000 players (1,000 boards), 2,000 phones, 8 deputies
    python bench/hall_load.py --players 400 --phones 300

The tournament is a generated open of ``--players`` after four rounds with round 5 paired (Baku 2016) and
published, cached under ``build/bench/``; the server is ``arbiter serve`` in a process of its own on a free
loopback port (as the window starts it).  Each phone keeps ``/events`` open and, at each change, fetches the
round (every tenth phone its own player's page instead), sending back the ETag it has, as a browser does; each
deputy loads his page and posts the results of his share of the boards one after the other.  The phones are plain
kept-alive HTTP/1.1 connections (httpx for two thousand of them cost this process more than the server costs its
own, and its lag counted in every figure); the lag of this process's own event loop is reported, so that what is
the bench's is not taken for the server's.  Reported: requests answered and failed, the latency of the page
fetches and of the results posted (median, p95, max), the time from the last result to the last phone's page
showing it, the server's processor time and the load average, then, read from the file, whether every board has
its result once: no result lost or entered twice.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import re
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import httpx

from arbiter_app import services as sv
from arbiter_app.generator import GeneratorConfig, generate
from arbiter_app.hall.address import free_port
from arbiter_app.pairing.editions import BAKU_2016
from arbiter_app.persistence import open_database
from arbiter_app.services import deputies as dp
from arbiter_app.trf import parse_trf
from arbiter_app.trf.writer import write_trf

CACHE = ROOT / "build" / "bench"
RESULTS = ("1-0", "1/2", "0-1")


def tournament(players: int, folder: Path) -> Path:
    """A copy of the cached tournament file: four rounds played, round 5 paired and published."""
    CACHE.mkdir(parents=True, exist_ok=True)
    cached = CACHE / f"hall-{players}.db"
    if not cached.exists():
        doc = generate(
            GeneratorConfig(players=players, rounds=5, retired_rate=0, half_point_bye_rate=0),
            seed=31,
            edition=BAKU_2016,
        )
        text = write_trf(doc.truncated(4))
        db = open_database(cached, create=True)
        tid = sv.import_trf(db, parse_trf(text, source="hall.trf"), edition="baku-2016", confirmed=3).tournament.id
        sv.pair_next_round(db, tid, confirmed=3)
        sv.publish_round(db, tid)
        db.dispose()
    path = folder / "hall.db"
    shutil.copy(cached, path)  # closed: no side file holds anything
    return path


def summary(values: list[float]) -> str:
    if not values:
        return "none"
    ordered = sorted(values)
    p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
    return (f"n={len(values)} median {statistics.median(values) * 1000:.0f} ms, p95 {p95 * 1000:.0f} ms, "
            f"max {ordered[-1] * 1000:.0f} ms")  # fmt: skip


async def get(client: httpx.AsyncClient, url: str, headers: dict[str, str] | None = None) -> httpx.Response:
    """A GET, asked again once if the server closed a kept-alive connection as it was reused (browsers do so)."""
    try:
        return await client.get(url, headers=headers)
    except (httpx.RemoteProtocolError, httpx.ReadError):
        return await client.get(url, headers=headers)


async def lag(stop: asyncio.Event, lags: list[float]) -> None:
    """How late this process's own event loop wakes (the time every figure here includes on top of the server's)."""
    while not stop.is_set():
        start = time.monotonic()
        await asyncio.sleep(0.05)
        lags.append(time.monotonic() - start - 0.05)


class Connection:
    """One kept-alive HTTP/1.1 connection, as plain as a phone's: a GET, its status, ETag and body (gzip asked for,
    not unpacked).  httpx costs this process more than the server costs its own, and the phones are two thousand."""

    def __init__(self, host: str, port: int) -> None:
        self.host, self.port = host, port
        self.streams: tuple[asyncio.StreamReader, asyncio.StreamWriter] | None = None

    async def get(self, path: str, etag: str) -> tuple[int, str]:
        for attempt in (1, 2):  # once more if the server closed the kept-alive connection meanwhile
            try:
                if self.streams is None:
                    self.streams = await asyncio.open_connection(self.host, self.port)
                reader, writer = self.streams
                writer.write((f"GET {path} HTTP/1.1\r\nHost: {self.host}:{self.port}\r\nAccept-Encoding: gzip\r\n"
                              + (f"If-None-Match: {etag}\r\n" if etag else "") + "\r\n").encode())  # fmt: skip
                head = (await reader.readuntil(b"\r\n\r\n")).decode("latin-1").split("\r\n")
                status = int(head[0].split()[1])
                headers = {k.lower(): v for k, v in (line.split(": ", 1) for line in head[1:] if ": " in line)}
                await reader.readexactly(int(headers.get("content-length", "0")))
                return status, headers.get("etag", "")
            except (OSError, asyncio.IncompleteReadError):
                self.streams = None
                if attempt == 2:
                    raise
        raise AssertionError("unreachable")


async def phone(host: str, port: int, page: str, fetches: list[float], failures: list[str],
                seen: dict[int, float], index: int, stop: asyncio.Event, kept: list[int]) -> None:  # fmt: skip
    """A phone: ``/events`` kept open and, at each change, its page asked again with the ETag it has (as a browser
    does: ``304`` when the page did not change)."""
    etag = ""
    pages = Connection(host, port)
    try:
        reader, writer = await asyncio.open_connection(host, port)
        writer.write(f"GET /events HTTP/1.1\r\nHost: {host}:{port}\r\nAccept: text/event-stream\r\n\r\n".encode())
        await reader.readuntil(b"\r\n\r\n")
        while not stop.is_set():
            line = await reader.readline()
            if not line:
                break
            if not line.startswith(b"data:"):
                continue
            start = time.monotonic()
            try:
                status, tag = await pages.get(page, etag)
                if status == 304:
                    kept.append(1)
                elif status == 200:
                    etag = tag
                else:
                    failures.append(f"page: {status}")
                    continue
                fetches.append(time.monotonic() - start)
                seen[index] = time.monotonic()
            except (OSError, asyncio.IncompleteReadError) as error:
                failures.append(f"page: {type(error).__name__}")
        writer.close()
    except (OSError, asyncio.IncompleteReadError) as error:
        if not stop.is_set():
            failures.append(f"events: {type(error).__name__}")


async def deputy(client: httpx.AsyncClient, base: str, token: str, boards: range, posts: list[float],
                 failures: list[str]) -> None:  # fmt: skip
    page = await get(client, f"{base}/deputy/{token}")
    found = re.search(r'name="csrf" value="([0-9a-f]+)"', page.text)
    if found is None:
        failures.append(f"deputy page {page.status_code}")
        return
    for board in boards:
        start = time.monotonic()
        try:
            response = await client.post(f"{base}/deputy/{token}/result", headers={"accept": "application/json"},
                                         data={"csrf": found.group(1), "round": "5", "board": str(board),
                                               "result": RESULTS[board % 3]})  # fmt: skip
            posts.append(time.monotonic() - start)
            if response.status_code != 200 or "entered" not in response.text:
                failures.append(f"result {board}: {response.status_code} {response.text[:80]}")
        except httpx.HTTPError as error:
            failures.append(f"result {board}: {type(error).__name__}")


async def load(base: str, phones: int, tokens: list[str], boards: int, players: int) -> dict[str, object]:
    fetches: list[float] = []
    posts: list[float] = []
    failures: list[str] = []
    seen: dict[int, float] = {}
    kept: list[int] = []
    lags: list[float] = []
    stop = asyncio.Event()
    lagging = asyncio.create_task(lag(stop, lags))
    limits = httpx.Limits(max_connections=4 * len(tokens) + 10, max_keepalive_connections=None)
    async with httpx.AsyncClient(limits=limits, timeout=60) as client:
        pages = ["/" if k % 10 else f"/player/{1 + k % players}" for k in range(phones)]
        host, port = base.removeprefix("http://").split(":")
        tasks = [asyncio.create_task(phone(host, int(port), pages[k], fetches, failures, seen, k, stop, kept))
                 for k in range(phones)]  # fmt: skip
        await asyncio.sleep(3)  # every phone subscribed and its first page fetched
        share = -(-boards // len(tokens))
        started = time.monotonic()
        await asyncio.gather(*(deputy(client, base, token, range(1 + k * share, min(boards, (k + 1) * share) + 1),
                                      posts, failures) for k, token in enumerate(tokens)))  # fmt: skip
        entered = time.monotonic()
        await asyncio.sleep(3)  # the last change reaches the phones
        last_seen = max(seen.values(), default=entered)
        stop.set()
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        await lagging
    return {
        "round entered in": f"{entered - started:.1f} s",
        "results posted": summary(posts),
        "pages fetched": summary(fetches) + f" ({len(kept)} answered 304)",
        "this client's own event loop late by": summary(lags),
        "last page after the last result": f"{max(0.0, last_seen - entered):.2f} s",
        "failures": failures,
    }


def cpu_seconds(pid: int) -> float:
    """A process's processor time (user and system) so far, from ``/proc``."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--players", type=int, default=2000)
    parser.add_argument("--phones", type=int, default=2000)
    parser.add_argument("--deputies", type=int, default=8)
    args = parser.parse_args()
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        made = time.monotonic()
        path = tournament(args.players, Path(folder))
        db = open_database(path)
        tid = sv.only_tournament(db, None).id
        boards = len(sv.get_round(db, tid, 5).boards)
        share = -(-boards // args.deputies)
        tokens = [dp.add_deputy(db, tid, f"Deputy {k + 1}", (1 + k * share, max(1 + k * share, (k + 1) * share)),
                                12).token for k in range(args.deputies)]  # fmt: skip
        db.dispose()
        print(f"tournament: {args.players} players, round 5 of {boards} boards ({time.monotonic() - made:.0f} s)")
        port = free_port()
        env = {**os.environ, "ARBITER_NAME": "Chief Arbiter"}
        server = subprocess.Popen([sys.executable, "-m", "arbiter_app.cli.arbiter", "--db", str(path), "serve",
                                   "--host", "127.0.0.1", "--port", str(port), "--writes-per-minute", "100000"],
                                  env=env, stdout=subprocess.DEVNULL)  # fmt: skip
        base = f"http://127.0.0.1:{port}"
        load_before = Path("/proc/loadavg").read_text().split()[:3]
        try:
            for _ in range(300):
                try:
                    httpx.get(base + "/", timeout=5)
                    break
                except httpx.TransportError:
                    if server.poll() is not None:
                        raise SystemExit("the server did not start") from None
                    time.sleep(0.1)
            report = asyncio.run(load(base, args.phones, tokens, boards, args.players))
            report["server's processor time"] = f"{cpu_seconds(server.pid):.1f} s"
            report["load average (1, 5, 15 min) before / after"] = (
                f"{' '.join(load_before)} / {' '.join(Path('/proc/loadavg').read_text().split()[:3])}"
            )
        finally:
            server.terminate()
            server.wait(30)
        failures = report.pop("failures")
        for key, value in report.items():
            print(f"{key}: {value}")
        assert isinstance(failures, list)
        print(f"failures: {len(failures)}" + (f" (first: {failures[:3]})" if failures else ""))
        db = open_database(path)
        r = sv.get_round(db, tid, 5)
        wrong = [b.number for b in r.boards if b.result_text != dp._as_stored(RESULTS[b.number % 3])]
        entries = dp.list_conflicts(db, tid, all_entries=True)
        per_board: dict[int, int] = {}
        for e in entries:
            per_board[e.board] = per_board.get(e.board, 0) + 1
        twice = [b for b, n in per_board.items() if n != 1]
        logged = sum(1 for e in sv.audit_log(db, tid) if e.action == "results" and e.arbiter.endswith("(deputy)"))
        db.dispose()
        print(f"boards with a wrong or missing result: {len(wrong)}; entered twice: {len(twice)}; "
              f"deputies' results in the audit log: {logged} of {boards}")  # fmt: skip
        return 0 if not failures and not wrong and not twice and logged == boards else 1


if __name__ == "__main__":
    sys.exit(main())
