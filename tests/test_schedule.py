"""docs/schedule.md is what docs/make_schedule.py writes from the chapters: its points are never typed by hand."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_the_schedule_is_up_to_date_with_the_chapters():
    done = subprocess.run([sys.executable, str(ROOT / "docs" / "make_schedule.py"), "--check"], capture_output=True,
                          text=True, timeout=300)
    assert done.returncode == 0, done.stderr


def test_the_schedule_names_every_chapter_and_the_bigger_exercises():
    text = (ROOT / "docs" / "schedule.md").read_text()
    for chapter in (ROOT / "chapters").glob("*.ipynb"):
        assert chapter.stem in text
    assert "`my_breadth_first` (3)" in text and "`my_ida_star` (3)" in text and "not in a week yet" not in text
