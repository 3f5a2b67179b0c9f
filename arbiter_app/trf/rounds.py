"""From a TRF document to the state the pairing engine needs, round by round."""

from __future__ import annotations

from fractions import Fraction

from arbiter_app.pairing.model import (
    Board,
    Colour,
    Outcome,
    Player,
    PointSystem,
    RoundPairing,
    RoundRecord,
    TournamentState,
)
from arbiter_app.trf.errors import TrfError
from arbiter_app.trf.model import PlayerLine, RoundEntry, TrfDocument
from arbiter_app.trf.records import Prohibition, accelerations_of, file_ratings, prohibitions_of

_PLAYED = {
    "1": Outcome.WIN,
    "W": Outcome.WIN,
    "0": Outcome.LOSS,
    "L": Outcome.LOSS,
    "=": Outcome.DRAW,
    "D": Outcome.DRAW,
    # An unknown result ('?', an adjourned game) is a draw for pairing purposes only (C.04.2.D.1,
    # C.04.2-2026 3.1).
    "?": Outcome.DRAW,
}
_BYES = {
    "U": Outcome.PAIRING_ALLOCATED_BYE,
    "H": Outcome.HALF_POINT_BYE,
    "F": Outcome.FULL_POINT_BYE,
    "Z": Outcome.ZERO_POINT_BYE,
    "-": Outcome.ABSENT,
    " ": Outcome.ABSENT,
}


def tenths(text: str) -> int:
    """A points value of the TRF (``"1.5"``) in tenths."""
    return int(Fraction(text.strip()) * 10)


def point_system(doc: TrfDocument) -> PointSystem:
    """The ``BBW BBD BBL BBZ BBF BBU`` lines, 1 / ½ / 0 where absent.

    Without ``BBU`` the pairing-allocated bye is worth a win (C.04.1.c), as
    the totals of the corpus files with ``BBW 3.0`` confirm.
    """
    values = {code: tenths(text) for code, text in doc.point_values.items()}
    default = PointSystem()
    win = values.get("BBW", default.win)
    return PointSystem(
        win=win,
        draw=values.get("BBD", default.draw),
        loss=values.get("BBL", default.loss),
        zero_point_bye=values.get("BBZ", default.zero_point_bye),
        forfeit_loss=values.get("BBF", default.forfeit_loss),
        pairing_allocated_bye=values.get("BBU", win),
    )


def outcome_of(entry: RoundEntry) -> Outcome:
    """The outcome a round cell records."""
    if entry.opponent is None:
        return _BYES.get(entry.code, Outcome.ABSENT)
    if entry.code in _PLAYED:
        return _PLAYED[entry.code]
    if entry.code == "+":
        return Outcome.FORFEIT_WIN
    if entry.code == "-":
        return Outcome.FORFEIT_LOSS
    return _BYES.get(entry.code, Outcome.ABSENT)


def _colour(entry: RoundEntry) -> Colour | None:
    return {"w": Colour.WHITE, "b": Colour.BLACK}.get(entry.colour)


def _record(entry: RoundEntry | None, points: PointSystem) -> RoundRecord:
    if entry is None:
        return RoundRecord(Outcome.ABSENT, points=points.zero_point_bye)
    outcome = outcome_of(entry)
    return RoundRecord(outcome, entry.opponent, _colour(entry), points.points_for(outcome))


def is_paired_in(line: PlayerLine, round_number: int) -> bool:
    """Conformance protocol step 2: paired unless the round's cell is ``0000`` with a code other than ``U``."""
    entry = line.entry(round_number)
    return entry is None or entry.opponent is not None or entry.code == "U"


def state_before_round(doc: TrfDocument, round_number: int) -> TournamentState:
    """The tournament as it stood before ``round_number``: games and results of the earlier rounds.

    Scores are recomputed from those results (the points column holds the
    final score).  Players whose cell for the round is ``0000`` with a code
    other than ``U`` (requested byes, absences, withdrawals) are not paired.
    For several rounds of one document, :class:`RoundStates` reads the file once.
    """
    return RoundStates(doc).before(round_number)


class RoundStates:
    """:func:`state_before_round` for any round of one document, what every round shares read once: the scoring,
    the ratings, the acceleration values, the prohibitions, and each player's record of every round (the state
    before round k+1 extends the histories of the state before round k by one record, the same objects)."""

    def __init__(self, doc: TrfDocument) -> None:
        self.doc = doc
        self._points: PointSystem | None = None
        self._read: tuple[dict[int, int], dict[int, tuple[int, ...]], tuple[Prohibition, ...]] | None = None
        self._rounds = doc.rounds_count or max((len(line.rounds) for line in doc.players), default=0)
        self._records: list[list[RoundRecord]] = [[] for _ in doc.players]

    def _lines(self) -> tuple[dict[int, int], dict[int, tuple[int, ...]], tuple[Prohibition, ...]]:
        """The ratings, acceleration values and prohibitions, read at the first state asked for (a malformed record
        is refused there, each time a state is asked for, as :func:`state_before_round` refuses it)."""
        if self._points is None:
            self._points = point_system(self.doc)
        if self._read is None:
            accelerated = accelerations_of(self.doc)  # XXA lines and 250 records
            ratings = file_ratings(self.doc)  # the 001 ratings, or by the 172 method with national rating records
            accelerations = {
                line.number: tuple(tenths(v) for v in accelerated.get(line.number, ())) for line in self.doc.players
            }
            self._read = ratings, accelerations, prohibitions_of(self.doc)
        return self._read

    def _history(self, index: int, line: PlayerLine, count: int) -> tuple[RoundRecord, ...]:
        records = self._records[index]
        while len(records) < count:
            assert self._points is not None  # read by _lines
            records.append(_record(line.entry(len(records) + 1), self._points))
        return tuple(records[:count])

    def before(self, round_number: int) -> TournamentState:
        """The state before ``round_number`` (:func:`state_before_round`)."""
        doc = self.doc
        ratings, accelerations, groups = self._lines()
        points = self._points
        assert points is not None  # read by _lines
        players = tuple(
            Player(
                line.number,
                self._history(index, line, round_number - 1),
                accelerations[line.number],
                ratings[line.number],
                line.name,
            )
            for index, line in enumerate(doc.players)
        )
        # XXP lines (every round) and the 260 records whose rounds include this one
        forbidden = frozenset(pair for group in groups if group.applies_to(round_number) for pair in group.pairs())
        rounds = self._rounds or round_number
        return TournamentState(
            round=round_number,
            total_rounds=max(rounds, round_number),
            players=players,
            not_paired=frozenset(line.number for line in doc.players if not is_paired_in(line, round_number)),
            initial_colour=Colour.BLACK if doc.initial_colour == "black" else Colour.WHITE,
            forbidden_pairs=forbidden,
            points=points,
        )


