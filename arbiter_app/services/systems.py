"""A tournament's pairing system, as one object the services ask: a Swiss by the Dutch rules of an
edition, or a round robin by the Berger tables (C.05 Annex 1).

The system is chosen when the tournament is created and frozen once round 1 is paired (checklist Q93).
Services do not test ``t.system``: they call :func:`system_of` and ask the object -- how to pair a round,
how many rounds there are, which tie-breaks it accepts, whose results count in the standings.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Protocol

from sqlalchemy.orm import Session

from arbiter_app.errors import ArbiterError, RuleViolation
from arbiter_app.pairing import berger
from arbiter_app.pairing.editions import DutchEdition, system_code
from arbiter_app.pairing.editions import edition as edition_rules
from arbiter_app.pairing.engine import pair_round
from arbiter_app.pairing.model import Board, RoundPairing, TournamentState
from arbiter_app.persistence import queries
from arbiter_app.persistence.models import BoardResult, Player, Round, Tournament
from arbiter_app.services.dto import TournamentInfo
from arbiter_app.services.records import is_withdrawn_in
from arbiter_app.services.state import state_for_round
from arbiter_app.services.tiebreak_rules import recommended
from arbiter_app.standings import roundrobin as rr
from arbiter_app.trf.rounds import round_robin_code, round_robin_type

SWISS = "swiss"
ROUND_ROBIN = "round-robin"
SYSTEMS = (SWISS, ROUND_ROBIN)


class TournamentSystem(Protocol):
    """What the services ask of a pairing system (one object per tournament: no ``if system == ...`` elsewhere)."""

    @property
    def name(self) -> str:
        """``swiss`` or ``round-robin`` (``Tournament.system``)."""

    @property
    def title(self) -> str: ...

    @property
    def rules_title(self) -> str:
        """What the window's title names: the rules the rounds are paired by."""

    @property
    def report_title(self) -> str:
        """What the page header of a report names."""

    @property
    def trf_type(self) -> str:
        """The TRF ``092`` line's text."""

    def trf2026_code(self, accelerated: bool) -> str | None:
        """The TRF-2026 ``192`` tournament type code (None: the table has none for it)."""

    @property
    def paired_by_table(self) -> bool:
        """True when the rounds come from a fixed table (the Berger tables): nothing to weigh, the explanation
        names the table's row; False when criteria choose among candidates (the Dutch rules)."""

    def pair(self, session: Session, t: Tournament, number: int) -> RoundPairing:
        """The round's pairing in pairing numbers (checking the earlier rounds are complete)."""

    def after_pairing(self, session: Session, t: Tournament, r: Round) -> None:
        """Anything the system enters with the pairing (a round robin's forfeits of withdrawn players)."""

    def check_tiebreaks(self, codes: tuple[str, ...]) -> None:
        """Refuse the codes the system does not offer."""

    def default_tiebreaks(self, rules_name: str) -> str:
        """The list a new tournament starts with, stored with it (never empty)."""

    def excluded(self, session: Session, t: Tournament) -> frozenset[int]:
        """Pairing numbers of the players whose results do not count in the standings."""

    def standings_state(self, session: Session, t: Tournament, state: TournamentState) -> TournamentState:
        """The state the standings rank: the system's rules on whose results count."""


@dataclass(frozen=True)
class SwissSystem:
    """The Dutch system of an edition (C.04.3; C.04.3-2026)."""

    edition: DutchEdition
    name: str = SWISS
    paired_by_table: bool = False

    @property
    def title(self) -> str:
        return f"Swiss, Dutch system ({self.edition.short_title})"

    @property
    def rules_title(self) -> str:
        """``Baku 2016 rules``: the edition of the Dutch rules."""
        return f"{self.edition.short_title} rules"

    @property
    def report_title(self) -> str:
        return self.edition.title

    @property
    def trf_type(self) -> str:
        """The ``092`` text: the edition's pairing-system code."""
        return system_code(self.edition)

    def trf2026_code(self, accelerated: bool) -> str | None:
        """The edition's Dutch code, with the Baku acceleration suffix under Baku acceleration."""
        return system_code(self.edition, accelerated)

    def pair(self, session: Session, t: Tournament, number: int) -> RoundPairing:
        return pair_round(state_for_round(session, t.id, number), self.edition)

    def after_pairing(self, session: Session, t: Tournament, r: Round) -> None:
        return None

    def check_tiebreaks(self, codes: tuple[str, ...]) -> None:
        return None

    def default_tiebreaks(self, rules_name: str) -> str:
        # Every tournament has its list from creation: the regulation's recommended order, stated in the settings
        # and in the TRF's 202 record (C.07-2026 4.1.1: announced before the tournament starts).
        return ", ".join(recommended(rules_name))

    def excluded(self, session: Session, t: Tournament) -> frozenset[int]:
        return frozenset()

    def standings_state(self, session: Session, t: Tournament, state: TournamentState) -> TournamentState:
        return state


