"""Writes tagtext_toy_ja/data/toy-cards.json: the toy format's card database, 1,198 cards
made from a few sentences (with 「」《》（）, full-width and ASCII digits, line breaks), so
that the toy pack is tested on a database as large as a real one. Run it from this folder;
the file it writes is committed (its output is the toy's input, not an expected text)."""

import json
from pathlib import Path

FULL = str.maketrans("0123456789", "０１２３４５６７８９")
NAMES = ["炎の剣士", "氷の魔女", "雷の竜", "森の賢者", "闇の騎士", "光の天使"]
SENTENCES = [
    "相手の手札を{n}枚見て、その中から１枚選び、捨てさせる。",
    "自分の山札の上から{n}枚を見る。その中から１枚を手札に加え、残りを山札の下に置く。",
    "相手のクリーチャーを{n}体選び、破壊する。",
    "このクリーチャーのパワーを＋{f}000する。",
    "《{name}》をバトルゾーンに出す。",
    "相手の山札の上から{n}枚を墓地に置く。",
    "カードを{n}枚引く。",
    "「相手のターンのはじめに」、自分のシールドを{n}つ手札に加える。",
    "（このクリーチャーは相手のクリーチャーを攻撃できない）",
    "相手は自分の手札を{n}枚捨てる。",
    "相手の手札を１枚見る。\n自分はカードを{n}枚引く。",
    "相手の 手札を {n}枚 捨てる。",
]


def main() -> None:
    cards = []
    for k in range(1, 1199):
        if k in (999, 1000):  # the special rulings' cards, below
            continue
        template = SENTENCES[k % len(SENTENCES)]
        text = template.format(n=k % 9 + 1, f=str(k % 9 + 1).translate(FULL), name=NAMES[k % len(NAMES)])
        cards.append({"id": f"TOY-{k:04d}", "name": f"{NAMES[k % len(NAMES)]}{k}", "text": text})
    cards.append({"id": "TOY-0999", "name": "二人見る者", "text": "まず相手の手札を見る。その後、カードを１枚引く。"})
    cards.append({"id": "TOY-1000", "name": "全部見る者", "text": "相手の手札をすべて見て、その中から呪文をすべて捨てさせる。"})
    out = Path("tagtext_toy_ja/data/toy-cards.json")
    lines = ",\n".join(json.dumps(card, ensure_ascii=False) for card in cards)
    out.write_text(f"[\n{lines}\n]\n", encoding="utf-8")  # one card a line


if __name__ == "__main__":
    main()
