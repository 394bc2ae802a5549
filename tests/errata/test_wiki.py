"""The wiki pages: Markdown pipe tables in the manual's "| printed | Tag Tamer |" style,
one file per set, with card text escaped so that it can never become markup."""

from __future__ import annotations

from tagtext import packs

import json
import re

import pytest

from tagtext.packs.tag_tamer import carddb as digimon_cards
from tagtext.errata.wiki import cell

#: A table row: a pipe, then cells separated by pipes that are not backslash-escaped.
_UNESCAPED_PIPE = re.compile(r"(?<!\\)\|")


def _tables(markdown: str) -> list[list[str]]:
    """The pipe tables of a page, each a list of its lines."""
    tables, current = [], []
    for line in markdown.splitlines():
        if line.startswith("|"):
            current.append(line)
        elif current:
            tables.append(current)
            current = []
    if current:
        tables.append(current)
    return tables


def _cells(row: str) -> list[str]:
    assert row.startswith("|") and row.endswith("|"), row
    return [c.strip() for c in _UNESCAPED_PIPE.split(row)[1:-1]]


def test_one_file_per_set_plus_rules_maintainers_and_index(crafted_wiki):
    assert crafted_wiki.files == ["README.md", "BT7.md", "TT1.md", "TT2.md", "rules.md", "maintainers.md"]
    readme = crafted_wiki.raw("README.md")
    for name in ("BT7.md", "TT1.md", "TT2.md", "rules.md", "maintainers.md"):
        assert f"| {name} |" in readme


def test_each_card_is_a_two_column_table_headed_by_the_card_as_in_the_manual(crafted_wiki):
    tt1 = crafted_wiki.raw("TT1.md")
    tables = _tables(tt1)
    assert len(tables) == 2  # TT1-001 and TT1-002; TT1-010 is unchanged
    gabumon = tables[1]
    assert gabumon[0] == "| [TT1-002 Gabumon] | |"
    assert gabumon[1] == "|---|---|"
    assert len(gabumon) == 4  # effect and inherited effect
    for row in gabumon:
        assert len(_cells(row)) == 2, row
    printed, tagtamer = _cells(gabumon[2])
    assert printed == ("[On Play] If you have **4 or fewer cards in your hand**, draw 2.<br>"
                       "[All Turns] **Neither player** can play options.")
    assert tagtamer == ("[On Play] If you have **8 or fewer cards in your team's combined hands**, draw 2.<br>"
                        "[All Turns] **No player** can play options.")
    assert _cells(gabumon[3])[1].startswith("*Inherited effect:* [Your Turn] While **the team's average memory")
    # why each change was made, under the table
    assert ("- Effect, change 2: \u201cNeither player\u201d \u2192 \u201cNo player\u201d: "
            "Both players means all players (`all-players`)") in tt1


def test_card_text_with_markup_stays_text_in_the_tables(crafted_wiki):
    card = crafted_wiki.crafted.db.by_id()["TT1-001"]
    table = _tables(crafted_wiki.raw("TT1.md"))[0]
    header = _cells(table[0])
    assert header == ["[TT1-001 Agu&lt;b&gt;mon&lt;/b&gt; &amp; \"Co\" \\| \\*x\\*]", ""]
    printed, _ = _cells(table[2])
    assert "<" not in printed.replace("<br>", "")
    assert "&lt;script&gt;window.\\_\\_pwned = 1&lt;/script&gt;" in printed
    assert "&amp; &lt;b&gt;draw 1&lt;/b&gt;" in printed
    # undoing the escapes gives the card's text back, with only the edits in bold
    unescaped = re.sub(r"\\(.)", r"\1", printed.replace("**", ""))
    unescaped = unescaped.replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&")
    assert unescaped == card.texts["effect"]


@pytest.mark.parametrize("text, expected", [
    ("a | b", "a \\| b"),
    ("*bold* _it_ `code` ~~s~~", "\\*bold\\* \\_it\\_ \\`code\\` \\~\\~s\\~\\~"),
    ("back\\slash", "back\\\\slash"),
    ("<script>&amp;", "&lt;script&gt;&amp;amp;"),
    ("[Main](http://x)", "[Main]\\(http://x)"),
    ("line 1\nline 2\r\nline 3", "line 1<br>line 2<br>line 3"),
    ("[On Play] Draw 1.", "[On Play] Draw 1."),
])
def test_cell_escaping(text, expected):
    assert cell(text) == expected


def test_rules_page_has_each_rule_an_example_and_the_special_rulings(crafted_wiki):
    rules = crafted_wiki.raw("rules.md")
    assert "## Counts over shared areas double (`count-doubling`)" in rules
    assert "> Effects that check or iterate over the number of objects in a shared area" in rules
    section = rules.split("## Hand sizes count the team's combined hands", 1)[1].split("\n## ", 1)[0]
    assert "| [TT1-002 Gabumon] | |" in section
    color = rules.split("## Color requirements rise by one (`color-plus-one`)", 1)[1].split("\n## ", 1)[0]
    assert "No text in this database is changed by this rule." in color
    rulings = rules.split("# The special rulings", 1)[1]
    assert "| [BT7-040 Rasenmon] | |" in rulings
    assert "Rasenmon is an application of the Discontinuity Correction procedure" in rulings
    assert "Ruling `rasenmon-evolution-cost`, mode replace: applied." in rulings


