"""In-memory form of a TRF-16 tournament report (FIDE C.04 Annex 2).

The document keeps every line of the file: player lines (``001``), the
pairing-engine extension lines (``XXR``, ``XXC``, ``XXA``, ``XXP``, ``BBx``)
as parsed values, and every other line verbatim, plus the order of all lines,
so that writing a parsed document gives the file back.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import cached_property

from .fileform import TextForm
from .layout import NO_OPPONENT, cell_round


@dataclass(frozen=True)
class RoundEntry:
    """One round cell of a ``001`` line: ``oooo c r`` (10 columns with the gap).

    ``opponent`` is the opponent's pairing number, None for ``0000`` (or a
    blank opponent field); ``colour`` is ``w``, ``b`` or ``-``; ``code`` is
    the result code as written, one of ``1 0 = + - W D L H F U Z``, ``?`` for a
    game whose result is unknown (adjourned), or a blank for a round without result yet.
    """

    opponent: int | None
    colour: str
    code: str

    def as_cell(self) -> str:
        """The 8-character cell text, e.g. ``"  12 w 1"`` or ``"0000 - H"``."""
        opponent = NO_OPPONENT if self.opponent is None else str(self.opponent).rjust(len(NO_OPPONENT))
        return f"{opponent} {self.colour} {self.code}"


@dataclass(frozen=True)
class PlayerLine:
    """A ``001`` line of TRF-16.

    ``sex`` (column 10) and ``title`` (columns 11-13) are the raw column text;
    ``federation``, ``fide_id``, ``birth`` and ``points`` are stripped text;
    ``rating`` and ``rank`` are None when blank. ``points`` is the final
    score as written, not the score before any given round.
    """

    number: int
    sex: str
    title: str
    name: str
    rating: int | None
    federation: str
    fide_id: str
    birth: str
    points: str
    rank: int | None
    rounds: tuple[RoundEntry, ...]
    line_number: int

    def entry(self, round_number: int) -> RoundEntry | None:
        """The cell of round ``round_number`` (1-based), None if the line has none."""
        if 1 <= round_number <= len(self.rounds):
            return self.rounds[round_number - 1]
        return None


@dataclass(frozen=True)
class TrfWarning:
    """Something legal but suspicious, e.g. ``F`` where ``U`` was probably meant."""

    line: int
    column: int
    message: str

    def __str__(self) -> str:
        return f"line {self.line}, column {self.column}: {self.message}"


@dataclass(frozen=True)
class TrfDocument:
    """A parsed TRF-16 file.

    ``accelerations`` maps a pairing number to its ``XXA`` values per round,
    as written; ``forbidden_pairs`` holds one group per ``XXP`` line;
    ``point_values`` maps ``BBW``/``BBD``/``BBL``/``BBZ``/``BBF``/``BBU`` to
    the value text. ``other_lines`` holds every other line verbatim with its
    1-based line number. ``line_order`` tags each line of the file, in order,
    with its code (``001``, ``XXR``, ...) or ``"other"``; the writer places
    lines by it and appends, in a canonical order, whatever it does not place
    (for documents built or edited in code). ``source`` names the text in
    messages (the path for :func:`read_trf`). The dictionaries must be
    treated as read-only. ``text_form`` is the text the document was read
    from, as lines (set by the reader, None for a document built in code);
    a copy made with :func:`dataclasses.replace` (:meth:`truncated`...) no
    longer says what that text says and has none.
    """

    players: tuple[PlayerLine, ...] = ()
    rounds_count: int | None = None
    initial_colour: str | None = None
    accelerations: dict[int, tuple[str, ...]] = field(default_factory=dict)
    forbidden_pairs: tuple[tuple[int, ...], ...] = ()
    point_values: dict[str, str] = field(default_factory=dict)
    other_lines: tuple[tuple[int, str], ...] = ()
    line_order: tuple[str, ...] = ()
    warnings: tuple[TrfWarning, ...] = ()
    source: str = "<trf>"
    text_form: TextForm | None = field(default=None, init=False, compare=False, repr=False)

    def with_text_form(self, form: TextForm) -> TrfDocument:
        """This document, recording the text it was read from."""
        object.__setattr__(self, "text_form", form)
        return self

    @cached_property
    def _by_number(self) -> dict[int, PlayerLine]:
        return {player.number: player for player in self.players}

    @property
    def pairing_system(self) -> str | None:
        """The pairing system a ``092`` line declares (the code as written; :func:`arbiter_app.pairing.editions.declared_edition` reads it), None without one."""
        for _, text in self.other_lines:
            if text.startswith("092"):
                return text[3:].strip() or None
        return None

    def player(self, number: int) -> PlayerLine:
        """The player with pairing number ``number``; KeyError if there is none."""
        return self._by_number[number]

    def last_round_with_results(self) -> int:
        """Highest round (1-based) in which some player has a result code, 0 if none."""
        return max(
            (k for player in self.players for k, entry in enumerate(player.rounds, 1) if entry.code != " "),
            default=0,
        )

    def truncated(self, rounds: int) -> TrfDocument:
        """A copy keeping only the first ``rounds`` round cells of every player.

        The points and rank columns describe the standing after the file's
        last round, so they are cleared (points ``""``, rank None); warnings
        about later rounds are dropped. Everything else is kept, including
        ``XXR`` and the ``XXA`` values of later rounds.
        """
        return replace(
            self,
            players=tuple(
                replace(player, rounds=player.rounds[:rounds], points="", rank=None) for player in self.players
            ),
            warnings=tuple(warning for warning in self.warnings if cell_round(warning.column) <= rounds),
        )