def pairing_of_round(doc: TrfDocument, round_number: int) -> RoundPairing:
    """The pairing a file records for a round: (white, black) boards, forfeits included, and the ``U`` bye."""
    boards = []
    bye = None
    for line in doc.players:
        entry = line.entry(round_number)
        if entry is None:
            continue
        if entry.opponent is None:
            if entry.code == "U":
                bye = line.number
            continue
        if entry.colour == "w" or (entry.colour == "-" and line.number < entry.opponent):
            # A forfeit written without colours is listed once, lower number first.
            boards.append(Board(line.number, entry.opponent))
    return RoundPairing(round_number, tuple(boards), bye)


def next_round(doc: TrfDocument) -> int:
    """The round to pair: the one after the last round in which anyone was paired (a game or a ``U`` bye).

    Pre-entered requested byes and absences (``H F Z -`` without an
    opponent) of the coming round do not make it a played round.
    """
    paired = [
        k
        for line in doc.players
        for k, entry in enumerate(line.rounds, 1)
        if entry.opponent is not None or entry.code == "U"
    ]
    return max(paired, default=0) + 1


BERGER_LINE = "XXB"
"""This application's line for a round robin's Berger numbers, in pairing-number order (``XXB 3 1 4 2``).
TRF-2026 has a record for the kind of round robin (``192``, :data:`ROUND_ROBIN_CODES`) but none for the Berger
numbers; a file without this line is read with the starting ranks as the Berger numbers."""


ROUND_ROBIN_CODES: dict[str, tuple[bool, bool]] = {
    "BERGER_ROUNDROBIN_G1": (False, False),
    "BERGER_ROUNDROBIN": (False, False),
    "FIDE_ROUNDROBIN": (False, False),
    "BERGER_ROUNDROBIN_G2": (True, False),
    "BERGER_DOUBLEROUNDROBIN": (True, False),
    "FIDE_DOUBLEROUNDROBIN": (True, True),
}
"""TRF-2026 ``192`` tournament type codes of an individual round robin (FIDE's Tournament Type Code Table for
TRF code 192): (double, last two rounds of cycle 1 reversed).  ``BERGER_ROUNDROBIN_Gn`` plays the Berger
table n times; ``FIDE_DOUBLEROUNDROBIN`` is the first cycle with its last two rounds in reverse order, then
the second.  The first code of each kind is the one written."""


def round_robin_code(double: bool, reverse_last_two: bool) -> str:
    """The ``192`` code of a round robin (:data:`ROUND_ROBIN_CODES`)."""
    return next(code for code, kind in ROUND_ROBIN_CODES.items() if kind == (double, reverse_last_two))


def round_robin_type(type_text: str) -> tuple[bool, bool] | None:
    """A ``192`` code (TRF-2026, :data:`ROUND_ROBIN_CODES`) or a ``092`` text (TRF-16's free text: "Round-Robin",
    "Double Round-Robin", "... reversed") that declares a round robin: (double, last two rounds of cycle 1
    reversed); None for any other type.  A Berger round robin played more than twice is refused."""
    code = type_text.strip().upper()
    if code in ROUND_ROBIN_CODES:
        return ROUND_ROBIN_CODES[code]
    if code.startswith("BERGER_ROUNDROBIN_G"):
        raise TrfError(
            f"192 {code}: a round robin played {code.rsplit('G', 1)[1]} times is not supported (single or double only)"
        )
    text = type_text.lower().replace("round robin", "round-robin").replace("roundrobin", "round-robin")
    if "round-robin" not in text:
        return None
    double = "double" in text
    return double, double and "reversed" in text


def round_robin_of(doc: TrfDocument) -> tuple[bool, bool] | None:
    """The round robin the document's ``192`` record (TRF-2026) or else its ``092`` line declares, else None."""
    for code in ("192", "092"):
        for _, line in doc.other_lines:
            if line.startswith(code) and (found := round_robin_type(line[3:])) is not None:
                return found
    return None


def berger_numbers_of(doc: TrfDocument) -> dict[int, int]:
    """Starting rank -> Berger number: the ``XXB`` line's, else the starting ranks themselves."""
    ranks = sorted(line.number for line in doc.players)
    for _, line in doc.other_lines:
        if line.startswith(BERGER_LINE):
            given = [int(x) for x in line[3:].split() if x.isdigit()]
            if sorted(given) == list(range(1, len(ranks) + 1)):
                return dict(zip(ranks, given, strict=True))
    return {rank: k for k, rank in enumerate(ranks, 1)}
