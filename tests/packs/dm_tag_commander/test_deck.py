"""Tag Commander deck checks (DTC, DTCS, DTB): every deck sentence of the seed, as DM-NOTES'
"Cases" list them, on real cards of the shipped database and the test cards of
data/deck-cards.json (SOURCE.md), with deck lists written as players write them."""

from __future__ import annotations

import datetime
import json

import pytest
from click.testing import CliRunner

from tagtext.carddb import Database
from tagtext.cli.main import cli
from tagtext.deck import DeckFileError
from tagtext.packs.dm_tag_commander import carddb
from tagtext.packs.dm_tag_commander.deck import (check_team, load_banlist, parse_deck, read_deck)
from tagtext.packs.dm_tag_commander.deck.cards import facts_of
from tagtext.packs.dm_tag_commander.deck.regulation import BanlistError, parse_banlist

from .conftest import HERE

DATA = HERE / "data"
TODAY = datetime.date(2026, 1, 1)
#: a 殿堂 list with entries, so that a legal team is legal (not "as far as checked")
LIST = parse_banlist('name = "殿堂 (tests)"\nlast_updated = 2025-12-01\npremium_hall = ["ボルメテウス・ホワイト・ドラゴン"]\n'
                     'hall = ["メテオ・ドラゴン"]\n[dtb]\nblocks = ["闘魂編", "聖拳編"]\n', "test-banlist.toml")


@pytest.fixture(scope="module")
def facts():
    shipped = carddb.load()
    extra = carddb.load(DATA / "deck-cards.json")
    return facts_of(Database("shipped + deck-cards.json", list(shipped.cards) + list(extra.cards)))


@pytest.fixture(scope="module")
def by_civ(facts):
    """Names of plain main-deck cards (creatures and spells) with exactly these civilisations."""
    def pick(*civs, n=59):
        names = [c.name for c in facts.cards.values()
                 if c.civilizations == civs and c.card_type in ("クリーチャー", "呪文") and not c.twinpact
                 and "SR" not in c.rarities]
        assert len(names) >= n, (civs, len(names))
        return names[:n]
    return pick


def deck(lines: list[str], commander: str | None, label: str = "A"):
    text = (f"統率者: 《{commander}》\n" if commander else "") + "\n".join(lines) + "\n"
    return parse_deck(text, f"deck-{label}.txt", label)


def check(decks, facts, variant=None, banlist=LIST):
    return check_team(decks, facts, banlist, variant, today=TODAY)


def rules_of(report):
    return [p.rule for p in report.problems]


def fire_deck(by_civ, n=59, commander="“罰怒”ブランド", extra=(), label="A", skip=0):
    names = by_civ("火", n=n - len(extra) + skip)[skip:]
    return deck([f"1 《{name}》" for name in names] + list(extra), commander, label)


# ----------------------------------------------------------------------------- legal decks

def test_a_mono_fire_batou_brand_deck_of_60_is_legal(facts, by_civ):
    """例)《"罰怒"ブランド》を統率者に選んだ場合 … デッキ60枚は全て火文明のみのカードで構築"""
    report = check([fire_deck(by_civ)], facts)
    assert report.legal and report.not_checked == [], report.problems
    assert report.decks[0].sections == {"cards": 60}


def test_a_wilhelm_deck_with_dark_dark_nature_and_three_colour_cards_is_legal(facts, by_civ):
    """例)《偽りの王 ヴィルヘルム》 … 闇のみの単色カード、あるいは闇/自然の多色カード"""
    cards = (by_civ("闇", n=20) + by_civ("火", n=15) + by_civ("自然", n=10) + by_civ("闇", "自然", n=10)
             + by_civ("闇", "火", "自然", n=3) + by_civ("火", "自然", n=1))
    report = check([deck([f"{name} x1" for name in cards], "偽りの王 ヴィルヘルム")], facts)
    assert report.legal, [p.message() for p in report.problems]


# ----------------------------------------------------------------------------- check 1: size