@dataclass(frozen=True)
class RoundRobinSystem:
    """A round robin paired by the Berger tables (C.05 Annex 1), single or double."""

    double: bool = False
    reverse_last_two: bool = False
    name: str = ROUND_ROBIN
    paired_by_table: bool = True

    @property
    def title(self) -> str:
        kind = "double round robin" if self.double else "round robin"
        reversed_ = ", last two rounds of the first cycle reversed" if self.reverse_last_two else ""
        return f"{kind.capitalize()}, Berger tables{reversed_}"

    @property
    def rules_title(self) -> str:
        """``Double round robin, Berger tables``: no edition of the Dutch rules pairs a round robin."""
        return self.title

    @property
    def report_title(self) -> str:
        return f"{self.title} (FIDE C.05 Annex 1)"

    @property
    def trf_type(self) -> str:
        """The ``092`` text (TRF-16's "type of tournament", free text; read back by :func:`round_robin_of_trf`)."""
        text = "Individual: Double Round-Robin" if self.double else "Individual: Round-Robin"
        return text + (" (last two rounds of cycle 1 reversed)" if self.reverse_last_two else "")

    def trf2026_code(self, accelerated: bool) -> str | None:
        """``BERGER_ROUNDROBIN_G1``, ``BERGER_ROUNDROBIN_G2``, or ``FIDE_DOUBLEROUNDROBIN`` (the last two rounds
        of cycle 1 reversed): :func:`arbiter_app.trf.rounds.round_robin_code`."""
        return round_robin_code(self.double, self.reverse_last_two)

    def total_rounds(self, players: int) -> int:
        return berger.total_rounds(players, self.double)

    def games_scheduled(self, players: int) -> int:
        """The games each player is to play: N - 1 per cycle (C.05's "half of the games" counts these)."""
        return (players - 1) * (2 if self.double else 1)

    def schedule(self, players: int) -> list[berger.BergerRound]:
        return berger.schedule(players, self.double, self.reverse_last_two)

    def pair(self, session: Session, t: Tournament, number: int) -> RoundPairing:
        state_for_round(session, t.id, number)  # the earlier rounds paired, with every result
        players = list(queries.players(session, t.id))
        by_berger = berger_numbers(players)
        rounds = self.schedule(len(players))
        if number > len(rounds):
            raise RuleViolation("C.05", f"the round robin of {len(players)} players has {len(rounds)} rounds")
        table_round = rounds[number - 1]
        boards = tuple(Board(by_berger[w].pairing_number, by_berger[b].pairing_number) for w, b in table_round.boards)
        # The player who sits out (odd field) receives no pairing-allocated bye: the round has no game for them.
        return RoundPairing(number, boards, None)

    def after_pairing(self, session: Session, t: Tournament, r: Round) -> None:
        """C.05: a withdrawn player's remaining games are lost by forfeit (whether they count is the
        standings' business: fewer than half of the games completed, none of them counts)."""
        for b in r.boards:
            white_out, black_out = is_withdrawn_in(b.white, r.number), is_withdrawn_in(b.black, r.number)
            if white_out or black_out:
                b.forfeit = True
                b.result = (
                    BoardResult.BOTH_LOSE
                    if white_out and black_out
                    else BoardResult.BLACK_WINS
                    if white_out
                    else BoardResult.WHITE_WINS
                ).value
        session.flush()

    def check_tiebreaks(self, codes: tuple[str, ...]) -> None:
        refused = rr.refused_codes(codes)
        if refused:
            raise RuleViolation(
                "C.07 8", f"{', '.join(refused)}: the Buchholz tie-breaks must not be used in round-robins"
            )

    def default_tiebreaks(self, rules_name: str) -> str:
        return ", ".join(rr.RECOMMENDED_ROUND_ROBIN)

    def excluded(self, session: Session, t: Tournament) -> frozenset[int]:
        return excluded_players(session, t, self)

    def standings_state(self, session: Session, t: Tournament, state: TournamentState) -> TournamentState:
        return rr.without_players(state, self.excluded(session, t))


