"""The course's website in Chromium: `course.py book` builds it once into a temporary folder, a server on 127.0.0.1
serves it, and every page is opened as a reader would open it.

On every page: no console error, no failed request, no request that leaves the machine (each one is aborted and
recorded), every image drawn, every link inside the site pointing at a page and an anchor that exist, every formula
typeset by MathJax, every widget board drawn. Then the site's search, from chapter 8's page, finds chapter 8.
"""

from __future__ import annotations

import functools
import http.server
import os
import re
import subprocess
import sys
import threading
import urllib.request
from collections import Counter
from pathlib import Path
from urllib.parse import urldefrag, urlsplit

import nbformat
import pytest

from .conftest import CHROMIUM_FLAGS, ROOT, _screenshot

pytestmark = pytest.mark.browser

CHAPTERS = sorted((ROOT / "chapters").glob("*.ipynb"))
PAGES = ["index.html", "search.html"] + [chapter.with_suffix(".html").name for chapter in CHAPTERS]
IMAGE_TYPES = ("image/svg+xml", "image/png")


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


def built(tmp_path_factory) -> Path:
    """The teacher edition's site, `course.py book`, in a temporary folder."""
    pytest.importorskip("sphinx")
    out = tmp_path_factory.mktemp("book") / "site"
    done = subprocess.run([sys.executable, str(ROOT / "course.py"), "book", "--out", str(out)],
                          capture_output=True, text=True, cwd=ROOT, timeout=600,
                          env=dict(os.environ, PUZZLEKIT_IN_ENV="1"))
    assert done.returncode == 0, done.stdout + done.stderr
    return out