@pytest.mark.parametrize("n", [58, 60])
def test_59_and_61_cards_are_not_60(facts, by_civ, n):
    """1デッキは60枚で構成します、これには統率者カードも含みます"""
    report = check([fire_deck(by_civ, n=n)], facts)
    assert rules_of(report) == ["deck-size"]
    assert report.problems[0].counts == {"A": n + 1}
    assert report.problems[0].message() == (f"A: {n + 1} cards, a deck is exactly 60, the commander included "
                                            f"(deck size)")


# ----------------------------------------------------------------------------- check 2: singleton

def test_a_name_twice_in_two_ways_of_writing_it(facts, by_civ):
    """デッキに同名カードは1枚までです (name folded for spaces, widths, quote marks)"""
    cards = by_civ("火", n=58)
    report = check([deck([f"1 《{n}》" for n in cards] + [f"{cards[0]} ×１"], "“罰怒”ブランド")], facts)
    assert rules_of(report) == ["singleton"]
    assert report.problems[0].counts == {"A": 2} and "(lines 2, 60)" in report.problems[0].name


def test_a_twinpact_by_its_whole_name_and_by_its_spell_side_is_one_name(facts, by_civ):
    cards = by_civ("火", n=57)
    report = check([deck([f"1 《{n}》" for n in cards] + ["カツラデランス/「アフロ行きま～す！！」", "1 《「アフロ行きま～す！！」》"],
                         "“罰怒”ブランド")], facts)
    assert rules_of(report) == ["singleton"]
    assert report.problems[0].name.startswith("《カツラデランス/「アフロ行きま～す！！」》")


def test_a_card_whose_text_allows_any_number_is_exempt(facts, by_civ):
    """D-6: as in Duel Party"""
    report = check([fire_deck(by_civ, n=57, extra=["3 《テスト用 何枚でもカード》"])], facts)
    assert report.legal, report.problems


def test_the_commander_listed_again_in_the_main_deck_is_a_second_copy(facts, by_civ):
    report = check([fire_deck(by_civ, n=59, extra=["《“罰怒”ブランド》"])], facts)
    assert rules_of(report) == ["singleton"]


# ----------------------------------------------------------------------------- checks 3-6: bans

@pytest.mark.parametrize("card, rule", [
    ("ジェイ-SHOCKER", "no-gr-or-hyperspatial"),            # GRゾーンのカード全て
    ("時空の英雄アンタッチャブル", "no-gr-or-hyperspatial"),  # 超次元ゾーンのカード全て: サイキック
    ("龍波動空母 エビデゴラス", "no-gr-or-hyperspatial"),     # 超次元: ドラグハート
    ("テスト用 開始時カード", "no-start-in-battle-zone"),     # ゲーム開始時点からバトルゾーンに (by text)
    ("禁断～封印されしＸ～", "no-start-in-battle-zone"),      # … (by the shipped name list)
    ("ボルメテウス・ホワイト・ドラゴン", "no-premium-hall"),  # 公式の禁止(プレミアム殿堂)カード
    ("オールデリート", "format-bans"),
    ("レアリティ・レジスタンス", "format-bans"),
])
def test_banned_cards(facts, by_civ, card, rule):
    report = check([fire_deck(by_civ, n=59, extra=[f"1 《{card}》"])], facts)
    assert rule in rules_of(report)
    assert [p for p in report.problems if p.rule == rule][0].name == f"《{facts.find(_key(card))[1].name}》 (line 60)"


def _key(name):
    from tagtext.packs.dm_tag_commander.deck import name_key
    return name_key(name)


# ----------------------------------------------------------------------------- check 7: commander

