"""FIDE rating lists and player sign-up sheets: streaming readers, no Qt, no database.

:mod:`arbiter_app.ratings.fide_list` reads FIDE's downloadable lists (the
fixed-column TXT, either the combined ``players_list`` layout or one list per
file, and the XML) one player at a time; :mod:`arbiter_app.ratings.names`
folds names into search keys; :mod:`arbiter_app.ratings.player_csv` maps the
columns of an organiser's CSV sheet by their headers.
"""

from arbiter_app.ratings.fide_list import (
    KINDS,
    BadLine,
    ListLayout,
    ListPlayer,
    ListReadError,
    RatingListFile,
    date_from_name,
    kind_from_name,
    read_list,
)
from arbiter_app.ratings.names import name_key

__all__ = [
    "KINDS",
    "BadLine",
    "ListLayout",
    "ListPlayer",
    "ListReadError",
    "RatingListFile",
    "date_from_name",
    "kind_from_name",
    "name_key",
    "read_list",
]
