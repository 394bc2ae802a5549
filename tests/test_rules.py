"""Each Tag Tamer rule on real card sentences: what must change, and just as much, what
must not. The card each sentence comes from is named; RULES-NOTES decisions are cited.
"""

from __future__ import annotations

import pytest

import tagtext


def rewritten(text: str, card: str | None = None) -> str:
    return tagtext.rewrite(text, card_id=card).text


def rules_of(text: str, card: str | None = None) -> set[str]:
    return {rule for edit in tagtext.rewrite(text, card_id=card).edits for rule in edit.rules}


# ----------------------------------------------------------------------------- count doubling (notes 1-2)

@pytest.mark.parametrize("card, before, after", [
    ("BT1-005", "[Your Turn] While you have 6 or more security cards， this Digimon gets +2000 DP.",
     "[Your Turn] While you have 12 or more security cards， this Digimon gets +2000 DP."),
    ("BT10-020", "[All Turns] While your opponent has 2 or more Digimon in play, this Digimon gets +1000 DP.",
     "[All Turns] While your opponent has 4 or more Digimon in play, this Digimon gets +1000 DP."),
    ("BT10-082", "[End of Attack][Once Per Turn] For every 10 cards in your trash, gain 1 memory.",
     "[End of Attack][Once Per Turn] For every 20 cards in your trash, gain 1 memory."),
    ("BT11-055", "[On Play] For each green or black Tamer you have in play, suspend 1 of your opponent's Digimon.",
     "[On Play] For every 2 green or black Tamers you have in play, suspend 1 of your opponent's Digimon."),
    ("BT12-044", "for each of your opponent's Digimon with ＜Security Attack＞.",
     "for every 2 of your opponent's Digimon with ＜Security Attack＞."),
    ("BT16-080", "[On Deletion] <Recovery +1 (Deck)> until there are 3 cards in your security stack.",
     "[On Deletion] <Recovery +1 (Deck)> until there are 6 cards in your security stack."),
    # note 2: "For every Digimon your opponent has" -> "For every 2 Digimon your opponent has"
    ("BT1-073", "[Your Turn] This Digimon gets +1000 DP for every suspended Digimon your opponent has.",
     "[Your Turn] This Digimon gets +1000 DP for every 2 suspended Digimon your opponent has."),
    ("EX1-053", "[Opponent's Turn] For each Digimon card with [Etemon] in its name in your trash, this Digimon gets +1000 DP.",
     "[Opponent's Turn] For every 2 Digimon cards with [Etemon] in its name in your trash, this Digimon gets +1000 DP."),
    # note 1: exact counts double too
    ("BT7-032", "[When Attacking][Once Per Turn] If you have 3 security cards, gain 2 memory.",
     "[When Attacking][Once Per Turn] If you have 6 security cards, gain 2 memory."),
    ("BT23-102", "trash the top cards of both players' security stacks so that they have 3 cards left.",
     "trash the top cards of all players' security stacks so that they have 6 cards left."),
    # note 1: caps ("can't increase ... to 6 or more" -> 12)
    ("EX2-018", "This effect can't increase the number of cards in your security stack to 6 or more.",
     "This effect can't increase the number of cards in your security stack to 12 or more."),
])
def test_counts_over_shared_areas_double(card, before, after):
    assert rewritten(before, card) == after
    assert "count-doubling" in rules_of(before, card)


def test_exact_count_without_its_special_ruling_doubles():
    # BT17-100's effect, but without the card id its special ruling does not apply (note 1)
    text = "[Start of Your Turn] If 4 [Doomsday Clock]s are placed in your battle area, you win the game."
    assert rewritten(text) == text.replace("If 4", "If 8")