def excluded_players(session: Session, t: Tournament, system: RoundRobinSystem) -> frozenset[int]:
    """C.05: pairing numbers of the withdrawn players whose results do not count (fewer than half of their
    games completed over the board)."""
    players = list(queries.players(session, t.id))
    withdrawn = frozenset(
        p.pairing_number for p in players if p.withdrawal_round is not None and p.status == "withdrawn"
    )
    if not withdrawn:
        return frozenset()
    played = {p.pairing_number: 0 for p in players}
    for r in queries.rounds(session, t.id):
        for b in r.boards:
            if b.result not in (None, "*") and not b.forfeit:
                played[b.white.pairing_number] += 1
                played[b.black.pairing_number] += 1
    return rr.excluded_by_withdrawal(played, withdrawn, system.games_scheduled(len(players)))


def system_of(t: Tournament) -> TournamentSystem:
    """The tournament's pairing system."""
    if t.system == ROUND_ROBIN:
        return RoundRobinSystem(bool(t.double_round_robin), bool(t.reverse_last_two))
    if t.system == SWISS:
        return SwissSystem(t.rules)
    raise ArbiterError(f"unknown pairing system {t.system!r} (known: {', '.join(SYSTEMS)})")


def make_system(name: str, edition: str, double: bool = False, reverse_last_two: bool = False) -> TournamentSystem:
    """The system named at creation; options that do not fit it are refused."""
    if name == ROUND_ROBIN:
        if reverse_last_two and not double:
            raise ArbiterError("reversing the last two rounds of the first cycle applies to a double round robin only")
        return RoundRobinSystem(double, reverse_last_two)
    if name == SWISS:
        if double or reverse_last_two:
            raise ArbiterError("a Swiss tournament has no cycles: --double and --reverse-last-two are for round robins")
        return SwissSystem(edition_rules(edition))
    raise ArbiterError(f"unknown pairing system {name!r} (known: {', '.join(SYSTEMS)})")


def round_robin_of_trf(type_text: str) -> RoundRobinSystem | None:
    """The round robin a TRF ``192`` code or ``092`` line declares (:func:`arbiter_app.trf.rounds.round_robin_type`), else None."""
    found = round_robin_type(type_text)
    return RoundRobinSystem(*found) if found is not None else None


def system_of_info(info: TournamentInfo) -> TournamentSystem:
    """The system of a tournament's settings (for the shells, which hold DTOs)."""
    return make_system(info.system, info.edition, info.double_round_robin, info.reverse_last_two)


def berger_numbers(players: list[Player]) -> dict[int, Player]:
    """The players by Berger number; an error unless they are numbered 1..N (drawn or set before round 1)."""
    numbered = {p.berger_number: p for p in players if p.berger_number is not None}
    if sorted(numbered) != list(range(1, len(players) + 1)):
        missing = sorted(p.pairing_number for p in players if p.berger_number is None)
        detail = f"players {', '.join(map(str, missing))} have none" if missing else "they are not 1 to N"
        raise ArbiterError(
            f"the round robin needs Berger numbers 1 to {len(players)} ({detail}): draw them by lot"
            " or set them by hand before round 1 (the Berger numbers of the round robin)"
        )
    return numbered


def drawn_numbers(pairing_numbers: list[int], seed: int) -> dict[int, int]:
    """The drawing of lots: pairing number -> Berger number, repeatable from ``seed``."""
    order = sorted(pairing_numbers)
    numbers = list(range(1, len(order) + 1))
    random.Random(seed).shuffle(numbers)
    return dict(zip(order, numbers, strict=True))
