"""Special rulings: both wordings, only the effect they cover, stale entries reported and
never applied; and the rewrite and check-overrides commands."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

import tagtext
from tagtext import packs
from tagtext.cli.main import cli
from tagtext.rulings import OverrideTableError, check, load_table, parse_table


def test_every_ruling_matches_its_real_card(corpus):
    statuses = check(packs.get("tag-tamer").rulings(), corpus.by_id())
    assert [(s.ruling.card, s.status, s.wording) for s in statuses] == [
        ("BT7-040", "current", "global"), ("BT17-100", "current", "global"), ("EX9-055", "current", "global"),
        ("BT12-083", "current", "global"), ("EX5-072", "current", "global"),
    ]


def test_replace_covers_only_its_effect_in_the_global_wording(corpus):
    text = corpus.by_id()["BT7-040"].texts["effect"]
    result = tagtext.rewrite(text, card_id="BT7-040", field="effect")
    assert result.ruling == "rasenmon-evolution-cost"
    assert result.text.startswith(
        "When digivolving into this card from your hand, the memory cost of the digivolution is 1 for every 2 "
        "cards in your security stack. If you have 1 or fewer security cards, the memory cost is 1. [Main]")
    # the rest of the card: rewritten by the rules as usual (here nothing to change)
    assert result.text.endswith(text[text.index("[Main]"):])
    # the ruled effect's "number of cards" is not reported: the ruling settles it
    assert result.residuals == ()


def test_keep_protects_only_its_effect(corpus):
    text = corpus.by_id()["BT17-100"].texts["effect"]
    result = tagtext.rewrite(text, card_id="BT17-100", field="effect")
    assert "If 4 [Doomsday Clock]s are placed in your battle area" in result.text
    assert result.ruling == "doomsday-clock-win"


def test_append_follows_the_regular_rewrite(corpus):
    text = corpus.by_id()["EX5-072"].texts["effect"]
    result = tagtext.rewrite(text, card_id="EX5-072", field="effect")
    assert ("reduce the cost by 1 for every 2 [Deva]/[Four Sovereigns]\u00a0trait cards with different names in "
            "your trash. If you have 18 [Deva]/[Four Sovereigns] trait cards with different names in your trash, "
            "further reduce the cost by 3.[Main]") in result.text
    assert {rule for e in result.edits for rule in e.rules} == {"count-doubling", "override"}


def test_a_stale_ruling_is_reported_and_not_applied():
    changed = "[Start of Your Turn] If 5 [Doomsday Clock]s are placed in your battle area, you win the game."
    result = tagtext.rewrite(changed, card_id="BT17-100", field="effect")
    assert result.ruling is None
    assert len(result.warnings) == 1
    warning = result.warnings[0]
    assert (warning.kind, warning.ruling, warning.card, warning.field) == (
        "stale-ruling", "doomsday-clock-win", "BT17-100", "effect")
    assert str(warning).startswith("stale special ruling 'doomsday-clock-win'")
    # never skipped silently either: the regular rules apply to the text as it now is
    assert "If 10 [Doomsday Clock]s" in result.text


def test_a_ruling_for_another_field_is_not_stale(corpus):
    card = corpus.by_id()["BT17-100"]
    result = tagtext.rewrite(card.texts["digivolveEffect"], card_id="BT17-100", field="digivolveEffect")
    assert result.warnings == () and result.ruling is None


def test_a_batch_applies_every_ruling_once_and_warns_about_none(corpus):
    # the batch passes each text's field: a ruling is only looked for in its own field
    from tagtext.batch import convert_database, iter_results
    batch = convert_database(corpus, packs.get("tag-tamer"))
    applied = sorted((card.id, name) for card, name, r in iter_results(batch) if r.ruling is not None)
    assert applied == sorted((r.card, r.field) for r in packs.get("tag-tamer").rulings().rulings)
    assert [(card.id, name, r.warnings) for card, name, r in iter_results(batch) if r.warnings] == []


def test_check_reports_stale_and_unknown_cards(corpus):
    cards = dict(corpus.by_id())
    del cards["EX9-055"]
    doomsday = cards["BT17-100"]
    cards["BT17-100"] = type(doomsday)(doomsday.id, doomsday.name, doomsday.set, doomsday.card_type,
                                       {"effect": "[Start of Your Turn] You win the game."})
    statuses = {s.ruling.card: s.status for s in check(packs.get("tag-tamer").rulings(), cards)}
    assert statuses == {"BT7-040": "current", "BT17-100": "stale", "EX9-055": "unknown-card",
                        "BT12-083": "current", "EX5-072": "current"}


@pytest.mark.parametrize("toml, message", [
    ('[[ruling]]\nid = "x"\ncard = "BT1-001"\nfield = "effect"\nmode = "swap"\nreason = "r"\n[ruling.effect]\nglobal = "a"\n',
     "mode must be one of keep, replace, append, not 'swap'"),
    ('[[ruling]]\nid = "x"\ncard = "BT1-001"\nfield = "effect"\nmode = "replace"\nreason = "r"\n[ruling.effect]\nglobal = "a"\n',
     "mode replace needs [ruling.text] for global"),
    ('[[ruling]]\nid = "x"\n', "'mode' is missing or not text"),
    ("not toml [", "t.toml: "),
])
def test_a_malformed_table_is_one_clear_error(toml, message):
    with pytest.raises(OverrideTableError) as err:
        parse_table(toml, "t.toml")
    assert message in str(err.value) and "\n" not in str(err.value)


# ----------------------------------------------------------------------------- commands

def test_rewrite_command_prints_text_and_json():
    runner = CliRunner()
    result = runner.invoke(cli, ["rewrite", "Trash the top 3 cards of your opponent's deck."])
    assert result.exit_code == 0
    assert result.output == "Trash the top 3 cards of 1 of your opponent's decks.\n"
    result = runner.invoke(cli, ["rewrite", "--json", "--card", "BT7-040"], input="If you have 3 or more security cards, draw.")
    data = json.loads(result.output)
    assert set(data) == {"card", "original", "text", "edits", "residuals", "warnings", "ruling"}
    assert data["edits"] == [{"rules": ["count-doubling"], "start": 12, "end": 13, "before": "3", "after": "6"}]


def test_rewrite_command_reports_residuals_on_stderr():
    text = "its memory cost is equal to the number of cards in your security stack."
    result = CliRunner().invoke(cli, ["rewrite", text])
    assert result.exit_code == 0
    assert result.stdout == text + "\n"
    assert "residual" in result.stderr and "special ruling" in result.stderr


def test_check_overrides_command(tmp_path):
    assert CliRunner().invoke(cli, ["check-overrides"]).exit_code == 0
    db = tmp_path / "cards.json"
    db.write_text(json.dumps([{"id": "BT17-100", "effect": "[Start of Your Turn] You win the game."}]))
    result = CliRunner().invoke(cli, ["check-overrides", str(db)])
    assert result.exit_code == 1
    assert "stale         doomsday-clock-win" in result.stdout
    assert result.stdout.count("unknown-card") == 4


_ONE_RULING = """
[[ruling]]
id = "x"
card = "C-1"
field = "effect"
mode = "keep"
reason = "a test"
effect.global = "[On Play] Trash 1 card."
"""


def test_how_loosely_an_effect_is_found_is_the_tables_own():
    """Brackets left off a label, and the app's &#160; for a space, are Tag Tamer's
    ([match] in its table): a table without [match] finds its effect with any whitespace
    only."""
    plain = parse_table(_ONE_RULING, "plain.toml").rulings[0]
    loose = parse_table('[match]\nspaces = ["&#160;"]\noptional_edges = ["[", "]"]\n' + _ONE_RULING,
                        "loose.toml").rulings[0]
    assert plain.find("x [On Play]  Trash 1\ncard.") is not None
    assert plain.find("On Play Trash 1 card.") is None and plain.find("[On Play] Trash&#160;1 card.") is None
    assert loose.find("On Play Trash 1 card.") is not None
    assert loose.find("[On Play] Trash&#160;1 card.") is not None
    with pytest.raises(OverrideTableError, match=r"\[match\] takes spaces"):
        parse_table('[match]\nbrackets = true\n' + _ONE_RULING, "bad.toml")
