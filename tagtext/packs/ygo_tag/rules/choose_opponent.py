"""Rule 2: an effect on only your opponent's Deck, Extra Deck, hand, GY or banished cards: choose one opponent."""

from __future__ import annotations

import re

from ....syntax.edit import replace_leaves
from .. import nodes as y
from ..analysis import Mention, joined_private_area, on_field
from .common import (Context, acted_on_privately, agree_singular, antecedent_mention, follow_up, introduce, like,
                     next_word, opponent_as, replace, resolved, rule_of, your_opponent)

ID = "choose-opponent"
TRIGGER = re.compile(r"your opponent")

CHOOSE = "choose 1 opponent"
#: words Problem-Solving Card Text always capitalises (game terms); any other word that
#: opened the effect is written in lower case after the choice ("Choose 1 opponent; turn
#: the top card ...")
_GAME_TERMS = frozenset({
    "special", "normal", "tribute", "fusion", "synchro", "xyz", "link", "ritual", "pendulum", "set", "flip",
    "equip", "gy", "lp", "atk", "def", "i",
})


def choose_opponent(tree: y.CardText, ctx: Context) -> y.CardText:
    """Seed 001: 'A player resolving an effect or part of an effect affecting only your
    opponent's Main Deck, Extra Deck, hand, graveyard, or banished must instead choose an
    opponent for that effect to apply to when that effect goes on the Chain.' EX1: 'I
    activate "Mind Crush" and name a card. I must also choose one of my opponents for the
    effect to apply to.'

    The opponent is chosen when the effect is activated, so, in Problem-Solving Card Text,
    before the ";": "Declare 1 card name; if that card is in your opponent's hand ..." ->
    "Declare 1 card name and choose 1 opponent; if that card is in that opponent's hand
    ...". A target already picks one ("Target 1 card in your opponent's GY" -> "... in an
    opponent's GY"). With no ";", the choice opens the effect, after its condition ("You
    can choose 1 opponent; send ...", "Choose 1 opponent; that opponent discards 1 card",
    old-style text: "When this card inflicts Battle Damage to your opponent, choose 1
    opponent; send the top 3 cards of that opponent's Deck to the GY"). One effect has one
    chosen opponent: later mentions of the opponent in it, also in the sentences that go on
    with it ("Otherwise, ...", the bullets it applies), name "that opponent", and the
    choice is made where the effect first names the opponent ("Your opponent declares 2
    Attributes. ... your opponent draws 2 cards." -> "Choose 1 opponent; that opponent
    declares ... that opponent draws"). A card put back in "your opponent's Deck" goes to
    its owner's. Lasting effects ("cannot", "while", "... is banished instead") are not
    resolved, and are left as printed."""
    changes: dict = {}
    for m in ctx.mentions():
        if m.owner_return and your_opponent(m) and not m.lasting and ctx.free(m.leaf):
            # "place it on top of your opponent's Deck": its owner's, whoever that is
            replace(changes, m.leaf, like("its owner's", m.leaf.text), ID, ctx)
            continue
        chain = ctx.analysis.effect_of(m.sentence)
        each = None
        if acted_on_privately(m, ctx):
            anchor = _anchor(m, chain, ctx)
            target = (anchor.leaf, _that_opponent(anchor))
        else:
            # "your opponent's field and GY": the GY, which has no owner written, is the
            # private part (the field stays rule 1's)
            target = _private_part(m, ctx)
            if target is None:
                continue
            anchor = m
            each = _each_from(m, ctx)
            if each is not None:
                # "banish 1 card each from your opponent's field and GY": one card from the
                # fields, one from the chosen opponent's GY
                target = (target[0], f"{each[2]} from {target[1]}")
        if any(s in ctx.introduced for s in chain):
            # the effect named its opponent before (a bullet of "When an opponent activates
            # ...: ... activate 1 of these effects;"): that one
            if m.sentence not in ctx.introduced and ctx.free(target[0]):
                replace(changes, target[0], target[1], ID, ctx)
                if each is not None:
                    _drop_words(changes, each[0])
                introduce(tree, ctx, changes, m.sentence, m.start, ID)
            continue
        if anchor is not m and your_opponent(anchor) and _one_card_of(anchor):
            # "Select 1 face-up Synchro Monster an opponent controls ... Then, that
            # opponent draws 1 card."
            replace(changes, anchor.leaf, opponent_as(anchor, "an"), ID, ctx)
            placed = anchor.start
        else:
            placed = _choose(anchor, target, changes, ctx)
            if placed is None:
                continue
            if each is not None:
                _drop_words(changes, each[0])
        introduce(tree, ctx, changes, anchor.sentence, min(placed, anchor.start), ID)
        if ctx.analysis.chance_result(anchor.sentence):
            # "Choose 1 opponent; roll a six-sided die and apply the result.": every result
            # names that opponent ("● 4: That opponent draws 1 card.")
            introduce(tree, ctx, changes, _root_of(anchor.sentence, ctx), placed, ID)
        for sentence in chain:
            if sentence > anchor.sentence and sentence not in ctx.introduced:
                introduce(tree, ctx, changes, sentence, -1, ID)
    return replace_leaves(tree, changes)


