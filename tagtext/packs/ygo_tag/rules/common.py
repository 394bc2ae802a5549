"""What the rule passes share: the context they read and report into, and wording helpers."""

from __future__ import annotations

from dataclasses import dataclass, field

from ....pipeline import Context as EngineContext
from ...base import Rule
from ...ygo_tag import nodes as y
from ..analysis import Analysis, Mention

#: words after a player in a condition that say the player did something (rule 7)
ACTION_VERBS = frozenset({
    "activates", "activate", "activated", "special", "normal", "flip", "tribute", "summons", "summon",
    "declares", "declare", "adds", "add", "sends", "send", "draws", "draw", "discards", "discard",
    "banishes", "banish", "sets", "set", "targets", "target", "would", "chains", "pays", "negates",
    "destroys", "shuffles", "excavates", "reveals", "attacks", "changes", "equips", "detaches",
    "tributes", "places", "takes", "resolves", "uses", "makes",
})
#: what the opponent did, in the past ("if your opponent Summoned 3 or more monsters this
#: turn", "the turn in which your opponent has activated")
PAST_ACTIONS = frozenset({
    "activated", "summoned", "special", "normal", "declared", "added", "sent", "drew", "discarded",
    "banished", "destroyed", "set", "targeted", "tributed", "made", "chained", "negated", "attacked",
})


@dataclass
class Context(EngineContext):
    """The engine's context (what a pass reads besides the tree, and where it reports what
    it cannot do) plus the facts about the text's player phrases."""

    analysis: Analysis | None = None
    #: starts of leaves a pass already rewrote (a phrase gets one rule's wording)
    claimed: set[int] = field(default_factory=set)
    #: per sentence: the rule that introduced "an opponent" / chose one, if any
    introduced: dict[int, str] = field(default_factory=dict)
    #: the card's type ("Monster", "Spell", "Trap"), when the card is known
    card_type: str = ""

    def free(self, leaf: y.Leaf) -> bool:
        """Whether a pass may still rewrite ``leaf``."""
        return leaf.start not in self.claimed and not self.protected_at(leaf.start)

    def mentions(self):
        return self.analysis.mentions


def like(new: str, old: str) -> str:
    """``new`` with ``old``'s first-letter case ("Your opponent" -> "That opponent")."""
    if old[:1].isupper():
        return new[:1].upper() + new[1:]
    return new[:1].lower() + new[1:]


def opponent_as(m: Mention, determiner: str) -> str:
    """``your opponent('s)`` -> ``<determiner> opponent('s)``, keeping case and possessive."""
    possessive = m.leaf.text.endswith(("'s", "’s"))
    return like(f"{determiner} opponent" + ("'s" if possessive else ""), m.leaf.text)


def replace(changes: dict, leaf: y.Leaf, text: str, rule: str, ctx: Context) -> None:
    """Record that ``leaf`` becomes ``text`` (rule ``rule``), and claim it."""
    changes[leaf.start] = lambda current, text=text: current.replaced(text, rule)
    ctx.claimed.add(leaf.start)


def your_opponent(m: Mention) -> bool:
    """The phrase is "your opponent" or "your opponent's" (not "an opponent", not "they")."""
    if not isinstance(m.leaf, y.PlayerRef) or m.leaf.player != "opponent":
        return False
    t = m.leaf.text.lower().replace("’", "'")
    return not t.endswith(("opponents", "opponents'"))


def opponent_acts(m: Mention) -> bool:
    """Another opponent phrase is the subject of its segment: "that opponent Special
    Summons ... to your opponent's side of the field" names the acting opponent's own side."""
    if isinstance(m.actor, y.Pronoun):
        return True  # "make them Tribute 1 monster they control": "they" act, the opponent
    return isinstance(m.actor, y.PlayerRef) and m.actor.player in ("opponent", "an_opponent")


def follow_up(m: Mention) -> bool:
    """A later mention of the opponent that refers back to the one chosen or introduced:
    it is the subject, a private area's owner, what is counted of theirs ("based on the
    number of monsters that opponent controls"), what you are compared with ("as that
    opponent") or what a check reads ("then if that opponent controls a card(s) in its
    adjacent zones"), not the field an effect acts on (rule 1) and not the team (damage,
    LP). The
    field of the introduced opponent, when that opponent is the one acting ("that opponent
    Special Summons ... to your opponent's side"), is theirs too."""
    from ..analysis import on_field
    return your_opponent(m) and not m.team and (not on_field(m) or opponent_acts(m) or m.counted or m.conditional)


