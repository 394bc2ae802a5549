"""The errata site in a real browser: headless Chromium (Debian's chromium and
chromium-driver) driven by Selenium, the site served on localhost by http.server.

Two sites are checked:

- the site of the *real* database, as the compiler converts it today. What to look for
  is taken from that conversion (a card it changed, that card's edits), never hard-coded,
  since the rules are still being written; checks that need a changed card are skipped,
  saying so, while the conversion changes none;
- the site of the crafted database (conftest.py), for checks that need known content:
  highlighting, HTML in card text, the filter, rule links, file://, the phone layout.

Screenshots go to artifacts/errata/ (or $TAGTEXT_ARTIFACTS); their paths are printed.
Without chromium and chromedriver, or with $TAGTEXT_SKIP_BROWSER set, the tests are
skipped, unless $TAGTEXT_REQUIRE_BROWSER is set (scripts/test.sh sets it once they are
installed; .ci/run always), when they fail instead.
"""

from __future__ import annotations

from tagtext import packs

import contextlib
import functools
import os
import shutil
import tempfile
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from tagtext.packs.tag_tamer import carddb as digimon_cards
from tagtext import carddb
from tagtext.errata import build_model, write_errata
from tagtext.packs.tag_tamer import PACK

RULES = PACK.rules

ARTIFACTS = Path(os.environ.get("TAGTEXT_ARTIFACTS") or Path(__file__).resolve().parents[2] / "artifacts") / "errata"
CHROMIUM_FLAGS = (
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    "--disable-dev-shm-usage",
)


# ----------------------------------------------------------------------------- plumbing

def _binary(*names: str) -> str | None:
    for name in names:
        found = shutil.which(name) or (f"/usr/bin/{name}" if os.path.exists(f"/usr/bin/{name}") else None)
        if found:
            return found
    return None


@pytest.fixture(scope="module")
def browser():
    if os.environ.get("TAGTEXT_SKIP_BROWSER") and not os.environ.get("TAGTEXT_REQUIRE_BROWSER"):
        pytest.skip("TAGTEXT_SKIP_BROWSER is set (scripts/test.sh sets it where chromium cannot be installed)")
    chromium, driver_path = _binary("chromium", "chromium-browser"), _binary("chromedriver")
    if not (chromium and driver_path):
        message = "needs Debian's chromium and chromium-driver (apt-get install chromium chromium-driver)"
        if os.environ.get("TAGTEXT_REQUIRE_BROWSER"):
            pytest.fail(message)
        pytest.skip(message)
    from selenium import webdriver
    from selenium.webdriver.chrome.options import Options
    from selenium.webdriver.chrome.service import Service

    profile = tempfile.mkdtemp(prefix="tagtext-chromium-")
    options = Options()
    options.binary_location = chromium
    for flag in CHROMIUM_FLAGS:
        options.add_argument(flag)
    options.add_argument(f"--user-data-dir={profile}")
    options.add_argument("--window-size=1280,1000")
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    # A driver path given: Selenium Manager (which would download a driver) is not run.
    driver = webdriver.Chrome(options=options, service=Service(driver_path))
    try:
        yield driver
    finally:
        driver.quit()
        shutil.rmtree(profile, ignore_errors=True)


class _QuietHandler(SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


@contextlib.contextmanager
def _serve(directory: Path):
    """Serve ``directory`` on localhost in a thread; yields the base URL."""
    server = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_QuietHandler, directory=str(directory)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}/"
    finally:
        server.shutdown()
        server.server_close()
        thread.join()


@pytest.fixture
def screenshot(request, browser):
    """Save a screenshot of the page (or of one element) and print where it went."""
    def take(name: str, element=None) -> Path:
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        path = ARTIFACTS / f"{name}.png"
        if element is not None:
            # Off-screen cards are laid out on demand (content-visibility): scroll to the
            # element and let two frames pass so its box is final before it is captured.
            browser.execute_async_script(
                "const [el, done] = arguments; el.scrollIntoView({block: 'start'});"
                "requestAnimationFrame(() => requestAnimationFrame(() => done()));", element)
        ok = element.screenshot(str(path)) if element is not None else browser.save_screenshot(str(path))
        assert ok and path.stat().st_size > 0
        capture = request.config.pluginmanager.get_plugin("capturemanager")
        with capture.global_and_fixture_disabled() if capture else contextlib.nullcontext():
            print(f"\nscreenshot: {path}", flush=True)
        return path
    return take


def _visible_cards(driver) -> list[str]:
    return driver.execute_script(
        "return Array.from(document.querySelectorAll('article.card'))"
        ".filter(a => a.offsetParent !== null).map(a => a.dataset.card);")


