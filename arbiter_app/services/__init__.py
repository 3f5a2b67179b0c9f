"""One function per arbiter action, each one transaction, each refusing what the rules forbid.

Every service takes the open :class:`~arbiter_app.persistence.Database`
first, then the tournament id, and returns small frozen DTOs
(:mod:`arbiter_app.services.dto`).  Each one runs in a single
``with db.write() as s:`` block: ``db.session_factory.begin()`` (``BEGIN
IMMEDIATE``) with SQLite's busy/locked errors turned into messages; the
helpers it calls (``persistence.queries``, ``services.records``) never commit.  Refusals raise ``RuleViolation`` (citing
the article) or ``ArbiterError``; the engine's ``PairingImpossibleError``
passes through; a file held by another writer raises ``DatabaseBusyError``.
Nothing is changed when a service raises.
"""

from arbiter_app.plaintext import arbiter_name
from arbiter_app.services.adjourned import OpenGame, final_status, list_open_games
from arbiter_app.services.articles import EditionTitle, edition_title, edition_titles, edition_trf_format
from arbiter_app.services.audit_check import (
    ChainReport,
    accept_outside_changes,
    chain_head,
    chain_head_line,
    outside_change_notice,
    verify_audit_chain,
    with_chain_head,
)
from arbiter_app.services.byes import cancel_bye, list_byes, record_absence, request_bye
from arbiter_app.services.deputies import (
    add_deputy,
    decide_conflict,
    list_conflicts,
    list_deputies,
    revoke_deputy,
)
from arbiter_app.services.drafts import StaleDraftError
from arbiter_app.services.explanations import (
    candidate_modes,
    explain_candidates,
    explain_comparison,
    explain_outline,
    explain_why_float,
    explain_why_not,
    round_explanation,
)
from arbiter_app.services.fide_mode import leave_fide_mode
from arbiter_app.services.hall import hall_version
from arbiter_app.services.history import audit_log
from arbiter_app.services.manual_pairing import (
    PairingEdit,
    cancel_pairing_edit,
    change_pairing,
    start_pairing_edit,
    validate_pairing_edit,
)
from arbiter_app.services.overrides import (
    MakePair,
    MoveBye,
    Split,
    Swap,
    SwapColours,
    apply_override,
    preview_override,
)
from arbiter_app.services.player_csv import export_players_csv, import_players_csv, preview_csv
from arbiter_app.services.players import (
    TIE_ORDERS,
    assign_pairing_numbers,
    edit_player,
    exchange_pairing_numbers,
    expel_player,
    find_player,
    list_players,
    player_identities,
    player_versions,
    register_player,
    reinstate_player,
    remove_player,
    set_tie_order,
    standing_mark,
    standing_marks,
    withdraw_player,
)
from arbiter_app.services.prohibited_pairs import (
    add_prohibited_pair,
    list_prohibited_pairs,
    remove_prohibited_pair,
)
from arbiter_app.services.rating_results import RatingCorrection, correct_for_rating, rating_corrections
from arbiter_app.services.ratings import (
    find_fide_player,
    import_rating_list,
    inspect_rating_list,
    rating_list_info,
    search_players,
    update_ratings_from_list,
)
from arbiter_app.services.results import enter_result, enter_results, parse_result
from arbiter_app.services.round_view import round_edition
from arbiter_app.services.roundrobin import (
    berger_number_of,
    check_round_by_hand,
    draw_berger_numbers,
    explain_berger,
    explain_berger_round,
    pair_round_by_hand,
    round_robin_crosstable,
    rounds_table,
    set_berger_numbers,
)
from arbiter_app.services.rounds import (
    get_round,
    list_rounds,
    pair_next_round,
    publish_round,
    repair_round,
    undo_last_step,
)
from arbiter_app.services.setup_check import setup_notices
from arbiter_app.services.standings import (
    drawing_of_lots,
    last_complete,
    ranked_standings,
    round_floats,
    standings,
    standings_state,
    tiebreak_codes,
    tournament_state,
    tournament_tiebreaks,
    why_above,
)
from arbiter_app.services.standings_shown import shown_standings
from arbiter_app.services.standings_by_hand import (
    RATING_USES,
    UNRATED_METHODS,
    by_hand,
    enter_tiebreak_value,
    long_event_advice,
    set_hand_order,
    set_rating_rules,
    set_tiebreak_rating,
)
from arbiter_app.services.state import state_for_round
from arbiter_app.services.systems import ROUND_ROBIN, SWISS, SYSTEMS, system_of, system_of_info
from arbiter_app.services.tiebreak_rules import RULES as TIE_BREAK_RULES
from arbiter_app.services.tiebreak_rules import LegendEntry, codes_in_use, recommended
from arbiter_app.services.tiebreak_rules import stored_list as tiebreak_list
from arbiter_app.services.tournaments import (
    change_edition,
    change_system,
    check_time_control_code,
    chess960_position,
    chess960_positions,
    create_tournament,
    edit_tournament,
    get_tournament,
    list_tournaments,
    only_tournament,
    parse_date,
    parse_round_dates,
)
from arbiter_app.services.trf_io import export_trf, import_trf, rating_report_checklist
from arbiter_app.services.warnings import ConfirmationNeeded, Level, Notice, ProhibitedInFideMode
from arbiter_app.trf.records import describe_time_control