def _anchor(m: Mention, chain: list[int], ctx: Context) -> Mention:
    """Where the effect first names the opponent as a player or as an owner (the subject
    who declares, before the one who draws; the controller of the 1 card it selects,
    before their Deck): the choice is made there."""
    for e in (e for s in chain for e in ctx.analysis.in_sentence(s)):
        if e.sentence > m.sentence or e.sentence == m.sentence and e.start >= m.start:
            break
        if not ctx.free(e.leaf) or e.lasting or e.owner_return or e.turn or e.cause or e.team or e.counted:
            continue
        in_condition = _in_condition_clause(e, ctx) if e.clause_kind == "condition" else e.lead and not _check(e, ctx)
        if in_condition or not resolved(e.sentence, ctx):
            continue
        if your_opponent(e) and (follow_up(e) and not (e.conditional and on_field(e))
                                 or _one_card_of(e) and _named_later(e, m)):
            return e
        if _they(e, ctx):
            return e
    return m


#: what happens to a card, in a condition ("each time a card is added to your opponent's
#: hand"): an event, which is rule 7's, not a check
_EVENTS = frozenset({"added", "sent", "banished", "destroyed", "discarded", "returned", "shuffled", "summoned",
                     "placed", "drawn", "moved", "activated"})


def _check(e: Mention, ctx: Context) -> bool:
    """A check the effect makes on one opponent's hand, Deck, GY ... ("If the declared card
    is in your opponent's Deck, add ..."): the choice comes before it."""
    facts = ctx.analysis.facts[e.sentence]
    return (facts.opening[:1] == ("if",) and e.private and your_opponent(e)
            and not any(w in _EVENTS for w in e.before))


def _one_card_of(e: Mention) -> bool:
    """ "1 face-up Synchro Monster your opponent controls": the 1 card an effect selects
    or targets picks the opponent it then acts on ("... Then, that opponent draws 1
    card")."""
    return (on_field(e) and not e.leaf.possessive and e.after[:1] in (("controls",), ("control",))
            and "1" in e.before[-5:] and not any(w in ("all", "each", "every") for w in e.before[-5:]))


def _named_later(e: Mention, m: Mention) -> bool:
    """The opponent acted on by ``m`` is the controller of the 1 card ``e`` selects: ``m``
    refers back to it ("You can target 1 monster your opponent controls; destroy it, and if
    you do, send the top 3 cards of their Deck to the GY"), or names the opponent in a
    later sentence of the effect ("Select 1 face-up Synchro Monster your opponent controls
    and remove it from play. Then, your opponent draws 1 card."). In the target's own
    clause ("Target 1 monster your opponent controls or in their GY") the target is one
    card among both opponents'; a "your opponent" later in its sentence is chosen (rule 2's
    choice, "Target 1 monster your opponents control and choose 1 opponent; banish it,
    then ... that opponent can Special Summon ...")."""
    if m.antecedent is e.leaf:
        return (m.sentence, m.clause) > (e.sentence, e.clause)
    return m.sentence > e.sentence