def _type_filter(driver, text: str) -> None:
    """Type ``text`` into the filter box (replacing what is there) and wait until the
    list shows it: on a long list the filter waits for a pause in typing."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys
    from selenium.webdriver.support.ui import WebDriverWait

    box = driver.find_element(By.ID, "filter")
    box.send_keys(Keys.CONTROL, "a")
    box.send_keys(Keys.BACKSPACE)
    if text:
        box.send_keys(text)
    WebDriverWait(driver, 10).until(lambda d: box.get_attribute("data-applied") == text)


def _severe_console_messages(driver) -> list[str]:
    return [entry["message"] for entry in driver.get_log("browser") if entry["level"] == "SEVERE"]


def _text(element) -> str:
    return element.get_attribute("textContent")


def _background(driver, element) -> str:
    return driver.execute_script("return getComputedStyle(arguments[0]).backgroundColor;", element)


def _rect(driver, element) -> dict:
    return driver.execute_script("return arguments[0].getBoundingClientRect().toJSON();", element)


# ----------------------------------------------------------------------------- the real database

@pytest.fixture(scope="module")
def real(tmp_path_factory, real_batch):
    """The real database's site (from its conversion, done once), served."""
    batch = real_batch
    root = tmp_path_factory.mktemp("real") / "site"
    write_errata(build_model(batch, packs.get("tag-tamer").rulings(), digimon_cards.shipped_source()), root)
    with _serve(root) as url:
        yield batch, url


def _shown(batch) -> list:
    return [c for c in batch.cards if any(r.changed or r.ruling for r in c.results.values())]


def _an_edited_text(batch, edits_rebuild):
    """A (card, field, result) the conversion edited (with edits that are right), or None.
    The text with the most edits is taken, ties to the first card."""
    candidates = [(c.card, field, r) for c in batch.cards for field, r in c.results.items()
                  if r.edits and any(e.after for e in r.edits) and edits_rebuild(r)]
    return max(candidates, key=lambda x: len(x[2].edits), default=None)


def test_real_site_shows_what_the_conversion_changed(browser, real, screenshot):
    from selenium.webdriver.common.by import By

    batch, url = real
    browser.set_window_size(1280, 1000)
    browser.get(url + "index.html")
    assert browser.title == "Cards \u00b7 Tag Tamer errata"
    shown = _shown(batch)
    assert sorted(_visible_cards(browser)) == sorted(c.card.id for c in shown)
    if shown:
        assert browser.find_element(By.ID, "filter-count").text == f"{len(shown)} cards"
    # the stylesheet and the script loaded (a missing file would be a console error)
    header = browser.find_element(By.CSS_SELECTOR, "header.site")
    assert browser.execute_script("return getComputedStyle(arguments[0]).borderBottomStyle;", header) == "solid"
    assert _severe_console_messages(browser) == []
    # a wide screen has room for the set chips: unfolded
    assert browser.find_element(By.CSS_SELECTOR, "details.sets").get_attribute("open") is not None
    assert browser.find_element(By.CSS_SELECTOR, "nav.sets").is_displayed()
    screenshot("real-index")
    browser.get(url + "maintainers.html#data-source")
    heading = digimon_cards.shipped_source().splitlines()[0].lstrip("# ").strip()
    assert heading in browser.find_element(By.CSS_SELECTOR, "#data-source .attribution").text


def test_real_site_highlights_an_edit_of_a_changed_card(browser, real, screenshot, edits_rebuild):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    batch, url = real
    picked = _an_edited_text(batch, edits_rebuild)
    if picked is None:
        pytest.skip(f"the conversion of the real database edits no text yet ({batch.summary()['rewritten']} rewritten)")
    card, field, result = picked
    browser.set_window_size(1280, 1000)
    browser.get(url + f"index.html#card-{card.id}")
    article = browser.find_element(By.ID, f"card-{card.id}")
    assert article.is_displayed()
    # the link lands on the card (within a few frames): its top on screen, below the
    # sticky filter bar
    bar = browser.find_element(By.CSS_SELECTOR, ".filter")

    def landed(driver):
        top = _rect(driver, article)["top"]
        return _rect(driver, bar)["bottom"] <= top < driver.execute_script("return innerHeight;")
    WebDriverWait(browser, 3).until(landed, f"#card-{card.id} is not on screen: {_rect(browser, article)}")
    assert _text(article.find_element(By.CSS_SELECTOR, ".cid")) == card.id
    block = article.find_element(By.CSS_SELECTOR, f'div.text[data-field="{field}"]')
    printed = block.find_element(By.CSS_SELECTOR, ".printed .cardtext")
    tagtamer = block.find_element(By.CSS_SELECTOR, ".tagtamer .cardtext")
    assert _text(printed) == result.original
    assert _text(tagtamer) == result.text
    inserted = tagtamer.find_elements(By.CSS_SELECTOR, "ins.edit")
    assert [_text(i) for i in inserted] == [e.after for e in result.edits if e.after]
    assert [_text(d) for d in printed.find_elements(By.CSS_SELECTOR, "del.edit")] == [e.before for e in result.edits if e.before]
    side = block.find_element(By.CSS_SELECTOR, ".tagtamer")
    assert _background(browser, inserted[0]) != _background(browser, side)  # visibly highlighted
    links = block.find_elements(By.CSS_SELECTOR, "ol.why a.rule")
    assert [link.get_attribute("href").rsplit("#", 1)[1] for link in links] == [
        f"rule-{r}" for e in result.edits for r in e.rules]
    screenshot(f"real-card-{card.id}", article)