def lasting_or_cause(m: Mention) -> bool:
    """ "your opponent cannot ...", "your opponent's card effects": a lasting restriction or
    a cause, which stay as printed (NOTES) when no rule's own condition names the opponent."""
    return m.after[:1] == ("cannot",) or m.leaf.possessive and m.after[:1] == ("card",)


def refer_back(tree, ctx: Context, changes: dict, sentence: int, after: int, rule: str,
               keep_lasting: bool = False, keep_turns: bool = False) -> bool:
    """Later mentions of the opponent in ``sentence`` (after offset ``after``) -> "that
    opponent"; with ``keep_lasting``, restrictions and causes stay, with ``keep_turns``
    turns ("Destroy this card during your opponent's 3rd End Phase": the card's lifetime).
    Whether any mention was rewritten."""
    done = False
    for m in ctx.analysis.in_sentence(sentence):
        if keep_lasting and (lasting_or_cause(m) or m.lasting) or keep_turns and m.turn:
            continue
        if m.cause and m.leaf.possessive and m.lasting:
            # "it cannot be destroyed by your opponent's card effects": a protection from
            # both opponents' cards, as printed
            continue
        if m.clause_kind == "condition" and m.before[:1] == ("or",):
            continue  # another condition of the same effect: "..., or when your opponent's monster ..."
        if m.start > after and follow_up(m) and ctx.free(m.leaf) and not m.owner_return:
            replace(changes, m.leaf, opponent_as(m, "that"), rule, ctx)
            done = True
    return done


def introduce(tree, ctx: Context, changes: dict, sentence: int, after: int, rule: str,
              keep_lasting: bool = False) -> None:
    """One opponent is introduced (or chosen) in ``sentence`` at offset ``after``: later
    mentions of the opponent in it, and in the sentences that go on with its effect
    ("Then, your opponent draws 1 card.", the bullets it applies), name that opponent
    (restrictions in those later sentences stay: they bind both opponents, NOTES)."""
    ctx.introduced[sentence] = rule
    refer_back(tree, ctx, changes, sentence, after, rule, keep_lasting)
    for later in later_in_effect(ctx, sentence):
        if later not in ctx.introduced and refer_back(tree, ctx, changes, later, -1, rule, keep_lasting=True,
                                                      keep_turns=True):
            ctx.introduced[later] = rule


def later_in_effect(ctx: Context, sentence: int) -> list[int]:
    """The sentences after ``sentence`` that go on with its effect or that it applies."""
    return ctx.analysis.later_in_effect(sentence)


def resolved(sentence: int, ctx: Context) -> bool:
    """Whether the sentence is an effect that resolves: a Monster's sentence with no
    condition, cost, old-style condition or bullet, going on from no other, states a
    lasting effect (the card's type comes from the database; an unknown card is treated as
    a Spell/Trap, whose every sentence is part of its effect)."""
    facts = ctx.analysis.facts[sentence]
    if facts.lasting:
        return False
    if ctx.card_type != "Monster":
        return True
    return facts.condition or facts.cost or facts.lead > 0 or facts.bullet or facts.parent is not None


def acted_on_privately(m: Mention, ctx: Context) -> bool:
    """Seed rule 2's shape in an effect that resolves: the opponent's hand, Deck, GY ...
    acted on, by "your opponent('s)" or a "their" that refers back to one, outside the
    effect's condition, a count, a lasting effect or an LP phrase."""
    if (not m.private or m.team or m.counted or m.lasting or m.owner_return or m.lead
            or m.clause_kind == "condition"):
        return False
    if not (your_opponent(m) or their_opponent(m, ctx)):
        return False
    return ctx.free(m.leaf) and resolved(m.sentence, ctx)


def their_opponent(m: Mention, ctx: Context) -> bool:
    """ "their hand" referring back to a singular "your opponent" that names no one yet
    (also one in an LP phrase: "inflicts battle damage to your opponent: Discard 1 random
    card from their hand"); not to a turn ("during your opponent's Standby Phase, send the
    top card of their Deck": the turn player's)."""
    if not isinstance(m.leaf, y.Pronoun) or not m.leaf.possessive or m.area not in y.PRIVATE_AREAS:
        return False
    named = antecedent_mention(m, ctx)
    if named is None or not your_opponent(named) or not ctx.free(named.leaf) or named.turn:
        return False  # already "that opponent", "an opponent", or made plural by a rule
    if named.sentence != m.sentence and not ctx.analysis.goes_on(named.sentence, m.sentence):
        # a "their" opening another sentence, with no player of its own before it in its
        # sentence (Dark Scorpion - Gorg the Strong's "● Send the top card of their Deck")
        return not ctx.analysis.earlier_in_sentence(m)
    return True