@pytest.mark.parametrize("commander, says", [
    ("クリムゾン・ワイバーン", None),                         # SR, 火: allowed
    ("ボルシャック・ドラゴン", "rarity SR or higher, not VR"),  # 統率者にはSR以上のレアリティ
    ("ヘル・スラッシュ", "a creature, not a 呪文"),             # 統率者はクリーチャーである必要があります
    ("テスト用 ノンレアリティ", "rarity SR or higher, not -"),  # ノンレアリティはダメ
    ("メテオ・ドラゴン", "a 殿堂 card cannot be the commander"),  # 殿堂指定のカードは選べません
])
def test_commander_checks(facts, by_civ, commander, says):
    card = facts.find(_key(commander))[1]
    cards = by_civ(*card.civilizations, n=59) if len(card.civilizations) == 1 else []
    report = check([deck([f"1 《{n}》" for n in cards], commander)], facts)
    messages = [p.message() for p in report.problems if p.rule == "commander"]
    if says is None:
        assert report.legal, [p.message() for p in report.problems]
    else:
        assert any(says in m for m in messages), messages


def test_a_five_civilisation_commander(facts):
    """統率者に全ての文明を保有するカードを選ぶことは出来ません (《ミラクル・ルンバ》: SR, 光水闇火自然)"""
    report = check([deck([], "ミラクル・ルンバ")], facts)
    assert "a commander with all five civilisations is not allowed" in report.problems[1].message()


def test_any_printing_of_rarity_sr_qualifies(facts, by_civ):
    """D-5: a commander qualifies if any printing has rarity SR or higher (《メテオ・ドラゴン》's are SR;
    a card with a VR and an SR printing passes)"""
    card = facts.find(_key("アクア・スナイパー"))[1]
    assert "SR" in card.rarities
    report = check([deck([f"1 《{n}》" for n in by_civ("水", n=59)], "アクア・スナイパー")], facts)
    assert report.legal, report.problems


def test_a_twinpact_named_by_its_spell_side_is_the_creature_with_both_sides_civilisations(facts, by_civ):
    """ツインパクトカードは使用可能ですが、統率者領域にいる間、クリーチャーとしてのみ扱われます;
    多色ツインパクトは…統率者としては多色になります"""
    cards = by_civ("火", n=47) + by_civ("自然", n=12)
    report = check([deck([f"1 《{n}》" for n in cards], "テスト用 ツインパクトの呪文")], facts)
    assert report.legal, [p.message() for p in report.problems]
    assert report.decks[0].format == "list, commander 《テスト用 ツインパクトの呪文》"


def test_no_commander_line(facts, by_civ):
    report = check([deck([f"1 《{n}》" for n in by_civ("火", n=60)], None)], facts)
    assert rules_of(report) == ["commander"]
    assert report.problems[0].message() == ("A: 0 commanders, a deck names one commander (a line '統率者: 《name》') "
                                            "(commander)")


def test_an_unknown_rarity_code_is_not_checked_not_guessed(facts, by_civ):
    report = check([deck([f"1 《{n}》" for n in by_civ("火", n=59)], "テスト用 未知のレアリティ")], facts)
    assert report.legal
    assert report.not_checked == ["A: the commander's rarity: ZZR is not in the rank table (deck/rarities.toml)"]


# ----------------------------------------------------------------------------- checks 8-10: civilisations

def test_a_card_outside_the_commanders_civilisations(facts, by_civ):
    """統率者が持たない文明を含むカードをデッキに入れることは出来ません"""
    water = by_civ("水", n=1)[0]
    report = check([fire_deck(by_civ, n=59, extra=[f"《{water}》"])], facts)
    assert rules_of(report) == ["civilisations"]
    assert "水 is not the commander's (火)" in report.problems[0].message()


def test_a_multicolour_card_half_outside(facts, by_civ):
    """多色カードはその構成色全てが統率者のもつ色でなければなりません"""
    half = by_civ("火", "自然", n=1)[0]
    report = check([fire_deck(by_civ, n=59, extra=[f"《{half}》"])], facts)
    assert rules_of(report) == ["civilisations"] and "自然 is not the commander's (火)" in report.problems[0].message()