def test_real_site_filter_narrows_the_list(browser, real, edits_rebuild):
    batch, url = real
    shown = _shown(batch)
    if len(shown) < 2:
        pytest.skip(f"the filter needs two cards on the page; the conversion changes {len(shown)}")
    picked = _an_edited_text(batch, edits_rebuild)
    target = picked[0] if picked else shown[0].card
    browser.get(url + "index.html")
    _type_filter(browser, target.id)
    visible = _visible_cards(browser)
    assert target.id in visible and len(visible) < len(shown)
    texts = browser.execute_script(
        "return Array.from(document.querySelectorAll('article.card'))"
        ".filter(a => a.offsetParent !== null).map(a => a.textContent.toLowerCase());")
    assert all(target.id.lower() in t for t in texts)
    _type_filter(browser, "")
    assert len(_visible_cards(browser)) == len(shown)


def test_real_site_rule_links_resolve(browser, real):
    from selenium.webdriver.common.by import By

    batch, url = real
    browser.get(url + "rules.html")
    for rule in RULES:
        assert browser.find_element(By.ID, f"rule-{rule.id}").is_displayed()
    browser.get(url + "index.html")
    hrefs = sorted(set(browser.execute_script(
        "return Array.from(document.querySelectorAll('a.rule')).map(a => a.href);")))
    if not hrefs:  # no edits today: follow the rules page's own contents instead
        browser.get(url + "rules.html")
        hrefs = [a.get_attribute("href") for a in browser.find_elements(By.CSS_SELECTOR, "nav.toc a")]
        assert len(hrefs) == len(RULES) + 1
    for href in hrefs:
        browser.get(href)
        fragment = href.rsplit("#", 1)[1]
        assert browser.execute_script("return document.getElementById(arguments[0]) !== null;", fragment), href


# ----------------------------------------------------------------------------- the crafted database

@pytest.fixture(scope="module")
def crafted_url(crafted_site_once):
    with _serve(crafted_site_once.root) as url:
        yield url


def test_crafted_site_highlights_each_edit_on_both_sides(browser, crafted_site_once, crafted_url, screenshot):
    from selenium.webdriver.common.by import By

    result = crafted_site_once.crafted.by_id["TT1-002"].results["effect"]
    browser.set_window_size(1280, 1000)
    browser.get(crafted_url + "index.html")
    block = browser.find_element(By.CSS_SELECTOR, '#card-TT1-002 div.text[data-field="effect"]')
    inserted = block.find_elements(By.CSS_SELECTOR, ".tagtamer ins.edit")
    deleted = block.find_elements(By.CSS_SELECTOR, ".printed del.edit")
    assert [i.text for i in inserted] == [e.after for e in result.edits]
    assert [d.text for d in deleted] == [e.before for e in result.edits]
    side = block.find_element(By.CSS_SELECTOR, ".tagtamer")
    for element in inserted + deleted:
        assert element.is_displayed()
        assert _background(browser, element) not in (_background(browser, side), "rgba(0, 0, 0, 0)")
    # the edit's number is drawn after it (CSS), not part of the text
    number = browser.execute_script(
        "return getComputedStyle(arguments[0], '::after').content;", inserted[1])
    assert number == '"2"'
    assert _severe_console_messages(browser) == []
    screenshot("crafted-index")


def test_crafted_site_shows_html_in_card_text_as_text_and_runs_none_of_it(browser, crafted_site_once, crafted_url):
    from selenium.webdriver.common.by import By

    card = crafted_site_once.crafted.db.by_id()["TT1-001"]
    browser.get(crafted_url + "index.html")
    assert browser.execute_script("return window.__pwned === undefined;")
    article = browser.find_element(By.ID, "card-TT1-001")
    assert _text(article.find_element(By.CSS_SELECTOR, ".printed .cardtext")) == card.texts["effect"]
    assert article.find_element(By.CSS_SELECTOR, ".cname").text == card.name
    for selector in ("script", "img", "b", ".cardtext *:not(del):not(ins)"):
        assert article.find_elements(By.CSS_SELECTOR, selector) == [], selector
    assert len(browser.find_elements(By.CSS_SELECTOR, "script")) == 1  # the site's filter