def antecedent_mention(m: Mention, ctx: Context) -> Mention | None:
    """The mention a pronoun refers back to (see Mention.antecedent)."""
    ante = m.antecedent
    if not isinstance(ante, y.PlayerRef) or ante.player != "opponent":
        return None
    return ctx.analysis.mention_of(ante)


def wants_opponent(ctx: Context, sentence: int, after: int, checks: bool = True) -> bool:
    """Whether the effect, after offset ``after`` in ``sentence`` or in the sentences that
    go on with it, acts on one opponent's hand, Deck, GY ... (so an opponent named in its
    condition is the one it resolves against); without ``checks``, what an "if"/"whether"
    reads does not count ("if your opponent has more monsters in their Graveyard than you
    do": a comparison, rule 5's)."""
    sentences = [sentence] + later_in_effect(ctx, sentence)
    return any(acted_on_privately(m, ctx) and (m.sentence != sentence or m.start > after)
               and (checks or not m.conditional)
               for s in sentences for m in ctx.analysis.in_sentence(s))


def next_word(leaf: y.Leaf, ctx: Context):
    """The word right after ``leaf``: the player phrase that starts there, or the plain
    word (a leaf of its own, so a pass can rewrite it); None at a punctuation mark."""
    text = ctx.text
    i = leaf.end
    while i < len(text) and text[i] in " \t":
        i += 1
    m = ctx.analysis.mention_at(i)
    if m is not None:
        return m.leaf
    j = i
    while j < len(text) and (text[j].isalnum() or text[j] in "'’-"):
        j += 1
    return y.Word(i, j, "", text[i:j]) if j > i else None


#: verbs that stay as they are after a singular subject
_MODAL_VERBS = frozenset({"can", "cannot", "must", "may", "would", "will", "could", "should", "then", "also",
                          "immediately", "randomly", "currently"})
_IRREGULAR = {"have": "has", "are": "is", "do": "does", "were": "was"}


def agree_singular(leaf: y.Leaf, changes: dict, ctx: Context, rule: str) -> None:
    """ "they draw" -> "that opponent draws": the verb after a "they" written as one
    opponent agrees with it."""
    if not isinstance(leaf, y.Pronoun) or leaf.text.lower() != "they":
        return
    verb = next_word(leaf, ctx)
    if verb is None or not isinstance(verb, y.Word) or verb.text.lower() in _MODAL_VERBS or not ctx.free(verb):
        return
    word = verb.text
    if word.lower() in _IRREGULAR:
        new = _IRREGULAR[word.lower()]
    elif word[:1].isupper():
        return  # "they Special Summon": left as printed
    elif word.endswith(("s", "sh", "ch", "x", "z")):
        new = word + "es"
    elif word.endswith("y") and word[-2:-1] not in "aeiou":
        new = word[:-1] + "ies"
    else:
        new = word + "s"
    replace(changes, verb, new, rule, ctx)


def names_opponent(ctx: Context, sentence: int, after: int) -> bool:
    """Whether the effect's own sentence, after offset ``after``, names "your opponent" as
    the player it acts on or restricts ("your opponent cannot Special Summon ... for the
    rest of this turn", "your opponent skips their next Battle Phase"): not the field
    (rule 1), the team (damage, LP), a cause, a turn or a count."""
    from ..analysis import on_field
    return any(m.start > after and m.clause_kind != "condition" and not m.lead and your_opponent(m) and not m.team
               and not m.cause and not m.turn and not m.counted and not on_field(m) and ctx.free(m.leaf)
               for m in ctx.analysis.in_sentence(sentence))


def rule_of(rule_id: str, apply, title: str, trigger, example: tuple[str, str]) -> Rule:
    """A rule module's ``RULE``: the seed's sentence and how the pack applies it are read
    from the pass's docstring (its first paragraph, after "Seed 001: ", and the rest)."""
    parts = (apply.__doc__ or "").split("\n\n")
    statement = " ".join(parts[0].split()).removeprefix("Seed 001: ")
    practice = " ".join(" ".join(parts[1:]).split())
    return Rule(rule_id, title, statement, practice, apply, trigger.search, example)