def served(out: Path):
    """Serve the site in `out` on 127.0.0.1: yields (folder, base URL)."""
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(QuietHandler, directory=str(out)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield out, f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture(scope="session")
def site(chromium, tmp_path_factory):
    """The teacher edition's site, served on 127.0.0.1: (folder, base URL)."""
    yield from served(built(tmp_path_factory))


@pytest.fixture(scope="session")
def student_site(chromium, student_book):
    """The student edition's site, the one the workflow publishes (built once per run, tests/conftest.py), served on
    127.0.0.1: (folder, base URL)."""
    yield from served(student_book[0])


class Browser:
    """One Chromium for the module; every request to a host other than 127.0.0.1 is aborted and recorded."""

    def __init__(self, context):
        self.context = context
        self.outside: list[str] = []
        context.route("**/*", self._route)

    def _route(self, route):
        if urlsplit(route.request.url).hostname == "127.0.0.1":
            route.continue_()
        else:
            self.outside.append(route.request.url)
            route.abort()

    def open(self, url: str, width: int = 1280, height: int = 1000):
        """A new page at `url` in a window of `width` x `height` CSS pixels, with what went wrong on it: console
        errors, failed requests, error responses."""
        page = self.context.new_page()
        page.set_viewport_size({"width": width, "height": height})
        page.set_default_timeout(60_000)  # a loaded 2-core machine takes its time; nothing here waits for a clock
        problems: list[str] = []
        page.on("console", lambda message: message.type == "error" and problems.append(f"console: {message.text}"))
        page.on("pageerror", lambda error: problems.append(f"page error: {error}"))
        page.on("requestfailed", lambda request: problems.append(f"failed: {request.url} {request.failure}"))
        page.on("response", lambda response: response.status >= 400 and problems.append(
            f"HTTP {response.status}: {response.url}"))
        page.goto(url, wait_until="load")
        page.wait_for_function("() => Array.from(document.images).every(image => image.complete)")
        page.evaluate("() => window.MathJax && MathJax.startup ? MathJax.startup.promise : null")
        page.evaluate("() => document.fonts.ready.then(() => null)")
        return page, problems


@pytest.fixture(scope="module")
def browser(chromium, tmp_path_factory):
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        context = playwright.chromium.launch_persistent_context(
            str(tmp_path_factory.mktemp("chromium-profile")), executable_path=chromium, headless=True,
            args=CHROMIUM_FLAGS, viewport={"width": 1280, "height": 1000}, timeout=60_000)
        try:
            yield Browser(context)
        finally:
            context.close()


_fetched: dict[str, str] = {}


def fetch(url: str) -> str:
    if url not in _fetched:
        with urllib.request.urlopen(url, timeout=30) as response:
            assert response.status == 200, url
            _fetched[url] = response.read().decode("utf-8", errors="replace")
    return _fetched[url]


def image_outputs(name: str) -> int:
    chapter = ROOT / "chapters" / name.replace(".html", ".ipynb")
    if not chapter.exists():
        return 0
    notebook = nbformat.read(chapter, as_version=4)
    return sum(1 for cell in notebook.cells for output in cell.get("outputs", [])
               if any(kind in output.get("data", {}) for kind in IMAGE_TYPES))


@pytest.mark.parametrize("name", PAGES)
def test_every_page_loads_whole_and_offline(site, browser, name):
    out, base = site
    page, problems = browser.open(f"{base}/{name}")
    try:
        assert problems == []
        assert browser.outside == [], "a request left the machine"

        images = page.evaluate("() => Array.from(document.images).map(image => [image.currentSrc.slice(0, 80), "
                               "image.complete && image.naturalWidth > 0])")
        assert [source for source, shown in images if not shown] == []
        assert len(images) >= image_outputs(name)

        math = page.evaluate("() => [document.querySelectorAll('.math').length, "
                             "document.querySelectorAll('.math mjx-container').length, "
                             "document.querySelectorAll('mjx-merror').length]")
        assert math[1] == math[0] and math[2] == 0, f"{math[0]} formulas, {math[1]} typeset, {math[2]} errors"

        boards = page.evaluate("() => Array.from(document.querySelectorAll('.puzzlekit-static-widget'))"
                               ".map(board => [board.offsetWidth, board.offsetHeight])")
        assert all(width >= 100 and height >= 50 for width, height in boards), boards
        text = page.inner_text("body")
        assert "Loading widget" not in text and "Error displaying widget" not in text

        links = page.evaluate("() => Array.from(document.querySelectorAll('a[href]')).map(link => link.href)")
        inside = sorted({link for link in links if urlsplit(link).hostname == "127.0.0.1"})
        for link in inside:
            target, anchor = urldefrag(link)
            body = fetch(target)
            if anchor and target.endswith(".html"):
                assert re.search(rf'\bid="{re.escape(anchor)}"', body), f"{link}: no element with that id"
        if name.startswith(tuple("0123456789")):
            assert any(link.endswith("index.html") for link in inside)  # the table of contents
            assert image_outputs(name) == 0 or images
            assert any(link.endswith(".ipynb") for link in inside)  # the download
    except AssertionError:
        _screenshot(page, f"book-{name}-failed")
        raise
    finally:
        page.close()


@pytest.mark.parametrize("name", PAGES)
def test_every_page_reads_on_a_phone(site, browser, name):
    """At 390 px: nothing fails, nothing leaves the machine, the page does not scroll sideways, and a chapter's
    goal is on the first screen (not pushed below it by the title and the links)."""
    out, base = site
    page, problems = browser.open(f"{base}/{name}", width=390, height=844)
    try:
        assert problems == [] and browser.outside == []
        assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
        if name.startswith(tuple("0123456789")):
            goal = page.locator("article strong", has_text="Goal:").first
            box = goal.bounding_box()
            assert box is not None and box["y"] + box["height"] <= 844, box
    except AssertionError:
        _screenshot(page, f"book-phone-{name}-failed")
        raise
    finally:
        page.close()


def test_pages_have_a_table_of_contents_and_previous_and_next(site, browser):
    out, base = site
    page, problems = browser.open(f"{base}/05a_q_learning_by_hand.html")
    try:
        contents = page.evaluate("() => Array.from(document.querySelectorAll('nav.bd-docs-nav a'))"
                                 ".map(link => link.getAttribute('href'))")
        assert {chapter.with_suffix(".html").name for chapter in CHAPTERS} <= {
            href.split("#")[0] for href in contents if href.endswith(".html")} | {"05a_q_learning_by_hand.html", ""}
        previous = page.get_attribute("a.left-prev", "href")
        following = page.get_attribute("a.right-next", "href")
        assert (previous, following) == ("04_informed_search.html", "05b_q_learning_at_scale.html")
        assert page.evaluate("() => document.querySelectorAll('.math mjx-container').length") >= 20
        assert problems == [] and browser.outside == []
    finally:
        page.close()


@pytest.mark.parametrize("width", [1280, 390])
def test_the_sidebars_open_and_close_and_there_is_one_search_box(site, browser, width):
    out, base = site
    page, problems = browser.open(f"{base}/03_uninformed_search.html", width=width, height=900)
    try:
        primary = page.locator(".bd-sidebar-primary")

        def shown() -> bool:  # the chapter list is on the screen, not pushed off its left edge or hidden
            return page.evaluate("() => { const bar = document.querySelector('.bd-sidebar-primary'); "
                                 "const box = bar.getBoundingClientRect(); return box.right > 50 && box.width > 50 "
                                 "&& getComputedStyle(bar).visibility !== 'hidden'; }")

        boxes = page.evaluate("() => Array.from(document.querySelectorAll("
                              "'input[name=q], .search-button, .search-button-field'))"
                              ".filter(box => box.offsetWidth > 0 && box.getBoundingClientRect().bottom > 0).length")
        assert boxes == 1, f"{boxes} search boxes in view"
        before = shown()
        assert before == (width >= 960)  # open beside the page on a desktop, folded away on a phone
        page.locator("button.primary-toggle:visible").first.click()
        page.wait_for_function(f"() => {{ const bar = document.querySelector('.bd-sidebar-primary'); "
                               f"const box = bar.getBoundingClientRect(); return (box.right > 50 && "
                               f"getComputedStyle(bar).visibility !== 'hidden') === {str(not before).lower()}; }}")
        assert shown() != before
        if width < 960:  # open on a phone: the chapters can be reached
            assert primary.locator("a[href='05a_q_learning_by_hand.html']").is_visible()
            page.keyboard.press("Escape")
            page.mouse.click(width - 10, 450)  # outside the drawer: it closes
            page.wait_for_function("() => document.querySelector('.bd-sidebar-primary')"
                                   ".getBoundingClientRect().right <= 50")
            page.locator("button.secondary-toggle:visible").first.click()  # the page's own contents
            page.wait_for_selector(".bd-sidebar-secondary a[href='#roads-not-taken']", state="visible")
        assert problems == [] and browser.outside == []
    except Exception:
        _screenshot(page, f"book-sidebar-{width}-failed")
        raise
    finally:
        page.close()


@pytest.mark.parametrize("width", [1280, 390])
@pytest.mark.parametrize("edition", ["teacher", "student"])
def test_the_8_puzzle_board_plays_in_the_page_and_finds_a_shortest_solution(edition, width, browser, request):
    from puzzlekit import solve

    out, base = request.getfixturevalue("site" if edition == "teacher" else "student_site")
    page, problems = browser.open(f"{base}/00_start_here.html", width=width, height=900)
    try:
        board = page.locator(".puzzlekit-board.pk-playing").first
        board.scroll_into_view_if_needed()
        start = [int(tile) for tile in board.get_attribute("data-current").split(",")]
        blank = start.index(0)
        far = next(cell for cell in range(9) if abs(cell // 3 - blank // 3) + abs(cell % 3 - blank % 3) > 1)
        board.locator(".pk-play-tile").nth(far).click()  # not next to the blank: nothing moves
        assert board.get_attribute("data-current") == ",".join(map(str, start))
        assert board.get_attribute("data-moves") == "0" and "not next to the blank" in board.inner_text()
        beside = blank + 1 if blank % 3 < 2 else blank - 1
        board.locator(".pk-play-tile").nth(beside).click()
        moved = start.copy()
        moved[blank], moved[beside] = moved[beside], 0
        assert board.get_attribute("data-current") == ",".join(map(str, moved))
        assert board.get_attribute("data-moves") == "1" and "Moves: 1" in board.inner_text()
        board.get_by_role("button", name="Hint").click()
        assert board.locator(".pk-play-hint").count() == 1
        board.get_by_role("button", name="Solve").click()
        page.wait_for_function("() => document.querySelector('.puzzlekit-board.pk-playing')"
                               ".getAttribute('data-current') === '1,2,3,4,5,6,7,8,0'")
        shortest = len(solve(tuple(moved))) - 1  # the boards from start to goal
        assert int(board.get_attribute("data-solution")) == shortest
        assert board.get_attribute("data-moves") == str(1 + shortest)
        board.get_by_role("button", name="Shuffle").click()
        assert board.get_attribute("data-current") != "1,2,3,4,5,6,7,8,0"
        board.get_by_role("button", name="Reset").click()
        assert board.get_attribute("data-current") == ",".join(map(str, start))
        assert board.get_attribute("data-moves") == "0"
        assert problems == [] and browser.outside == []
    except Exception:
        _screenshot(page, f"book-board-{edition}-{width}-failed")
        raise
    finally:
        page.close()


def chapter_words(chapter: Path) -> set[str]:
    notebook = nbformat.read(chapter, as_version=4)
    text = " ".join(cell.source for cell in notebook.cells if cell.cell_type == "markdown")
    return {word.lower() for word in re.findall(r"\b[A-Za-z]{8,}\b", text)}


def test_search_from_chapter_8_finds_a_word_of_chapter_8(site, browser):
    out, base = site
    eight = next(chapter for chapter in CHAPTERS if chapter.name.startswith("08_"))
    others = set().union(*(chapter_words(chapter) for chapter in CHAPTERS if chapter != eight))
    words = Counter(word.lower() for word in re.findall(r"\b[A-Za-z]{8,}\b", " ".join(
        cell.source for cell in nbformat.read(eight, as_version=4).cells if cell.cell_type == "markdown")))
    word = max((word for word in words if word not in others), key=lambda word: (words[word], word))
    page, problems = browser.open(f"{base}/{eight.with_suffix('.html').name}")
    try:
        page.keyboard.press("Control+k")  # the theme's search box, as a reader opens it
        box = page.locator("input[name='q']:visible").first
        box.fill(word)
        box.press("Enter")
        page.wait_for_url(re.compile(r"search\.html\?q="))
        page.wait_for_selector("#search-results ul.search li", timeout=30_000)
        found = page.evaluate("() => Array.from(document.querySelectorAll('#search-results ul.search li a'))"
                              ".map(link => link.getAttribute('href'))")
        assert any(href.startswith(eight.with_suffix(".html").name) for href in found), (word, found)
        # Sphinx's search fetches each result's page for its excerpt: leaving before those requests end aborts them
        page.wait_for_load_state("networkidle")
        # The excerpts under each result: the pages' text, without the theme's buttons or the testing markers
        # (the teacher edition's solution cells are where "### BEGIN SOLUTION" stood).
        page.goto(f"{base}/search.html?q=solution")
        page.wait_for_function("() => document.querySelectorAll('#search-results p.context').length >= 5")
        excerpts = page.inner_text("#search-results")
        assert not re.search(r"Light\s+Dark|NBVAL_|BEGIN SOLUTION|END SOLUTION|### STUB", excerpts), excerpts
        page.wait_for_load_state("networkidle")
        nowhere = "zzqxjv" + "wordnowhere"
        page.goto(f"{base}/search.html?q={nowhere}")
        page.wait_for_function("() => document.querySelector('#search-results') && "
                               "!document.querySelector('#search-results ul.search li') && "
                               "document.querySelector('#search-results').innerText.length > 0")
        assert browser.outside == [] and problems == []
    except Exception:
        _screenshot(page, "book-search-failed")
        raise
    finally:
        page.close()


def test_no_request_left_the_machine(site, browser):
    """The route that aborts outside requests does catch one: an image on another host is aborted and recorded."""
    out, base = site
    page, _ = browser.open(f"{base}/index.html")
    try:
        before = len(browser.outside)
        page.evaluate("() => new Promise(done => { const image = new Image(); image.onerror = done; "
                      "image.onload = done; image.src = 'http://example.invalid/x.png'; })")
        assert browser.outside[before:] == ["http://example.invalid/x.png"]
    finally:
        del browser.outside[before:]
        page.close()


@pytest.mark.parametrize("width", [1280, 390])
@pytest.mark.parametrize("name", PAGES)
def test_every_page_of_the_student_site_loads_offline(student_site, browser, name, width):
    """The published site at desktop and phone widths: nothing fails, nothing leaves the machine, no sideways
    scroll on a phone."""
    out, base = student_site
    page, problems = browser.open(f"{base}/{name}", width=width, height=900)
    try:
        assert problems == [] and browser.outside == []
        assert page.evaluate("() => document.documentElement.scrollWidth") <= width
    except AssertionError:
        _screenshot(page, f"book-student-{width}-{name}-failed")
        raise
    finally:
        page.close()