def test_crafted_site_filter_narrows_hides_empty_sets_and_restores(browser, crafted_url):
    from selenium.webdriver.common.by import By

    browser.get(crafted_url + "index.html")
    everything = _visible_cards(browser)
    assert everything == ["BT7-040", "TT1-001", "TT1-002", "TT2-001", "TT2-002"]
    _type_filter(browser, "GABUMON")
    assert _visible_cards(browser) == ["TT1-002"]
    assert browser.find_element(By.ID, "filter-count").text == "1 of 5 cards"
    assert not browser.find_element(By.ID, "set-TT2").is_displayed()
    assert "empty" in browser.find_element(By.CSS_SELECTOR, '[data-group-link="set-TT2"]').get_attribute("class")
    _type_filter(browser, "tentomon security")  # every word must match
    assert _visible_cards(browser) == ["TT2-001"]
    _type_filter(browser, "team's combined")  # words of the Tag Tamer text match too
    assert _visible_cards(browser) == ["TT1-002"]
    _type_filter(browser, "no such card anywhere")
    assert _visible_cards(browser) == []
    assert browser.find_element(By.ID, "filter-empty").is_displayed()
    _type_filter(browser, "")
    assert _visible_cards(browser) == everything
    assert not browser.find_element(By.ID, "filter-empty").is_displayed()


def test_crafted_site_rule_link_lands_on_the_rule(browser, crafted_url):
    from selenium.webdriver.common.by import By

    browser.get(crafted_url + "index.html")
    link = browser.find_element(By.CSS_SELECTOR, '#card-TT1-002 div.text[data-field="effect"] ol.why a.rule')
    assert link.text == "Hand sizes count the team's combined hands"
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'});", link)
    link.click()
    assert browser.current_url == crafted_url + "rules.html#rule-hand-size"
    target = browser.find_element(By.ID, "rule-hand-size")
    assert "Hand sizes count the team's combined hands" in target.find_element(By.TAG_NAME, "h2").text
    assert abs(_rect(browser, target)["top"]) < 2  # scrolled to it
    example = target.find_element(By.CSS_SELECTOR, ".example-head a")
    assert example.get_attribute("href") == crafted_url + "index.html#card-TT1-002"


def test_crafted_site_works_from_file_urls(browser, crafted_site_once):
    from selenium.webdriver.common.by import By

    browser.get((crafted_site_once.root / "index.html").as_uri())
    header = browser.find_element(By.CSS_SELECTOR, "header.site")
    assert browser.execute_script("return getComputedStyle(arguments[0]).borderBottomStyle;", header) == "solid"
    _type_filter(browser, "rasenmon")
    assert _visible_cards(browser) == ["BT7-040"]


def test_crafted_site_reads_on_a_phone(browser, crafted_url, screenshot):
    from selenium.webdriver.common.by import By

    try:
        browser.set_window_size(390, 844)
        browser.get(crafted_url + "index.html")
        width = browser.execute_script("return window.innerWidth;")
        assert width <= 420
        printed = browser.find_element(By.CSS_SELECTOR, "#card-TT1-001 .printed")
        tagtamer = browser.find_element(By.CSS_SELECTOR, "#card-TT1-001 .tagtamer")
        assert _rect(browser, tagtamer)["top"] >= _rect(browser, printed)["bottom"]  # stacked
        assert browser.execute_script("return document.documentElement.scrollWidth;") <= width  # no sideways scroll
        assert browser.execute_script(
            "return parseFloat(getComputedStyle(document.querySelector('.cardtext')).fontSize);") >= 14
        screenshot("crafted-phone")
    finally:
        browser.set_window_size(1280, 1000)
    browser.get(crafted_url + "index.html")
    printed = browser.find_element(By.CSS_SELECTOR, "#card-TT1-001 .printed")
    tagtamer = browser.find_element(By.CSS_SELECTOR, "#card-TT1-001 .tagtamer")
    assert _rect(browser, tagtamer)["top"] == _rect(browser, printed)["top"]  # side by side
    assert _rect(browser, tagtamer)["left"] > _rect(browser, printed)["right"]


# ----------------------------------------------------------------------------- the real site on a phone

#: words of the notes under each card and of the footer that a line break cuts in two
#: (a word as wide as the line or wider may be cut: there is no other way)
_CUT_WORDS = """
const out = [];
for (const root of arguments[0]) {
  const width = root.getBoundingClientRect().width;
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const re = /\\S+/g;
    let m;
    while ((m = re.exec(node.data))) {
      const range = document.createRange();
      range.setStart(node, m.index);
      range.setEnd(node, m.index + m[0].length);
      const tops = new Set(Array.from(range.getClientRects()).filter(r => r.width > 0).map(r => Math.round(r.top)));
      if (tops.size > 1 && range.getBoundingClientRect().width < width) { out.push(m[0]); }
    }
  }
}
return out;
"""


