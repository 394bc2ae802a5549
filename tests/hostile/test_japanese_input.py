"""Bad input a Japanese user is likely to give, read by the engine for any pack (the
dm-tag-commander sweep, /work/notes/dmbad-findings.md): a file saved as Shift_JIS or
UTF-16 is refused in one line naming the line and the encoding it looks like; stdin
redirected from the output file is the database itself and is not overwritten."""

from __future__ import annotations

import json

from .conftest import one_line, script

PACK = ("--pack", "dm-tag-commander")
CARDS = [{"id": "x1", "name": "テスト・ドラゴン", "text": "相手の手札を見て、その中から呪文を1枚選び、捨てさせる。"},
         {"id": "x2", "name": "テスト・ワーム", "text": "相手がクリーチャーを召喚した時、カードを1枚引いてもよい。"}]


def _sjis(path, text: str):
    path.write_bytes(text.encode("cp932"))
    return path


def test_a_shift_jis_database_says_so_with_its_line(tmp_path):
    doc = json.dumps(CARDS, ensure_ascii=False, indent=1)
    first_bad = doc.split("\n").index(next(line for line in doc.split("\n") if "テスト" in line)) + 1
    db = _sjis(tmp_path / "cards.json", doc)
    lines = _sjis(tmp_path / "cards.jsonl", "".join(json.dumps(c, ensure_ascii=False) + "\n" for c in CARDS))
    table = _sjis(tmp_path / "cards.csv", "id,name,text\n" + "".join(f"{c['id']},{c['name']},{c['text']}\n"
                                                                    for c in CARDS))
    for args, where in [(("convert", db), f"cards.json:{first_bad}:"),
                        (("convert", db, "--format", "database"), f"cards.json:{first_bad}:"),
                        (("diff", db, db), f"cards.json:{first_bad}:"),
                        (("convert", lines, "--format", "jsonl"), "cards.jsonl:1:"),
                        (("convert", table), "cards.csv:2:")]:
        proc = script(*args, *PACK)
        assert proc.returncode in (1, 2) and proc.stdout == b"", args
        one_line(proc.stderr.decode(), where, "not UTF-8 text", "it looks like Shift_JIS (CP932): save it as UTF-8")
    with open(lines, "rb") as stdin:
        proc = script("convert", "-", "--format", "jsonl", *PACK, stdin=stdin)
    assert proc.returncode == 1
    one_line(proc.stderr.decode(), "<stdin>:1: not UTF-8 text", "Shift_JIS")


def test_a_shift_jis_or_utf16_deck_or_text_says_so(tmp_path):
    deck = _sjis(tmp_path / "deck.txt", "統率者: 《ボルシャック・ドラゴン》\n1 《ガトリング・ワイバーン》\n")
    proc = script("deck", "check", *PACK, deck)
    assert proc.returncode == 2
    one_line(proc.stderr.decode(), "deck.txt:1: not UTF-8 text (byte 0); it looks like Shift_JIS (CP932)")
    utf16 = tmp_path / "u16.txt"
    utf16.write_bytes("統率者: 《ボルシャック・ドラゴン》\n".encode("utf-16"))
    proc = script("deck", "check", *PACK, utf16)
    one_line(proc.stderr.decode(), "u16.txt:1: not UTF-8 text (byte 0); it is UTF-16: save it as UTF-8")
    proc = script("rewrite", *PACK, input="相手の手札を見る。".encode("cp932"))
    assert proc.returncode == 1
    one_line(proc.stderr.decode(), "<stdin>:1: not UTF-8 text (byte 0); it looks like Shift_JIS")


def test_bytes_that_are_no_japanese_encoding_get_no_guess(tmp_path):
    db = tmp_path / "latin.json"
    db.write_bytes(b'[{"id": "x1", "name": "Caf\xe9 ", "text": "x"}]')
    proc = script("convert", db, *PACK)
    line = one_line(proc.stderr.decode(), "latin.json:1: not UTF-8 text (byte 26)")
    assert line.endswith("(byte 26)")


def test_stdin_redirected_from_the_output_is_the_database_itself(tmp_path):
    """`convert - -o cards.json < cards.json` would replace the database with its own
    conversion (the finding D5, through stdin)."""
    db = tmp_path / "cards.json"
    db.write_text(json.dumps(CARDS, ensure_ascii=False), encoding="utf-8")
    before = db.read_bytes()
    for fmt in ("json", "database", "jsonl"):
        with open(db, "rb") as stdin:
            proc = script("convert", "-", "-o", db, "--format", fmt, *PACK, stdin=stdin)
        assert proc.returncode == 2, fmt
        one_line(proc.stderr.decode(), f"-o {db}: that is the database DB itself (stdin reads it)")
        assert db.read_bytes() == before
    with open(db, "rb") as stdin:  # to another file it is converted
        proc = script("convert", "-", "-o", tmp_path / "out.json", *PACK, stdin=stdin)
    assert proc.returncode == 0 and json.loads((tmp_path / "out.json").read_text())["summary"]["rewritten"] == 2