def test_a_zero_card_needs_a_zero_commander(facts, by_civ):
    """ゼロ文明も1つの文明として扱われます"""
    zero = by_civ("ゼロ", n=1)[0]
    report = check([fire_deck(by_civ, n=59, extra=[f"《{zero}》"])], facts)
    assert rules_of(report) == ["civilisations"] and "ゼロ is not the commander's" in report.problems[0].message()
    zeros = by_civ("ゼロ", n=12)
    report = check([deck([f"《{n}》" for n in zeros], "テスト用 ゼロの統率者")], facts)
    assert rules_of(report) == ["deck-size"]


def test_eleven_of_a_civilisation(facts, by_civ):
    """統率者により決定された文明のカードを、それぞれデッキに最低12枚以上"""
    cards = by_civ("闇", n=38) + by_civ("火", n=10) + by_civ("自然", n=11)
    report = check([deck([f"{n}" for n in cards], "偽りの王 ヴィルヘルム")], facts)
    assert rules_of(report) == ["civilisation-minimum"]
    assert report.problems[0].message() == ("A: 11 火 cards, at least 12 cards of each of the commander's "
                                            "civilisations (火) (civilisation minimum)")


def test_twelve_through_a_multicolour_card(facts, by_civ):
    """多色カードはそれぞれの文明の枚数にカウントします (the commander counts for each of its own)"""
    cards = by_civ("闇", n=37) + by_civ("火", n=10) + by_civ("自然", n=11) + by_civ("火", "自然", n=1)
    report = check([deck([f"{n}" for n in cards], "偽りの王 ヴィルヘルム")], facts)
    assert report.legal, [p.message() for p in report.problems]


# ----------------------------------------------------------------------------- DTCS, DTB

def test_dtcs_one_name_per_team(facts, by_civ):
    """DTCS: 同名カードはチーム内で1枚まで"""
    shared = by_civ("火", n=1)[0]
    team = [fire_deck(by_civ), fire_deck(by_civ, commander="クリムゾン・ワイバーン", extra=[shared], label="B",
                                         skip=59)]
    assert check(team, facts).legal, [p.message() for p in check(team, facts).problems]
    report = check(team, facts, "DTCS")
    assert rules_of(report) == ["team-singleton"]
    problem = report.problems[0]
    assert problem.counts == {"A": 1, "B": 1}
    assert report.title == "Tag Commander: Source (DTCS)"


def test_dtcs_a_three_civilisation_commander(facts, by_civ):
    """DTCS: 統率者は保有する文明の種類が2つ以下のものを選ぶこと"""
    cards = by_civ("闇", n=20) + by_civ("火", n=20) + by_civ("自然", n=19)
    team = [deck(cards, "偽りの王 ヴィルヘルム")]
    assert check(team, facts, "DTC").legal
    report = check(team, facts, "DTCS")
    assert rules_of(report) == ["commander"]
    assert "a DTCS commander has at most 2 civilisations, not 3 (闇/火/自然)" in report.problems[0].message()


def test_dtb_40_cards(facts, by_civ):
    """DTB: デッキ枚数が60枚→40枚に減少 (a pool of 闘魂編 and 聖拳編: DM-06 to DM-13)"""
    blocks = {"DM-06", "DM-07", "DM-08", "DM-09", "DM-10", "DM-11", "DM-12", "DM-13"}
    fire = [c for c in facts.cards.values() if c.civilizations == ("火",) and c.card_type == "クリーチャー"
            and blocks & set(c.sets) and c.name not in ("ボルメテウス・ホワイト・ドラゴン", "メテオ・ドラゴン")]
    commander = next(c.name for c in fire if "SR" in c.rarities)
    pool = [c.name for c in fire if c.name != commander]
    report = check([deck(pool[:39], commander)], facts, "DTB")
    assert report.legal, [p.message() for p in report.problems]
    report = check([fire_deck(by_civ)], facts, "DTB")
    assert "deck-size" in rules_of(report) and report.problems[0].limit == 40