@pytest.fixture
def phone(browser):
    browser.set_window_size(390, 844)
    try:
        yield browser
    finally:
        browser.set_window_size(1280, 1000)


def _wait_settled(driver):
    driver.execute_async_script(
        "const done = arguments[0]; requestAnimationFrame(() => requestAnimationFrame(() => done()));")


def _first_visible_card_on_screen(driver) -> str:
    """The first card the filter left, checked to be on screen below the filter bar."""
    info = driver.execute_script(
        "const a = Array.from(document.querySelectorAll('article.card')).find(a => a.offsetParent !== null);"
        "const bar = document.querySelector('.filter').getBoundingClientRect();"
        "const r = a.getBoundingClientRect();"
        "return {card: a.dataset.card, top: r.top, barBottom: bar.bottom, height: innerHeight};")
    assert info["barBottom"] - 1 <= info["top"] < info["height"] * 0.75, info
    return info["card"]


def test_real_site_on_a_phone_filter_first_and_the_first_match_shown(phone, real, screenshot):
    """Issue 12: at 390x844 the 57 set chips pushed the filter to y = 813. The filter comes
    first, the chips are folded; filtering shows the first match, and the filter is kept in
    the address (?q=) so that the filtered view can be shared, and is restored from it."""
    from selenium.webdriver.common.by import By

    batch, url = real
    shown = _shown(batch)
    if len(shown) < 3:
        pytest.skip(f"the phone checks need cards on the page; the conversion changes {len(shown)}")
    phone.get(url + "index.html")
    height = phone.execute_script("return innerHeight;")
    box = phone.find_element(By.ID, "filter")
    assert _rect(phone, box)["bottom"] < height * 0.6, _rect(phone, box)  # was below the first screen
    sets = phone.find_element(By.CSS_SELECTOR, "details.sets")
    assert sets.get_attribute("open") is None and not phone.find_element(By.CSS_SELECTOR, "nav.sets").is_displayed()
    assert _rect(phone, sets)["bottom"] < height  # the fold is on the first screen too
    assert phone.execute_script("return document.documentElement.scrollWidth;") <= phone.execute_script("return innerWidth;")
    screenshot("phone-top")
    sets.find_element(By.TAG_NAME, "summary").click()  # unfolds on a tap
    assert phone.find_element(By.CSS_SELECTOR, "nav.sets").is_displayed()
    sets.find_element(By.TAG_NAME, "summary").click()

    # filter from the bottom of the page for a card far down the list
    target = shown[-1].card
    phone.execute_script("window.scrollTo(0, document.documentElement.scrollHeight);")
    _type_filter(phone, target.name)
    _wait_settled(phone)
    first = _first_visible_card_on_screen(phone)
    heading = phone.execute_script(
        "return Array.from(document.querySelectorAll('section.set')).find(s => s.offsetParent !== null)"
        ".querySelector('h2').getBoundingClientRect().top;")
    assert heading >= _rect(phone, phone.find_element(By.CSS_SELECTOR, ".filter"))["bottom"] - 1  # its set's heading too
    assert first in [c.card.id for c in shown if target.name.lower() in c.card.name.lower()]
    query = phone.execute_script("return location.search;")
    assert query == "?q=" + target.name.replace(" ", "+") or query.startswith("?q="), query
    screenshot("phone-filtered")

    # the address restores the view, in a fresh page
    shared = phone.current_url
    phone.get(url + "index.html")
    assert phone.find_element(By.ID, "filter").get_attribute("value") == ""
    phone.get(shared)
    box = phone.find_element(By.ID, "filter")
    assert box.get_attribute("value") == target.name
    assert all(target.name.lower() in t for t in phone.execute_script(
        "return Array.from(document.querySelectorAll('article.card')).filter(a => a.offsetParent !== null)"
        ".map(a => a.textContent.toLowerCase());"))
    _wait_settled(phone)
    assert _first_visible_card_on_screen(phone) == first
    # clearing the box clears the address
    _type_filter(phone, "")
    assert phone.execute_script("return location.search;") == ""


