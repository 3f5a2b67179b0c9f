"""The C.07 tie-breaks, one function per article, each returning how its value is built.

Every function takes the C.07 view of the tournament (:class:`~.record.C07Context`),
a player's pairing number and the parsed code, and returns a :class:`Breakdown`:
the value, the elements summed (``kept``) and those a modifier removed (``cut``).
Citations name the edition in use (``C.07-2026 16.4.1``).

Values are exact: :class:`fractions.Fraction` points, ``int`` counts and
ratings; averages rounded as the articles say (10.1, 10.4, 10.5: to the
nearest whole number, 0.5 up; 8.2 AOB: to two decimals, as the FIDE TEC
checker prints it).  ``None`` means "not defined" (no games, or a
rating-based tie-break dropped under Article 10).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from arbiter_app.pairing.model import Colour, Outcome
from arbiter_app.pairing.points import points_text
from arbiter_app.standings.c07 import fide_rating
from arbiter_app.standings.c07.codes import TieBreakCode
from arbiter_app.standings.c07.record import C07Context, Category, Round

Number = Fraction | int | None


def round_half_up(value: Fraction, places: int = 0) -> Fraction:
    """Rounded to ``places`` decimals, 0.5 up (C.07 10.1)."""
    scale = 10**places
    return Fraction(int((value * scale + Fraction(1, 2)) // 1), scale)


@dataclass(frozen=True)
class Contribution:
    """One element of a sum over a player's rounds."""

    round: int
    opponent: int | None
    """The opponent of a game played over the board; None when the round is scored against the dummy."""
    scheduled: int | None
    """The scheduled opponent of a forfeit."""
    category: Category | None
    """16.2 category of an unplayed round."""
    score: Fraction | int
    """The opponent's adjusted score (16.3) or the dummy's score (16.4); a rating for Article 10."""
    points: Fraction
    """What the player scored in the round."""
    value: Fraction | int
    """The addend."""
    vur: bool
    """The round is a voluntary unplayed round (16.1.2)."""
    how: str
    """How ``score`` was obtained, with the article."""


@dataclass(frozen=True)
class Breakdown:
    """A tie-break value and how it is built."""

    code: str
    value: Number
    kept: tuple[Contribution, ...] = ()
    cut: tuple[Contribution, ...] = ()
    note: str = ""


# --- Article 16: unplayed rounds -------------------------------------------------------------


def dummy_score(ctx: C07Context, number: int, r: Round) -> tuple[Fraction, str]:
    """C.07 16.4: the score of the dummy a player meets in an unplayed round.

    "The dummy's score ... is the participant's own score."  The 2026 edition
    caps it (16.4.1: the scheduled opponent's adjusted score for forfeits;
    16.4.2: draw points x rounds for the other unplayed rounds).
    """
    ed = ctx.edition
    own = ctx.scores[number]
    if not ed.dummy_caps:
        return own, f"dummy with the player's own score {points_text(own)} ({ed.cite('16.4')})"
    assert r.category is not None
    if r.category.is_forfeit:
        assert r.opponent is not None
        cap, article = ctx.adjusted[r.opponent], "16.4.1"
        what = f"the adjusted score of scheduled opponent {r.opponent}"
    else:
        cap, article = ctx.draw * ctx.after_round, "16.4.2"
        what = f"draw points x {ctx.after_round} rounds"
    if own <= cap:
        return (
            own,
            f"dummy with the player's own score {points_text(own)} (not above {what}, {points_text(cap)}; {ed.cite(article)})",
        )
    return cap, f"dummy: own score {points_text(own)} capped at {what}, {points_text(cap)} ({ed.cite(article)})"


def opponent_scores(ctx: C07Context, number: int, sonneborn_berger: bool) -> list[Contribution]:
    """Each round's opponent score (16.3 adjusted, or the 16.4 dummy) and the addend of BH or SB."""
    rows = []
    for r in ctx.rounds[number]:
        if r.played:
            assert r.opponent is not None
            score = ctx.adjusted[r.opponent]
            how = f"score of opponent {r.opponent}"
            drawn = [o.number for o in ctx.rounds[r.opponent] if o.category is Category.FINAL_REQUESTED_BYE]
            if score != ctx.scores[r.opponent]:  # said only where something is adjusted (issue 28)
                how = (f"adjusted score of opponent {r.opponent} ({ctx.edition.cite('16.3')}): real score "
                       f"{points_text(ctx.scores[r.opponent])}, rounds {', '.join(map(str, drawn))} counted as draws "
                       f"({ctx.edition.cite('16.3.2')})")  # fmt: skip
            opponent, scheduled = r.opponent, None
        else:
            score, how = dummy_score(ctx, number, r)
            opponent, scheduled = None, r.opponent
            assert r.category is not None
            how = f"{r.category.description} ({ctx.edition.cite(r.category.value)}); {how}"
        value = score * r.points if sonneborn_berger else score
        rows.append(Contribution(r.number, opponent, scheduled, r.category, score, r.points, value, r.vur, how))
    return rows