def test_dtb_a_card_outside_the_pool(facts, by_civ):
    """DTB: 使用可能なカードは2ブロックのプール"""
    report = check([fire_deck(by_civ, n=39)], facts, "DTB")
    outside = [p for p in report.problems if p.rule == "card-pool"]
    assert outside and all("not in the DTB pool (闘魂編 + 聖拳編)" in p.message() for p in outside)


def test_dtb_with_no_pool_named_says_so(facts, by_civ):
    no_pool = parse_banlist('last_updated = 2025-12-01\npremium_hall = ["ボルメテウス・ホワイト・ドラゴン"]\n', "x.toml")
    report = check([fire_deck(by_civ, n=39)], facts, "DTB", no_pool)
    assert "card-pool" not in rules_of(report)
    assert "A: the DTB card pool (no blocks named: banlist.toml [dtb] blocks)" in report.not_checked


# ----------------------------------------------------------------------------- check 12, the list

def test_an_unknown_card_is_counted_and_reported(facts, by_civ):
    report = check([fire_deck(by_civ, n=59, extra=["1 《どこにもないカード》"])], facts)
    assert report.legal and report.decks[0].sections == {"cards": 60}
    assert report.not_checked == ["A line 60: 《どこにもないカード》 is not in the card database shipped + "
                                  "deck-cards.json (counted; its type, civilisations and rarity not checked)"]


def test_an_unknown_cards_long_line_is_shortened_in_its_note(facts, by_civ):
    """A line of 100,000 characters is not echoed whole: cut in the middle, as deck lines
    are in every pack's messages (tagtext.deck.model.shorten)."""
    from tagtext.deck.model import shorten
    written = "あ" * 50000 + "い" * 50000
    report = check([fire_deck(by_civ, n=59, extra=[f"1 《{written}》"])], facts)
    assert report.not_checked == [f"A line 60: 《{shorten(written)}》 is not in the card database shipped + "
                                  "deck-cards.json (counted; its type, civilisations and rarity not checked)"]
    assert len(report.not_checked[0]) < 250 and "あ…い" in report.not_checked[0]


def test_every_report_names_the_list_and_how_old_it_is(facts, by_civ):
    report = check([fire_deck(by_civ)], facts)
    assert report.banlist.describe() == ("殿堂 (tests), last updated 2025-12-01, 31 days ago (test-banlist.toml): "
                                         "1 プレミアム殿堂, 1 殿堂")
    shipped = check([fire_deck(by_civ)], facts, banlist=load_banlist())
    assert shipped.banlist.empty and shipped.banlist.last_updated == "never"
    assert shipped.not_checked[-1].startswith("プレミアム殿堂 cards and a 殿堂 commander (the 殿堂 list is empty")


def test_an_organisers_list_is_laid_over_the_packs_per_card(tmp_path):
    mine = tmp_path / "ours.toml"
    mine.write_text('last_updated = 2025-06-01\nhall = ["“罰怒”ブランド"]\n', encoding="utf-8")
    merged = load_banlist(mine)
    assert merged.keys("hall") == {_key('"罰怒"ブランド')} and merged.name == "殿堂レギュレーション"
    assert merged.last_updated == "2025-06-01" and merged.source.endswith("ours.toml")
    mine.write_text('hall = ["A"]\npremium_hall = ["A"]\n', encoding="utf-8")
    with pytest.raises(BanlistError, match=r"ours.toml: 'A' is listed twice \(premium_hall, hall\)"):
        load_banlist(mine)


# ----------------------------------------------------------------------------- deck lists

def test_the_ways_players_write_a_list():
    text = ("# my deck\n【統率者】\n《“罰怒”ブランド》\n\nメインデッキ:\n4 《ボルシャック・ドラゴン》\n４×デュアルショック・ドラゴン\n"
            "ボルシャック・ドラゴン x1\n《ガトリングワイバーン》 1枚\n// note\nバトライオウ\n")
    d = parse_deck(text, "x.txt")
    assert d.commander.written == "“罰怒”ブランド" and d.commander.line == 3
    assert [(e.written, e.count, e.line) for e in d.entries] == [
        ("ボルシャック・ドラゴン", 4, 6), ("デュアルショック・ドラゴン", 4, 7), ("ボルシャック・ドラゴン", 1, 8),
        ("ガトリングワイバーン", 1, 9), ("バトライオウ", 1, 11)]
    assert d.size() == 12