@pytest.mark.parametrize("card, text", [
    # note 3: action quantities and parameters
    ("EX1-045", "Delete 1 of your opponent's Digimon with 4000 DP or less."),
    ("BT12-083", "Delete 1 of your opponent's level 6 or higher Digimon."),
    ("BT11-064", "Trash up to 3 cards from the top of your deck. ＜Draw 2＞ ＜Recovery +1 (Deck)＞ ＜Security A. +1＞"),
    # note 4: card properties and filters
    ("BT16-059", "delete 1 of their Digimon with a play cost of 6 or less. Reduce the play cost by 3."),
    # note 5: counts scoped to one object
    ("BT13-005", "[When Attacking] If this Digimon has 4 or more digivolution cards, ＜Draw 1＞."),
    ("BT16-002", "[All Turns] While this Digimon has 2 or more colors, it gets +1000 DP."),
    ("EX12-026", "Then, 1 of their Digimon with 1 or fewer digivolution cards can't attack or block until their turn ends."),
    ("EX9-053", "For each of this Digimon's face-down digivolution cards, add 1 to this effect's play cost maximum."),
    ("EX12-044", "[When Attacking] If this Digimon's stack has 2 or more same-level cards, it may digivolve."),
    # note 6: counts of what the effect itself did
    ("BT18-019", "by returning 1 card from your opponent's trash to the top of the deck, gain 1 memory for each card returned."),
    ("BT7-015", "If 7 or more cards were returned using this effect, delete 1 of your opponent's Digimon."),
    ("BT19-011", "Then, for each Digimon deleted by this effect, gain 1 memory."),
    ("BT12-048", "By revealing up to 3 Tamer cards from your hand and placing them at the bottom of your deck, ＜Draw 1＞ for each card placed."),
    ("BT8-019", "For each Digimon deleted by this effect, gain 1 memory."),
    ("EX5-063", "[All Turns] When an opponent's Digimon is deleted, gain 1 memory for each Digimon."),
    # note 7: existence checks and comparisons between the two sides
    ("BT3-081", "If you have a Tamer, gain 1 memory. While you have no Digimon, this Tamer can't be deleted."),
    ("BT12-075", "If your opponent has as many or more total Digimon and Tamers as you, gain 1 memory."),
    # sums of values
    ("AD1-008", "[When Digivolving] Delete up to 10000 DP total worth of your opponent's Digimon."),
])
def test_numbers_that_never_change(card, text):
    result = tagtext.rewrite(text, card_id=card)
    assert result.text == text
    assert result.edits == ()


def test_header_levels_and_costs_stay_but_an_iteration_in_a_header_doubles():
    # note 4: "[Digivolve] Lv.3 w/[CS] trait: Cost 2" stays; "Cost 1 for each card in your
    # security" -> "Cost 1 for every 2 cards in your security" (the manual)
    assert rewritten("[Digivolve] Lv.3 w/[CS] trait: Cost 2") == "[Digivolve] Lv.3 w/[CS] trait: Cost 2"
    assert rewritten("DigiXros -2: [SkullKnightmon] + [DeadlyAxemon]") == "DigiXros -2: [SkullKnightmon] + [DeadlyAxemon]"
    assert rewritten("[Digivolve] Lv.5 w/[Aegiochusmon] in name: Cost 1 for each of your security cards") == \
        "[Digivolve] Lv.5 w/[Aegiochusmon] in name: Cost 1 for every 2 of your security cards"


def test_bytes_outside_the_edits_stay_exactly():
    # no-break spaces, an entity, a full-width comma and a doubled space around an edit
    text = "[Your Turn]\u00a0While you have 6 or more security cards， this&#160;Digimon  gets +2000 DP.\r\n"
    assert rewritten(text) == text.replace("6 or more", "12 or more")


# ----------------------------------------------------------------------------- hand size (note 8)

@pytest.mark.parametrize("card, before, after", [
    ("BT18-037", "[When Attacking] If you have 7 or fewer cards in your hand, ＜Draw 1＞.",
     "[When Attacking] If you have 14 or fewer cards in your team's combined hands, ＜Draw 1＞."),
    ("BT26-023", "[When Attacking] If your hand has 7 or fewer cards, ＜Draw 1＞",
     "[When Attacking] If your team's combined hands have 14 or fewer cards, ＜Draw 1＞"),
    ("BT13-021", "[All Turns] While your opponent has 8 or more cards in their hand, this Digimon gets +1000 DP.",
     "[All Turns] While your opponent has 16 or more cards in the opposing team's combined hands, this Digimon gets +1000 DP."),
    ("BT19-075", "Your opponent trashes cards in their hand until they have 5 left.",
     "Your opponent trashes cards in the opposing team's combined hands until they have 10 left."),
    ("EX2-043", "[When Digivolving] All players trash cards in their hand until they have 5 cards left.",
     "[When Digivolving] All players trash cards in their team's combined hands until they have 10 cards left."),
    ("BT14-011", "Trash cards in your hand until it has 4 left.",
     "Trash cards in your team's combined hands until they have 8 left."),
])
def test_hand_sizes_count_the_combined_hands(card, before, after):
    assert rewritten(before, card) == after
    assert "hand-size" in rules_of(before, card)


