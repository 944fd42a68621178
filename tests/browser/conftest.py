"""JupyterLab and Chromium for the browser tests: a server on 127.0.0.1 with a token, and a headless page.

The browser is Debian's `chromium` (apt-get install chromium), driven by Playwright's Python package
with `executable_path`: Playwright's own browser download needs the network, which CI does not have.
Without Chromium or Playwright the tests skip, saying why; with PUZZLEKIT_REQUIRE_BROWSER=1 (set by
.ci/run) they fail instead, so that CI cannot pass without running them.
"""

from __future__ import annotations

import contextlib
import json
import os
import secrets
import shutil
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "test-artifacts"
CHROMIUM_FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
SERVER_START_SECONDS = 90


def _missing(reason: str):
    if os.environ.get("PUZZLEKIT_REQUIRE_BROWSER") == "1":
        pytest.fail(f"{reason}; PUZZLEKIT_REQUIRE_BROWSER=1 says the browser tests must run here", pytrace=False)
    pytest.skip(reason)


@pytest.fixture(scope="session")
def chromium() -> str:
    """The path of Chromium: $PUZZLEKIT_CHROMIUM, or `chromium` on the PATH."""
    path = os.environ.get("PUZZLEKIT_CHROMIUM") or shutil.which("chromium") or shutil.which("chromium-browser")
    if not path:
        _missing("Chromium is not installed (on Debian or Ubuntu: sudo apt-get install chromium)")
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        _missing("Playwright is not installed (pip install -r requirements-test.txt)")
    return path


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Lab:
    """A JupyterLab server of our own: its URL, token, folder of notebooks, and log."""

    def __init__(self, root: Path):
        self.root = root
        self.token = secrets.token_hex(16)
        self.port = _free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log_path = root.parent / "jupyterlab.log"
        home = root.parent / "home"
        env = dict(
            os.environ,
            JUPYTER_CONFIG_DIR=str(home / "config"),
            JUPYTER_DATA_DIR=str(home / "data"),
            JUPYTER_RUNTIME_DIR=str(home / "runtime"),
            IPYTHONDIR=str(home / "ipython"),
            PYDEVD_DISABLE_FILE_VALIDATION="1",
        )
        # Every cell in the page (not only those in view), and no question about Jupyter news on top of the page.
        settings = home / "settings" / "@jupyterlab"
        for name, values in [("notebook-extension/tracker", {"windowingMode": "none"}),
                             ("apputils-extension/notification", {"fetchNews": "false", "checkForUpdates": False})]:
            path = settings / f"{name}.jupyterlab-settings"
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(json.dumps(values))
        command = [
            sys.executable, "-m", "jupyter", "lab", "--no-browser",
            "--ServerApp.ip=127.0.0.1", f"--ServerApp.port={self.port}", "--ServerApp.port_retries=0",
            f"--IdentityProvider.token={self.token}", f"--ServerApp.root_dir={root}",
            f"--LabApp.user_settings_dir={home / 'settings'}", f"--LabApp.workspaces_dir={home / 'workspaces'}",
            "--LabApp.news_url=", "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
        ]
        if hasattr(os, "geteuid") and os.geteuid() == 0:
            command.append("--allow-root")  # containers often run as root, which JupyterLab refuses by default
        self._log = open(self.log_path, "w")
        self.process = subprocess.Popen(command, stdout=self._log, stderr=subprocess.STDOUT, env=env, cwd=root)

    def api(self, path: str, method: str = "GET"):
        request = urllib.request.Request(f"{self.url}{path}", method=method,
                                         headers={"Authorization": f"token {self.token}"})
        with urllib.request.urlopen(request, timeout=10) as response:
            body = response.read()
        return json.loads(body) if body else None

    def wait_until_ready(self) -> None:
        deadline = time.monotonic() + SERVER_START_SECONDS
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"JupyterLab exited with code {self.process.returncode}:\n{self.log_tail()}")
            with contextlib.suppress(OSError, urllib.error.URLError, ValueError):
                self.api("/api/status")
                return
            time.sleep(0.25)
        raise RuntimeError(f"JupyterLab did not answer within {SERVER_START_SECONDS} s:\n{self.log_tail()}")

    def log_tail(self, lines: int = 40) -> str:
        if not self._log.closed:
            self._log.flush()
        return "\n".join(self.log_path.read_text(errors="replace").splitlines()[-lines:])

    def shut_down_kernels(self) -> None:
        """End every notebook session and kernel through the API, so that the next test starts afresh."""
        if self.process.poll() is None:
            with contextlib.suppress(OSError, urllib.error.URLError, ValueError):
                for session in self.api("/api/sessions"):
                    self.api(f"/api/sessions/{session['id']}", method="DELETE")
                for kernel in self.api("/api/kernels"):
                    self.api(f"/api/kernels/{kernel['id']}", method="DELETE")

    def stop(self) -> None:
        """Shut the kernels down through the API, then the server: never leave a process behind."""
        if self.process.poll() is None:
            self.shut_down_kernels()
            self.process.terminate()  # SIGTERM: the server shuts down what is left, then exits
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=10)
        self._log.close()


@pytest.fixture(scope="module")
def lab(chromium, tmp_path_factory):
    """JupyterLab serving a folder with a copy of every chapter, so that running them changes no file of ours."""
    root = tmp_path_factory.mktemp("lab") / "chapters"
    shutil.copytree(ROOT / "chapters", root, ignore=shutil.ignore_patterns(".ipynb_checkpoints"))
    server = Lab(root)
    try:
        server.wait_until_ready()
        yield server
    finally:
        server.stop()


@pytest.fixture
def page(chromium, lab, tmp_path, request):
    """A fresh headless Chromium page (its own profile); a screenshot goes to test-artifacts/ if the test fails."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        context = playwright.chromium.launch_persistent_context(
            str(tmp_path / "chromium-profile"), executable_path=chromium, headless=True, args=CHROMIUM_FLAGS,
            viewport={"width": 1280, "height": 1000}, timeout=60_000,
        )
        try:
            page = context.pages[0] if context.pages else context.new_page()
            page.set_default_timeout(30_000)
            yield page
            failed = getattr(request.node, "failed_call", False)
            _screenshot(page, request.node.name + ("-failed" if failed else ""))
        finally:
            context.close()
            lab.shut_down_kernels()


def _screenshot(page, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    with contextlib.suppress(Exception):  # a screenshot must never hide the test's own error
        page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=False)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    """Tell the `page` fixture whether the test itself failed, so that it names the screenshot so."""
    outcome = yield
    if call.when == "call" and outcome.get_result().failed:
        item.failed_call = True


def pytest_configure(config):
    config.addinivalue_line("markers", "browser: drives JupyterLab in Chromium (deselect with -m 'not browser')")