def _they(e: Mention, ctx: Context) -> bool:
    """ "They can hand you 1 card from their hand": "they" acting, referring back to a
    singular "your opponent" that names no one yet."""
    if not isinstance(e.leaf, y.Pronoun) or e.leaf.text.lower() != "they" or e.conditional:
        return False
    named = antecedent_mention(e, ctx)
    return named is not None and your_opponent(named) and ctx.free(named.leaf) and not named.turn


def _in_condition_clause(e: Mention, ctx: Context) -> bool:
    """In a condition clause, unless the clause is an old-style effect whose bullets follow
    ("..., your opponent selects and executes 1 of the following effects:")."""
    if e.clause_kind != "condition":
        return False
    facts = ctx.analysis.facts[e.sentence]
    return facts.effect_start is None or facts.cost or e.start < facts.effect_start.start


def _private_part(m: Mention, ctx: Context):
    """A field phrase of the opponent joined to a private area with no owner written (seed:
    "part of an effect affecting only your opponent's ... graveyard"): "your opponent's
    field and GY" -> the GY: (its leaf, "that opponent's GY")."""
    if (not your_opponent(m) or not on_field(m) or m.conditional or m.lasting or m.team or m.area_leaf is None
            or m.clause_kind != "effect" or not ctx.free(m.leaf) or not resolved(m.sentence, ctx)):
        return None
    joined = joined_private_area(m, ctx.analysis)
    if joined is not None and ctx.free(joined):
        return (joined, "that opponent's " + joined.text)
    return None


def _each_from(m: Mention, ctx: Context):
    """ "(up to) 1 card each from (both) your opponent's field and GY", split between the
    fields and one opponent's GY: the words "each" and "both" to drop, and the quantity to
    repeat before the GY ("up to 1 card"); or None."""
    words = list(m.before)
    if words[-1:] == ["both"]:
        words = words[:-1]
    if words[-2:] != ["each", "from"]:
        return None
    words = words[:-2]
    k = next((i for i in range(len(words) - 1, -1, -1) if words[i].isdigit()), None)
    if k is None or len(words) - k != 2:
        return None  # "1 card", "2 cards": a number and its noun
    quantity = words[k - 2:] if words[k - 2:k] == ["up", "to"] else words[k:]
    leaves = list(ctx.analysis.sentences[m.sentence].clauses[m.clause].leaves())
    i = next((j for j, leaf in enumerate(leaves) if leaf is m.leaf), 0)
    before = leaves[i - 1] if i > 0 else None
    if not isinstance(before, y.Words):
        return None
    units = before.split()
    k = next((j for j, u in enumerate(units) if u.text.lower() == "each"), None)
    if k is None or k == 0 or k < len(units) - 3 or not all(ctx.free(u) for u in units[k - 1:]):
        return None
    return units[k - 1:], None, " ".join(quantity)


def _drop_words(changes: dict, units) -> None:
    """Take "each" and "both" out of ``units`` (the last words of a run, from the word
    before "each"), with the space before each: the words kept between are marked
    rewritten too, so that the edit spans the words and the spaces dropped."""
    for unit in units:
        if unit.text.lower() in ("each", "both"):
            changes[unit.start] = lambda leaf: leaf.replaced("", ID).with_changes(prefix="")
        else:
            changes[unit.start] = lambda leaf: leaf.with_changes(rules=leaf.rules + (ID,))


