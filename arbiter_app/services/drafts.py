"""What a round was paired on, so that a draft paired on old results is never published (issue 29, D1).

C.04.2.D.8 (C.04.2-2026 4.3): a result corrected before the next pairing is published is used for that pairing.
A draft is paired on the results of the rounds before it; when one of them changes afterwards (a correction, an
adjourned game decided otherwise than a draw, a bye or a withdrawal of an earlier round), the draft is stale:
publishing it would publish a pairing the engine no longer makes.  So a round keeps, beside the engine's pairing,
what the engine read (:func:`paired_on`): a digest of the whole input, one per earlier round (to name the round
that changed), and every player's points (to name what changed); :func:`stale_draft` compares them with the
tournament as it stands and :func:`~arbiter_app.services.rounds.publish_round` refuses a stale draft, naming what
changed, until it is paired again.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable

from sqlalchemy.orm import Session

from arbiter_app.errors import ArbiterError
from arbiter_app.pairing.model import RoundRecord, TournamentState
from arbiter_app.pairing.points import tenths_text
from arbiter_app.persistence.models import Round, Tournament
from arbiter_app.services.articles import article
from arbiter_app.services.state import state_for_round

KEY = "paired_on"
"""The key of ``Round.engine_pairing`` (JSON) under which :func:`paired_on` is kept."""


class StaleDraftError(ArbiterError):
    """The draft of :attr:`round` was paired before the results it reads changed (:attr:`changes` names them):
    it is published only once paired again (C.04.2.D.8; C.04.2-2026 4.3).  Nothing was changed."""

    def __init__(self, round_number: int, changes: tuple[str, ...], rule: str) -> None:
        self.round = round_number
        self.changes = changes
        self.rule = rule
        super().__init__(
            f"{rule}: round {round_number} was paired before "
            + "; ".join(changes)
            + f": pair round {round_number} again before publishing it (its draft reads the old data)"
        )

    def __reduce__(self) -> tuple[type[StaleDraftError], tuple[int, tuple[str, ...], str]]:
        """Pickled as its parts (the window's worker hands it over from its child process)."""
        return (StaleDraftError, (self.round, self.changes, self.rule))


def _digest(parts: Iterable[str]) -> str:
    return hashlib.sha256("\n".join(parts).encode()).hexdigest()[:32]


def _record(record: RoundRecord) -> str:
    colour = record.colour.value if record.colour is not None else "-"
    return f"{record.outcome.value}{colour}{record.opponent or 0}:{record.points}"


def paired_on(state: TournamentState) -> dict[str, object]:
    """What pairing ``state.round`` reads: a digest of it all, one per earlier round, each player's points."""
    players = sorted(state.players, key=lambda p: p.number)
    rounds = {
        str(k): _digest(f"{p.number}={_record(p.history[k - 1])}" for p in players if len(p.history) >= k)
        for k in range(1, state.round)
    }
    rest = [
        ",".join(str(p.number) for p in players),
        ";".join(f"{p.number}:{p.accelerations}" for p in players if p.accelerations),
        ",".join(map(str, sorted(state.not_paired))),
        ";".join(sorted(",".join(map(str, sorted(pair))) for pair in state.forbidden_pairs)),
        f"{state.points}|{state.initial_colour.value}|{state.total_rounds}",
    ]
    return {
        "digest": _digest([*rest, *rounds.values()]),
        "rounds": rounds,
        "points": {str(p.number): sum(r.points for r in p.history) for p in players},
    }


def keep_paired_on(r: Round, state: TournamentState) -> None:
    """Keep :func:`paired_on` with the engine's pairing just stored in ``r.engine_pairing``."""
    kept = json.loads(r.engine_pairing) if r.engine_pairing else {}
    kept[KEY] = paired_on(state)
    r.engine_pairing = json.dumps(kept)


def changes(saved: dict[str, object], now: dict[str, object]) -> tuple[str, ...]:
    """What differs between two :func:`paired_on` (empty: nothing the pairing reads)."""
    if saved.get("digest") == now.get("digest"):
        return ()
    old_rounds, new_rounds = saved.get("rounds", {}), now.get("rounds", {})
    assert isinstance(old_rounds, dict) and isinstance(new_rounds, dict)
    rounds = [int(k) for k in new_rounds if old_rounds.get(k) != new_rounds[k]]
    old_points, new_points = saved.get("points", {}), now.get("points", {})
    assert isinstance(old_points, dict) and isinstance(new_points, dict)
    moved = [
        f"#{n} {tenths_text(new_points[n])} (was {tenths_text(old_points[n])})"
        for n in sorted(new_points, key=int)
        if n in old_points and old_points[n] != new_points[n]
    ]
    found = []
    if rounds:
        named = ", ".join(map(str, sorted(rounds)))
        found.append(f"the results or colours of round{'s' if len(rounds) > 1 else ''} {named} changed"
                     + (f" (points now: {', '.join(moved)})" if moved else ""))  # fmt: skip
    elif moved:
        found.append(f"the points changed ({', '.join(moved)})")
    if not found:
        found.append("the players to pair, their byes or pairing numbers, or the settings the pairing reads changed")
    return tuple(found)


def stale_draft(session: Session, t: Tournament, r: Round) -> StaleDraftError | None:
    """Why the draft ``r`` is stale (None: it reads the tournament as it stands, or kept nothing to compare)."""
    if not r.engine_pairing:
        return None
    saved = json.loads(r.engine_pairing).get(KEY)
    if not isinstance(saved, dict):
        return None  # paired by an older version, or by a system that reads no results (Berger tables)
    found = changes(saved, paired_on(state_for_round(session, t.id, r.number)))
    if not found:
        return None
    return StaleDraftError(r.number, found, article(t.edition, "later-rounds"))
