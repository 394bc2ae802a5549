"""The grammar, construct by construct, on real card sentences (the card is named)."""

from __future__ import annotations

import pytest

import tagtext
from tagtext.packs.tag_tamer.syntax import nodes as n


def nodes_of(tree: n.Node, cls) -> list[n.Node]:
    return [node for node in tree.walk() if isinstance(node, cls)]


def texts_of(tree: n.Node, cls, source: str) -> list[str]:
    return [source[node.start:node.end] for node in nodes_of(tree, cls)]


def parse(text: str) -> n.EffectText:
    tree = tagtext.parse(text)
    assert tree.to_source() == text
    return tree


# ----------------------------------------------------------------------------- labels

def test_bracketed_labels_open_blocks():
    # BT17-072
    text = ("[On Play] [When Digivolving] Delete 1 of your opponent's unsuspended Digimon.\n"
            "[All Turns] While you have another level 6 Digimon, this Digimon gets +2000 DP.")
    tree = parse(text)
    blocks = nodes_of(tree, n.Block)
    assert [[label.name for label in b.labels] for b in blocks] == [["On Play", "When Digivolving"], ["All Turns"]]


def test_effects_run_together_without_separator():
    # old sets glue effects: "...in play.[End of Your Turn]..." (BT2-046 style)
    text = "[Your Turn] This Digimon gets +1000 DP.[End of Your Turn] Trash the top card of your deck."
    blocks = nodes_of(parse(text), n.Block)
    assert [b.labels[0].name for b in blocks] == ["Your Turn", "End of Your Turn"]


def test_label_inside_a_sentence_is_a_reference():
    # EX2-050 style: a label named in a sentence does not open an effect
    text = "[When Attacking][Once Per Turn] For each Tamer you have in play, activate this Digimon's [When Digivolving] effect."
    tree = parse(text)
    assert [label.name for label in nodes_of(tree, n.TimingLabel)] == ["When Attacking", "Once Per Turn"]
    assert texts_of(tree, n.LabelRef, text) == ["[When Digivolving]"]


@pytest.mark.parametrize("text, labels", [
    # the manual's wiki-copied forms
    ("On Play When Evolving Reveal the top 5 cards of your or your opponent's deck.", ["On Play", "When Evolving"]),
    ("All Turns Once Per Turn When a card is added to your opponent's hand by an effect, gain 1 memory.",
     ["All Turns", "Once Per Turn"]),
    ("Main Delete 1 of your opponent's level 6 or higher Digimon.", ["Main"]),
    ("End of Attack Once Per Turn If your opponent has 1 or more memory, unsuspend this Digimon.",
     ["End of Attack", "Once Per Turn"]),
])
def test_bare_labels_at_the_start(text, labels):
    tree = parse(text)
    found = nodes_of(tree, n.TimingLabel)
    assert [label.name for label in found] == labels
    assert not any(label.bracketed for label in found)


def test_a_sentence_starting_with_when_is_not_a_bare_label():
    text = "When this card would be played, reduce the play cost by 2."
    assert nodes_of(parse(text), n.TimingLabel) == []


# ----------------------------------------------------------------------------- keywords

@pytest.mark.parametrize("text, name, params", [
    ("＜Draw 1＞", "Draw", ["1"]),
    ("＜Recovery +1 (Deck)＞", "Recovery", ["+1"]),
    ("＜Security A. +1＞", "Security A.", ["+1"]),
    ("＜De-Digivolve 1＞", "De-Digivolve", ["1"]),
    ("＜De-Digivolve1＞", "De-Digivolve", ["1"]),          # glued
    ("<Blocker>", "Blocker", []),                          # ASCII brackets
    ("＜Fragment (3)＞", "Fragment", ["3"]),                # number in the keyword's parentheses
    ("＜Digi-Burst 2＞", "Digi-Burst", ["2"]),
])
def test_keywords_and_their_parameters(text, name, params):
    tree = parse(text)
    keyword = nodes_of(tree, n.Keyword)[0]
    assert keyword.name.text == name
    assert [p.value.text for p in nodes_of(tree, n.KeywordParam)] == params


def test_keyword_reminder_text():
    # BT13-041
    text = "＜Barrier＞ (When this Digimon would be deleted in battle, by trashing the top card of your security stack, prevent that deletion.)"
    effect = nodes_of(parse(text), n.KeywordEffect)[0]
    assert effect.keyword.name.text == "Barrier"
    assert effect.reminder is not None and text[effect.reminder.start:effect.reminder.end].startswith("(When this Digimon")