def _choose(m: Mention, target: tuple[y.Leaf, str], changes: dict, ctx: Context) -> int | None:
    """Choose the opponent for ``m``'s effect where Problem-Solving Card Text makes the
    choices of an activation, and write ``target`` (a leaf and its new text) as that
    opponent. Where the choice is made (an offset), or None when there is no place for it."""
    root = _root_of(m.sentence, ctx)
    if root != m.sentence:
        # "... After that, your opponent selects ...", "Then your opponent can Special
        # Summon ...": the opponent is chosen when the effect goes on the Chain (seed), so
        # the choice opens the effect, in its first sentence, never a step of its resolution
        return _open_sentence(root, m, target, changes, ctx)
    sentence = ctx.analysis.sentences[m.sentence]
    facts = ctx.analysis.facts[m.sentence]
    if m.clause_kind == "cost":
        if target[0] is not m.leaf or _their_field_target(m, ctx):
            return None
        # "Target 1 card in your opponent's GY;", "... in their GY;": the target picks one
        text = like("an opponent's", m.leaf.text) if isinstance(m.leaf, y.Pronoun) else opponent_as(m, "an")
        replace(changes, m.leaf, text, ID, ctx)
        return m.start
    costs = [c for c in sentence.clauses[:m.clause] if isinstance(c, y.Cost)]
    if costs:
        semi = costs[-1].semicolon
        if not ctx.free(semi):
            return None
        return _write_choice(changes, semi, _after_cost(costs[-1], ctx), target, ctx, semi.start)
    if facts.cost_to is not None and facts.cost_to.start < m.start and ctx.free(facts.cost_to):
        # "you can pay 100 Life Points to look at 1 card on the top of your opponent's Deck":
        # the choice ends the old-style cost, "you can pay 100 Life Points and choose 1
        # opponent to look at ..."
        return _write_choice(changes, facts.cost_to, f"and {CHOOSE} to", target, ctx, facts.cost_to.start)
    start = facts.effect_start
    if start is None:
        return None
    if m.start < start.start:
        # the opponent is named in the effect's own check ("If the declared card is in your
        # opponent's Deck, add ..."): the choice opens the sentence
        start = _first_word(sentence)
        if start is None:
            return None
    return _open_effect(start, m, target, changes, ctx)


def _root_of(index: int, ctx: Context) -> int:
    """The first sentence of the effect sentence ``index`` goes on with ("Toss a coin and call
    it. If you call it right, ..."), after what is done on activation ("Pay 1000 Life
    Points. Declare a Type and an Attribute. <the effect>"); a bullet is its own (NOTES: a
    bullet opens with its choice), unless it is the result of a die roll or coin toss
    (NOTES, "Decided": a later step of the resolution, so the choice opens the effect,
    before the roll)."""
    facts = ctx.analysis.facts
    chance = ctx.analysis.chance_result(index)
    while ((not facts[index].bullet or chance) and facts[index].parent is not None
           and not facts[facts[index].parent].activation):
        index = facts[index].parent
    return index


def _open_sentence(index: int, m: Mention, target: tuple[y.Leaf, str], changes: dict, ctx: Context) -> int | None:
    """Choose the opponent at the start of sentence ``index``'s effect: at the end of its
    cost ("... and choose 1 opponent;"), or opening what it does."""
    sentence = ctx.analysis.sentences[index]
    costs = [c for c in sentence.clauses if isinstance(c, y.Cost)]
    if costs:
        semi = costs[-1].semicolon
        if not ctx.free(semi):
            return None
        return _write_choice(changes, semi, _after_cost(costs[-1], ctx), target, ctx, semi.start)
    start = ctx.analysis.facts[index].effect_start
    if start is None:
        return None
    return _open_effect(start, m, target, changes, ctx)


#: what a cost can end with that describes what it did rather than doing more ("Tribute
#: any number of monsters, except Tokens", "banish 1 card from your Deck, face-up"): the
#: choice after it takes a comma
_MODIFIER = re.compile(r"(?i)^(?:except\b|face-up\b|face-down\b|including\b|in (?:attack|defense) position\b)")


def _after_cost(cost: y.Cost, ctx: Context) -> str:
    """The choice written at the end of ``cost``: " and choose 1 opponent;", or after a
    describing phrase ", and choose 1 opponent;"."""
    text = ctx.text[cost.start:cost.semicolon.start]
    depth, last = 0, -1
    for i, ch in enumerate(text):
        depth += (ch == "(") - (ch == ")")
        if ch == "," and depth == 0:
            last = i
    if last >= 0 and _MODIFIER.match(text[last + 1:].strip()):
        return f", and {CHOOSE};"
    return f" and {CHOOSE};"


