"""``tagtext diff``: cards added, removed and changed between databases and conversions.

The test databases are real cards, edited here, so every expected difference follows from
the edit; expected Tag Tamer texts come from :func:`tagtext.rewrite`.
"""

from __future__ import annotations

import difflib
import gzip
import json
import re
import subprocess
import sys
from importlib import resources
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import given
from hypothesis import strategies as st

from tagtext.packs.tag_tamer import carddb as digimon_cards
import tagtext
import tagtext.batch
import tagtext.diff
from tagtext import carddb
from tagtext.cli.main import cli
from tagtext.diff import changed_lines, render_word_diff, word_diff

TAGTEXT = Path(sys.executable).parent / "tagtext"


@pytest.fixture(scope="module")
def raw_cards() -> list[dict]:
    data = resources.files(digimon_cards.SHIPPED_PACKAGE).joinpath(digimon_cards.SHIPPED_FILE).read_bytes()
    return json.loads(gzip.decompress(data))


@pytest.fixture(scope="module")
def old_cards(raw_cards) -> list[dict]:
    """40 real cards with an effect, from across the database."""
    with_effect = [c for c in raw_cards if isinstance(c.get("effect"), str) and c["effect"] not in ("", "-")]
    return with_effect[:: len(with_effect) // 40][:40]


@pytest.fixture(scope="module")
def release(raw_cards, old_cards) -> dict:
    """A 'new release' made from the old cards: one removed, one added, one official text
    changed (a number raised), one text field added."""
    new = [dict(c) for c in old_cards]
    removed = new.pop(3)
    changed = new[5]
    number = re.search(r"\d+", changed["effect"])
    assert number, "the chosen card should have a number in its effect"
    new_number = str(int(number.group()) + 1)
    changed["effect"] = changed["effect"][:number.start()] + new_number + changed["effect"][number.end():]
    gained = new[8]
    gained["securityEffect"] = "[Security] Play this card without paying the cost."
    ids = {c["id"] for c in old_cards}
    added = next(c for c in raw_cards[::-1] if c["id"] not in ids and isinstance(c.get("effect"), str))
    new.append(dict(added))
    return {"cards": new, "removed": removed["id"], "changed": changed["id"], "old_number": number.group(),
            "new_number": new_number, "gained": gained["id"], "added": added["id"]}


@pytest.fixture
def files(tmp_path, old_cards, release):
    old = tmp_path / "old.json"
    new = tmp_path / "new.json"
    old.write_text(json.dumps(old_cards, ensure_ascii=False), encoding="utf-8")
    new.write_text(json.dumps(release["cards"], ensure_ascii=False), encoding="utf-8")
    return old, new


def run(*args, input=None):
    return CliRunner().invoke(cli, ["diff", *map(str, args)], input=input, catch_exceptions=False)


def converted(path: Path, fmt: str = "json") -> Path:
    out = path.with_name(f"{path.stem}-converted.{fmt}")
    result = CliRunner().invoke(cli, ["convert", str(path), "-o", str(out)])
    assert result.exit_code == 0, result.output
    return out


# ----------------------------------------------------------------------------- databases

def test_the_same_database_has_no_differences(files):
    old, _ = files
    for flag in ([], ["--exit-code"]):
        result = run(old, old, *flag)
        assert result.exit_code == 0
        assert result.stdout.splitlines()[-1] == "No differences: 40 cards in both."


def test_a_release_lists_added_removed_and_changed(files, release):
    old, new = files
    result = run(old, new, "--json")
    assert result.exit_code == 0
    doc = json.loads(result.stdout)
    assert doc["schema"] == "tagtext-diff/1"
    assert [c["id"] for c in doc["added"]] == [release["added"]]
    assert [c["id"] for c in doc["removed"]] == [release["removed"]]
    assert [c["id"] for c in doc["changed"]] == sorted([release["changed"], release["gained"]],
                                                      key=[c["id"] for c in release["cards"]].index)
    by_id = {c["id"]: c for c in doc["changed"]}
    [field] = by_id[release["changed"]]["fields"]
    assert (field["field"], field["change"]) == ("effect", "official")
    new_effect = next(c for c in release["cards"] if c["id"] == release["changed"])["effect"]
    assert field["new"]["text"] == tagtext.rewrite(new_effect, card_id=release["changed"]).text
    [gained] = by_id[release["gained"]]["fields"]
    assert (gained["field"], gained["change"], gained["old"]) == ("securityEffect", "added", None)
    assert doc["summary"] == {"compared": 39, "added": 1, "removed": 1, "changed": 2,
                              "official_texts_changed": 2, "rewrites_changed": 0}


def test_the_word_diff_shows_the_changed_number(files, release):
    old, new = files
    out = run(old, new, "--color", "never").stdout
    block = out.split(f"~ {release['changed']}", 1)[1].split("\n  ~ ", 1)[0]
    assert "effect: official text changed" in block
    # the rewritten number may differ from the printed one (a doubled count): compute it
    old_text = tagtext.rewrite(next(c for c in json.loads(old.read_text()) if c["id"] == release["changed"])["effect"],
                               card_id=release["changed"]).text
    new_text = tagtext.rewrite(next(c for c in release["cards"] if c["id"] == release["changed"])["effect"],
                               card_id=release["changed"]).text
    for op, text in word_diff(old_text, new_text):
        if op == "-":
            assert f"[-{text}-]" in block
        elif op == "+":
            assert f"{{+{text}+}}" in block
    assert f"{{+[Security] Play this card without paying the cost.+}}" in out


def test_text_report_sections(files, release):
    old, new = files
    lines = run(old, new).stdout.splitlines()
    assert lines[0] == f"--- {old}" and lines[1] == f"+++ {new}"
    assert "Added: 1 card" in lines and "Removed: 1 card" in lines and "Changed: 2 cards" in lines
    assert any(line.startswith(f"  + {release['added']}  ") for line in lines)
    assert any(line.startswith(f"  - {release['removed']}  ") for line in lines)
    assert lines[-1].startswith("1 added, 1 removed, 2 changed")


def test_exit_code_flag(files):
    old, new = files
    assert run(old, new).exit_code == 0
    assert run(old, new, "--exit-code").exit_code == 1
    assert run(old, old, "--exit-code").exit_code == 0


def test_two_databases_rewrite_new_once_and_of_old_only_the_cards_that_differ(files, release, monkeypatch):
    """A card with the same texts on both sides cannot differ, but is rewritten once (NEW's)
    to find a text that cannot be rewritten; a card that differs is rewritten on both."""
    old, new = files
    calls = []
    real = tagtext.diff.convert_card

    def counting(card, memo=None, pack=None):
        calls.append(card.id)
        return real(card, memo, pack)

    monkeypatch.setattr(tagtext.diff, "convert_card", counting)
    assert run(old, new).exit_code == 0
    assert sorted(calls) == sorted([c["id"] for c in release["cards"]] + [release["changed"], release["gained"]])


@pytest.mark.parametrize("flag,code", [([], 1), (["--exit-code"], 2)])
def test_a_text_not_rewritten_is_reported_though_it_did_not_change(tmp_path, old_cards, flag, code, monkeypatch):
    """Sweep s8, W5: the same database on both sides said "No differences" and exited 0,
    never naming the text it could not rewrite; the README's exit status is 1 for that
    (2 with --exit-code), as when the text changed."""
    monkeypatch.setattr(tagtext.batch, "PARALLEL_MIN_CHARS", 0)  # --jobs 2 forks for these 40 cards
    cards = [dict(c) for c in old_cards]
    cards[2]["effect"] += " " + "(" * 150 + "x" + ")" * 150  # nested too deep: no pack rewrites it
    path = tmp_path / "nest.json"
    path.write_text(json.dumps(cards))
    for jobs in ("1", "2"):
        result = run(path, path, *flag, "--jobs", jobs)
        assert result.exit_code == code, result.output
        assert result.stdout.splitlines()[-1] == "No differences: 40 cards in both."
        assert result.stderr == f"tagtext: error: {path}: {cards[2]['id']} effect:1:{len(old_cards[2]['effect']) + 102}: " \
                                "parentheses nest more than 100 deep\n"
    # another card changed, this one not: reported once, as NEW's
    edited = [dict(c) for c in cards]
    edited[5]["effect"] = edited[5]["effect"] + " Then, trash 1 card."
    newer = tmp_path / "newer.json"
    newer.write_text(json.dumps(edited))
    result = run(path, newer, *flag)
    assert result.exit_code == code
    assert result.stderr.splitlines() == [f"tagtext: error: {newer}: {cards[2]['id']} effect:1:"
                                          f"{len(old_cards[2]['effect']) + 102}: parentheses nest more than 100 deep"]
    assert result.stdout.splitlines()[-1].startswith("0 added, 0 removed, 1 changed")


# ----------------------------------------------------------------------------- conversions

@pytest.mark.parametrize("fmt", ["json", "jsonl"])
def test_a_conversion_compares_like_its_database(files, fmt):
    old, new = files
    by_databases = json.loads(run(old, new, "--json").stdout)
    for a, b in ((converted(old, fmt), new), (old, converted(new, fmt)), (converted(old, fmt), converted(new, fmt))):
        doc = json.loads(run(a, b, "--json").stdout)
        assert (doc["old"], doc["new"]) == (str(a), str(b))
        for key in ("summary", "added", "removed", "changed"):
            assert doc[key] == by_databases[key], (a, b, key)


def test_a_changed_rewrite_with_the_same_official_text(files, old_cards, tmp_path):
    """A conversion by an older compiler: same official text, other Tag Tamer text."""
    old, _ = files
    published = converted(old)
    doc = json.loads(published.read_text(encoding="utf-8"))
    card = doc["cards"][7]
    field = next(iter(card["texts"]))
    entry = card["texts"][field]
    entry["text"] = entry["text"] + " Older wording."
    published.write_text(json.dumps(doc), encoding="utf-8")

    result = run(published, old, "--json", "--exit-code")
    assert result.exit_code == 1
    out = json.loads(result.stdout)
    assert out["summary"]["rewrites_changed"] == 1 and out["summary"]["official_texts_changed"] == 0
    [change] = out["changed"]
    assert change["id"] == card["id"]
    assert change["fields"][0]["change"] == "rewrite"
    assert change["fields"][0]["diff"][-1] == ["-", " Older wording."]
    text = run(published, old, "--color", "never").stdout
    assert "Tag Tamer text changed (same official text)" in text and "[- Older wording.-]" in text


def test_residuals_and_warnings_of_the_new_side_are_shown(files, tmp_path):
    """The new side's stale ruling warning and residuals are printed under its change."""
    old, _ = files
    new_conversion = converted(old)
    doc = json.loads(new_conversion.read_text(encoding="utf-8"))
    card = doc["cards"][2]
    field = next(iter(card["texts"]))
    entry = card["texts"][field]
    entry["text"] = "[Main] Rewritten."
    entry["warnings"] = ["stale special ruling test-ruling: its effect is no longer in the text"]
    entry["residuals"] = [{"rule": "count-doubling", "start": 0, "end": 6, "text": entry["original"][:6],
                           "reason": "cannot double"}]
    new_conversion.write_text(json.dumps(doc), encoding="utf-8")
    out = run(old, new_conversion).stdout
    block = out.split(f"~ {card['id']}", 1)[1]
    assert "warning: stale special ruling test-ruling" in block
    assert "residual [count-doubling]" in block and "cannot double" in block


def test_color(files):
    old, new = files
    assert "\x1b[31m" in run(old, new, "--color", "always").stdout
    assert "\x1b[" not in run(old, new, "--color", "never").stdout
    assert "\x1b[" not in run(old, new).stdout  # auto, and CliRunner's stdout is no terminal


# ----------------------------------------------------------------------------- errors

@pytest.mark.parametrize("flag,code", [([], 1), (["--exit-code"], 2)])
def test_errors_are_one_line_and_exit_1_or_2_with_exit_code(files, tmp_path, flag, code):
    old, _ = files
    bad_json = tmp_path / "bad.json"
    bad_json.write_text('[{"id": "BT1-001"')
    other_schema = tmp_path / "future.json"
    other_schema.write_text(json.dumps({"schema": "tagtext-convert/9", "cards": []}))
    csv_out = tmp_path / "out.csv"
    CliRunner().invoke(cli, ["convert", str(old), "-o", str(csv_out)])
    cases = [
        (tmp_path / "missing.json", "no such file"),
        (bad_json, f"{bad_json}:1:"),
        (other_schema, "'tagtext-convert/9' is not one this tagtext reads"),
        (csv_out, "a tagtext convert CSV cannot be compared"),
    ]
    for path, says in cases:
        for args in ((path, old), (old, path)):
            result = run(*args, *flag)
            assert result.exit_code == code, (path, result.output)
            lines = result.stderr.splitlines()
            assert len(lines) == 1 and lines[0].startswith("tagtext: error: ") and says in lines[0], lines
            assert str(path) in lines[0]
            assert result.stdout == ""


def test_a_broken_conversion_record_is_reported(tmp_path):
    path = tmp_path / "conv.jsonl"
    path.write_text(json.dumps({"schema": "tagtext-convert/1", "pack": {"name": "tag-tamer", "version": "0.1.0"},
                                "id": "BT1-001", "texts": {"effect": {"text": "x"}}}) + "\n")
    result = run(path, path)
    assert result.exit_code == 1
    assert result.stderr.startswith(f"tagtext: error: {path}:1 (id BT1-001): text 'effect' needs")


def test_skipped_entries_are_reported_and_exit_as_in_every_command(tmp_path, old_cards):
    path = tmp_path / "dup.json"
    path.write_text(json.dumps(old_cards[:3] + [old_cards[0]]))
    result = run(path, path)
    assert result.exit_code == 1  # as convert, errata, coverage: skipped entries exit 1
    assert result.stderr.count("tagtext: error:") == 2  # once per side
    assert "duplicate id" in result.stderr
    assert "No differences: 3 cards in both." in result.stdout  # the comparison is still shown
    assert run(path, path, "--exit-code").exit_code == 2  # incomplete: never "same" (0) or "differ" (1)


def test_usage_errors_exit_2(files):
    old, _ = files
    assert CliRunner().invoke(cli, ["diff", str(old)]).exit_code == 2
    assert CliRunner().invoke(cli, ["diff", str(old), str(old), "--color", "pink"]).exit_code == 2


def test_installed_script(files):
    old, new = files
    proc = subprocess.run([str(TAGTEXT), "diff", str(old), str(new), "--exit-code"], capture_output=True, text=True)
    assert proc.returncode == 1, proc.stderr
    assert proc.stderr == ""
    assert "\x1b[" not in proc.stdout  # a pipe is no terminal
    assert proc.stdout.splitlines()[-1].startswith("1 added, 1 removed, 2 changed")
    missing = subprocess.run([str(TAGTEXT), "diff", str(old), "nope.json", "--exit-code"], capture_output=True, text=True)
    assert missing.returncode == 2 and missing.stderr == "tagtext: error: nope.json: no such file\n"


# ----------------------------------------------------------------------------- word diff

def test_word_diff_example():
    assert word_diff("Trash 3 cards.", "Trash 6 cards.") == [("=", "Trash "), ("-", "3"), ("+", "6"), ("=", " cards.")]
    assert render_word_diff(word_diff("your opponent's deck.", "1 of your opponent's decks.")) == \
        "{+1 of +}your opponent's [-deck-]{+decks+}."


@given(st.text(alphabet=st.sampled_from(list("ab 3.\n[]'")), max_size=40),
       st.text(alphabet=st.sampled_from(list("ab 3.\n[]'")), max_size=40))
def test_word_diff_rebuilds_both_sides(old, new):
    runs = word_diff(old, new)
    assert "".join(t for op, t in runs if op != "+") == old
    assert "".join(t for op, t in runs if op != "-") == new
    assert all(t for _, t in runs)


@pytest.fixture
def matching_work(monkeypatch) -> list[int]:
    """The work SequenceMatcher's searches for a longest match do (the places of ``a``'s
    tokens in ``b`` each search reads), summed into ``[total]``; a search past twice the
    word diff's budget fails the test at once (sweep s8, N3: the time grew with the cube
    of a repetitive text's length, 28 s for 8 KB)."""
    total = [0]
    real = difflib.SequenceMatcher.find_longest_match

    def counted(self, alo=0, ahi=None, blo=0, bhi=None):
        ahi = len(self.a) if ahi is None else ahi
        bhi = len(self.b) if bhi is None else bhi
        total[0] += sum(1 for token in self.a[alo:ahi] for j in self.b2j.get(token, ()) if j < bhi)
        assert total[0] <= 2 * tagtext.diff.WORD_DIFF_BUDGET, "the word diff went past its budget"
        return real(self, alo, ahi, blo, bhi)

    monkeypatch.setattr(difflib.SequenceMatcher, "find_longest_match", counted)
    return total


def test_a_long_repetitive_text_is_diffed_within_the_budget(matching_work):
    """'Both players draw 2 cards. ' * 100 took 1.2 s, * 300 28 s, a 540 KB card text hung:
    past the budget the common start and end are kept and the middle is one replacement."""
    def diffed(old: str, new: str) -> list[tuple[str, str]]:
        matching_work[0] = 0
        runs = word_diff(old, new)
        assert "".join(t for op, t in runs if op != "+") == old
        assert "".join(t for op, t in runs if op != "-") == new
        return runs

    for n in (100, 5_000):
        old, new = "Both players draw 2 cards. " * n, "All players draw 2 cards. " * n
        same_end = " players draw 2 cards. "
        assert diffed(old, new) == [("-", old[:-len(same_end)]), ("+", new[:-len(same_end)]), ("=", same_end)]
        assert diffed(old, old + "Then, trash 1 card.") == [("=", old), ("+", "Then, trash 1 card.")]
        middle = 27 * (n // 2)
        assert diffed(old, old[:middle] + "Each player draws 3 cards. " + old[middle:]) == \
            [("=", old[:middle]), ("+", "Each player draws 3 cards. "), ("=", old[middle:])]
    # a long text with a small change keeps a word diff of the change
    tail = " ".join(f"word{i}" for i in range(2000))
    assert diffed("Trash 3 cards. " + tail, "Trash 6 cards. " + tail) == \
        [("=", "Trash "), ("-", "3"), ("+", "6"), ("=", " cards. " + tail)]


def test_the_longest_real_texts_keep_their_word_diff(raw_cards, matching_work):
    """Within the budget the word diff is SequenceMatcher's over the whole texts, as it was:
    the longest shipped Tag Tamer texts, against their rewriting, are well within it."""
    texts = sorted((t for c in raw_cards for k in ("effect", "digivolveEffect", "securityEffect")
                    if isinstance(t := c.get(k), str)), key=len)[-5:]
    for text in texts:
        rewritten = tagtext.rewrite(text).text
        a, b = tagtext.diff._TOKEN.findall(text), tagtext.diff._TOKEN.findall(rewritten)
        matching_work[0] = 0
        expected = []
        for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
            for op, part in ((("=", a[i1:i2]),) if tag == "equal" else (("-", a[i1:i2]), ("+", b[j1:j2]))):
                if part and expected and expected[-1][0] == op:
                    expected[-1] = (op, expected[-1][1] + "".join(part))
                elif part:
                    expected.append((op, "".join(part)))
        work = matching_work[0]
        matching_work[0] = 0
        assert word_diff(text, rewritten) == expected
        assert matching_work[0] == work <= tagtext.diff.WORD_DIFF_BUDGET / 4  # the same search, once


def test_changed_lines_keep_only_lines_with_a_change():
    old = "[On Play] Draw 1.\n[Main] Trash 3 cards.\n[Security] Gain 1 memory."
    new = "[On Play] Draw 1.\n[Main] Trash 6 cards.\n[Security] Gain 1 memory."
    assert changed_lines(word_diff(old, new)) == ["...", "[Main] Trash [-3-]{+6+} cards.", "..."]


# ----------------------------------------------------------------------------- official text changed

README = Path(__file__).resolve().parents[1] / "README.md"


@pytest.fixture(scope="module")
def seraphimon_release(raw_cards, tmp_path_factory) -> tuple[Path, Path]:
    """The README's release day: the shipped database without BT26 and with BT1-063 reading
    "4 or more security cards" (previous), against the shipped database (new)."""
    root = tmp_path_factory.mktemp("release")
    previous = []
    for card in raw_cards:
        card_id = card.get("id") or card.get("cardNumber")
        if card_id.startswith("BT26-"):
            continue
        if card_id == "BT1-063":
            assert "3 or more security cards" in card["effect"]
            card = dict(card, effect=card["effect"].replace("3 or more security cards", "4 or more security cards"))
        previous.append(card)
    old, new = root / "DigimonCards-previous.json", root / "DigimonCards.json"
    old.write_text(json.dumps(previous, ensure_ascii=False), encoding="utf-8")
    new.write_text(json.dumps(raw_cards, ensure_ascii=False), encoding="utf-8")
    return old, new


def test_an_official_change_shows_the_official_texts_own_diff(seraphimon_release):
    """Issue 12: under "official text changed" the diff was the Tag Tamer text's, so the
    printed 4 -> 3 read as 8 -> 6. Now the official diff comes first, then the Tag Tamer
    text's under its own heading."""
    old, new = seraphimon_release
    out = run(old, new, "--color", "never").stdout
    block = out.split("  ~ BT1-063  Seraphimon\n", 1)[1].splitlines()
    assert block[0] == "      effect: official text changed"
    assert "While you have [-4-]{+3+} or more security cards" in block[1]
    assert block[2] == "      effect: Tag Tamer text"
    assert "While you have [-8-]{+6+} or more security cards" in block[3]

    doc = json.loads(run(old, new, "--json").stdout)
    [change] = [c for c in doc["changed"] if c["id"] == "BT1-063"]
    [field] = change["fields"]
    assert field["change"] == "official"
    assert [op for op in field["official_diff"] if op[0] != "="] == [["-", "4"], ["+", "3"]]
    assert [op for op in field["diff"] if op[0] != "="] == [["-", "8"], ["+", "6"]]


def test_the_readme_release_day_example_is_real_output(seraphimon_release, monkeypatch):
    old, new = seraphimon_release
    monkeypatch.chdir(old.parent)
    lines = run(old.name, new.name, "--color", "never").stdout.splitlines()
    example = README.read_text(encoding="utf-8").split(
        "$ tagtext diff DigimonCards-previous.json DigimonCards.json\n--- DigimonCards-previous.json\n", 1)[1].split("```", 1)[0]
    for line in example.splitlines():
        if line.strip() != "...":
            assert line in lines, line
    assert lines[-1] == example.splitlines()[-1]


def test_an_official_change_no_rule_rewrites_is_shown_once(old_cards, tmp_path):
    """A text the rules leave as printed: its Tag Tamer diff would only repeat the official one."""
    card = next(c for c in old_cards if tagtext.rewrite(c["effect"], card_id=c["id"]).text == c["effect"]
                and re.search(r"\b\d+\b", c["effect"]))
    number = re.search(r"\b\d+\b", card["effect"])
    changed = dict(card, effect=card["effect"][:number.start()] + "17" + card["effect"][number.end():])
    old, new = tmp_path / "old.json", tmp_path / "new.json"
    old.write_text(json.dumps([card], ensure_ascii=False), encoding="utf-8")
    new.write_text(json.dumps([changed], ensure_ascii=False), encoding="utf-8")
    out = run(old, new, "--color", "never").stdout
    assert "effect: official text changed" in out and "effect: Tag Tamer text" not in out
    assert out.count(f"[-{number.group()}-]{{+17+}}") == 1