# ----------------------------------------------------------------------------- headers

@pytest.mark.parametrize("text, tag, costs", [
    ("[Digivolve] Lv.3 w/[CS] trait: Cost 2", "[Digivolve]", ["2"]),
    ("Digivolve: 3 from Lv.4 w/[Chessmon] in name", "Digivolve:", ["3"]),
    ("DigiXros -2: [SkullKnightmon] + [DeadlyAxemon]", "DigiXros", ["-2"]),
    ("[Link] [Appmon] trait: Cost 1", "[Link]", ["1"]),
    ("[App Fusion] [Globemon] & [Charismon]: Cost 0", "[App Fusion]", ["0"]),
    ("Evolve Lv.5 w/ [Aegiochusmon] in name: Cost 1", "Evolve", ["1"]),      # Asia / wiki
    ("[DNA Digivolution] Red Lv.4 + yellow Lv.4: Cost 0", "[DNA Digivolution]", ["0"]),
])
def test_card_headers(text, tag, costs):
    tree = parse(text)
    header = nodes_of(tree, n.Header)[0]
    assert header.tag.text == tag
    assert [c.value.text for c in nodes_of(tree, n.HeaderCost)] == costs


def test_a_requirement_cost_is_not_the_header_cost():
    text = "[Digivolve] Play cost 12 [Ceresmon]: Cost 2"
    tree = parse(text)
    assert [c.value.text for c in nodes_of(tree, n.HeaderCost)] == ["2"]
    assert texts_of(tree, n.CostValue, text) == ["Play cost 12"]


def test_header_glued_to_an_effect_ends_at_the_label():
    # BT9-083: "Digivolve: 3 if name contains [Omnimon][When Digivolving] ..."
    text = "Digivolve: 3 if name contains [Omnimon][When Digivolving] For each card with [Mega] in their traits in this Digimon’s digivolution cards, delete 1 of your opponent’s Digimon."
    tree = parse(text)
    header = nodes_of(tree, n.Header)[0]
    assert text[header.start:header.end] == "Digivolve: 3 if name contains [Omnimon]"
    assert [label.name for label in nodes_of(tree, n.TimingLabel)] == ["When Digivolving"]


def test_header_ends_where_header_words_end():
    # BT12-008: "Digivolve: 2 from Lv.4 w/＜Save＞ in text When you would play this card ..."
    text = "Digivolve: 2 from Lv.4 w/＜Save＞ in text When you would play this card from your hand, reduce the play cost by 1."
    header = nodes_of(parse(text), n.Header)[0]
    assert text[header.start:header.end] == "Digivolve: 2 from Lv.4 w/＜Save＞ in text"


def test_iteration_in_a_header_cost():
    text = "Evolve Lv.5 w/ [Aegiochusmon] in name: Cost 1 for each card in your security"
    tree = parse(text)
    assert texts_of(tree, n.Iteration, text) == ["for each"]
    assert [z.zone for z in nodes_of(tree, n.Zone)] == ["security"]


# ----------------------------------------------------------------------------- numbers

def test_comparisons_and_what_they_count():
    # BT1-102 style
    text = "If you have 3 or more security cards, gain 1 memory. If you have 2 or fewer Tamers, draw."
    tree = parse(text)
    assert texts_of(tree, n.Comparison, text) == ["3 or more", "2 or fewer"]
    quantities = nodes_of(tree, n.Quantity)
    assert [text[q.head.start:q.head.end] for q in quantities] == ["security cards", "Tamers"]


def test_numbers_that_are_not_counts():
    # EX1-045 / BT12-083 style
    text = ("Delete 1 of your opponent's level 6 or higher Digimon with 4000 DP or less and a play cost of "
            "5 or less. This Digimon gets +1000 DP. Reduce the play cost by 3. ＜Draw 1＞")
    tree = parse(text)
    assert texts_of(tree, n.LevelValue, text) == ["level 6 or higher"]
    assert texts_of(tree, n.DPValue, text) == ["4000 DP or less", "+1000 DP"]
    assert texts_of(tree, n.CostValue, text) == ["play cost of 5 or less", "play cost by 3"]
    assert texts_of(tree, n.KeywordParam, text) == ["1"]
    assert [q.words() for q in nodes_of(tree, n.Quantity)] == ["1 of"]


