"""FIDE TRF-16 tournament report files (FIDE C.04 Annex 2) with the
pairing-engine extensions XXR, XXC, XXA, XXP and BBx: reading and writing.
TRF-2026 keeps the same player lines and adds tournament records, read and
written as lines of their own (:mod:`.versions`).

    doc = read_trf("tournament.trf")
    doc.player(1).rounds[0]       # RoundEntry(opponent=7, colour='w', code='1')
    write_trf(doc.truncated(3))   # the tournament as it stood after round 3
"""

from .errors import TrfError, TrfFormatError, TrfReadError, TrfWriteError
from .model import PlayerLine, RoundEntry, TrfDocument, TrfWarning
from .reader import parse_trf, read_trf
from .writer import write_trf

__all__ = [
    "PlayerLine",
    "RoundEntry",
    "TrfDocument",
    "TrfError",
    "TrfFormatError",
    "TrfReadError",
    "TrfWarning",
    "TrfWriteError",
    "parse_trf",
    "read_trf",
    "write_trf",
]
