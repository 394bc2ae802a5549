"""The pack object: registered, conforms to the Pack interface."""

from __future__ import annotations

from tagtext.packs import get, names
from tagtext.packs.base import Rule
from tagtext.result import RewriteResult


def test_registered_and_conforming():
    assert "ygo-tag" in names()
    pack = get("ygo-tag")
    assert pack.name == "ygo-tag" and pack.title and pack.game
    assert pack.text_fields == ("text", "pendulumEffect")
    assert all(isinstance(r, Rule) for r in pack.pipeline)
    result = pack.rewrite("Neither player can Special Summon monsters.")
    assert isinstance(result, RewriteResult)
    assert result.text == "No player can Special Summon monsters."
    edit, = result.edits
    assert (edit.start, edit.end, edit.before, edit.after, edit.rules) == (0, 14, "Neither player", "No player", ("any-player",))


def test_untouched_text_is_not_parsed_and_identical():
    pack = get("ygo-tag")
    text = "This card's ATK/DEF become the number of your banished cards x 400."
    result = pack.rewrite(text)
    assert result.text is text and result.edits == ()