def cut(items: Sequence[Contribution], low: int, high: int) -> tuple[list[Contribution], list[Contribution]]:
    """C.07 14.1-14.4 with the exception of 16.5: cut ``low`` least and then ``high`` most significant values.

    The least significant value is the contribution with the lowest score,
    the lowest contribution among equal scores (14.1.2 d).  16.5.1: when the
    player has VURs, the lowest one (by the same order) is cut instead as
    long as its contribution is not lower than the least significant value;
    the rule applies again to every further cut from below.  Cuts from above
    (Median) take the highest score, the highest contribution among equal.
    """
    kept = list(items)
    removed: list[Contribution] = []
    for _ in range(min(low, len(kept))):
        least = min(kept, key=lambda c: (c.score, c.value))
        vurs = [c for c in kept if c.vur]
        chosen = least
        if vurs:
            lowest_vur = min(vurs, key=lambda c: (c.score, c.value))
            if lowest_vur.value >= least.value:
                chosen = lowest_vur
        kept.remove(chosen)
        removed.append(chosen)
    for _ in range(min(high, len(kept))):
        most = max(kept, key=lambda c: (c.score, c.value))
        kept.remove(most)
        removed.append(most)
    return kept, removed


def _summed(code: TieBreakCode, items: list[Contribution], note: str = "") -> Breakdown:
    kept, removed = cut(items, code.cut, code.high)
    return Breakdown(str(code), sum((c.value for c in kept), Fraction(0)), tuple(kept), tuple(removed), note)


# --- Articles 8 and 9 ------------------------------------------------------------------------


def buchholz(ctx: C07Context, number: int, code: TieBreakCode) -> Breakdown:
    """C.07 8.1 BH: "The sum of the scores of each of the opponents of a participant" (Article 16 applied)."""
    key = ("BH", str(code), number)
    if key not in ctx.cache:
        ctx.cache[key] = _summed(code, opponent_scores(ctx, number, False))
    result: Breakdown = ctx.cache[key]
    return result


def fore_buchholz(ctx: C07Context, number: int, code: TieBreakCode) -> Breakdown:
    """C.07 8.3 FB: Buchholz "as if all paired games for the final round had ended in draws".

    Games and forfeits of the last round count as drawn games (for the player
    and for everyone's adjusted score); byes of the last round stay.
    """
    fore = ctx.fore_view()
    b = buchholz(fore, number, code)
    return Breakdown(str(code), b.value, b.kept, b.cut, f"last round's paired games drawn ({ctx.edition.cite('8.3')})")


def average_of_opponents_buchholz(ctx: C07Context, number: int, code: TieBreakCode) -> Breakdown:
    """C.07 8.2 AOB: the average of the Buchholz of the opponents played over the board (two decimals).

    A cut in the code applies to the opponents' Buchholz (``AOB/C1`` averages BH/C1).
    """
    inner = TieBreakCode("BH", code.cut, code.high)
    rows = []
    for r in ctx.rounds[number]:
        if r.played:
            assert r.opponent is not None
            bh = buchholz(ctx, r.opponent, inner).value
            assert isinstance(bh, Fraction)
            rows.append(Contribution(r.number, r.opponent, None, None, bh, r.points, bh, False,
                                     f"{inner} of opponent {r.opponent}"))  # fmt: skip
    if not rows:
        return Breakdown(str(code), None, note="no game played over the board")
    mean = Fraction(sum((c.value for c in rows), Fraction(0)), len(rows))
    return Breakdown(str(code), round_half_up(mean, 2), tuple(rows))


def sonneborn_berger(ctx: C07Context, number: int, code: TieBreakCode) -> Breakdown:
    """C.07 9.1 SB: for each round, the opponent's final score times the points scored against them."""
    return _summed(code, opponent_scores(ctx, number, True))


