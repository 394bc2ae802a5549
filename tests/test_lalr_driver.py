"""The engine's LALR driver (tagtext.syntax.lalr) against Lark's own contextual lexer.

Each pack parses with the driver: Lark's parser, fed tokens that the driver lexes in one
step each (whitespace as a prefix, plain-word runs joined where the parser would only go
round a list). Lark's own lexer (and, for Tag Tamer, the postlexer) is the reference: every
shipped card text, and random texts made of corpus pieces, must give the same tree or the
same error both ways.
"""

from __future__ import annotations

import random
import re

import pytest
from lark import Lark, Token
from lark.exceptions import UnexpectedInput, UnexpectedToken

from tagtext import packs
from tagtext.errors import ParseError
from tagtext.packs.tag_tamer.syntax import parser as tag_tamer
from tagtext.packs.ygo_tag import parser as ygo
from tagtext.syntax.lalr import Driver, NoToken

PARSERS = {
    "tag-tamer": (tag_tamer.parse, tag_tamer.parse_with_lark_lexer),
    "ygo-tag": (ygo.parse, ygo.parse_with_lark_lexer),
}


@pytest.fixture(scope="module", params=sorted(PARSERS))
def pack_texts(request):
    pack = packs.get(request.param)
    texts = sorted({text for card in pack.load_database(None).cards for text in card.texts.values()})
    return request.param, texts


def test_every_shipped_text_parses_as_with_larks_lexer(pack_texts):
    name, texts = pack_texts
    driven, reference = PARSERS[name]
    differ = [text for text in texts if driven(text) != reference(text)]
    assert len(texts) > 4000
    assert differ == []


def _outcome(parse, text):
    try:
        return parse(text)
    except ParseError:
        return "error"
    except UnexpectedInput:  # the reference path raises Lark's own errors
        return "error"


def test_random_texts_of_corpus_pieces_parse_alike(pack_texts):
    name, texts = pack_texts
    driven, reference = PARSERS[name]
    rng = random.Random(2026)
    pieces = [p for text in rng.sample(texts, 1500) for p in re.findall(r"\s+|\w+|[^\w\s]", text)]
    differ = []
    for i in range(3000):
        k = rng.randint(1, 50)
        if i % 2:
            start = rng.randrange(len(pieces) - k)
            text = "".join(pieces[start:start + k])
        else:
            text = "".join(rng.choice(pieces) for _ in range(k))
        if _outcome(driven, text) != _outcome(reference, text):
            differ.append(text)
    assert differ == []


# ----------------------------------------------------------------------------- the driver

GRAMMAR = r"""
start: item+
item: WORDS | NUMBER | "(" item+ ")"
WORDS: /[a-z]+/
NUMBER.2: /\d+/
_WS.10: /[ ]+/
%ignore _WS
"""


def _token(type_, value, start, end, prefix):
    return Token(type_, value, start, None, None, None, None, end)


class _Count:
    def __init__(self):
        self.fed = []

    def __call__(self, type_, value, start, end, prefix):
        self.fed.append((type_, value, prefix))
        return _token(type_, value, start, end, prefix)


def _lark():
    return Lark(GRAMMAR, parser="lalr", lexer="contextual")


def test_runs_are_fed_as_one_token_only_where_the_parser_goes_round_a_list():
    driver = Driver(_lark(), runs=("WORDS",))
    text = "one two  three four 5 six (seven eight) nine"
    first, second = _Count(), _Count()
    driver.parse(text, first)  # learns where the parser goes after a run token
    driver.parse(text, second)
    # the first word of a run is its own token; the rest is one token with the whitespace
    # between the words, once the parser is known to come back to the same state (in the
    # first parse, from the third word on)
    assert [v for _, v, _ in first.fed] == ["one", "two", "three four", "5", "six", "(", "seven", "eight", ")", "nine"]
    assert [(v, p) for _, v, p in second.fed] == [
        ("one", ""), ("two  three four", " "), ("5", " "), ("six", " "), ("(", " "),
        ("seven", ""), ("eight", " "), (")", ""), ("nine", " ")]