@pytest.mark.parametrize("text, message", [
    ("統率者: 《A》\n4\n", "x.txt:2: '4' names no card"),
    ("統率者: 《A》\nx2\n", "x.txt:2: 'x2' names no card"),
    ("《》\n", "x.txt:1: '《》' names no card"),
    ("2 《ボルシャック・ドラゴン\n", "x.txt:1: '2 《ボルシャック・ドラゴン': a 《 without its 》"),
    ("0 《A》\n", "x.txt:1: '0 《A》': a count of 0 (leave the line out)"),
    ("統率者: A\n統率者: B\n", "x.txt:2: a second commander (the first is on line 1); a deck has one"),
    ("統率者: 2 《A》\n", "x.txt:1: the commander is one card, not 2"),
    ("# nothing\n", "x.txt: no card in this deck list"),
])
def test_a_line_that_names_no_card_is_a_one_line_error(text, message):
    with pytest.raises(DeckFileError) as e:
        parse_deck(text, "x.txt")
    assert str(e.value).startswith(message) and "\n" not in str(e.value)


def test_the_command_line(tmp_path, by_civ):
    a = tmp_path / "a.txt"
    a.write_text("統率者: 《“罰怒”ブランド》\n" + "".join(f"1 《{n}》\n" for n in by_civ("火", n=58)) + "《オールデリート》\n",
                 encoding="utf-8")
    b = tmp_path / "b.txt"
    b.write_text(a.read_text(encoding="utf-8"), encoding="utf-8")
    db = tmp_path / "db.json"
    shipped = json.loads(carddb.shipped_bytes())
    db.write_text(json.dumps(shipped + json.loads((DATA / "deck-cards.json").read_text(encoding="utf-8")),
                             ensure_ascii=False), encoding="utf-8")
    runner = CliRunner()
    result = runner.invoke(cli, ["deck", "check", "--pack", "dm-tag-commander", str(a), str(b), "--db", str(db),
                                 "--variant", "dtcs", "--json"])
    assert result.exit_code == 1, result.output
    out = json.loads(result.stdout)
    assert out["pack"] == "dm-tag-commander" and out["banlist"]["name"] == "殿堂レギュレーション"
    assert {p["rule"] for p in out["problems"]} == {"format-bans", "civilisations", "team-singleton"}
    assert "variant: DTCS" in out["sources"]
    result = runner.invoke(cli, ["deck", "check", "--pack", "dm-tag-commander", str(a), "--variant", "DTX"])
    assert result.exit_code == 2
    assert result.stderr.splitlines() == ["tagtext: error: unknown variant 'DTX' of Tag Commander; variants: DTC, "
                                          "DTCS, DTB"]
    result = runner.invoke(cli, ["deck", "check", str(a), "--variant", "DTC"])
    assert result.exit_code == 2 and "this format's deck rules have no variants" in result.stderr
    bad = tmp_path / "bad.txt"
    bad.write_text("統率者: 《A》\n3 ×\n", encoding="utf-8")
    result = runner.invoke(cli, ["deck", "check", "--pack", "dm-tag-commander", str(bad)])
    assert result.exit_code == 2
    assert result.stderr.splitlines() == [f"tagtext: error: {bad}:2: '3 ×' names no card (one card a line: "
                                          f"'1 《name》', 'name x1' or a name)"]


def test_read_deck_reads_a_file(tmp_path):
    p = tmp_path / "d.txt"
    p.write_text("統率者：ボルシャック・ドラゴン\n1 バトライオウ\n", encoding="utf-8")
    d = read_deck(p, "B")
    assert d.label == "B" and d.commander.written == "ボルシャック・ドラゴン" and d.size() == 2