def koya(ctx: C07Context, number: int, code: TieBreakCode) -> Breakdown:
    """C.07 9.2 KS: points scored against participants with at least 50 % of the maximum score (14.5 limit).

    The maximum is a win in every round counted; the opponents are those met
    or scheduled (games and forfeits), with their real final scores.
    """
    limit = ctx.win * ctx.after_round / 2 + code.limit
    rows = []
    for r in ctx.rounds[number]:
        if r.opponent is None:
            continue
        score = ctx.scores[r.opponent]
        if score >= limit:
            rows.append(Contribution(r.number, r.opponent if r.played else None, None if r.played else r.opponent,
                                     r.category, score, r.points, r.points, r.vur,
                                     f"opponent {r.opponent} scored {points_text(score)} >= {points_text(limit)}"))  # fmt: skip
    return Breakdown(str(code), sum((c.value for c in rows), Fraction(0)), tuple(rows),
                     note=f"limit {points_text(limit)} ({ctx.edition.cite('9.2')}, {ctx.edition.cite('14.5')})")  # fmt: skip


# --- Article 7: the player's own record ---------------------------------------------------


def _count(code: TieBreakCode, rounds: Sequence[Round], what: str, article: str) -> Breakdown:
    return Breakdown(str(code), len(rounds), note=f"{what}: rounds {', '.join(str(r.number) for r in rounds) or 'none'}"
                     f" ({article})")  # fmt: skip


def number_of_wins(ctx: C07Context, number: int, code: TieBreakCode) -> Breakdown:
    """C.07 7.1 WIN: rounds with as many points as a win, with or without playing."""
    rs = [r for r in ctx.rounds[number] if r.points == ctx.win]
    return _count(code, rs, "rounds worth a win", ctx.edition.cite("7.1"))


def games_won(ctx: C07Context, number: int, code: TieBreakCode) -> Breakdown:
    """C.07 7.2 WON: games won over the board."""
    rs = [r for r in ctx.rounds[number] if r.outcome is Outcome.WIN]
    return _count(code, rs, "games won", ctx.edition.cite("7.2"))


def games_with_black(ctx: C07Context, number: int, code: TieBreakCode) -> Breakdown:
    """C.07 7.3 BPG: games played over the board with Black."""
    rs = [r for r in ctx.rounds[number] if r.played and r.colour is Colour.BLACK]
    return _count(code, rs, "games with Black", ctx.edition.cite("7.3"))


def wins_with_black(ctx: C07Context, number: int, code: TieBreakCode) -> Breakdown:
    """C.07 7.4 BWG: games won over the board with Black."""
    rs = [r for r in ctx.rounds[number] if r.outcome is Outcome.WIN and r.colour is Colour.BLACK]
    return _count(code, rs, "games won with Black", ctx.edition.cite("7.4"))


def progressive_score(ctx: C07Context, number: int, code: TieBreakCode) -> Breakdown:
    """C.07 7.5 PS: the sum of the scores after each round; Cut-n drops the first n rounds (14.1.2 c)."""
    running = Fraction(0)
    rows = []
    for r in ctx.rounds[number]:
        running += r.points
        rows.append(Contribution(r.number, r.opponent, None, r.category, running, r.points, running, r.vur,
                                 f"score after round {r.number}"))  # fmt: skip
    kept, removed = rows[code.cut :], rows[: code.cut]
    return Breakdown(str(code), sum((c.value for c in kept), Fraction(0)), tuple(kept), tuple(removed))


def rounds_elected_to_play(ctx: C07Context, number: int, code: TieBreakCode) -> Breakdown:
    """C.07 7.6 REP (2024: GE): the rounds less half-point byes, zero-point byes and forfeit losses (VURs)."""
    rs = [r for r in ctx.rounds[number] if not r.vur]
    return _count(code, rs, "rounds that are not VURs", ctx.edition.cite("7.6"))


def standard_points(ctx: C07Context, number: int, code: TieBreakCode) -> Breakdown:
    """C.07-2026 7.7 STD: 1 for each round scoring more than the scheduled opponent (or, unpaired, more than a
    draw), 1/2 for each round scoring the same.

    Read as written: a round with an opponent (game or forfeit) compares with
    that opponent's points in the round, so a double forfeit counts 1/2.
    """
    total = Fraction(0)
    for r in ctx.rounds[number]:
        if r.opponent is not None:
            other = ctx.rounds[r.opponent][r.number - 1].points
        else:
            other = ctx.draw
        total += 1 if r.points > other else Fraction(1, 2) if r.points == other else 0
    return Breakdown(str(code), total, note=ctx.edition.cite("7.7"))


def pairing_number(ctx: C07Context, number: int, code: TieBreakCode) -> Breakdown:
    """C.07-2026 7.8 TPN: the tournament pairing number, ascending (``/R``: descending)."""
    return Breakdown(str(code), number, note=ctx.edition.cite("7.8"))


# --- Article 10: ratings ----------------------------------------------------------------


