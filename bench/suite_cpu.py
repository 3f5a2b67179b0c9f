"""The test suite's time by directory, in CPU seconds (what a loaded machine does not inflate) and wall seconds.

As a pytest plugin it logs each test's phases as they finish (also from every pytest-xdist worker)::

    SUITE_LOG=/tmp/suite.tsv [SUITE_SAMPLE=10] .venv/bin/python -m pytest -p bench.suite_cpu -n auto --dist loadgroup

``SUITE_SAMPLE=k`` runs every k-th collected test only (the same tests in every worker), for an estimate of the
whole suite in a k-th of its time.  Then::

    python bench/suite_cpu.py /tmp/suite.tsv [k]

prints, per directory of tests/, the tests run, their CPU seconds (the worker's own and its reaped child
processes'), that times k, and the sum of the tests' wall durations.  bench/SUITE.md has the figures.
"""

from __future__ import annotations

import collections
import os
import sys
import time
from pathlib import Path
from typing import Any, TextIO

_log: TextIO | None = None


def _cpu() -> float:
    t = os.times()
    return t.user + t.system + t.children_user + t.children_system


def pytest_collection_modifyitems(config: Any, items: list[Any]) -> None:
    k = int(os.environ.get("SUITE_SAMPLE", "1"))
    if k > 1:
        config.hook.pytest_deselected(items=[item for n, item in enumerate(items) if n % k])
        items[:] = items[::k]


def pytest_runtest_logreport(report: Any) -> None:
    global _log
    if _log is None:
        _log = open(os.environ.get("SUITE_LOG", "suite-times.tsv"), "a", buffering=1, encoding="utf-8")  # noqa: SIM115
    _log.write(
        f"{time.time():.2f}\t{report.nodeid}\t{report.when}\t{report.duration:.3f}\t{report.outcome}\t"
        f"{os.getpid()}\t{_cpu():.2f}\n"
    )


def summary(path: str, k: int = 1) -> str:
    rows = [line.split("\t") for line in Path(path).read_text(encoding="utf-8").splitlines()]
    rows = [r for r in rows if len(r) == 7]
    pids = collections.Counter(r[5] for r in rows)
    # Under xdist the controller logs every report again: it is the pid with the most lines; its own CPU is not
    # the tests'.
    controller = pids.most_common(1)[0][0] if len(pids) > 2 else None
    last: dict[str, float] = {}
    cpu: dict[str, float] = collections.defaultdict(float)
    wall: dict[str, float] = collections.defaultdict(float)
    count: dict[str, int] = collections.defaultdict(int)
    for _, node, when, duration, outcome, pid, so_far in rows:
        if pid == controller:
            continue
        # A worker's first phase also holds its start-up and collection: not counted.
        spent = float(so_far) - last[pid] if pid in last else 0.0
        last[pid] = float(so_far)
        parts = node.split("::")[0].split("/")
        key = parts[1] if len(parts) > 2 else parts[-1]
        cpu[key] += spent
        wall[key] += float(duration)
        if when == "call" or (when == "setup" and outcome == "skipped"):
            count[key] += 1
    lines = [f"| directory | tests | CPU s | CPU s x{k} | wall s (sum of tests) |", "|---|---:|---:|---:|---:|"]
    for key in sorted(cpu, key=lambda x: -cpu[x]):
        lines.append(f"| {key} | {count[key]} | {cpu[key]:.1f} | {cpu[key] * k:.0f} | {wall[key]:.0f} |")
    total = sum(cpu.values())
    lines.append(f"| total | {sum(count.values())} | {total:.1f} | {total * k:.0f} | {sum(wall.values()):.0f} |")
    return "\n".join(lines)


if __name__ == "__main__":
    print(summary(sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 1))
