"""Hand-built tournaments for the standings tests, written round by round.

A round is a comma-separated list of boards ``"W-B result"`` (White first;
``1-0 0-1 = +- -+ --``, the last three forfeits) and byes ``"N U|H|F|Z"``.
Players a round does not mention are absent (a withdrawal).
"""

from __future__ import annotations

from arbiter_app.pairing.model import Colour, Outcome, Player, PointSystem, RoundRecord, TournamentState

STANDARD = PointSystem()

_GAME = {
    "1-0": (Outcome.WIN, Outcome.LOSS),
    "0-1": (Outcome.LOSS, Outcome.WIN),
    "=": (Outcome.DRAW, Outcome.DRAW),
    "+-": (Outcome.FORFEIT_WIN, Outcome.FORFEIT_LOSS),
    "-+": (Outcome.FORFEIT_LOSS, Outcome.FORFEIT_WIN),
    "--": (Outcome.FORFEIT_LOSS, Outcome.FORFEIT_LOSS),
}
_BYE = {
    "U": Outcome.PAIRING_ALLOCATED_BYE,
    "H": Outcome.HALF_POINT_BYE,
    "F": Outcome.FULL_POINT_BYE,
    "Z": Outcome.ZERO_POINT_BYE,
}


def tournament(
    ratings: dict[int, int], rounds: list[str], system: PointSystem = STANDARD, total_rounds: int = 0
) -> TournamentState:
    """The state before the round after ``rounds``, every player's history complete."""
    histories: dict[int, list[RoundRecord]] = {n: [] for n in ratings}
    for text in rounds:
        seen: dict[int, RoundRecord] = {}
        for item in (part.strip() for part in text.split(",") if part.strip()):
            left, code = item.split()
            if "-" in left:
                white, black = (int(x) for x in left.split("-"))
                w, b = _GAME[code]
                seen[white] = RoundRecord(w, black, Colour.WHITE, system.points_for(w))
                seen[black] = RoundRecord(b, white, Colour.BLACK, system.points_for(b))
            else:
                outcome = _BYE[code]
                seen[int(left)] = RoundRecord(outcome, points=system.points_for(outcome))
        for number, history in histories.items():
            history.append(seen.get(number, RoundRecord(Outcome.ABSENT, points=system.points_for(Outcome.ABSENT))))
    players = tuple(Player(n, tuple(histories[n]), rating=ratings[n], name=f"Player {n}") for n in sorted(ratings))
    return TournamentState(len(rounds) + 1, max(total_rounds, len(rounds)), players, points=system)


def round_robin(n: int) -> list[list[tuple[int, int]]]:
    """Rounds of a round robin of ``n`` (even) players by the circle method: (white, black) pairs."""
    rounds = []
    others = list(range(2, n + 1))
    for k in range(n - 1):
        line = [1, *others]
        pairs = [(line[i], line[n - 1 - i]) for i in range(n // 2)]
        rounds.append([(a, b) if (k + i) % 2 == 0 else (b, a) for i, (a, b) in enumerate(pairs)])
        others = others[-1:] + others[:-1]
    return rounds


def round_robin_rounds(n: int, results: dict[frozenset[int], tuple[int, str]] | None = None) -> list[str]:
    """Round strings of a round robin of ``n`` players: draws unless ``results`` says
    ``{frozenset({a, b}): (a, "1")}`` (a won), ``(a, "+")`` (a won by forfeit), ``(a, "-")`` (both forfeit)."""
    results = results or {}
    texts = []
    for pairs in round_robin(n):
        items = []
        for white, black in pairs:
            player, code = results.get(frozenset((white, black)), (white, "="))
            flip = player != white
            board = {
                "1": "0-1" if flip else "1-0",
                "0": "1-0" if flip else "0-1",
                "=": "=",
                "+": "-+" if flip else "+-",
                "-": "--",
            }[code]
            items.append(f"{white}-{black} {board}")
        texts.append(", ".join(items))
    return texts


SEVEN_RATINGS = {1: 2400, 2: 2300, 3: 2200, 4: 2100, 5: 2000, 6: 1900, 7: 1800}
SEVEN_ROUNDS = [
    "1-5 1-0, 6-2 0-1, 3-7 =, 4 U",  # 4: pairing-allocated bye
    "2-1 =, 4-3 +-, 7-6 0-1, 5 H",  # 3 does not come: forfeit; 5: half-point bye
    "1-4 1-0, 3-2 0-1, 5-6 1-0",  # 7 has withdrawn
    "4-2 =, 6-1 0-1, 5-3 =",
]


def seven_players() -> TournamentState:
    """Seven players, four rounds, with a pairing-allocated bye, a forfeit, a half-point bye and a withdrawal.

    Final scores: 1: 3.5, 2: 3, 3: 1, 4: 2.5, 5: 2, 6: 1, 7: 0.5.
    """
    return tournament(SEVEN_RATINGS, SEVEN_ROUNDS)