def _rating(ctx: C07Context, number: int, code: TieBreakCode, game_round: int) -> int | None:
    """The rating the player counts with for a game of ``game_round`` (the tournament's
    :class:`~.record.RatingPolicy`); an unrated player: the code's ``/Unnnn`` first, None without a rule."""
    return ctx.rating(number, game_round, code.unrated)


def ratings_usable(ctx: C07Context, code: TieBreakCode) -> bool:
    """C.07 10: rating tie-breaks are dropped when unrated players are present, unless a rule for them is
    published: the ``/Unnnn`` modifier of the code, or the tournament's rule (:class:`~.record.RatingPolicy`:
    a fixed rating for unrated players, or an estimated rating entered for each)."""
    return ctx.all_rated or code.unrated is not None


_DROPPED = ("dropped: unrated players present and no rating given to them (Article 10; add /Unnnn or choose"
            " a rule for unrated players)")  # fmt: skip


def _rated_games(ctx: C07Context, number: int, code: TieBreakCode) -> tuple[list[Contribution], list[Contribution]]:
    rows = []
    for r in ctx.rounds[number]:
        if r.played:
            assert r.opponent is not None
            rating = _rating(ctx, r.opponent, code, r.number)
            assert rating is not None
            result = {Outcome.WIN: Fraction(1), Outcome.DRAW: Fraction(1, 2)}.get(r.outcome, Fraction(0))
            rows.append(Contribution(r.number, r.opponent, None, None, rating, result, rating, False,
                                     f"rating of opponent {r.opponent}"))  # fmt: skip
    kept, removed = cut(rows, code.cut, code.high)
    return kept, removed


def average_rating_of_opponents(ctx: C07Context, number: int, code: TieBreakCode) -> Breakdown:
    """C.07 10.1 ARO: the average rating of the opponents played over the board, 0.5 rounded up."""
    if not ratings_usable(ctx, code):
        return Breakdown(str(code), None, note=_DROPPED)
    kept, removed = _rated_games(ctx, number, code)
    if not kept:
        return Breakdown(str(code), None, (), tuple(removed), "no rated game")
    mean = Fraction(sum(int(c.score) for c in kept), len(kept))
    return Breakdown(str(code), int(round_half_up(mean)), tuple(kept), tuple(removed), ctx.edition.cite("10.1"))


def performance_rating(ctx: C07Context, number: int, code: TieBreakCode) -> Breakdown:
    """C.07 10.2 TPR: ARO plus the rating difference dp of the fractional score (games over the board).

    The fractional score is rounded to hundredths (0.5 up) to enter the FIDE table.
    """
    key = ("TPR", str(code), number)
    if key in ctx.cache:
        cached: Breakdown = ctx.cache[key]
        return cached
    aro = average_rating_of_opponents(ctx, number, code)
    if aro.value is None:
        result = Breakdown(str(code), None, aro.kept, aro.cut, aro.note)
    else:
        score = sum((c.points for c in aro.kept), Fraction(0))
        p = fide_rating.fractional_score_hundredths(score, len(aro.kept))
        result = Breakdown(str(code), int(aro.value) + fide_rating.dp(p), aro.kept, aro.cut,
                           f"ARO {aro.value} + dp({p / 100:.2f}) = {fide_rating.dp(p)} ({ctx.edition.cite('10.2')})")  # fmt: skip
    ctx.cache[key] = result
    return result


def perfect_performance(ctx: C07Context, number: int, code: TieBreakCode) -> Breakdown:
    """C.07 10.3 PTP: the lowest rating whose expected score (FIDE table, full scale) reaches the score.

    A zero score gives the lowest opponent's rating less 800.
    """
    key = ("PTP", str(code), number)
    if key in ctx.cache:
        cached: Breakdown = ctx.cache[key]
        return cached
    if not ratings_usable(ctx, code):
        result = Breakdown(str(code), None, note=_DROPPED)
    else:
        kept, removed = _rated_games(ctx, number, code)
        ratings = [int(c.score) for c in kept]
        score100 = int(sum((c.points for c in kept), Fraction(0)) * 100)
        if not ratings:
            result = Breakdown(str(code), None, note="no rated game")
        elif score100 == 0:
            result = Breakdown(str(code), min(ratings) - 800, tuple(kept), tuple(removed), "zero score")
        else:
            low, high = min(ratings) - 800, max(ratings) + 800  # expected(low) < score <= expected(high)

            def enough(r: int) -> bool:
                return sum(fide_rating.expected_hundredths(r, o) for o in ratings) >= score100

            if not enough(high):
                result = Breakdown(str(code), high, tuple(kept), tuple(removed))
            else:
                while high - low > 1:
                    mid = (low + high) // 2
                    if enough(mid):
                        high = mid
                    else:
                        low = mid
                result = Breakdown(str(code), high, tuple(kept), tuple(removed), ctx.edition.cite("10.3"))
    ctx.cache[key] = result
    return result