def test_real_site_on_a_phone_full_width_brackets_render(phone, real, screenshot):
    """＜ ＞ (and ・ ，) were empty boxes where no installed font has them (this machine has
    DejaVu alone): the site's own font draws them, a full em wide; a box (the primary
    font's missing-glyph sign) is narrower."""
    from selenium.webdriver.common.by import By

    batch, url = real
    card = next((c.card for c in _shown(batch) if any("\uff1c" in t for t in c.card.texts.values())), None)
    if card is None:
        pytest.skip("no card on the page has ＜ in its text")
    phone.get(url + f"index.html#card-{card.id}")
    article = phone.find_element(By.ID, f"card-{card.id}")
    phone.execute_script("arguments[0].scrollIntoView({block: 'start'});", article)
    phone.execute_async_script("document.fonts.ready.then(() => arguments[0]());")
    _wait_settled(phone)
    widths = phone.execute_script("""
        const text = arguments[0].querySelector('.printed .cardtext');
        const size = parseFloat(getComputedStyle(text).fontSize);
        const out = [];
        const walker = document.createTreeWalker(text, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          for (let i = 0; i < node.data.length; i++) {
            if ('\uff1c\uff1e\u30fb\uff0c'.includes(node.data[i])) {
              const r = document.createRange(); r.setStart(node, i); r.setEnd(node, i + 1);
              out.push(r.getBoundingClientRect().width / size);
            }
          }
        }
        return out;""", article)
    assert widths and all(abs(w - 1) < 0.05 for w in widths), widths
    assert phone.execute_script("return document.fonts.check('16px \"Tagtext Fullwidth\"', '\uff1c\uff1e');")
    screenshot(f"phone-card-{card.id}", article)


def test_real_site_on_a_phone_notes_and_footer_keep_words_whole(phone, real, screenshot):
    from selenium.webdriver.common.by import By

    batch, url = real
    phone.get(url + "index.html")
    notes = phone.find_elements(By.CSS_SELECTOR, "ol.why")[:300]
    footer = phone.find_element(By.CSS_SELECTOR, "footer.site")
    for element in notes:  # laid out (content-visibility skips cards off screen)
        phone.execute_script("arguments[0].closest('article').style.contentVisibility = 'visible';", element)
    assert phone.execute_script(_CUT_WORDS, notes + [footer]) == []
    # the footer speaks to readers: no commands, no paths, no commits
    text = footer.text
    assert "\u00a9 Bandai" in text and "Rules & rulings" in text
    for developer_words in ("tagtext convert", "commit", ".json.gz", "packages/", "--"):
        assert developer_words not in text, developer_words
    for _ in range(3):  # the cards above settle their sizes as they are drawn
        phone.execute_script("window.scrollTo(0, document.documentElement.scrollHeight);")
        _wait_settled(phone)
    screenshot("phone-footer")
    phone.get(url + "maintainers.html#data-source")
    assert phone.find_element(By.ID, "data-source").is_displayed()


def test_crafted_site_filter_in_the_address_from_file_urls(browser, crafted_site_once):
    """?q= restores the filter when the site is opened from disk as well."""
    from selenium.webdriver.common.by import By

    browser.get((crafted_site_once.root / "index.html").as_uri() + "?q=gabumon")
    assert browser.find_element(By.ID, "filter").get_attribute("value") == "gabumon"
    assert _visible_cards(browser) == ["TT1-002"]
    _type_filter(browser, "tentomon security")
    assert _visible_cards(browser) == ["TT2-001"]
    assert _severe_console_messages(browser) == []


# ----------------------------------------------------------------------------- issue 21: the site's rough edges

def test_crafted_site_summary_counts_the_cards_the_filter_shows(browser, crafted_url):
    from selenium.webdriver.common.by import By

    browser.get(crafted_url + "index.html")
    shown = browser.find_element(By.ID, "cards-shown")
    assert shown.text == "5"
    _type_filter(browser, "gabumon")
    assert shown.text == str(len(_visible_cards(browser))) == "1"
    _type_filter(browser, "no such card anywhere")
    assert shown.text == "0"
    _type_filter(browser, "")
    assert shown.text == "5"


def test_crafted_rules_contents_columns_do_not_overlap(browser, crafted_url, screenshot):
    """The contents of the rules page in two columns: the second column's numbers used to
    sit on the end of the first column's lines ("(rule 3)6.")."""
    browser.set_window_size(1280, 1000)
    browser.get(crafted_url + "rules.html")
    boxes = browser.execute_script("""
        return Array.from(document.querySelectorAll('nav.toc li')).map(li => {
          const r = li.getBoundingClientRect();
          const text = Array.from(li.querySelector('a').getClientRects());
          return {left: r.left, top: r.top, bottom: r.bottom,
                  textRight: Math.max(...text.map(t => t.right))};
        });""")
    columns = sorted({round(b["left"]) for b in boxes})
    assert len(columns) == 2, boxes
    first = [b for b in boxes if round(b["left"]) == columns[0]]
    second = [b for b in boxes if round(b["left"]) == columns[1]]
    marker = browser.execute_script(
        "return parseFloat(getComputedStyle(document.querySelector('nav.toc li')).fontSize) * 1.6;")
    # the second column's numbers (drawn left of its items) start after the first column's text ends
    assert columns[1] - marker > max(b["textRight"] for b in first), (columns, marker, first)
    assert second
    screenshot("crafted-rules-contents", browser.find_element("css selector", "nav.toc"))


