"""Reads the services do not offer yet, composed from the ones they do.

Each function names the service it stands in for; none runs SQL or pairing
logic of its own.  When the services grow these, the function becomes a call.
"""

from __future__ import annotations

from collections.abc import Sequence

from arbiter_app.services.dto import PlayerInfo, RoundInfo, StandingRow


def first_open_round(rounds: tuple[RoundInfo, ...]) -> int:
    """The first round not yet published (a draft counts as open)."""
    if not rounds:
        return 1
    last = rounds[-1]
    return last.number if last.state == "draft" else last.number + 1


def scores_from(
    players: Sequence[PlayerInfo], standings: Sequence[Sequence[StandingRow]]
) -> dict[int, tuple[int, ...]]:
    """Each player's score (tenths) after rounds 0, 1, ..., k: ``scores[number][k]``, from the standings
    already read (``standings[k - 1]`` after round k, :func:`arbiter_app.services.standings`)."""
    scores: dict[int, list[int]] = {p.number: [0] for p in players}
    for k, rows in enumerate(standings, 1):
        for row in rows:
            scores.setdefault(row.number, [0] * k).append(row.points)
    return {n: tuple(s) for n, s in scores.items()}