def test_without_runs_every_token_is_fed():
    driver = Driver(_lark())
    fed = _Count()
    driver.parse("one two three", fed)
    driver.parse("one two three", fed)
    assert [v for _, v, _ in fed.fed] == ["one", "two", "three"] * 2


def test_no_terminal_where_the_parser_stands_is_an_error_at_that_character():
    with pytest.raises(NoToken) as e:
        Driver(_lark()).parse("one  %", _token)
    assert e.value.pos == 5


def test_trailing_whitespace_and_empty_text():
    driver = Driver(_lark())
    assert driver.parse("one two  ", _token) is not None
    with pytest.raises(UnexpectedToken):  # item+ needs an item: the end comes too soon
        driver.parse("   ", _token)


def test_a_rejected_token_can_be_recovered_from():
    driver = Driver(_lark())
    seen = []

    def recover(error, interactive):
        seen.append(error.token.value)
        return True  # skip it

    driver.parse("one ) two", _token, recover)
    assert seen == [")"]


def test_grammars_the_driver_cannot_lex_as_lark_does_are_refused():
    low_whitespace = GRAMMAR.replace("_WS.10", "_WS")  # ignored text below NUMBER.2
    driver = Driver(Lark(low_whitespace, parser="lalr", lexer="contextual"))
    with pytest.raises(ValueError, match="ignored terminals"):
        driver.parse("one", _token)
    embedded = 'start: WORD+ | "if"\nWORD: /[a-z]+/\n%ignore " "\n'
    with pytest.raises(ValueError, match="also matched by"):
        Driver(Lark(embedded, parser="lalr", lexer="contextual"))


def test_run_tokens_with_nothing_between_them_are_never_joined():
    driver = Driver(Lark("start: W+\nW: /[a-z]/\n", parser="lalr", lexer="contextual"), runs=("W",))
    fed = _Count()
    for _ in range(3):
        driver.parse("abc", fed)
    assert [v for _, v, _ in fed.fed] == ["a", "b", "c"] * 3


def test_a_span_of_the_text_parses_as_if_it_were_the_whole_text():
    fed = _Count()
    positions = []

    def make(type_, value, start, end, prefix):
        positions.append((start, end))
        return fed(type_, value, start, end, prefix)

    text = "one 2 (three) four"
    Driver(_lark()).parse(text, make, start=4, end=13)
    assert [v for _, v, _ in fed.fed] == ["2", "(", "three", ")"]
    assert positions[0] == (4, 5) and positions[-1] == (12, 13)  # the whole text's offsets
    with pytest.raises(UnexpectedToken):  # the span ends inside the parentheses
        Driver(_lark()).parse(text, _token, start=4, end=9)


def test_a_scanner_kept_on_disk_matches_as_the_pattern_compiled_afresh(tmp_path, monkeypatch):
    """lalr.compiled keeps the regex engine's code of a scanner between processes: read
    back, it matches as re.compile's; a kept file that is damaged or holds another pattern
    is compiled afresh."""
    import re

    from tagtext.syntax import lalr

    monkeypatch.setattr(lalr, "cache_folder", lambda: str(tmp_path))
    pattern = r"[ \t]*+(?:(?P<WORD>[a-z]+(?:'s)?)|(?P<NUMBER>\d+)|(?P<PUNCT>[.,]))"
    text = "Draw 2 cards, then your opponent's turn."
    first = lalr.compiled(pattern)  # compiled and kept
    (kept,) = tmp_path.iterdir()
    again = lalr.compiled(pattern)  # read back
    fresh = re.compile(pattern)
    for pos in range(len(text)):
        a, b, c = first.match(text, pos), again.match(text, pos), fresh.match(text, pos)
        assert (a and (a.span(), a.lastgroup)) == (b and (b.span(), b.lastgroup)) == (c and (c.span(), c.lastgroup))
    assert again.groupindex == fresh.groupindex
    kept.write_text('["not this pattern", 0, [1, 2, 3], 0, {}, []]', encoding="utf-8")
    assert lalr.compiled(pattern).match("opponent's").lastgroup == "WORD"
    kept.write_text("{damaged", encoding="utf-8")
    assert lalr.compiled(pattern).match("12").lastgroup == "NUMBER"