def test_crafted_site_prints_the_cards_without_page_furniture(browser, crafted_url):
    from selenium.webdriver.common.by import By

    browser.get(crafted_url + "index.html")
    browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "print"})
    try:
        display = lambda css: browser.execute_script(  # noqa: E731
            "return getComputedStyle(document.querySelector(arguments[0])).display;", css)
        assert display(".filter") == display("details.sets") == display("header.site nav") == "none"
        assert display("article.card") != "none"
        card = browser.find_element(By.ID, "card-TT1-002")
        style = browser.execute_script(
            "const s = getComputedStyle(arguments[0]); return [s.breakInside, s.contentVisibility];", card)
        assert style == ["avoid", "visible"]
        ins = card.find_element(By.CSS_SELECTOR, "ins.edit")
        assert browser.execute_script("const s = getComputedStyle(arguments[0]);"
                                      "return [s.backgroundColor, s.fontWeight, s.textDecorationLine];", ins) == \
            ["rgba(0, 0, 0, 0)", "700", "underline"]          # marked without colour: paper may be grey
        # a rule's link is a link, not a rules-page section (whose rule drew a line over it)
        link = card.find_element(By.CSS_SELECTOR, "ol.why a.rule")
        assert browser.execute_script("return getComputedStyle(arguments[0]).borderTopStyle;", link) == "none"
    finally:
        browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": ""})


def test_the_full_width_comma_has_a_tail(browser, crafted_url):
    """The site's own font drew "，" as a dot with a stub, which read as a full stop: its ink
    below the baseline is now a real tail, and the glyph is taller than it is wide."""
    browser.get(crafted_url + "index.html")
    ink = browser.execute_async_script("""
        const done = arguments[0];
        document.fonts.load('200px "Tagtext Fullwidth"', '\uff0c').then(() => {
          const c = document.createElement('canvas'); c.width = 400; c.height = 400;
          const x = c.getContext('2d'); x.font = '200px "Tagtext Fullwidth"';
          x.fillText('\uff0c', 100, 200);
          const px = x.getImageData(0, 0, 400, 400).data;
          let above = 0, below = 0, minx = 400, maxx = 0, miny = 400, maxy = 0;
          for (let y = 0; y < 400; y++) for (let i = 0; i < 400; i++) {
            if (px[(y * 400 + i) * 4 + 3] > 128) {
              if (y < 200) { above++; } else { below++; }
              minx = Math.min(minx, i); maxx = Math.max(maxx, i); miny = Math.min(miny, y); maxy = Math.max(maxy, y);
            }
          }
          done({above, below, width: maxx - minx + 1, height: maxy - miny + 1});
        });""")
    # the stubbed dot: 34 pixels below for 469 above, 38 high for 28 wide
    assert ink["below"] >= 0.3 * ink["above"] and ink["height"] >= 1.6 * ink["width"], ink


def _png_ink(path: Path, top: float = 1.0) -> float:
    """The share of pixels that are not white in the top ``top`` of a PNG screenshot
    (8-bit RGB or RGBA, as Chromium writes them)."""
    import struct
    import zlib

    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    pos, chunks, header = 8, [], None
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            chunks.append(body)
        pos += 12 + length
    width, height, depth, color = header[:4]
    assert depth == 8 and color in (2, 6), header
    channels = 3 if color == 2 else 4
    raw = zlib.decompress(b"".join(chunks))
    stride = width * channels
    rows, previous, pos = [], bytearray(stride), 0
    for _ in range(height):
        kind, line = raw[pos], bytearray(raw[pos + 1:pos + 1 + stride])
        pos += 1 + stride
        for i in range(stride):
            a = line[i - channels] if i >= channels else 0
            b = previous[i]
            c = previous[i - channels] if i >= channels else 0
            if kind == 1:
                line[i] = (line[i] + a) & 255
            elif kind == 2:
                line[i] = (line[i] + b) & 255
            elif kind == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(bytes(line))
        previous = line
    counted = rows[:max(1, int(height * top))]
    ink = sum(1 for row in counted for x in range(0, stride, channels) if min(row[x:x + 3]) < 200)
    return ink / (len(counted) * width)


