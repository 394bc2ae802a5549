"""The tag-duel rules (seed 001), one module each, in the order they run.

``PIPELINE`` is the only place a rule is registered. The order is precedence: one player
phrase gets one rule's wording, and the first rule that claims it wins. The word-for-word
rules (3, 4) run first; then the rules that introduce one opponent ("an opponent" in a
condition, rules 7 and 5; the chosen opponent, rule 2), which also turn later mentions
into "that opponent"; then counts (6) and Summons to the opponents' zones (8), which name
"either opponent"; then the field (1), which makes what is left plural; rule 9 changes no
text; the special rulings (the seed's exception groups) come last.
"""

from __future__ import annotations

import re

from ...base import Rule
from . import (acting_opponent, all_players, any_player, both_opponents_fields, choose_opponent,
               counts_all_areas, reference_opponent, summon_to_opponents, teammate_unbound)


def _statement(fn) -> str:
    """The seed's sentence and example, as the pass's docstring quotes them."""
    doc = fn.__doc__ or ""
    return " ".join(doc.split("\n\n")[0].split()).removeprefix("Seed 001: ")


def _practice(fn) -> str:
    doc = fn.__doc__ or ""
    parts = doc.split("\n\n")
    return " ".join(" ".join(parts[1:]).split()) if len(parts) > 1 else ""


def _rule(module, fn, title, example) -> Rule:
    return Rule(module.RULE, title, _statement(fn), _practice(fn), fn, module.TRIGGER.search, example)


PIPELINE: tuple[Rule, ...] = (
    _rule(any_player, any_player.any_player, '"Either" player becomes "any" player, "neither" becomes "no" (rule 3)',
          ("During either player's Battle Phase:", "During any player's Battle Phase:")),
    _rule(all_players, all_players.all_players, '"Both players" means all four players (rule 4)',
          ("Both players draw 1 card.", "All players draw 1 card.")),
    _rule(acting_opponent, acting_opponent.acting_opponent, "An effect resolves against the opponent whose action triggered it (rule 7)",
          ("When your opponent activates a Spell/Trap Card: Your opponent draws 1 card, also negate the Spell/Trap activation, and if you do, destroy it.",
           "When an opponent activates a Spell/Trap Card: That opponent draws 1 card, also negate the Spell/Trap activation, and if you do, destroy it.")),
    _rule(reference_opponent, reference_opponent.reference_opponent, "A requirement on the opponent's cards: one opponent, for reference (rule 5)",
          ("if your opponent controls more cards than you do: You can make your opponent banish cards from their field face-down",
           "if an opponent controls more cards than you do: You can make that opponent banish cards from their field face-down")),
    _rule(choose_opponent, choose_opponent.choose_opponent, "An effect on the opponent's Deck, hand, GY or banished cards: choose one opponent (rule 2)",
          ("Declare 1 card name; if that card is in your opponent's hand, they must discard all copies of it, otherwise you discard 1 random card.",
           "Declare 1 card name and choose 1 opponent; if that card is in that opponent's hand, they must discard all copies of it, otherwise you discard 1 random card.")),
    _rule(counts_all_areas, counts_all_areas.counts_all_areas, "Counts range over all four play areas (rule 6)",
          ("Gains 500 ATK for each Dragon monster your opponent controls or is in their GY.",
           "Gains 500 ATK for each Dragon monster either opponent controls or is in either opponent's GY.")),
    _rule(summon_to_opponents, summon_to_opponents.summon_to_opponents, "Summoning to an opponent's zone: either opponent's (rule 8)",
          ("Special Summon it to your opponent's field", "Special Summon it to either opponent's field")),
    _rule(both_opponents_fields, both_opponents_fields.both_opponents_fields, "The opponent's field means both opponents' fields (rule 1)",
          ("Destroy all your opponent's Attack Position monsters.", "Destroy all your opponents' Attack Position monsters.")),
    Rule(teammate_unbound.RULE, 'Restrictions on "you" don\'t bind your teammate (rule 9)', teammate_unbound.STATEMENT,
         'No text change: "you" is one player, not the team.', None, None, None),
)

#: Special rulings (rule 10): not a pass (the engine's tagtext.rulings applies the table),
#: listed so that the edits they make are explained like any rule's.
OVERRIDE = Rule(
    "override", "Special rulings: the seed's exception groups (rule 10)",
    "Exception Group 1: players must choose different opponents (Creature Seizure, Creature Swap, Dragged Down "
    "into the Grave, Exchange, Gift Exchange, Soul Demolition). Exception Group 2: only you and an opponent of "
    "your choice roll dice (Dice Jar, F.A. Dead Heat).",
    "The cards' effects are protected from the rules and kept with the seed's sentence added, or with their dice "
    "phrases replaced (tagtext/packs/ygo_tag/special-rulings.toml).",
    example=("Both players roll a six-sided die.", "You and 1 opponent of your choice each roll a six-sided die."),
)

#: every trigger, for the fast path: a text none of them meets is returned as printed
TRIGGERS = tuple(rule.trigger for rule in PIPELINE if rule.trigger is not None)
#: the same, as one pattern of plain words (one fast search per sentence): every rule's
#: trigger is one of these words (tests/packs/ygo_tag/test_rules.py checks it)
ANY_TRIGGER = re.compile(r"your opponent|either player|both players|their opponent|either gy|either graveyard"
                         r"|either field")