@pytest.mark.parametrize("text", [
    "Trash 1 card in your hand.",                                           # an action on your hand
    "[Your Turn] When a card is added to your opponent's hand, gain 1 memory.",  # an event
    "By placing 1 [Leon Alexander] from your hand as this Digimon's bottom digivolution card, gain 1 memory.",
])
def test_hands_without_a_count_stay(text):
    assert rewritten(text) == text


# ----------------------------------------------------------------------------- colors (note 9)

def test_color_threshold_of_several_objects_rises_by_one():
    # BT21-078
    before = "If your Tamers have 2 or more total colors, add 1 to this effect's level maximum."
    assert rewritten(before) == "If your Tamers have 3 or more total colors, add 1 to this effect's level maximum."
    assert rules_of(before) == {"color-plus-one"}


def test_iterating_over_colors_doubles():
    # ST20-04
    assert rewritten("for every 2 colors your Tamers have, gets +2000 DP.") == \
        "for every 4 colors your Tamers have, gets +2000 DP."


@pytest.mark.parametrize("text", [
    "[All Turns] While this Digimon has 2 or more colors, it gets +1000 DP.",                       # BT16-002
    "[Main] 1 of your Digimon with 2 or more colors gets +2000 DP and ＜Piercing＞ for the turn.",    # BT8-103
    "[On Play] For each color in this Digimon's digivolution cards, all of your opponent's Digimon get -1000 DP.",  # BT19-014
])
def test_one_cards_colors_stay(text):
    assert rewritten(text) == text


# ----------------------------------------------------------------------------- players (notes 10-12)

@pytest.mark.parametrize("card, before, after, rule", [
    ("BT13-092", "[When Digivolving] Search your opponent's hand, and trash 1 card among it.",
     "[When Digivolving] Search 1 of your opponent's hands, and trash 1 card among it.", "choose-opponent"),
    ("BT13-102", "[On Play] Your opponent may trash 1 Tamer card or Option card in their hand.",
     "[On Play] 1 of your opponents may trash 1 Tamer card or Option card in their hand.", "choose-opponent"),
    ("BT17-028", "[Your Turn] [Once Per Turn]When an effect adds cards to your or your opponent's hand, gain 1 memory.",
     "[Your Turn] [Once Per Turn]When an effect adds cards to any player's hand, gain 1 memory.", "choose-player"),
    ("BT4-060", "[All Turns] When you or your opponent play a level 4 or lower Digimon, suspend it.",
     "[All Turns] When any player plays a level 4 or lower Digimon, suspend it.", "choose-player"),
    ("EX3-062", "Then, if either player has 5 or more cards in their trash, you may play 1 [Guilmon].",
     "Then, if any player has 10 or more cards in their trash, you may play 1 [Guilmon].", "choose-player"),
    ("BT24-069", "[When Attacking] [Once Per Turn] Trash the top card of both players' decks.",
     "[When Attacking] [Once Per Turn] Trash the top card of all players' decks.", "all-players"),
    ("BT8-090", "[On Play] Both players ＜Draw 1＞.", "[On Play] All players ＜Draw 1＞.", "all-players"),
    ("BT9-048", "trash the top card of both players decks", "trash the top card of all players decks", "all-players"),
    ("BT10-097", "[Main] Neither player's Digimon can be deleted in battle.",
     "[Main] No player's Digimon can be deleted in battle.", "all-players"),
    ("BT7-015", "reduce its memory cost by 1 for each Option card in you and your opponent's trashes",
     "reduce its memory cost by 1 for every 2 Option cards in all players' trashes", "all-players"),
])
def test_player_rules(card, before, after, rule):
    assert rewritten(before, card) == after
    assert rule in rules_of(before, card)


@pytest.mark.parametrize("text", [
    "[All Turns] When an effect adds cards to your opponent's hand, gain 1 memory.",   # an event
    "Return the revealed card to the top or the bottom of your opponent's deck.",      # where cards go
    "Trash the top card of your opponent's security stack.",                           # a shared area
    "Your opponent may delete 1 of their Digimon or Tamers.",                          # shared areas
    "When this Digimon attacks a player, gain 1 memory.",                              # not "either player"
])
def test_opponents_shared_areas_and_events_stay(text):
    assert rewritten(text) == text