def test_maintainers_page_lists_each_kind_of_flag(crafted_wiki):
    page = crafted_wiki.raw("maintainers.md")
    assert "## Residual (1)" in page
    assert "| TT2-001 Tentomon (Effect) | [On Play] **For each color among your Tamers**, gain 1 memory." in page
    assert "## Inconsistent edits (1)" in page and "## Unreadable (1)" in page
    assert "no card id" in page
    for table in _tables(page):
        for row in table:
            assert len(_cells(row)) == 3, row


# ----------------------------------------------------------------------------- file names

#: Set codes whose pages would overwrite each other, or a fixed page, with names made of
#: the code alone: fixed page names (in any case), codes that differ only in characters a
#: file name cannot hold or in case (one file on macOS and Windows), a Windows device name,
#: and a code that would be a hidden file.
CLASHING_IDS = ["rules-001", "README-001", "MAINTAINERS-001", "BT 1-001", "BT/1-001",
                "bt1-001", "BT1-001", "CON-001", "..-001", "BT2-001"]
#: Cards whose set code comes from their notes (an id without a "-"): codes with a "-".
NOTED_SETS = {"X1": "BT-1", "X2": "BT-1-2"}


def test_set_page_names_are_unique_and_never_a_fixed_page(tmp_path):
    from tagtext.batch import convert_database
    from tagtext import carddb
    from tagtext.errata import build_model, write_errata
    from tagtext.errata.wiki import FIXED_PAGES

    cards = [{"id": cid, "name": f"Card {cid}", "cardType": "Digimon",
              "effect": "[Main] If you have 3 or more security cards, draw 1."} for cid in CLASHING_IDS]
    cards += [{"id": cid, "name": f"Card {cid}", "cardType": "Digimon", "notes": f"{code}: a note",
               "effect": "[Main] If you have 3 or more security cards, draw 1."} for cid, code in NOTED_SETS.items()]
    db = digimon_cards.parse_bytes(json.dumps(cards).encode(), "clash.json")
    errata = build_model(convert_database(db, packs.get("tag-tamer")), packs.get("tag-tamer").rulings())
    codes = [s.code for s in errata.sets]
    assert len(codes) == len(cards)  # every set has cards to show
    files = write_errata(errata, tmp_path / "wiki", "wiki")

    assert len(files) == len(codes) + len(FIXED_PAGES)
    assert len({f.casefold() for f in files}) == len(files), files
    on_disk = sorted(p.name for p in (tmp_path / "wiki").iterdir() if not p.name.startswith(".tagtext"))
    assert on_disk == sorted(files)
    for name in files:
        assert not name.startswith(".") and name.split(".")[0].casefold() not in ("con", "nul", "prn", "aux")
    # the fixed pages are still the fixed pages
    assert (tmp_path / "wiki" / "rules.md").read_text(encoding="utf-8").startswith("# The rules")
    assert (tmp_path / "wiki" / "README.md").read_text(encoding="utf-8").startswith("# Tag Tamer errata")
    assert (tmp_path / "wiki" / "maintainers.md").read_text(encoding="utf-8").startswith("# For the maintainers")
    # each set's page is its own, holds its card, and the index names it
    readme = (tmp_path / "wiki" / "README.md").read_text(encoding="utf-8")
    pages = {}
    for name in files:
        if name in FIXED_PAGES:
            continue
        text = (tmp_path / "wiki" / name).read_text(encoding="utf-8")
        pages[text.splitlines()[0]] = (name, text)
        assert f"| {cell(name)} |" in readme
    for code in codes:
        name, text = pages[f"# {cell(code)}"]
        card_ids = [c["id"] for c in cards if NOTED_SETS.get(c["id"], c["id"].split("-", 1)[0]) == code]
        assert len(card_ids) == 1 and f"[{cell(card_ids[0])} " in text
    # plain codes keep their plain names; the rest get the next free one
    by_code = {s.code: name for s in errata.sets for name, t in pages.values() if t.startswith(f"# {cell(s.code)}\n")}
    assert by_code["BT2"] == "BT2.md" and by_code["BT-1"] == "BT-1.md" and by_code["rules"] == "rules-2.md"
    assert by_code["README"] == "README-2.md" and by_code["MAINTAINERS"] == "MAINTAINERS-2.md"
    assert {by_code["BT 1"], by_code["BT/1"]} == {"BT-1-3.md", "BT-1-4.md"}  # BT-1-2.md is set BT-1-2's
    assert by_code["BT-1-2"] == "BT-1-2.md"
    assert {by_code["bt1"], by_code["BT1"]} == {"bt1.md", "BT1-2.md"} or \
        {by_code["bt1"], by_code["BT1"]} == {"BT1.md", "bt1-2.md"}
    assert by_code["CON"] == "CON-2.md" and by_code[".."] == "set.md"