def test_scanners_are_kept_only_in_a_private_folder_of_ones_own(tmp_path):
    """A link planted under the folder's name (even to a folder of one's own), or a folder
    others can write in, is not used: the scanners are compiled as usual."""
    import os

    from tagtext.syntax import lalr

    user = os.getuid()
    own = tmp_path / "own"
    assert lalr._own_private_folder(str(own), user) and own.is_dir() and (own.stat().st_mode & 0o777) == 0o700
    link = tmp_path / "link"
    link.symlink_to(own)
    assert not lalr._own_private_folder(str(link), user)
    shared = tmp_path / "shared"
    shared.mkdir()
    shared.chmod(0o777)
    assert not lalr._own_private_folder(str(shared), user)
    assert not lalr._own_private_folder(str(own), user + 1)  # someone else's
    afile = tmp_path / "afile"
    afile.write_text("")
    assert not lalr._own_private_folder(str(afile), user)


def test_a_private_folder_is_not_used_where_others_could_swap_it(tmp_path):
    """In a folder anyone may write to without the sticky bit, someone else could rename
    the private folder away after the check and put theirs in its place: not used. In a
    sticky one (as /tmp is) only its owner may rename it: used."""
    import os

    from tagtext.syntax import lalr

    user = os.getuid()
    open_to_all = tmp_path / "open"
    open_to_all.mkdir()
    open_to_all.chmod(0o777)
    assert not lalr._own_private_folder(str(open_to_all / "cache"), user)
    sticky = tmp_path / "sticky"
    sticky.mkdir()
    sticky.chmod(0o1777)
    assert lalr._own_private_folder(str(sticky / "cache"), user)


def _rewrite_with_tmpdir(tmpdir):
    import os
    import subprocess
    import sys

    env = dict(os.environ, TMPDIR=str(tmpdir))
    done = subprocess.run([sys.executable, "-m", "tagtext", "rewrite", "Both players draw 2 cards."],
                          env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout == "All players draw 2 cards.\n"


def test_lark_tables_are_kept_only_in_the_private_folder(tmp_path):
    """Lark's parse tables are a pickle: they are kept in the private cache folder, never
    as Lark's own `cache=True` file in the shared temporary directory (a predictable name
    anyone could plant code under, unpickled before any check, and written through a link)."""
    shared = tmp_path / "tmp"
    shared.mkdir()
    shared.chmod(0o1777)
    _rewrite_with_tmpdir(shared)
    (folder,) = shared.iterdir()
    assert folder.name.startswith(".tagtext_cache_") and folder.is_dir()
    assert any(p.name.startswith("lark_") and p.suffix == ".pickle" for p in folder.iterdir())
    _rewrite_with_tmpdir(shared)  # read back
    assert [p.name for p in shared.iterdir()] == [folder.name]


def test_without_a_private_folder_nothing_is_kept(tmp_path):
    """Where the private folder's name is taken (here by a file), the tables and scanners
    are compiled every run and nothing is written to the temporary directory."""
    import os

    from tagtext.syntax import lalr

    shared = tmp_path / "tmp"
    shared.mkdir()
    probe = shared / "probe"
    # the folder's name for this Python and user, taken by a file
    lalr.cache_folder.cache_clear()
    try:
        import tempfile
        old, tempfile.tempdir = tempfile.tempdir, str(probe)
        probe.mkdir()
        name = os.path.basename(lalr.cache_folder())
    finally:
        tempfile.tempdir = old
        lalr.cache_folder.cache_clear()
    (shared / name).write_text("not a folder")
    _rewrite_with_tmpdir(shared)
    assert sorted(p.name for p in shared.iterdir()) == sorted([name, "probe"])
    assert (shared / name).read_text() == "not a folder"
