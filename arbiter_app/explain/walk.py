"""The candidates of a bracket in the order sections B and D generate them.

A walk is a depth-first traversal of the rules' own sequence:

* for each number of pairs, then of paired MDPs, from the largest (B.1:
  MaxPairs and M1 are maxima; the manual's "last attempt" lowers them);
* heterogeneous bracket (B.7): S1 after each MDP-exchange with the Limbo
  (D.3, the original S1 first), and for each S1 the transpositions of S2
  (D.1) forming the MDP-pairing; its remainder is then paired as a
  homogeneous bracket, S1R and S2R being the subgroups formed right after
  the MDP-pairing;
* homogeneous bracket or remainder (B.6): the original S1, then each
  resident-exchange (D.2), and for each S1 the transpositions of S2 (D.1).

Three kinds of candidates are skipped whole, with their number: those
containing an illegal pair (C.1, C.3: every transposition that starts the
same way is illegal too, as the manual's "jump ahead" notes), those that
repeat a candidate generated before (a pair whose S1 player ranks below his
S2 opponent: the exchange that keeps the higher player in S1 comes earlier,
manual footnote 18), and those a caller's *pruner* rules out (a bound: they
cannot beat the best candidate so far).  Counts are of the candidates the
literal sequence would have built, so that the examined and the skipped add
up to the whole sequence.

BSNs for D.2 are the positions in the remainder, as the engine numbers them
(``generation.remainder_fields``); in a homogeneous bracket they are the BSNs.
The corpus decides between the readings: with the bracket's own BSNs, two
heterogeneous brackets of 5,297 (medium-1143 round 5, medium-1167 round 9)
would come out differently from the endorsed engine's files.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from math import comb, perm

from arbiter_app.explain.candidates import BracketContext, Pair, Violation
from arbiter_app.pairing.criteria import Contestant
from arbiter_app.pairing.generation import mdp_exchanges, resident_exchanges

EXCHANGE_LIST_LIMIT = 100_000
"""Above this many exchanges of one kind, only the single-player ones are generated (the walk says so)."""


class SkipKind(enum.Enum):
    ILLEGAL = "illegal"
    """They contain a pair C.1 or C.3 forbids."""
    REPEAT = "repeat"
    """They repeat a candidate generated earlier (footnote 18 of the manual)."""
    BOUND = "bound"
    """They cannot beat the best candidate so far (the caller's pruner)."""
    NOT_ENUMERATED = "not enumerated"
    """Exchanges too many to list (a very large bracket)."""


@dataclass(frozen=True)
class Path:
    """Where a candidate sits in the sequence: each field one loop of B.6/B.7."""

    pairs: int
    mdps_paired: int
    s1: tuple[int, ...] = ()
    """MDPs in S1 (D.3)."""
    mdp_head: tuple[int, ...] = ()
    """Their opponents, the head of S2 (D.1)."""
    exchange: tuple[tuple[int, ...], tuple[int, ...]] = ((), ())
    """Players moved out of and into the original S1 (or S1R) (D.2)."""
    head: tuple[int, ...] = ()
    """The opponents of S1 (or S1R), the head of S2 (or S2R) (D.1)."""


@dataclass(frozen=True)
class Subgroups:
    """The subgroups a candidate was built from, each in the order used (B.2, B.3)."""

    s1: tuple[int, ...]
    s2: tuple[int, ...]
    limbo: tuple[int, ...] = ()
    s1r: tuple[int, ...] | None = None
    s2r: tuple[int, ...] | None = None


@dataclass(frozen=True)
class Leaf:
    """A candidate reached by the walk."""

    pairs: tuple[Pair, ...]
    """Pairs in the order built (S1 order), the higher ranked player first."""
    downfloaters: tuple[Contestant, ...]
    path: Path
    subgroups: Subgroups
    violation: Violation | None = None
    """Set when the candidate is illegal by C.1/C.3 (shown rather than skipped: it is alone)."""


@dataclass(frozen=True)
class Skip:
    """Candidates of the sequence passed over together."""

    count: int
    kind: SkipKind
    detail: str
    article: str | None = None
    example: tuple[Pair, ...] = ()
    """The pairs all of them share (a prefix of each)."""
    path: Path | None = None


@dataclass(frozen=True)
class Node:
    """A partial candidate: what a pruner sees."""

    pairs: tuple[Pair, ...]
    floaters: tuple[Contestant, ...]
    """Certain downfloaters (the Limbo, or S2 players left out of a complete head)."""
    open: tuple[Contestant, ...]
    """Players still to be paired or floated."""
    open_pairs: int
    """Pairs still to be formed among ``open``."""
    count: int
    """Candidates of the sequence below this node."""
    path: Path


Pruner = Callable[[Node], Skip | None]


def remainder_count(size: int, pairs: int) -> int:
    """Candidates of a homogeneous bracket (or remainder) with ``pairs`` pairs: every S1, every transposition."""
    return comb(size, pairs) * perm(size - pairs, pairs)


class Walk:
    """The sequence of candidates of one bracket, skipping what cannot matter."""

    def __init__(self, ctx: BracketContext, max_pairs: int, m1: int, pruner: Pruner | None = None) -> None:
        self.ctx = ctx
        self.mdps = ctx.bracket.moved_down
        self.residents = ctx.bracket.residents
        self.max_pairs = max_pairs
        self.m1 = m1
        self.pruner = pruner
        self.bsn = {p.number: k for k, p in enumerate(ctx.players, 1)}
        cite = ctx.texts.cite
        self._repeat_text = f"candidates already generated before ({cite('B.6')}, {cite('D.2')})"

    def levels(self) -> Iterator[tuple[int, int]]:
        """(pairs, paired MDPs), best first: C.5 then C.6 order."""
        residents = len(self.residents)
        for pairs in range(self.max_pairs, -1, -1):
            for mdps in range(min(self.m1, pairs, len(self.mdps)), -1, -1):
                if 2 * (pairs - mdps) <= residents - mdps:
                    yield pairs, mdps

    def level_count(self, pairs: int, mdps: int) -> int:
        residents = len(self.residents)
        return comb(len(self.mdps), mdps) * perm(residents, mdps) * remainder_count(residents - mdps, pairs - mdps)

    def __iter__(self) -> Iterator[Leaf | Skip]:
        for pairs, mdps in self.levels():
            path = Path(pairs, mdps)
            node = Node((), (), self.ctx.players, pairs, self.level_count(pairs, mdps), path)
            # A whole level may be passed over even when it holds a single candidate.
            skip = self.pruner(node) if self.pruner is not None else None
            if skip is not None:
                yield skip
                continue
            if self.mdps:
                yield from self._heterogeneous(pairs, mdps)
            else:
                yield from self._remainder(self.residents, pairs, (), (), path, None)

    # --- B.7 --------------------------------------------------------------------

    def _heterogeneous(self, pairs: int, mdps: int) -> Iterator[Leaf | Skip]:
        original = tuple(p.number for p in self.mdps[:mdps])
        limbo = tuple(p.number for p in self.mdps[mdps:])
        options: list[tuple[int, ...]] = [original]
        not_listed = 0
        if limbo and mdps:
            if comb(len(self.mdps), mdps) <= EXCHANGE_LIST_LIMIT:
                score = {self.bsn[p.number]: p.score for p in self.mdps}
                bsns = mdp_exchanges([self.bsn[n] for n in original], [self.bsn[n] for n in limbo], score)
                by_bsn = {self.bsn[p.number]: p.number for p in self.mdps}
                options += [tuple(by_bsn[b] for b in s1) for s1 in bsns]
            else:
                not_listed = comb(len(self.mdps), mdps) - 1
        by_number = {p.number: p for p in self.mdps}
        per_s1 = perm(len(self.residents), mdps) * remainder_count(len(self.residents) - mdps, pairs - mdps)
        for s1_numbers in options:
            s1 = tuple(by_number[n] for n in s1_numbers)
            in_limbo = tuple(p for p in self.mdps if p.number not in s1_numbers)
            path = Path(pairs, mdps, s1_numbers)
            node = Node((), in_limbo, s1 + self.residents, pairs, per_s1, path)
            skip = self._prune(node) if s1_numbers != original else None
            if skip is not None:
                yield skip
                continue
            yield from self._mdp_pairing(s1, in_limbo, pairs, path)
        if not_listed:
            yield Skip(
                not_listed * per_s1,
                SkipKind.NOT_ENUMERATED,
                f"MDP-exchanges too many to list ({self.ctx.texts.cite('D.3')})",
            )

    def _mdp_pairing(
        self, s1: tuple[Contestant, ...], limbo: tuple[Contestant, ...], pairs: int, path: Path
    ) -> Iterator[Leaf | Skip]:
        residents = self.residents
        m = len(s1)
        below = remainder_count(len(residents) - m, pairs - m)

        def extend(i: int, chosen: tuple[Contestant, ...]) -> Iterator[Leaf | Skip]:
            if i == m:
                head = tuple(p.number for p in chosen)
                taken = {p.number for p in chosen}
                rest = tuple(p for p in residents if p.number not in taken)
                mdp_pairs = tuple(zip(s1, chosen))
                yield from self._remainder(rest, pairs - m, mdp_pairs, limbo, Path(pairs, m, path.s1, head), s1)
                return
            taken = {p.number for p in chosen}
            for r in residents:
                if r.number in taken:
                    continue
                count = perm(len(residents) - i - 1, m - i - 1) * below
                prefix = tuple(zip(s1, chosen + (r,)))
                violation = self.ctx.pair_violation(s1[i], r)
                sub = Path(path.pairs, path.mdps_paired, path.s1, tuple(p.number for p in chosen + (r,)))
                if violation is not None:
                    if count == 1:
                        # The only completion: the other MDPs take the next residents, the remainder has no pair.
                        others = tuple(p for p in residents if p.number not in taken and p is not r)
                        completed = chosen + (r,) + others[: m - i - 1]
                        numbers = set(_numbers(completed))
                        rest = tuple(p for p in residents if p.number not in numbers)
                        sub = Path(path.pairs, path.mdps_paired, path.s1, _numbers(completed))
                        yield self._leaf(tuple(zip(s1, completed)), limbo + rest, sub, s1, limbo, (), rest, violation)
                    else:
                        yield Skip(count, SkipKind.ILLEGAL, violation.detail, violation.article, prefix, sub)
                    continue
                if i + 1 < m:
                    open_ = tuple(p for p in residents if p.number not in taken and p is not r) + s1[i + 1 :]
                    node = Node(prefix, limbo, open_, pairs - i - 1, count, sub)
                    skip = self._prune(node)
                    if skip is not None:
                        yield skip
                        continue
                yield from extend(i + 1, chosen + (r,))

        yield from extend(0, ())

    # --- B.6 --------------------------------------------------------------------

    def _remainder(
        self,
        players: tuple[Contestant, ...],
        k: int,
        fixed: tuple[Pair, ...],
        limbo: tuple[Contestant, ...],
        path: Path,
        mdp_s1: tuple[Contestant, ...] | None,
    ) -> Iterator[Leaf | Skip]:
        """A homogeneous bracket or a remainder, with ``k`` pairs; ``fixed`` the MDP-pairing."""
        n = len(players)
        position = {p.number: i for i, p in enumerate(players, 1)}
        if fixed:
            node = Node(fixed, limbo, players, k, remainder_count(n, k), path)
            skip = self._prune(node)
            if skip is not None:
                yield skip
                return
        s1_positions = list(range(1, k + 1))
        s2_positions = list(range(k + 1, n + 1))
        exchanges, not_listed = _exchanges(s1_positions, s2_positions)
        for out, into in exchanges:
            s1_set = (set(s1_positions) - set(out)) | set(into)
            s1 = tuple(players[i - 1] for i in sorted(s1_set))
            s2 = tuple(players[i - 1] for i in range(1, n + 1) if i not in s1_set)
            exchange = (tuple(players[i - 1].number for i in out), tuple(players[i - 1].number for i in into))
            sub = Path(path.pairs, path.mdps_paired, path.s1, path.mdp_head, exchange)
            if not _leaders_possible(s1_set, n):
                yield Skip(perm(n - k, k), SkipKind.REPEAT, self._repeat_text)
                continue
            if out:
                node = Node(fixed, limbo, players, k, perm(n - k, k), sub)
                skip = self._prune(node)
                if skip is not None:
                    yield skip
                    continue
            yield from self._transpositions(s1, s2, fixed, limbo, sub, position, mdp_s1)
        if not_listed:
            yield Skip(
                not_listed * perm(n - k, k),
                SkipKind.NOT_ENUMERATED,
                f"exchanges of several players not listed ({self.ctx.texts.cite('D.2')})",
            )

    def _transpositions(
        self,
        s1: tuple[Contestant, ...],
        s2: tuple[Contestant, ...],
        fixed: tuple[Pair, ...],
        limbo: tuple[Contestant, ...],
        path: Path,
        position: dict[int, int],
        mdp_s1: tuple[Contestant, ...] | None,
    ) -> Iterator[Leaf | Skip]:
        k = len(s1)

        def leaf(chosen: tuple[Contestant, ...], violation: Violation | None = None) -> Leaf:
            taken = {p.number for p in chosen}
            floaters = tuple(p for p in s2 if p.number not in taken)
            pairs = fixed + tuple(zip(s1, chosen))
            return self._leaf(pairs, limbo + floaters, where(chosen), mdp_s1, limbo, s1, chosen + floaters, violation)

        def where(chosen: tuple[Contestant, ...]) -> Path:
            return Path(path.pairs, path.mdps_paired, path.s1, path.mdp_head, path.exchange, _numbers(chosen))

        def extend(i: int, chosen: tuple[Contestant, ...], used: frozenset[int]) -> Iterator[Leaf | Skip]:
            if i == k:
                yield leaf(chosen)
                return
            count = perm(len(s2) - i - 1, k - i - 1)
            leader = s1[i]
            rank = position[leader.number]
            repeats = 0
            for x in s2:
                if x.number in used:
                    continue
                if position[x.number] < rank:
                    # Footnote 18: S1 player below his S2 opponent, a candidate generated before.
                    repeats += count
                    continue
                if repeats:
                    yield Skip(repeats, SkipKind.REPEAT, self._repeat_text)
                    repeats = 0
                violation = self.ctx.pair_violation(leader, x)
                if violation is not None:
                    if count == 1:
                        # The only completion: the other S1 players take the next S2 players.
                        others = tuple(p for p in s2 if p.number not in used and p is not x)
                        yield leaf(chosen + (x,) + others[: k - i - 1], violation)
                    else:
                        prefix = fixed + tuple(zip(s1, chosen + (x,)))
                        yield Skip(
                            count, SkipKind.ILLEGAL, violation.detail, violation.article, prefix, where(chosen + (x,))
                        )
                    continue
                if i + 1 < k and self.pruner is not None and count > 1:
                    open_ = tuple(p for p in s2 if p.number not in used and p is not x) + s1[i + 1 :]
                    prefix = fixed + tuple(zip(s1, chosen + (x,)))
                    skip = self._prune(Node(prefix, limbo, open_, k - i - 1, count, where(chosen + (x,))))
                    if skip is not None:
                        yield skip
                        continue
                yield from extend(i + 1, chosen + (x,), used | {x.number})
            if repeats:
                yield Skip(repeats, SkipKind.REPEAT, self._repeat_text)

        yield from extend(0, (), frozenset())

    # --- helpers ------------------------------------------------------------------

    def _leaf(
        self,
        pairs: tuple[Pair, ...],
        floaters: tuple[Contestant, ...],
        path: Path,
        mdp_s1: tuple[Contestant, ...] | None,
        limbo: tuple[Contestant, ...],
        s1: tuple[Contestant, ...],
        s2: tuple[Contestant, ...],
        violation: Violation | None,
    ) -> Leaf:
        """A candidate; ``s1``/``s2`` are the subgroups of the homogeneous part (S1R/S2R after an MDP-pairing)."""
        downfloaters = tuple(sorted(floaters, key=Contestant.sort_key))
        if mdp_s1 is None:
            groups = Subgroups(_numbers(s1), _numbers(s2))
        else:
            head = path.mdp_head
            whole_s2 = head + tuple(p.number for p in self.residents if p.number not in head)
            groups = Subgroups(_numbers(mdp_s1), whole_s2, _numbers(limbo), _numbers(s1), _numbers(s2))
        return Leaf(pairs, downfloaters, path, groups, violation)

    def _prune(self, node: Node) -> Skip | None:
        """Ask the pruner about a subtree; a single candidate is always built and shown instead."""
        if self.pruner is None or node.count <= 1:
            return None
        return self.pruner(node)


def _numbers(players: Sequence[Contestant]) -> tuple[int, ...]:
    return tuple(p.number for p in players)


def _leaders_possible(s1: set[int], n: int) -> bool:
    """Can every S1 position take a distinct S2 opponent ranked below it?  If not, every candidate of this
    S1 has a pair led from S2, and repeats one generated before (manual, footnote 18)."""
    below = 0
    for position in range(n, 0, -1):
        if position in s1:
            if below == 0:
                return False
            below -= 1
        else:
            below += 1
    return True


def _exchanges(s1: list[int], s2: list[int]) -> tuple[list[tuple[tuple[int, ...], tuple[int, ...]]], int]:
    """The original S1, then D.2's resident-exchanges in order; and how many were too many to list."""
    total = comb(len(s1) + len(s2), len(s1)) - 1
    if total <= EXCHANGE_LIST_LIMIT:
        return [((), ()), *resident_exchanges(s1, s2)], 0
    singles = sorted(((o,), (i,)) for o in s1 for i in s2)
    # D.2 for single players: (b) smallest difference, (c) highest moved out, (d) lowest moved in.
    singles.sort(key=lambda e: (e[1][0] - e[0][0], -e[0][0], e[1][0]))
    return [((), ()), *singles], total - len(singles)
