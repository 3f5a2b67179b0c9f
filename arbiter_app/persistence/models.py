"""Typed declarative models of a tournament file (SQLAlchemy 2.x).

One SQLite file usually holds one tournament, but nothing here assumes it.
Points are integers in tenths, as in the pairing core (``PointSystem``).
Players are referred to by row id in boards, byes and the like, so that a
change of pairing numbers (C.04.2.B.3) leaves the stored games untouched.

Times are naive UTC datetimes (SQLite has no time zones).
"""

from __future__ import annotations

import enum
import random
from datetime import UTC, date, datetime

from sqlalchemy import (
    BigInteger,
    Boolean,
    CheckConstraint,
    Date,
    DateTime,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Text,
    UniqueConstraint,
    false,
    true,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, relationship

from arbiter_app.pairing.editions import DEFAULT, DutchEdition
from arbiter_app.pairing.editions import edition as edition_named

NAMING_CONVENTION = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_N_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}


SEED = Integer().with_variant(BigInteger(), "postgresql")
"""A seed of 62 bits: SQLite's INTEGER holds it, PostgreSQL needs BIGINT."""


def new_lots_seed() -> int:
    """A fresh seed for a tournament's drawing of lots (each tournament its own, checklist Q206)."""
    return random.SystemRandom().randrange(1, 2**62)


def utcnow() -> datetime:
    """The current time, naive UTC (how every timestamp of the file is stored)."""
    return datetime.now(UTC).replace(tzinfo=None)


class Base(DeclarativeBase):
    """Base of every model; the metadata carries the constraint naming convention."""

    metadata = MetaData(naming_convention=NAMING_CONVENTION)


def _in(column: str, values: type[enum.Enum]) -> str:
    return f"{column} IN ({', '.join(repr(v.value) for v in values)})"


class PlayerStatus(enum.StrEnum):
    """Whether a player is still paired (C.04.2.D.3)."""

    ACTIVE = "active"
    WITHDRAWN = "withdrawn"


class RoundState(enum.StrEnum):
    """Life of a round: paired as a draft, published (C.04.2.D.7), all results in."""

    DRAFT = "draft"
    PUBLISHED = "published"
    COMPLETED = "completed"


class ByeKind(enum.StrEnum):
    """Why a player has no game in a round (TRF codes ``U H F Z -``)."""

    PAIRING_ALLOCATED = "pairing_allocated"
    """C.04.1.c: the player left over by the pairing."""
    HALF = "half"
    """A requested half-point bye."""
    FULL = "full"
    """A full-point bye (requested, or by the tournament's rules)."""
    ZERO = "zero"
    """A requested zero-point bye (C.04.2.D.4)."""
    ABSENT = "absent"
    """Absent, no points (C.04.2.D.2)."""


class BoardResult(enum.StrEnum):
    """A board's result, white first. With ``forfeit`` set: ``1-0`` is ``+/-``, ``0-0`` a double forfeit.

    ``1/2-0``, ``0-1/2`` and ``0-0`` without ``forfeit`` are games played over the board that the arbiter
    scored so (checklist Q180): each side scores its win, draw or loss value."""

    WHITE_WINS = "1-0"
    BLACK_WINS = "0-1"
    DRAW = "1/2-1/2"
    WHITE_HALF = "1/2-0"
    BLACK_HALF = "0-1/2"
    BOTH_LOSE = "0-0"
    ADJOURNED = "*"
    """An adjourned game: a draw for pairing purposes only (C.04.2.D.1)."""