__all__ = [
    "candidate_modes",
    "explain_candidates",
    "explain_comparison",
    "explain_outline",
    "explain_why_float",
    "explain_why_not",
    "round_explanation",
    "add_deputy",
    "decide_conflict",
    "hall_version",
    "list_conflicts",
    "list_deputies",
    "revoke_deputy",
    "RATING_USES",
    "ROUND_ROBIN",
    "SWISS",
    "SYSTEMS",
    "TIE_BREAK_RULES",
    "UNRATED_METHODS",
    "ConfirmationNeeded",
    "EditionTitle",
    "LegendEntry",
    "codes_in_use",
    "recommended",
    "tiebreak_list",
    "add_prohibited_pair",
    "list_prohibited_pairs",
    "remove_prohibited_pair",
    "setup_notices",
    "PairingEdit",
    "cancel_pairing_edit",
    "change_pairing",
    "start_pairing_edit",
    "validate_pairing_edit",
    "Level",
    "MakePair",
    "MoveBye",
    "Notice",
    "ProhibitedInFideMode",
    "Split",
    "Swap",
    "SwapColours",
    "StaleDraftError",
    "apply_override",
    "TIE_ORDERS",
    "assign_pairing_numbers",
    "exchange_pairing_numbers",
    "expel_player",
    "set_tie_order",
    "standing_mark",
    "standing_marks",
    "audit_log",
    "find_player",
    "player_identities",
    "arbiter_name",
    "ChainReport",
    "accept_outside_changes",
    "chain_head",
    "chain_head_line",
    "outside_change_notice",
    "verify_audit_chain",
    "with_chain_head",
    "berger_number_of",
    "by_hand",
    "cancel_bye",
    "change_edition",
    "change_system",
    "check_round_by_hand",
    "codes_in_use",
    "chess960_position",
    "chess960_positions",
    "create_tournament",
    "draw_berger_numbers",
    "drawing_of_lots",
    "edit_player",
    "player_versions",
    "edit_tournament",
    "check_time_control_code",
    "describe_time_control",
    "edition_title",
    "edition_titles",
    "edition_trf_format",
    "enter_result",
    "enter_results",
    "enter_tiebreak_value",
    "explain_berger",
    "explain_berger_round",
    "export_players_csv",
    "export_trf",
    "find_fide_player",
    "get_round",
    "get_tournament",
    "import_players_csv",
    "import_rating_list",
    "import_trf",
    "inspect_rating_list",
    "last_complete",
    "leave_fide_mode",
    "list_byes",
    "list_players",
    "list_rounds",
    "list_tournaments",
    "long_event_advice",
    "only_tournament",
    "pair_next_round",
    "pair_round_by_hand",
    "OpenGame",
    "final_status",
    "list_open_games",
    "RatingCorrection",
    "correct_for_rating",
    "rating_corrections",
    "parse_date",
    "parse_result",
    "parse_round_dates",
    "preview_csv",
    "preview_override",
    "publish_round",
    "ranked_standings",
    "shown_standings",
    "rating_list_info",
    "rating_report_checklist",
    "recommended",
    "record_absence",
    "register_player",
    "reinstate_player",
    "remove_player",
    "repair_round",
    "request_bye",
    "round_edition",
    "round_floats",
    "round_robin_crosstable",
    "rounds_table",
    "search_players",
    "set_berger_numbers",
    "set_hand_order",
    "set_rating_rules",
    "set_tiebreak_rating",
    "standings",
    "standings_state",
    "state_for_round",
    "system_of",
    "system_of_info",
    "tiebreak_codes",
    "tiebreak_list",
    "tournament_state",
    "tournament_tiebreaks",
    "undo_last_step",
    "update_ratings_from_list",
    "why_above",
    "withdraw_player",
]