def _one_shot(url: str, out: Path, size: str = "1280,900") -> Path:
    """A screenshot as `chromium --headless --screenshot URL` takes it: once, at load."""
    import subprocess

    chromium = _binary("chromium", "chromium-browser")
    profile = tempfile.mkdtemp(prefix="tagtext-oneshot-")
    try:
        subprocess.run([chromium, *CHROMIUM_FLAGS, "--hide-scrollbars", f"--user-data-dir={profile}",
                        f"--window-size={size}", f"--screenshot={out}", url],
                       capture_output=True, timeout=120, check=True)
    finally:
        shutil.rmtree(profile, ignore_errors=True)
    assert out.stat().st_size > 0
    return out


def test_a_link_to_a_card_shows_that_card_at_the_top(browser, crafted_site_once, crafted_url, tmp_path):
    """#card-...: the card alone, at the top, with links back to the list; nothing is
    scrolled, so a one-shot headless screenshot of the link shows it (a scrolled page
    came out blank)."""
    from selenium.webdriver.common.by import By

    browser.set_window_size(1280, 1000)
    browser.get(crafted_url + "index.html#card-TT2-001")
    assert _visible_cards(browser) == ["TT2-001"]
    assert browser.execute_script("return scrollY;") == 0
    card = browser.find_element(By.ID, "card-TT2-001")
    assert _rect(browser, card)["top"] < 150
    back = card.find_element(By.CSS_SELECTOR, ".in-list")
    assert back.is_displayed() and [a.get_attribute("href") for a in back.find_elements(By.TAG_NAME, "a")] == [
        crafted_url + "index.html#set-TT2", crafted_url + "index.html"]
    back.find_element(By.TAG_NAME, "a").click()                    # every card of its set, in the list
    assert len(_visible_cards(browser)) == 5 and not card.find_element(By.CSS_SELECTOR, ".in-list").is_displayed()
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    for size in ("1280,900", "390,844"):
        shot = _one_shot((crafted_site_once.root / "index.html").as_uri() + "#card-TT2-001",
                         ARTIFACTS / f"one-shot-card-{size.split(',')[0]}.png", size)
        assert _png_ink(shot, top=0.3) > 0.02, shot                # blank: 0


def test_a_filter_link_renders_in_a_one_shot_screenshot(crafted_site_once, tmp_path):
    shot = _one_shot((crafted_site_once.root / "index.html").as_uri() + "?q=tentomon", tmp_path / "q.png")
    assert _png_ink(shot, top=0.5) > 0.02


@pytest.fixture(scope="module")
def split_url(tmp_path_factory):
    """The crafted site as a large one: one page per set, the index searching every card."""
    import tagtext.errata.site as site_module
    from .conftest import ATTRIBUTION, crafted_batch

    root = tmp_path_factory.mktemp("split") / "site"
    limit = site_module.PAGE_LIMIT
    site_module.PAGE_LIMIT = 2
    try:
        write_errata(crafted_batch().model(ATTRIBUTION), root)
    finally:
        site_module.PAGE_LIMIT = limit
    with _serve(root) as url:
        yield root, url


def test_a_large_site_searches_every_card_from_its_index(browser, split_url, screenshot, tmp_path):
    from selenium.webdriver.common.by import By

    root, url = split_url
    browser.set_window_size(1280, 1000)
    browser.get(url + "index.html")
    assert browser.find_element(By.ID, "groups").is_displayed()
    assert not browser.find_element(By.ID, "search-results").is_displayed()
    _type_filter(browser, "security")
    results = [a.text for a in browser.find_elements(By.CSS_SELECTOR, "#search-results ol.results a")]
    assert results == ["BT7-040 Rasenmon", "TT2-001 Tentomon"]
    _type_filter(browser, "tentomon security")                     # every word must match
    assert browser.find_element(By.ID, "filter-count").text == "1 of 5 cards"
    assert browser.find_element(By.ID, "cards-shown").text == "1"
    assert not browser.find_element(By.ID, "groups").is_displayed()
    assert browser.execute_script("return location.search;") == "?q=tentomon+security"
    _type_filter(browser, "no such card anywhere")
    assert browser.find_element(By.ID, "filter-empty").is_displayed()
    _type_filter(browser, "gabumon")
    screenshot("split-index-search")
    browser.find_element(By.CSS_SELECTOR, "#search-results ol.results a").click()
    assert browser.current_url == url + "cards-TT1.html#card-TT1-002"
    assert _visible_cards(browser) == ["TT1-002"]                  # the card, alone, at the top
    # a shared search opens searched, in a fresh page and in a one-shot screenshot
    browser.get(url + "index.html?q=tentomon")
    assert [a.text for a in browser.find_elements(By.CSS_SELECTOR, "#search-results ol.results a")] == [
        "TT2-001 Tentomon"]
    assert _png_ink(_one_shot((root / "index.html").as_uri() + "?q=tentomon", tmp_path / "q.png"), 0.6) > 0.02
    assert _severe_console_messages(browser) == []
