"""Small frozen objects the services return (never ORM rows, which die with the session).

Players are named by pairing number, rounds and boards by number, points
are in tenths as in the pairing core.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date, datetime
from pathlib import Path

from arbiter_app.pairing.model import Colour, PointSystem, RoundPairing
from arbiter_app.services.warnings import Notice


@dataclass(frozen=True)
class TournamentInfo:
    """A tournament's settings."""

    id: int
    name: str
    place: str
    start_date: date | None
    end_date: date | None
    chief_arbiter: str
    deputy_arbiters: str
    rounds_count: int
    points: PointSystem
    initial_colour: Colour
    accelerated: bool
    """Baku acceleration (C.04.5)."""
    tie_breaks: str
    edition: str
    tie_break_rules: str = "arbiters-manual"
    """The tie-break regulation (``c07-2026``, ``c07-2024``, ``arbiters-manual``)."""
    federation: str = ""
    """The organising federation (TRF ``032``)."""
    time_control: str = ""
    """TRF ``122``."""
    time_control_code: str = ""
    """The time control encoded as TRF-2026 ``222`` says (``5400+30``); empty when not given."""
    round_dates: tuple[date | None, ...] = ()
    """The date of round ``k`` at ``round_dates[k - 1]`` (TRF ``132``); None or missing where unknown."""
    system: str = "swiss"
    """``swiss`` (the Dutch rules of ``edition``) or ``round-robin`` (the Berger tables, C.05 Annex 1)."""
    double_round_robin: bool = False
    reverse_last_two: bool = False
    chess960_seed: int | None = None
    """A Chess960 tournament: the seed of its starting positions (one drawn a round); None for standard chess."""
    berger_seed: int | None = None
    """The seed of the drawing of lots of the Berger numbers (None: set by hand, or not drawn yet)."""
    fide_mode: bool = True
    """In FIDE mode (checklist Q40): what the rules forbid is refused."""
    fide_mode_left_round: int | None = None
    """The last round paired when FIDE mode was left (0: before round 1); None while in FIDE mode."""
    tie_order: str = "name"
    """How equal rating and title are ranked for the TPNs (``name``, ``fide-id``, ``lots``; checklist Q146)."""


@dataclass(frozen=True)
class PlayerInfo:
    """A registered player."""

    number: int
    """Pairing number."""
    name: str
    title: str
    rating: int
    fide_id: str
    federation: str
    sex: str
    birth_date: str
    status: str
    """``active`` or ``withdrawn``."""
    entry_round: int
    withdrawal_round: int | None
    half_bye_eligible: bool = True
    """False: not eligible for half-point byes (checklist Q175)."""
    expelled: bool = False
    """Expelled from the tournament (checklist Q197)."""


@dataclass(frozen=True)
class BoardInfo:
    """One board of a round."""

    number: int
    white: int
    black: int
    white_name: str
    black_name: str
    result: str | None
    """``1-0``, ``0-1``, ``1/2-1/2``, ``1/2-0``, ``0-1/2``, ``0-0`` (double forfeit if ``forfeit``), ``*``
    (adjourned), None before the result."""
    forfeit: bool
    overridden: bool = False
    """The round was overridden and the engine did not pair this board so (these players, these colours)."""
    unrated: bool = False
    """A game of less than one move: played, scored, not rated (checklist Q185)."""
    version: int = field(default=0, compare=False)
    """The board's row version when it was read: a result entered with it is refused if another desk changed the
    board meanwhile (several desks on a server, issue 32)."""
    changed_by: str = field(default="", compare=False)
    """Who changed the board last (arbiter and desk)."""

    @property
    def result_text(self) -> str:
        """The result as written on a pairing sheet (:func:`sheet_result`), ``1-0 unrated`` for an unrated game."""
        return sheet_result(self.result, self.forfeit) + (f" {UNRATED}" if self.unrated else "")


UNRATED = "unrated"
"""How a result says its game is not rated (``1-0 unrated``; TRF ``W``/``L``/``D``, checklist Q185)."""


def sheet_result(result: str | None, forfeit: bool) -> str:
    """A stored result as written on a pairing sheet: ``1-0``, ``+/-``, ``-/-``, ``½-½``, ``½-0``, blank."""
    if result is None:
        return ""
    if forfeit:
        return {"1-0": "+/-", "0-1": "-/+", "0-0": "-/-"}[result]
    return result.replace("1/2", "½")