def _their_field_target(m: Mention, ctx: Context) -> bool:
    """ "Target 1 monster your opponent controls or in their GY": one target among both
    opponents' cards (rule 1 makes it "your opponents control or in their GYs")."""
    named = antecedent_mention(m, ctx) if isinstance(m.leaf, y.Pronoun) else None
    return named is not None and named.sentence == m.sentence and named.clause == m.clause and on_field(named)


def _that_opponent(m: Mention) -> str:
    if isinstance(m.leaf, y.Pronoun):
        return like("that opponent's" if m.leaf.possessive else "that opponent", m.leaf.text)
    return opponent_as(m, "that")


def _first_word(sentence: y.Sentence):
    for leaf in sentence.leaves():
        if isinstance(leaf, (y.Punct, y.LineBreak, y.Connective)):
            continue
        return leaf.split()[0] if isinstance(leaf, y.Words) else leaf
    return None


def _open_effect(first: y.Leaf, m: Mention, target: tuple[y.Leaf, str], changes: dict, ctx: Context) -> int | None:
    """Open the effect at ``first`` with the choice: "You can <verb>" -> "You can choose 1
    opponent; <verb>", otherwise "<Effect>" -> "Choose 1 opponent; <effect>" (in lower case
    after an old-style condition: "When ..., choose 1 opponent; send ...")."""
    if not ctx.free(first):
        return None
    after = next_word(first, ctx)
    if (isinstance(first, y.PlayerRef) and first.player == "you" and after is not None
            and after.text.lower() == "can" and after is not m.leaf):
        if not ctx.free(after):
            return None
        return _write_choice(changes, after, f"{after.text} {CHOOSE};", target, ctx, first.start)
    # a count can open it too: "Choose 1 opponent; for every 3 of your ... banished cards"
    if not isinstance(first, (y.Word, y.PlayerRef, y.Pronoun, y.Marker)):
        return None
    opening = like(CHOOSE, "C" if _opens_sentence(first, ctx) else "c")
    if first.start == target[0].start:
        replace(changes, first, f"{opening}; {target[1][:1].lower()}{target[1][1:]}", ID, ctx)
        agree_singular(target[0], changes, ctx, ID)
        return first.start
    word = first.text
    if word.lower() not in _GAME_TERMS and not word.isupper():
        word = word[:1].lower() + word[1:]
    return _write_choice(changes, first, f"{opening}; {word}", target, ctx, first.start)


def _write_choice(changes: dict, leaf: y.Leaf, text: str, target: tuple[y.Leaf, str], ctx: Context,
                  where: int) -> int:
    """Write the choice (``leaf`` becomes ``text``) and the opponent it names (``target``);
    where the choice is made."""
    replace(changes, leaf, text, ID, ctx)
    replace(changes, target[0], target[1], ID, ctx)
    agree_singular(target[0], changes, ctx, ID)
    return where


def _opens_sentence(leaf: y.Leaf, ctx: Context) -> bool:
    """Whether ``leaf`` is the first word of what it is in: its sentence, a line, a bullet,
    or what follows a ":" (PSCT capitalises the first word after a condition)."""
    k = leaf.start  # (read back from the leaf: a copy of the text before it was quadratic)
    while k > 0 and ctx.text[k - 1] in " \t\u00a0":
        k -= 1
    return k == 0 or ctx.text[k - 1] in ".:!?\n●"


RULE = rule_of(
    ID, choose_opponent, "An effect on the opponent's Deck, hand, GY or banished cards: choose one opponent (rule 2)",
    TRIGGER,
    ("Declare 1 card name; if that card is in your opponent's hand, they must discard all copies of it, otherwise you discard 1 random card.",
     "Declare 1 card name and choose 1 opponent; if that card is in that opponent's hand, they must discard all copies of it, otherwise you discard 1 random card."),
)
