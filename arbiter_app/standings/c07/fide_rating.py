"""The two conversion tables of the FIDE Rating Regulations that C.07 Article 10 uses.

* fractional score p -> rating difference dp (10.2 TPR);
* rating difference D -> scoring probability PD (10.3 PTP), the full scale
  (C.07 10.3: "no +-400 cut"; differences beyond 800 count as 800).

Probabilities are in hundredths, as in the tables.
"""

from __future__ import annotations

import bisect
from fractions import Fraction

# dp for p = 0.50, 0.51, ..., 1.00 (p below 0.50: -dp(1 - p)).
_DP_FROM_HALF = (
    0, 7, 14, 21, 29, 36, 43, 50, 57, 65, 72, 80, 87, 95, 102, 110, 117, 125, 133, 141, 149, 158, 166, 175, 184,
    193, 202, 211, 220, 230, 240, 251, 262, 273, 284, 296, 309, 322, 336, 351, 366, 383, 401, 422, 444, 470, 501,
    538, 589, 677, 800,
)  # fmt: skip

# Upper ends of the difference bands for PD = 0.50, 0.51, ..., 0.99 (PD = 1.00 beyond the last).
_PD_BAND_TOPS = (
    3, 10, 17, 25, 32, 39, 46, 53, 61, 68, 76, 83, 91, 98, 106, 113, 121, 129, 137, 145, 153, 162, 170, 179, 188,
    197, 206, 215, 225, 235, 245, 256, 267, 278, 290, 302, 315, 328, 344, 357, 374, 391, 411, 432, 456, 484, 517,
    559, 619, 735,
)  # fmt: skip


def dp(hundredths: int) -> int:
    """The rating difference for a fractional score of ``hundredths`` / 100 (0..100)."""
    if not 0 <= hundredths <= 100:
        raise ValueError(f"a fractional score is between 0 and 1, got {hundredths}/100")
    if hundredths >= 50:
        return _DP_FROM_HALF[hundredths - 50]
    return -_DP_FROM_HALF[50 - hundredths]


def expected_hundredths(rating: int, opponent: int) -> int:
    """The scoring probability (hundredths) of ``rating`` against ``opponent``."""
    diff = min(abs(rating - opponent), 800)
    high = 50 + bisect.bisect_left(_PD_BAND_TOPS, diff)
    return high if rating >= opponent else 100 - high


def fractional_score_hundredths(score: Fraction, games: int) -> int:
    """score / games in hundredths, rounded half up (0.5 up)."""
    return int(Fraction(score * 100, games) + Fraction(1, 2))