@dataclass(frozen=True)
class OverrideRecord:
    """A saved override of the round's pairing."""

    reason: str
    warnings: tuple[str, ...]
    created_at: datetime
    change_case: str = ""
    """For a published round under the 2026 rules: the case of C.04.2-2026 4.4 the arbiter named."""


@dataclass(frozen=True)
class RoundInfo:
    """A paired round as the arbiter sees it."""

    number: int
    state: str
    """``draft``, ``published`` or ``completed``."""
    boards: tuple[BoardInfo, ...]
    bye: int | None
    """Pairing number of the player with the pairing-allocated bye."""
    not_paired: tuple[tuple[int, str], ...]
    """(pairing number, ``half``/``full``/``zero``/``absent``/``withdrawn``/``not entered``) of the others."""
    overrides: tuple[OverrideRecord, ...] = ()
    edition: str = ""
    """The edition of the rules that paired the round, by its registry name (:mod:`arbiter_app.pairing.editions`)."""

    @property
    def version(self) -> str:
        """What the desk sees of the round, as a short mark: its state, its boards (pairs, colours, each board's
        row version) and its bye.  An override given the mark the desk showed is refused when another desk changed
        the round since (several desks on a server, issue 32); a round paired again the same way keeps it."""
        import hashlib

        seen = repr((self.number, self.state, self.bye, [(b.number, b.white, b.black, b.version) for b in self.boards]))
        return hashlib.sha256(seen.encode("utf-8")).hexdigest()[:16]

    def pairing(self) -> RoundPairing:
        """The round as the pairing core's value."""
        from arbiter_app.pairing.model import Board

        return RoundPairing(self.number, tuple(Board(b.white, b.black) for b in self.boards), self.bye)


@dataclass(frozen=True)
class ByeInfo:
    """A requested bye or an absence."""

    round: int
    player: int
    kind: str
    discarded_draft: bool = False
    """The round had a draft pairing, discarded because it no longer fits."""
    notices: tuple[Notice, ...] = ()
    """What the arbiter is told once the bye is stored (Level 2, e.g. full-point byes are deprecated, Q178)."""


@dataclass(frozen=True)
class ResultInfo:
    """A result entered or corrected."""

    round: int
    board: BoardInfo
    previous: str | None
    round_state: str
    note: str = ""
    """What the change affects (C.04.2.D.8), when it is a correction."""


@dataclass(frozen=True)
class PublishInfo:
    """A published round and the backup copy made of the file."""

    round: RoundInfo
    backup: Path | None
    backup_error: str | None = None


@dataclass(frozen=True)
class OverrideWarning:
    """One rule an overridden pairing breaks, or something the arbiter should know."""

    article: str
    message: str
    edition: str = ""
    """The edition of the rules the article belongs to, as cited (``Baku 2016``); empty for notes."""
    rule: str = ""
    """Which check it is, whatever the edition's numbering (``"published"``, ``"repeat"``, ``"bye"``, ...;
    :mod:`arbiter_app.pairing.articles`); empty for notes."""

    def __str__(self) -> str:
        if self.edition:
            return f"{self.article} ({self.edition}): {self.message}"
        return f"{self.article}: {self.message}"


@dataclass(frozen=True)
class OverridePreview:
    """The pairing an override would give, and every warning that applies."""

    round: int
    proposed: RoundPairing
    warnings: tuple[OverrideWarning, ...]
    engine_pairing: RoundPairing | None
    """What the engine pairs now; None when it finds no legal pairing."""
    boards_differing: int
    """Boards (colours included) of ``proposed`` that the engine's pairing does not have."""


@dataclass(frozen=True)
class AuditInfo:
    """One line of the audit log."""

    id: int
    when: datetime
    action: str
    summary: str
    before: str | None
    after: str | None
    reason: str
    undone: bool
    arbiter: str = ""
    """Who made the change (the name given when the application started)."""


@dataclass(frozen=True)
class StandingRow:
    """One line of the standings."""

    rank: int
    number: int
    name: str
    rating: int
    points: int
    """Tenths."""


@dataclass(frozen=True)
class ImportInfo:
    """What a TRF import created."""

    tournament: TournamentInfo
    players: int
    rounds: int
    warnings: tuple[str, ...]


@dataclass(frozen=True)
class ExportInfo:
    """A TRF export: the text and what TRF-16 could not carry."""

    text: str
    warnings: tuple[str, ...]