class Tournament(Base):
    """A tournament and its settings."""

    __tablename__ = "tournaments"
    __table_args__ = (
        CheckConstraint("rounds_count >= 1", name="rounds_count_positive"),
        CheckConstraint("initial_colour IN ('white', 'black')", name="initial_colour"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(200))
    place: Mapped[str] = mapped_column(String(200), default="")
    start_date: Mapped[date | None] = mapped_column(Date, nullable=True)
    end_date: Mapped[date | None] = mapped_column(Date, nullable=True)
    chief_arbiter: Mapped[str] = mapped_column(String(200), default="")
    deputy_arbiters: Mapped[str] = mapped_column(String(500), default="")
    federation: Mapped[str] = mapped_column(String(3), default="", server_default="")
    """The organising federation (TRF ``032``), a FIDE code such as ``NOR``."""
    time_control: Mapped[str] = mapped_column(String(200), default="", server_default="")
    """As announced (TRF ``122``), e.g. ``90 min/40 moves + 30 min + 30 s/move``."""
    time_control_code: Mapped[str] = mapped_column(String(100), default="", server_default="")
    """The time control encoded as TRF-2026 record ``222`` says (``5400+30``), empty when not given."""
    round_dates: Mapped[str] = mapped_column(String(1000), default="", server_default="")
    """The date of each round (TRF ``132``), ISO dates separated by commas, empty where unknown."""
    rounds_count: Mapped[int] = mapped_column(Integer)
    points_win: Mapped[int] = mapped_column(Integer, default=10)
    points_draw: Mapped[int] = mapped_column(Integer, default=5)
    points_loss: Mapped[int] = mapped_column(Integer, default=0)
    points_zero_bye: Mapped[int] = mapped_column(Integer, default=0)
    points_forfeit_loss: Mapped[int] = mapped_column(Integer, default=0)
    points_pairing_bye: Mapped[int] = mapped_column(Integer, default=10)
    initial_colour: Mapped[str] = mapped_column(String(5), default="white")
    accelerated: Mapped[bool] = mapped_column(Boolean, default=False)
    """Baku acceleration (C.04.5) computed by the application."""
    tie_breaks: Mapped[str] = mapped_column(String(500), default="")
    """Tie-break order as announced, codes of ``tie_break_rules``: ``"BH/C1, BH, SB"`` (C.07), ``"BHC1, BH, SB"``
    (the Arbiters' Manual).  Empty: the regulation's recommended order."""
    tie_break_rules: Mapped[str] = mapped_column(String(40), default="c07-2026", server_default="arbiters-manual")
    """The tie-break regulation: ``c07-2026``, ``c07-2024`` or ``arbiters-manual`` (tournaments stored before
    it existed).  New tournaments: ``c07-2026``."""
    edition: Mapped[str] = mapped_column(String(40), default=DEFAULT.name)
    """Edition of the Dutch rules the engine pairs with (a Swiss tournament), by its registry name."""
    system: Mapped[str] = mapped_column(String(20), default="swiss", server_default="swiss")
    """The pairing system: ``swiss`` (the Dutch rules of ``edition``) or ``round-robin`` (the Berger tables,
    C.05 Annex 1).  Chosen at creation, frozen once round 1 is paired (checklist Q93)."""
    double_round_robin: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    reverse_last_two: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    """Double round robin: the first cycle's last two rounds are played in reverse order (Arbiters' Manual)."""

    @property
    def rules(self) -> DutchEdition:
        """The edition object ``edition`` names (read once here, at the database's edge)."""
        return edition_named(self.edition)

    berger_seed: Mapped[int | None] = mapped_column(SEED, nullable=True)
    """The seed of the drawing of lots of the Berger numbers; None when they were set by hand (or not yet)."""
    lots_seed: Mapped[int] = mapped_column(SEED, default=new_lots_seed, server_default="0")
    """The seed of the drawing of lots that orders players equal on every tie-break (checklist Q204, Q206):
    drawn once when the tournament is created, so the same tournament always draws the same order."""
    chess960_seed: Mapped[int | None] = mapped_column(SEED, nullable=True)
    """A Chess960 tournament: the seed its starting positions are drawn from, one a round (checklist Q222,
    :mod:`arbiter_app.pairing.chess960`); None for standard chess."""
    tie_order: Mapped[str] = mapped_column(String(20), default="name", server_default="name")
    """How players of equal rating and title are ranked for the TPNs (C.04.2-2026 2.2.3, checklist Q146), announced
    before round 1: ``name`` (alphabetically), ``fide-id`` (lower FIDE id first) or ``lots`` (a drawing of lots
    seeded by ``lots_seed``)."""
    fide_mode: Mapped[bool] = mapped_column(Boolean, default=True, server_default=true())
    """FIDE mode (checklist Q40-Q46): on for every tournament, imported ones included; what the rules forbid is
    refused (Level 5).  Left only by a two-step confirmation, never entered again (a trigger, migration 0008)."""
    fide_mode_left_round: Mapped[int | None] = mapped_column(Integer, nullable=True)
    """The last round paired when FIDE mode was left (0: before round 1); None while in FIDE mode."""
    extra_trf_lines: Mapped[str] = mapped_column(Text, default="")
    """Header lines of an imported TRF file kept verbatim for export (those without a field of their own)."""
    trf_layout: Mapped[str] = mapped_column(Text, default="", server_default="")
    """The layout of the TRF file the tournament was imported from (``arbiter_app.trf.fileform.FileLayout``
    as JSON): which lines it had, in which order, how it spelt them; empty for a tournament not imported."""
    hand_order: Mapped[str] = mapped_column(Text, default="", server_default="")
    """The arbiter's ranking of players tied on every tie-break (checklist Q205): pairing numbers separated
    by commas, applied only within a tie; empty: none."""
    unrated_method: Mapped[str] = mapped_column(String(20), default="", server_default="")
    """The rule for unrated players in rating-based tie-breaks (C.07 Article 10; checklist Q208-Q209):
    empty (the tie-breaks are dropped), ``fixed`` (every unrated player counts as ``unrated_rating``) or
    ``estimated`` (the rating entered for each, ``unrated_rating`` for one without)."""
    unrated_rating: Mapped[int] = mapped_column(Integer, default=1000, server_default="1000")
    long_event: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    """The tournament lasts more than 30 days (checklist Q210): players may have several ratings."""
    tiebreak_rating: Mapped[str] = mapped_column(String(10), default="first", server_default="first")
    """Which rating counts in rating-based tie-breaks (C.07 Article 10, Note; checklist Q214-Q216):
    ``first`` (the default), ``each`` (the rating of each round) or a round number."""
    rating_method: Mapped[str] = mapped_column(String(10), default="FIDE", server_default="FIDE")
    """How the tournament rating is found (TRF-2026 record ``172``, checklist Q145): ``FIDE``, ``NRO``, ``FIDON``,
    ``NIDOF``, ``HBFN`` or ``OTHER`` (:mod:`arbiter_app.ratings.methods`)."""
    rating_type: Mapped[str] = mapped_column(String(10), default="standard", server_default="standard")
    """Whether the event is rated as ``standard``, ``rapid`` or ``blitz``: the default list sequence (Q123)."""
    list_sequence: Mapped[str] = mapped_column(String(500), default="", server_default="")
    """The rating lists searched in order, comma-separated (Q123-Q126); empty: the default of ``rating_type``."""
    rating_check: Mapped[bool] = mapped_column(Boolean, default=True, server_default=true())
    """The automatic consistency check of the registered ratings against the list (Q138-Q139)."""
    created_at: Mapped[datetime] = mapped_column(DateTime, default=utcnow)

    players: Mapped[list[Player]] = relationship(back_populates="tournament", cascade="all, delete-orphan")
    rounds: Mapped[list[Round]] = relationship(back_populates="tournament", cascade="all, delete-orphan")


class Player(Base):
    """A registered player."""

    __tablename__ = "players"
    __table_args__ = (
        UniqueConstraint("tournament_id", "pairing_number"),
        CheckConstraint("pairing_number >= 1", name="pairing_number_positive"),
        CheckConstraint(_in("status", PlayerStatus), name="status"),
        CheckConstraint("entry_round >= 1", name="entry_round_positive"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    tournament_id: Mapped[int] = mapped_column(ForeignKey("tournaments.id", ondelete="CASCADE"), index=True)
    pairing_number: Mapped[int] = mapped_column(Integer)
    name: Mapped[str] = mapped_column(String(200))
    title: Mapped[str] = mapped_column(String(3), default="")
    rating: Mapped[int] = mapped_column(Integer, default=0)
    fide_id: Mapped[str] = mapped_column(String(11), default="")
    federation: Mapped[str] = mapped_column(String(3), default="")
    sex: Mapped[str] = mapped_column(String(1), default="")
    birth_date: Mapped[str] = mapped_column(String(10), default="")
    """As written in TRF (``YYYY/MM/DD`` or a year); free text."""
    status: Mapped[str] = mapped_column(String(10), default=PlayerStatus.ACTIVE.value)
    entry_round: Mapped[int] = mapped_column(Integer, default=1)
    """First round the player can be paired in (C.04.2.C late entries)."""
    withdrawal_round: Mapped[int | None] = mapped_column(Integer, nullable=True)
    """First round the player is no longer paired in (C.04.2.D.3)."""
    berger_number: Mapped[int | None] = mapped_column(Integer, nullable=True)
    """A round robin's number in the Berger table (drawn by lot or set by hand before round 1)."""
    fide_rating: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    """The official FIDE rating (0: unrated); ``rating`` is the tournament rating derived from it (Q116)."""
    fide_rating_source: Mapped[str] = mapped_column(String(60), default="manual", server_default="")
    """Where ``fide_rating`` comes from: a list (``FIDE standard 2026-11``), ``manual`` when entered by hand,
    empty when not recorded (players stored before sources were kept) (Q134)."""
    national_rating: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    national_rating_source: Mapped[str] = mapped_column(String(60), default="", server_default="")
    manual_rating: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    """A rating the arbiter set for the tournament (methods ``HBFN`` and ``OTHER``)."""
    half_bye_eligible: Mapped[bool] = mapped_column(Boolean, default=True, server_default=true())
    """False: the player may not request a half-point bye (a free entry, the tournament's conditions; checklist
    Q175-Q176)."""
    tie_rank: Mapped[int | None] = mapped_column(Integer, nullable=True)
    """Rank among the players of the same rating set by a TPN exchange (checklist Q147-Q148); None: none made."""
    expelled: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    """Expelled from the tournament (checklist Q197): withdrawn from the round of the expulsion, flagged in the
    standings."""
    row_version: Mapped[int] = mapped_column(Integer, default=1, server_default="1")
    """Raised by every change of the row: a desk that saw an older version is refused (several desks, issue 32)."""
    changed_by: Mapped[str] = mapped_column(String(300), default="", server_default="")
    """The arbiter (and desk) of the row's last change."""
    __mapper_args__ = {"version_id_col": row_version}  # noqa: RUF012 - SQLAlchemy reads it once

    tournament: Mapped[Tournament] = relationship(back_populates="players")


class Round(Base):
    """A paired round."""

    __tablename__ = "rounds"
    __table_args__ = (
        UniqueConstraint("tournament_id", "number"),
        CheckConstraint("number >= 1", name="number_positive"),
        CheckConstraint(_in("state", RoundState), name="state"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    tournament_id: Mapped[int] = mapped_column(ForeignKey("tournaments.id", ondelete="CASCADE"), index=True)
    number: Mapped[int] = mapped_column(Integer)
    state: Mapped[str] = mapped_column(String(10), default=RoundState.DRAFT.value)
    paired_at: Mapped[datetime] = mapped_column(DateTime, default=utcnow)
    published_at: Mapped[datetime | None] = mapped_column(DateTime, nullable=True)
    engine_pairing: Mapped[str] = mapped_column(Text, default="", server_default="")
    """The engine's pairing of the round, JSON ``{"boards": [[white, black], ...], "bye": n}`` by
    pairing number; empty when not known (an imported round).  An override leaves it as it was."""
    edition: Mapped[str | None] = mapped_column(String(40), nullable=True)
    """The edition of the Dutch rules the engine paired the round with, by its registry name (a tournament may
    change its edition between rounds); None when not kept (an imported round): the tournament's."""

    tournament: Mapped[Tournament] = relationship(back_populates="rounds")
    boards: Mapped[list[BoardRow]] = relationship(
        back_populates="round", cascade="all, delete-orphan", order_by="BoardRow.number"
    )


class BoardRow(Base):
    """One board of a round: the pair, its colours and its result."""

    __tablename__ = "boards"
    __table_args__ = (
        UniqueConstraint("round_id", "number"),
        CheckConstraint("white_id <> black_id", name="two_players"),
        CheckConstraint(
            "(forfeit AND result IN ('1-0', '0-1', '0-0')) OR "
            "(NOT forfeit AND (result IS NULL OR result IN ('1-0', '0-1', '1/2-1/2', '1/2-0', '0-1/2', '0-0', '*')))",
            name="result",
        ),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    round_id: Mapped[int] = mapped_column(ForeignKey("rounds.id", ondelete="CASCADE"), index=True)
    number: Mapped[int] = mapped_column(Integer)
    white_id: Mapped[int] = mapped_column(ForeignKey("players.id", ondelete="RESTRICT"), index=True)
    black_id: Mapped[int] = mapped_column(ForeignKey("players.id", ondelete="RESTRICT"), index=True)
    result: Mapped[str | None] = mapped_column(String(7), nullable=True)
    """A :class:`BoardResult` value, None until entered."""
    forfeit: Mapped[bool] = mapped_column(Boolean, default=False)
    unrated: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    """A game of less than one move, played but not rated (TRF result codes ``W``, ``D``, ``L``; checklist Q185)."""
    row_version: Mapped[int] = mapped_column(Integer, default=1, server_default="1")
    """Raised by every change of the row: a desk that saw an older version is refused (several desks, issue 32)."""
    changed_by: Mapped[str] = mapped_column(String(300), default="", server_default="")
    """The arbiter (and desk) of the row's last change."""
    __mapper_args__ = {"version_id_col": row_version}  # noqa: RUF012 - SQLAlchemy reads it once

    round: Mapped[Round] = relationship(back_populates="boards")
    white: Mapped[Player] = relationship(foreign_keys=[white_id])
    black: Mapped[Player] = relationship(foreign_keys=[black_id])


class Bye(Base):
    """A round without a game for a player: requested, absent, or the pairing-allocated bye.

    Keyed by round number, not by a ``rounds`` row: a bye is requested before
    its round is paired.
    """

    __tablename__ = "byes"
    __table_args__ = (
        UniqueConstraint("tournament_id", "round_number", "player_id"),
        CheckConstraint("round_number >= 1", name="round_number_positive"),
        CheckConstraint(_in("kind", ByeKind), name="kind"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    tournament_id: Mapped[int] = mapped_column(ForeignKey("tournaments.id", ondelete="CASCADE"), index=True)
    round_number: Mapped[int] = mapped_column(Integer)
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id", ondelete="CASCADE"), index=True)
    kind: Mapped[str] = mapped_column(String(20))

    player: Mapped[Player] = relationship()


class Acceleration(Base):
    """Virtual points of a player for a round (C.04.5; TRF ``XXA``), in tenths."""

    __tablename__ = "accelerations"
    __table_args__ = (UniqueConstraint("player_id", "round_number"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id", ondelete="CASCADE"), index=True)
    round_number: Mapped[int] = mapped_column(Integer)
    points: Mapped[int] = mapped_column(Integer)


class ForbiddenPair(Base):
    """Two players the arbiter has ruled may not meet (TRF ``XXP``)."""

    __tablename__ = "forbidden_pairs"
    __table_args__ = (
        UniqueConstraint("first_id", "second_id"),
        CheckConstraint("first_id < second_id", name="ordered"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    tournament_id: Mapped[int] = mapped_column(ForeignKey("tournaments.id", ondelete="CASCADE"), index=True)
    first_id: Mapped[int] = mapped_column(ForeignKey("players.id", ondelete="CASCADE"))
    second_id: Mapped[int] = mapped_column(ForeignKey("players.id", ondelete="CASCADE"))


class EnteredTieBreak(Base):
    """A tie-break value computed elsewhere and entered by hand for a player (checklist Q207)."""

    __tablename__ = "entered_tiebreaks"
    __table_args__ = (UniqueConstraint("player_id", "code"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    tournament_id: Mapped[int] = mapped_column(ForeignKey("tournaments.id", ondelete="CASCADE"), index=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id", ondelete="CASCADE"))
    code: Mapped[str] = mapped_column(String(20))
    """The tie-break code as in the tournament's list (``BH/C1``)."""
    value: Mapped[str] = mapped_column(String(30))
    """Exact: ``"27.5"``, ``"55/2"`` or a whole number."""


class TieBreakRating(Base):
    """A player's rating for the rating-based tie-breaks from a round on (checklist Q212-Q213): a later
    rating of a tournament lasting more than 30 days, or an unrated player's estimated rating (round 1)."""

    __tablename__ = "tiebreak_ratings"
    __table_args__ = (
        UniqueConstraint("player_id", "from_round"),
        CheckConstraint("from_round >= 1", name="from_round_positive"),
        CheckConstraint("rating >= 0", name="rating_not_negative"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    tournament_id: Mapped[int] = mapped_column(ForeignKey("tournaments.id", ondelete="CASCADE"), index=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id", ondelete="CASCADE"))
    from_round: Mapped[int] = mapped_column(Integer)
    rating: Mapped[int] = mapped_column(Integer)


class RatingResult(Base):
    """A result corrected for the rating report only (C.04.2-2026 4.3: a correction reported after the following
    round has ended counts for rating purposes only; checklist Q192): kept apart from the board's result, which
    pairing and standings go on reading.  Keyed by round and players, so that a round's boards rebuilt by an undo
    keep it."""

    __tablename__ = "rating_results"
    __table_args__ = (
        UniqueConstraint("tournament_id", "round_number", "white_id", "black_id"),
        CheckConstraint(
            "(forfeit AND result IN ('1-0', '0-1', '0-0')) OR "
            "(NOT forfeit AND result IN ('1-0', '0-1', '1/2-1/2', '1/2-0', '0-1/2', '0-0'))",
            name="result",
        ),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    tournament_id: Mapped[int] = mapped_column(ForeignKey("tournaments.id", ondelete="CASCADE"), index=True)
    round_number: Mapped[int] = mapped_column(Integer)
    white_id: Mapped[int] = mapped_column(ForeignKey("players.id", ondelete="CASCADE"))
    black_id: Mapped[int] = mapped_column(ForeignKey("players.id", ondelete="CASCADE"))
    result: Mapped[str] = mapped_column(String(7))
    """A :class:`BoardResult` value (never ``*``): what the rating report counts."""
    forfeit: Mapped[bool] = mapped_column(Boolean, default=False)
    created_at: Mapped[datetime] = mapped_column(DateTime, default=utcnow)

    white: Mapped[Player] = relationship(foreign_keys=[white_id])
    black: Mapped[Player] = relationship(foreign_keys=[black_id])


class Override(Base):
    """A manual change of a round's pairing, with the warnings the arbiter saw."""

    __tablename__ = "overrides"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    round_id: Mapped[int] = mapped_column(ForeignKey("rounds.id", ondelete="CASCADE"), index=True)
    reason: Mapped[str] = mapped_column(Text)
    warnings: Mapped[str] = mapped_column(Text, default="[]")
    """JSON list of ``{"article": ..., "message": ...}``."""
    change_case: Mapped[str] = mapped_column(String(40), default="", server_default="")
    """For a published round: the case of C.04.2-2026 4.4 the arbiter named (``rematch``, ``late-entry``, ...);
    empty for a draft, and under Baku 2016 (C.04.2.D.10 knows one case, which the program recognises)."""
    created_at: Mapped[datetime] = mapped_column(DateTime, default=utcnow)


class AuditEntry(Base):
    """One change: what, before, after (JSON), when, why, who; undoable steps keep a snapshot.

    Append-only: triggers refuse deleting a row or changing it (but for its hash and state, written once by the
    commit that adds it); each row is chained to the one before it (:mod:`arbiter_app.persistence.audit_chain`).
    """

    __tablename__ = "audit_entries"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    tournament_id: Mapped[int] = mapped_column(ForeignKey("tournaments.id", ondelete="CASCADE"), index=True)
    action: Mapped[str] = mapped_column(String(40))
    summary: Mapped[str] = mapped_column(Text, default="")
    before: Mapped[str | None] = mapped_column(Text, nullable=True)
    after: Mapped[str | None] = mapped_column(Text, nullable=True)
    reason: Mapped[str] = mapped_column(Text, default="")
    created_at: Mapped[datetime] = mapped_column(DateTime, default=utcnow)
    undo_snapshot: Mapped[str | None] = mapped_column(Text, nullable=True)
    """JSON of the round as it was before this step, for undo; None: the step cannot be undone."""
    undone: Mapped[bool] = mapped_column(Boolean, default=False)
    """Set by the undo in files written before migration 0018; since then an undo is an entry of its own that
    names the entry it undoes (:attr:`undoes`), and no entry is ever changed."""
    arbiter: Mapped[str] = mapped_column(String(200), default="", server_default="")
    """Who made the change."""
    undoes: Mapped[int | None] = mapped_column(Integer, nullable=True)
    """An undo: the id of the entry it undoes."""
    chain_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)
    """SHA-256 chaining this entry to the one before it and to :attr:`state` (written by the commit)."""
    state: Mapped[str | None] = mapped_column(Text, nullable=True)
    """JSON: per table, the digest of what the arbiter entered as it stood when the entry was committed (blank
    for entries written before the chain existed)."""


class DeskLock(Base):
    """A task one desk does at a time on a server (pairing, publishing): who holds it, since when."""

    __tablename__ = "desk_locks"

    name: Mapped[str] = mapped_column(String(40), primary_key=True)
    holder: Mapped[str] = mapped_column(String(300))
    since: Mapped[datetime] = mapped_column(DateTime, default=utcnow)


class AuditSeal(Base):
    """The head of the audit chain: the last entry and the state after the program's last write (one row)."""

    __tablename__ = "audit_seals"
    __table_args__ = (CheckConstraint("id = 1", name="one_row"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    entry_id: Mapped[int | None] = mapped_column(Integer, nullable=True)
    entry_hash: Mapped[str] = mapped_column(Text)
    state: Mapped[str] = mapped_column(Text)
    head: Mapped[str] = mapped_column(Text)


class Deputy(Base):
    """A deputy arbiter let in from the hall's network (issue 31): a name, the boards he may enter results of,
    until when, and the SHA-256 of his 128-bit token (the token itself is never stored)."""

    __tablename__ = "deputies"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    tournament_id: Mapped[int] = mapped_column(ForeignKey("tournaments.id", ondelete="CASCADE"), index=True)
    name: Mapped[str] = mapped_column(String(100))
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    """Hex SHA-256 of the token given in his link."""
    first_board: Mapped[int] = mapped_column(Integer)
    last_board: Mapped[int] = mapped_column(Integer)
    created_at: Mapped[datetime] = mapped_column(DateTime, default=utcnow)
    expires_at: Mapped[datetime] = mapped_column(DateTime)
    revoked_at: Mapped[datetime | None] = mapped_column(DateTime, nullable=True)
    created_by: Mapped[str] = mapped_column(String(200), default="", server_default="")
    """The chief arbiter who issued the link."""


class DeputyEntry(Base):
    """One result a deputy sent: entered, or held as a conflict with a result already there until the chief
    arbiter decides (never written over it)."""

    __tablename__ = "deputy_entries"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    tournament_id: Mapped[int] = mapped_column(ForeignKey("tournaments.id", ondelete="CASCADE"), index=True)
    deputy_id: Mapped[int] = mapped_column(ForeignKey("deputies.id", ondelete="CASCADE"), index=True)
    round_number: Mapped[int] = mapped_column(Integer)
    board_number: Mapped[int] = mapped_column(Integer)
    result: Mapped[str] = mapped_column(String(20))
    """As the deputy sent it (``1-0``, ``+-`` ...)."""
    previous: Mapped[str | None] = mapped_column(String(20), nullable=True)
    """The result on the board when it came (a conflict: the one kept)."""
    status: Mapped[str] = mapped_column(String(20))
    """``entered``, ``conflict``, ``accepted`` (the chief took the deputy's result) or ``rejected``."""
    created_at: Mapped[datetime] = mapped_column(DateTime, default=utcnow)
    decided_at: Mapped[datetime | None] = mapped_column(DateTime, nullable=True)
    decided_by: Mapped[str] = mapped_column(String(200), default="", server_default="")
