"""Small rating lists written in FIDE's published layouts (the tests' own files, a few lines each)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

COMBINED_HEADER = (
    "ID Number      Name                                                         "
    "Fed Sex Tit  WTit OTit           FOA SRtng SGm SK RRtng RGm Rk BRtng BGm BK B-day Flag"
)


def single_header(month: str = "NOV26") -> str:
    return (
        "ID Number      Name                                                         "
        f"Fed Sex Tit  WTit OTit           FOA {month} Gms K  B-day Flag"
    )


@dataclass(frozen=True)
class P:
    fide_id: str
    name: str
    fed: str = ""
    sex: str = "M"
    tit: str = ""
    wtit: str = ""
    otit: str = ""
    std: str = ""
    rapid: str = ""
    blitz: str = ""
    born: str = ""
    flag: str = ""


PLAYERS = (
    P("1503014", "Carlsen, Magnus", "NOR", "M", "GM", "", "", "2831", "2823", "2886", "1990"),
    P("2020009", "Caruana, Fabiano", "USA", "M", "GM", "", "", "2805", "2750", "2720", "1992"),
    P("8603677", "Ding, Liren", "CHN", "M", "GM", "", "", "2762", "2738", "2788", "1992"),
    P("700070", "Polgar, Judit", "HUN", "F", "GM", "", "", "2675", "2646", "2710", "1976", "wi"),
    P("13300474", "Muzychuk, Mariya", "UKR", "F", "GM", "WGM", "", "2493", "2461", "2466", "1992", "w"),
    P("2934817", "Núñez, José María", "ESP", "M", "", "", "FA,IA", "1987", "", "1902", "2001"),
    P("4100001", "Øvergaard, Åse", "NOR", "F", "", "WFM", "", "1950", "1900", "", "0000", "wi"),
    P("25121731", "A C J John", "IND", "M", "", "", "", "1063", "", "", "1987", "i"),
)


def combined_line(p: P) -> str:
    return (
        f"{p.fide_id:<15}{p.name:<61}{p.fed:<4}{p.sex:<4}{p.tit:<5}{p.wtit:<5}{p.otit:<15}{'':<4}"
        f"{p.std:<6}{'0' if p.std else '':<4}{'10' if p.std else '':<3}"
        f"{p.rapid:<6}{'':<4}{'20' if p.rapid else '':<3}{p.blitz:<6}{'':<4}{'20' if p.blitz else '':<3}"
        f"{p.born:<6}{p.flag}"
    ).rstrip()


def single_line(p: P, rating: str) -> str:
    return (
        f"{p.fide_id:<15}{p.name:<61}{p.fed:<4}{p.sex:<4}{p.tit:<5}{p.wtit:<5}{p.otit:<15}{'':<4}"
        f"{rating:<6}{'3' if rating else '':<4}{'20' if rating else '':<3}{p.born:<6}{p.flag}"
    ).rstrip()


def write_combined(
    path: Path, players: tuple[P, ...] = PLAYERS, extra: tuple[str, ...] = (), crlf: bool = False
) -> Path:
    lines = [COMBINED_HEADER, *(combined_line(p) for p in players), *extra]
    end = "\r\n" if crlf else "\n"
    path.write_bytes((end.join(lines) + end).encode("utf-8"))
    return path


def write_single(
    path: Path, kind: str = "standard", players: tuple[P, ...] = PLAYERS, month: str = "NOV26",
    extra: tuple[str, ...] = (), encoding: str = "utf-8",
) -> Path:  # fmt: skip
    field = {"standard": "std", "rapid": "rapid", "blitz": "blitz"}[kind]
    lines = [single_header(month), *(single_line(p, getattr(p, field)) for p in players), *extra]
    path.write_bytes(("\n".join(lines) + "\n").encode(encoding, errors="replace"))
    return path


def xml_player(p: P, combined: bool, kind: str = "standard") -> str:
    def tag(name: str, value: str) -> str:
        return f"<{name}>{value}</{name}>" if value else f"<{name}/>"

    ratings: list[str] = []
    if combined:
        for prefix, value in (("", p.std), ("rapid_", p.rapid), ("blitz_", p.blitz)):
            ratings += [tag(prefix + "rating", value or "0"), tag(prefix + "games", "0"), tag(prefix + "k", "20")]
    else:
        value = {"standard": p.std, "rapid": p.rapid, "blitz": p.blitz}[kind]
        ratings += [tag("rating", value or "0"), tag("games", "3"), tag("k", "20")]
    name = p.name.replace("&", "&amp;")
    return (
        "<player>\n"
        f"  {tag('fideid', p.fide_id)}\n  {tag('name', name)}\n  {tag('country', p.fed)}\n  {tag('sex', p.sex)}\n"
        f"  {tag('title', p.tit)}\n  {tag('w_title', p.wtit)}\n  {tag('o_title', p.otit)}\n  {tag('foa_title', '')}\n"
        f"  {' '.join(ratings)}\n  {tag('birthday', p.born)}\n  {tag('flag', p.flag)}\n"
        "</player>"
    )


def write_xml(
    path: Path, players: tuple[P, ...] = PLAYERS, combined: bool = False, kind: str = "standard",
    extra: tuple[str, ...] = (),
) -> Path:  # fmt: skip
    body = "\n".join([*(xml_player(p, combined, kind) for p in players), *extra])
    path.write_text(f'<?xml version="1.0" encoding="utf-8"?>\n<playerslist>\n{body}\n</playerslist>\n', "utf-8")
    return path
