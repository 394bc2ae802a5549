"""Special rulings that name their card by name (DM-NOTES 10), through the engine: a
maintainer's own table laid over the pack's (``--rulings FILE``) finds its cards by name
too, and the errata pages say which card each ruling applied to."""

from __future__ import annotations

from tagtext.batch import BatchResult, convert_card
from tagtext.errata.model import build_model
from tagtext.packs.dm_tag_commander import NamedRulings
from tagtext.project import with_rulings

#: a maintainer's table: the pack's 「mixel」 ruling replaced, one ruling added (a card the
#: pack has none for), each naming its card by name as the pack's do
OVERLAY = """
[[ruling]]
id = "mixel"
card = "奇石 ミクセル"
name = "奇石 ミクセル"
field = "text"
mode = "replace"
reason = "Our own wording."
effect.ja = "相手のマナゾーンにあるカードの枚数よりコストが大きいクリーチャーを相手がバトルゾーンに出した時、相手はそれを自身の山札の一番下に置く。"
text.ja = "いずれかの相手が、自身のマナゾーンのカードの枚数よりコストが大きいクリーチャーを出した時、その相手はそれを自身の山札の一番下に置く。"

[[ruling]]
id = "aqua-surfer-kept"
card = "アクア・サーファー"
name = "アクア・サーファー"
field = "text"
mode = "keep"
reason = "Our table keeps this one."
effect.ja = "バトルゾーンにあるクリーチャーを１体選び、持ち主の手札に戻してもよい。"
text.ja = "\\n※DTC：テスト用の注記。"
"""


def _overlaid(pack, tmp_path):
    path = tmp_path / "ours.toml"
    path.write_text(OVERLAY, encoding="utf-8")
    return with_rulings(pack, str(path))


def test_a_maintainers_table_keeps_the_packs_way_of_naming_cards(pack, dm_db, tmp_path):
    ours = _overlaid(pack, tmp_path)
    table = ours.rulings()
    assert isinstance(table, NamedRulings) and table.source.endswith(" + " + str(tmp_path / "ours.toml"))
    mixel = dm_db.by_id()["s515"]  # 《奇石ミクセル/ジャミング・チャフ》: the ruling names one side
    result = ours.rewrite(mixel.texts["text"], mixel.id, "text")
    assert result.ruling == "mixel"
    assert result.text.startswith("いずれかの相手が、自身のマナゾーンのカードの枚数よりコストが大きいクリーチャーを出した時")
    # the pack's own rulings are found by name as before
    fortress = ours.rewrite(dm_db.by_id()["dm06-008"].texts["text"], "dm06-008", "text")
    assert fortress.ruling == "invincible-fortress"


def test_a_ruling_the_maintainer_adds_finds_its_card_by_name(pack, dm_db, tmp_path):
    surfer = dm_db.by_id()["dm05-024"]
    assert surfer.name == "アクア・サーファー" and "持ち主の手札に戻してもよい" in surfer.texts["text"]
    result = _overlaid(pack, tmp_path).rewrite(surfer.texts["text"], surfer.id, "text")
    assert result.ruling == "aqua-surfer-kept" and "※DTC：テスト用の注記。" in result.text


def test_the_errata_rulings_name_the_card_each_applied_to(pack, dm_db):
    by_id = dm_db.by_id()
    cards = [by_id["s515"], by_id["dm06-008"], by_id["s489"]]
    batch = BatchResult("three cards", [convert_card(c, {}, pack) for c in cards], [], pack)
    errata = build_model(batch, pack.rulings())
    views = {v.ruling.id: v for v in errata.rulings}
    assert {rid: (v.status, v.card_id) for rid, v in views.items()} == {
        "mixel": ("applied", "s515"), "invincible-fortress": ("applied", "dm06-008"),
        "goha-tenkujukugo": ("applied", "s489")}
    assert views["mixel"].card_anchor == "card-s515"


def test_a_ruling_whose_card_is_not_converted_says_so(pack, dm_db):
    card = dm_db.by_id()["dm06-008"]
    batch = BatchResult("one card", [convert_card(card, {}, pack)], [], pack)
    views = {v.ruling.id: v for v in build_model(batch, pack.rulings()).rulings}
    assert views["mixel"].status == "card not in this database" and views["mixel"].card_id is None
    assert views["invincible-fortress"].status == "applied"
