"""The Tag Commander rules (DM-NOTES), one module each, in the order they run.

``PIPELINE`` is the only place a rule that changes text is registered. The order is
precedence: one player phrase gets one rule's wording, and the first rule that takes it
wins. Wins and losses first (T23, which wins over T4); then the rules that read *any*
opponent: a trigger on an opponent's act (T5) and a comparison or condition (T9e, which
wins over T4 and T9); then choosing a player (T11); then the rules that choose one opponent
for a one-shot effect (T22c, T9b, T9, T10: they agree on where the choice is written,
:mod:`.choice`); then counts (T9d, T8); then static effects on every opponent (T4); the
words-only rules (T22d, T2); last the per-card notes 「※DTC：…」 (T6, T7, T12, T18, T22b),
which switch off as a whole.

``CLARIFY`` lists the rules the Rules page states that change no text (DM-NOTES 8, and
what the rewrite rules leave as printed); each says which player phrases it accounts for
(``claims``), which the coverage report reads. Special rulings (``OVERRIDE``) are data:
``special-rulings.toml``.
"""

from __future__ import annotations

from ...base import Rule
from . import (acting_opponent, all_players, any_opponent_reference, attack_targets, choose_many, choose_opponent,
               choose_player, each_opponent, no_owner_counts, note_each_player, note_every_creature, note_gachinko,
               note_ninja_strike, note_other_creatures, one_d2_field, one_opponent_counts, opponent_player,
               own_cost_reduction, own_gear, own_information, own_others, own_savers, own_shields, own_things,
               owners_zones, reminder_text, seal_removal, shield_breaks, shown_cards, single_card_choice,
               subjectless_draw, team_attacked, team_defence, team_not_attacked, team_result, team_turns)

PIPELINE: tuple[Rule, ...] = (
    team_result.RULE,
    acting_opponent.RULE,
    any_opponent_reference.RULE,
    choose_player.RULE,
    shield_breaks.RULE,
    choose_many.RULE,
    choose_opponent.RULE,
    opponent_player.RULE,
    one_opponent_counts.RULE,
    no_owner_counts.RULE,
    each_opponent.RULE,
    team_not_attacked.RULE,
    own_cost_reduction.RULE,
    note_every_creature.RULE,
    note_each_player.RULE,
    note_other_creatures.RULE,
    note_gachinko.RULE,
    note_ninja_strike.RULE,
)

#: the note rules: off as a whole with ``notes=False``
NOTE_RULES = frozenset({"T6", "T7", "T12", "T18", "T22b"})

#: clarify-only rules, each with the player phrases it accounts for (coverage)
CLARIFY_MODULES = (
    own_things, subjectless_draw, single_card_choice, own_others, own_information, own_shields, own_gear,
    one_d2_field, seal_removal, team_defence, team_attacked, own_savers, owners_zones, team_turns, attack_targets,
    shown_cards, all_players, reminder_text, shield_breaks,
)
CLARIFY: tuple[Rule, ...] = tuple(module.RULE for module in CLARIFY_MODULES if module.RULE.apply is None)

#: Special rulings: not a pass (the engine's tagtext.rulings applies the table), listed so
#: that the edits they make are explained like any rule's.
OVERRIDE = Rule(
    "override", "Special rulings (DM-NOTES 10)",
    "Cards the rules would break, named by the seed: 《奇石 ミクセル》 (replaced), 《轟破天九十九語》 (the seed's "
    "Q&A), 《インビンシブル・フォートレス》, 《煌世主 サッヴァーク†》 (the seed's 《ギラメシア》).",
    "Matched by card name (spaces and widths ignored) and by the printed ability they quote; a ruling whose "
    "ability is no longer in the card's text is reported as stale (tagtext/packs/dm_tag_commander/"
    "special-rulings.toml).",
)