def test_up_to_and_until():
    text = ("Trash up to 3 cards. ＜Recovery +1 (Deck)＞ until there are 3 cards in your security stack. "
            "Your opponent trashes cards in their hand until they have 5 left.")
    tree = parse(text)
    assert texts_of(tree, n.UpTo, text) == ["up to 3 cards"]
    untils = nodes_of(tree, n.UntilCount)
    assert [text[u.start:u.end] for u in untils] == ["until there are 3 cards", "until they have 5 left"]
    assert untils[1].subject.text == "they" and untils[1].verb.text == "have"


def test_until_you_have_types_the_player():
    # BT6-033
    text = "trash cards from the top of your Security Stack until you have 3 or more remaining"
    until = nodes_of(parse(text), n.UntilCount)[0]
    assert isinstance(until.subject, n.PlayerRef) and until.subject.player == "you"
    assert until.amount.words() == "3 or more remaining"


@pytest.mark.parametrize("text, iteration", [
    ("When this card would be played, for each of your opponent's Digimon and Tamers, reduce the cost by 3.", "for each of"),
    ("gain 1 memory for every 4 cards in your opponent's hand.", "for every 4"),
    ("This Digimon gets +1000 DP for every suspended Digimon your opponent has.", "for every"),
])
def test_iterations(text, iteration):
    assert texts_of(parse(text), n.Iteration, text) == [iteration]


def test_memory():
    text = "[Your Turn] If you have 3 or less memory, set your memory to 3. Gain 1 memory."
    tree = parse(text)
    assert texts_of(tree, n.MemoryAmount, text) == ["3 or less memory", "1 memory"]
    assert texts_of(tree, n.ToValue, text) == ["to 3"]


def test_colors():
    text = "If your Tamers with the [ADVENTURE] trait have 3 or more total colors, add 1 2-color blue card."
    tree = parse(text)
    assert [c.text for c in nodes_of(tree, n.Color)] == ["blue"]
    assert texts_of(tree, n.ColorCount, text) == ["2-color"]


# ----------------------------------------------------------------------------- players and areas

@pytest.mark.parametrize("text, player", [
    ("trash the top card of both players' decks", "both"),
    ("trash the top card of both players decks", "both"),
    ("Reveal the top 5 cards of your or your opponent's deck.", "you_or_opponent"),
    ("When either player's Digimon is deleted", "either"),
    ("Neither player can play Digimon.", "neither"),
    ("each player trashes 1 card", "each"),
    ("in you and your opponent's trashes", "you_and_opponent"),
    ("Players can't reduce play costs.", "players"),
    ("Delete 1 of your opponent's Digimon.", "opponent"),
])
def test_players(text, player):
    kinds = [p.player for p in nodes_of(parse(text), n.PlayerRef)]
    assert player in kinds


@pytest.mark.parametrize("text, zone, owner", [
    ("10 or more cards in your trash", "trash", "your"),
    ("the top 3 cards of your opponent's deck", "deck", "your opponent's"),
    ("if you have 4 or fewer cards in your hand", "hand", "your"),
    ("3 cards in your security stack", "security", "your"),
    ("If your opponent has 2 or more Digimon in play", "battle_area", None),
    ("in their hand", "hand", "their"),
    ("return it to its owner's hand", "hand", "its owner's"),
    ("1 [Doomsday Clock] in your battle area", "battle_area", "your"),
    ("this Digimon's evolution cards", "digivolution_cards", None),     # Asia wording
])
def test_areas_and_owners(text, zone, owner):
    zones = nodes_of(parse(text), n.Zone)
    assert [(z.zone, z.owner.text if z.owner else None) for z in zones] == [(zone, owner)]


def test_trash_as_a_verb_is_not_an_area():
    text = "Trash the top 3 cards of your deck."
    assert [z.zone for z in nodes_of(parse(text), n.Zone)] == ["deck"]


# ----------------------------------------------------------------------------- plain words

def test_plain_words_are_kept_as_words():
    text = "You may play 1 Tamer card from your hand without paying the cost."
    tree = parse(text)
    runs = nodes_of(tree, n.Words)
    assert [run.text for run in runs] == ["may play", "card from", "without paying the"]
    words = [w for run in runs for w in run.split()]
    assert [w.text for w in words] == ["may", "play", "card", "from", "without", "paying", "the"]
    for word in words:
        assert text[word.start:word.end] == word.text


def test_glued_words_and_odd_spacing_round_trip():
    for text in ["Trash2 cards from the top of your deck.", "delete1 of your opponent's Digimon",
                 "[Main]  Delete 1\u00a0of your opponent&#160;s Digimon ，gain 1 memory .", "a\r\nb\rc\n"]:
        assert tagtext.parse(text).to_source() == text