def _average_of_opponents(ctx: C07Context, number: int, code: TieBreakCode, of: str) -> Breakdown:
    if not ratings_usable(ctx, code):
        return Breakdown(str(code), None, note=_DROPPED)
    inner = TieBreakCode(of, unrated=code.unrated)
    compute = performance_rating if of == "TPR" else perfect_performance
    rows = []
    for r in ctx.rounds[number]:
        if r.played:
            assert r.opponent is not None
            v = compute(ctx, r.opponent, inner).value
            if v is not None:
                rows.append(Contribution(r.number, r.opponent, None, None, int(v), r.points, int(v), False,
                                         f"{of} of opponent {r.opponent}"))  # fmt: skip
    if not rows:
        return Breakdown(str(code), None, note="no game played over the board")
    mean = Fraction(sum(int(c.value) for c in rows), len(rows))
    return Breakdown(str(code), int(round_half_up(mean)), tuple(rows))


def average_performance_of_opponents(ctx: C07Context, number: int, code: TieBreakCode) -> Breakdown:
    """C.07 10.4 APRO: the average TPR of the opponents played over the board, 0.5 rounded up."""
    return _average_of_opponents(ctx, number, code, "TPR")


def average_perfect_performance_of_opponents(ctx: C07Context, number: int, code: TieBreakCode) -> Breakdown:
    """C.07 10.5 APPO: the average PTP of the opponents played over the board, 0.5 rounded up."""
    return _average_of_opponents(ctx, number, code, "PTP")


def rating(ctx: C07Context, number: int, code: TieBreakCode) -> Breakdown:
    """C.07-2026 10.6 RTNG: the player's rating, highest first (``/R``: lowest first)."""
    if not ratings_usable(ctx, code):
        return Breakdown(str(code), None, note=_DROPPED)
    return Breakdown(str(code), _rating(ctx, number, code, max(ctx.after_round, 1)), note=ctx.edition.cite("10.6"))


# --- Article 6: direct encounter ----------------------------------------------------------


def encounter_points(
    ctx: C07Context, group: Sequence[int], forfeits: bool = False
) -> tuple[dict[int, Fraction], dict[int, int]]:
    """C.07 6.1: each player's points against the others of ``group``, and the number of others not met.

    6.1.1: forfeits are excluded, unless the tournament's regulations include them (``forfeits``, the code
    ``DE/P``): then a forfeit win or loss counts as a game played.  6.1.2: two players who met more than once
    use the average of their games.
    """
    members = set(group)
    scores: dict[int, Fraction] = {}
    unmet: dict[int, int] = {}
    for p in group:
        games: dict[int, list[Fraction]] = {}
        for r in ctx.rounds[p]:
            counted = r.played or (forfeits and r.category is not None and r.category.is_forfeit)
            if counted and r.opponent in members:
                assert r.opponent is not None
                games.setdefault(r.opponent, []).append(r.points)
        scores[p] = sum((sum(g, Fraction(0)) / len(g) for g in games.values()), Fraction(0))
        unmet[p] = len(members) - 1 - len(games)
    return scores, unmet


def direct_encounter(ctx: C07Context, group: Sequence[int], forfeits: bool = False) -> list[list[int]]:
    """C.07 Article 6: the tied ``group`` split into ranked sub-groups, best first ([group] when DE decides nothing).

    6.2: when all have met, the separate standings rank them and Article 6 is
    reapplied to every sub-group still tied.  6.3 (Swiss): otherwise a player
    is ranked first when, losing every missing game, they stay strictly above
    what anyone else reaches by winning all of theirs; then Article 6 is
    reapplied to the others.  ``forfeits``: 6.1.1's exception (``DE/P``).
    """
    group = sorted(group)
    if len(group) < 2:
        return [group]
    scores, unmet = encounter_points(ctx, group, forfeits)
    if all(unmet[p] == len(group) - 1 for p in group):
        return [group]
    if all(unmet[p] == 0 for p in group):
        levels = sorted(set(scores.values()), reverse=True)
        if len(levels) == 1:
            return [group]
        result: list[list[int]] = []
        for level in levels:
            result.extend(direct_encounter(ctx, [p for p in group if scores[p] == level], forfeits))
        return result
    for p in group:
        if all(scores[p] > scores[q] + ctx.win * unmet[q] for q in group if q != p):
            return [[p], *direct_encounter(ctx, [q for q in group if q != p], forfeits)]
    return [group]
