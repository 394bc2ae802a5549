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


PIPELINE: tuple[Rule, ...] = (
    any_player.RULE,
    all_players.RULE,
    acting_opponent.RULE,
    reference_opponent.RULE,
    choose_opponent.RULE,
    counts_all_areas.RULE,
    summon_to_opponents.RULE,
    both_opponents_fields.RULE,
    teammate_unbound.RULE,
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



def _by_first_word(phrases) -> str:
    """An alternation of ``phrases`` (plain words) grouped by their first word, in their
    order ("either (?:player|gy|...)|both (?:...)|..."): it matches what the plain
    alternation matches, at the same places (only one first word can be read at a place,
    and the phrases after it keep their order), and is searched about twice as fast (a
    place where no first word is read is passed at once). With a phrase of one word (which
    may start another), the plain alternation."""
    phrases = list(phrases)
    if any(" " not in phrase for phrase in phrases):
        return "|".join(phrases)
    groups: dict[str, list[str]] = {}
    for phrase in phrases:
        first, _, rest = phrase.partition(" ")
        groups.setdefault(first, []).append(rest)
    return "|".join(f"{first} (?:{'|'.join(rests)})" for first, rests in groups.items())


#: every rule's trigger in one pattern (each is an alternation of plain words): where a
#: trigger is met, one search for all (the pack parses only the sentences it meets)
ANY_TRIGGER = re.compile(_by_first_word(dict.fromkeys(
    word for rule in PIPELINE if rule.trigger is not None for word in rule.trigger.__self__.pattern.split("|"))))