# ----------------------------------------------------------------------------- memory (note 13)

@pytest.mark.parametrize("before, after", [
    ("[Your Turn] If you have 3 or less memory, set it to 3.",
     "[Your Turn] If the team's average memory is 3.0 or less, set it to 3."),
    ("If you have 3 memory or less, set your memory to 3.",
     "If the team's average memory is 3.0 or less, set your memory to 3."),
    ("[All Turns] While you have 1 or more memory, this Digimon gets +1000 DP.",
     "[All Turns] While the team's average memory is 1.0 or more, this Digimon gets +1000 DP."),
    # BT15-016: the opponent's side, and a check without its noun reading the same gauge
    ("If your opponent has 4 or less memory, gain 1 memory. If they have 4 or more, delete 1 of their Digimon.",
     "If the team's average memory is -4.0 or more, gain 1 memory. If the team's average memory is -4.0 or less, delete 1 of their Digimon."),
    # reminder text states the rule and is rewritten like the rest
    ("＜Blitz＞ (This Digimon can attack when your opponent has 1 or more memory.)",
     "＜Blitz＞ (This Digimon can attack when the team's average memory is -1.0 or less.)"),
])
def test_memory_checks_read_the_teams_average(before, after):
    assert rewritten(before) == after
    assert "memory-average" in rules_of(before)


@pytest.mark.parametrize("text", [
    "Gain 1 memory. Lose 2 memory. Set your memory to 3.",
    "If you gain 2 or more memory by this effect, unsuspend this Digimon.",     # BT10-057
    "By paying 2 memory, ＜Draw 1＞.",
])
def test_memory_gained_lost_paid_or_set_stays(text):
    assert rewritten(text) == text


# ----------------------------------------------------------------------------- discontinuity (note 14)

@pytest.mark.parametrize("before, after", [
    # BT16-033: 3 or more / 2 or fewer -> 6 or more / 5 or fewer
    ("if you have 3 or more security cards, gain 1 memory. If you have 2 or fewer, <Recovery +1 (Deck)>.",
     "if you have 6 or more security cards, gain 1 memory. If you have 5 or fewer, <Recovery +1 (Deck)>."),
    # BT11-088: 1 or fewer / 2 or more Digimon -> 2 or fewer / 3 or more
    ("If your opponent has 1 or fewer Digimon in play, gain 1 memory. If your opponent has 2 or more Digimon in play, draw.",
     "If your opponent has 2 or fewer Digimon in play, gain 1 memory. If your opponent has 3 or more Digimon in play, draw."),
    # ST22-14: a hand count and a check without its noun
    ("If your opponent has 6 or more cards in their hand, they trash 1 of them. Then, if they have 5 or fewer, delete 1.",
     "If your opponent has 12 or more cards in the opposing team's combined hands, they trash 1 of them. Then, if they have 11 or fewer, delete 1."),
])
def test_complementary_conditions_close_the_gap(before, after):
    assert rewritten(before) == after
    assert "discontinuity-correction" in rules_of(before)


def test_overlapping_conditions_are_not_corrected():
    # BT16-023: 3 or more, then 3 or fewer: not complements
    before = "If you have 3 or more security cards, unsuspend 1 of your Digimon. If you have 3 or fewer, gain 1 memory."
    assert rewritten(before) == before.replace("3 or more", "6 or more").replace("3 or fewer", "6 or fewer")
    assert "discontinuity-correction" not in rules_of(before)


# ----------------------------------------------------------------------------- residuals (note 16)

def test_a_count_used_as_a_value_is_a_residual():
    # BT7-100
    text = "When using this card from your hand, its memory cost is equal to the number of cards in your security stack."
    result = tagtext.rewrite(text)
    assert result.text == text
    assert [r.text for r in result.residuals] == ["number of cards in your security stack"]
    assert "special ruling" in result.residuals[0].reason


# ----------------------------------------------------------------------------- wording

def test_asia_and_global_wordings_both_rewrite():
    assert rewritten("If you have 2 or fewer cards under this Digimon's evolution cards, draw.") == \
        "If you have 2 or fewer cards under this Digimon's evolution cards, draw."
    assert rewritten("For each of your Digimon, gain 1 memory.") == "For every 2 of your Digimon, gain 1 memory."
