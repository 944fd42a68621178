"""Where a student worker runs: the operating system, not Python, keeps the grader's files out of its reach.

- "bubblewrap" (`bwrap`): a sandbox with only Python, the student build and the worker's own folder, no network, its
  own process ids (no other process in its `/proc`), an unprivileged user; every process the worker starts dies with it.
- "user" (the grader is root, without bubblewrap: Gradescope's container, Docker): a user id no other worker has at
  the same time; others lose their rights on what it must not read (the real package, the teacher notebook, the
  secret, what the caller names private, the git checkouts that hold them), and its processes die when it stops.
- "none": neither is available; the grader says so (`isolation: none`) and grades all the same: the answers are
  kept out of the student build, but the grader's files are within the worker's reach."""

from __future__ import annotations

import contextlib
import fcntl
import functools
import json
import os
import shutil
import signal
import subprocess
import sys
import sysconfig
import time
from pathlib import Path

__all__ = []

KINDS = ("bubblewrap", "user", "none")  # the strongest first
_PACKAGE = Path(__file__).resolve().parents[2]  # the real puzzlekit package, which no worker may read
USER_IDS = range(61000, 61256)  # what "user" workers run as, one worker at a time each (no account needs to exist)
MAX_PROCESSES = 256  # processes one worker's user may have ("user" isolation)
SHARED = ("/tmp", "/var/tmp", "/dev/shm", "/run/lock")  # where any user may write: what a worker left goes
DISK_BYTES = str(256 << 20)  # what a bubblewrap worker may write in its folder, and in its /tmp
_PROBE = [sys.executable, "-I", "-c", "import numpy"]  # runs where a worker could: Python and its packages


def _runs(command: list[str], **options) -> bool:
    try:
        return subprocess.run(command, capture_output=True, timeout=60, **options).returncode == 0
    except (OSError, subprocess.TimeoutExpired):
        return False


@functools.cache
def usable(kind: str) -> bool:
    """Whether the isolation `kind` works here: "bubblewrap" if `bwrap` may make its namespaces (a container may
    refuse them), "user" if the grader is root and its Python runs as another user."""
    if kind == "bubblewrap":
        return shutil.which("bwrap") is not None and _runs(_bubblewrap_prefix([]) + ["true"])
    if kind == "user":
        return os.geteuid() == 0 and _runs(_PROBE, user=USER_IDS[-1], group=USER_IDS[-1], extra_groups=[], cwd="/")
    return True


def _as_user(uid: int) -> list[str]:
    """The command prefix that runs a worker as `uid` in System V IPC and network namespaces of its own (util-linux's
    `unshare` and `setpriv`, as root): no message queue or socket reaches another worker or the network."""
    return ["unshare", "--ipc", "--net", "--", "setpriv", f"--reuid={uid}", f"--regid={uid}", "--clear-groups", "--"]


@functools.cache
def namespaces() -> bool:
    """Whether "user" workers get namespaces of their own (`_as_user`): a container may refuse them."""
    return usable("user") and _runs(_as_user(USER_IDS[-1]) + _PROBE, cwd="/")


def _python_folders() -> list[str]:
    """The folders Python and its installed packages live in (never the folder a script was run from)."""
    folders = {sys.prefix, sys.base_prefix, sys.exec_prefix, sys.base_exec_prefix,
               *(sysconfig.get_paths()[name] for name in ("stdlib", "platstdlib", "purelib", "platlib"))}
    real = sorted({os.path.realpath(folder) for folder in folders if os.path.isdir(folder)})
    return [folder for folder in real if not any(folder.startswith(other + "/") for other in real)]  # outermost


def _bubblewrap_prefix(folders: list[str], workdir: str | None = None) -> list[str]:
    command = ["bwrap", "--unshare-all", "--die-with-parent", "--new-session", "--uid", "65534", "--gid", "65534",
               "--ro-bind", "/usr", "/usr", "--proc", "/proc", "--dev", "/dev", "--size", DISK_BYTES, "--tmpfs", "/tmp"]
    for path in map(Path, ("/bin", "/lib", "/lib64", "/sbin")):
        if path.is_symlink():
            command += ["--symlink", os.readlink(path), str(path)]
        elif path.is_dir():
            command += ["--ro-bind", str(path), str(path)]
    command += [part for folder in folders if not folder.startswith("/usr/") for part in ("--ro-bind", folder, folder)]
    if any(str(_PACKAGE).startswith(folder + "/") for folder in folders):  # installed in site-packages: hidden
        command += ["--tmpfs", str(_PACKAGE)]
    if workdir is not None:  # in memory, and no larger than DISK_BYTES: no worker fills the grader's disk
        command += ["--size", DISK_BYTES, "--tmpfs", workdir, "--chdir", workdir]
    return command + ["--"]


def _checkouts(paths) -> list[Path]:
    """What the git checkouts that hold `paths` hold beside them but Python (a `.venv`): other chapters' teacher
    notebooks, the tests, `.git` (whose objects hold every teacher notebook); and the repositories their `.git` entries
    lead to (a `.git` file's `gitdir:`, a worktree's `commondir`, `objects/info/alternates`), with their checkouts."""
    roots = {folder for path in paths for folder in Path(path).resolve().parents if (folder / ".git").exists()}
    todo, data = [root / ".git" for root in roots], []  # data: the repositories' folders
    while todo:
        path = todo.pop()
        with contextlib.suppress(OSError, ValueError):
            if path.is_file():  # `gitdir: <folder>`
                todo.append((path.parent / path.read_text().removeprefix("gitdir:").strip()).resolve())
            elif path.is_dir() and path not in data:
                data.append(path)
                for name, base in (("commondir", path), ("objects/info/alternates", path / "objects")):
                    if (path / name).is_file():
                        todo += [(base / line.strip()).resolve() for line in (path / name).read_text().splitlines()
                                 if line.strip() and not line.startswith("#")]
    python = [Path(folder) for folder in _python_folders()]
    roots |= {folder.parent for folder in data if folder.name == ".git"}  # a `.git` folder: it is in a checkout
    return [folder for folder in data if folder.name != ".git"] + [
        entry for root in roots for entry in root.iterdir() if not entry.is_symlink()
        and not any(entry == folder or entry in folder.parents for folder in python)]


def _namespace_of(pid: str) -> str | None:
    try:
        return os.readlink(f"/proc/{pid}/ns/pid")
    except OSError:
        return None


class Confinement:
    """One worker's isolation: the command that starts it, its environment, and what is done once it has stopped."""

    def __init__(self, kind: str, build: str, workdir: str, private=()):
        self.kind, self.build, self.workdir = kind, build, workdir
        self.uid, self._lock = None, None
        self._info = os.pipe() if kind == "bubblewrap" else None  # bwrap writes there its sandbox's process 1's id
        self.pass_fds = (self._info[1],) if self._info else ()
        if kind == "user":
            for path in [_PACKAGE, *private, *_checkouts([_PACKAGE, *private])]:  # others lose their rights on them
                with contextlib.suppress(OSError):  # gone, or not the grader's to change
                    if (mode := os.stat(path).st_mode) & 0o007:
                        os.chmod(path, mode & ~0o007)
            for uid in USER_IDS:  # one no other worker has now: a lock file per id, held while the worker runs
                handle = open(Path(build).parent / f"user-{uid}.lock", "a")  # noqa: SIM115 - held until `release`
                try:
                    fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
                except OSError:
                    handle.close()
                    continue
                self.uid, self._lock = uid, handle
                break
            else:
                raise RuntimeError(f"no free user id for a worker in {USER_IDS}")
            self._kill_all()  # what an earlier worker of this id may have left
            os.chown(workdir, self.uid, self.uid)
            # its build, linked into its own folder: the builds' folder is the grader's (others have bodies it has not)
            self.build = str(shutil.copytree(build, Path(workdir) / "build", copy_function=os.link))
        os.chmod(workdir, 0o700)

    def command(self, python: list[str]) -> list[str]:
        if self.kind == "bubblewrap":
            return (_bubblewrap_prefix(_python_folders() + [self.build], self.workdir)[:-1]
                    + ["--info-fd", str(self._info[1]), "--"] + python)
        return _as_user(self.uid) + python if self.kind == "user" and namespaces() else python

    def user(self) -> dict:
        """What `subprocess.Popen` needs to start the worker as its user id, unless `command` does it."""
        return {} if self.kind != "user" or namespaces() else {"user": self.uid, "group": self.uid, "extra_groups": []}

    def environment(self) -> dict:
        return {"HOME": self.workdir, "TMPDIR": self.workdir if self.kind != "bubblewrap" else "/tmp"}

    def _kill_all(self) -> None:
        """Kill every process of the worker's user id, then remove what it left where any user may write (`SHARED`):
        the next worker of that id, perhaps another submission's, finds nothing of it."""
        for _ in range(3):
            if (child := os.fork()) == 0:
                try:
                    os.setgid(self.uid)
                    os.setuid(self.uid)
                    signal.signal(signal.SIGTERM, signal.SIG_IGN)
                    os.kill(-1, signal.SIGKILL)  # every process this user may signal, but the caller
                finally:
                    os._exit(0)
            os.waitpid(child, 0)
            time.sleep(0.01)
        for folder in SHARED:
            with contextlib.suppress(OSError):  # no such folder here
                for entry in list(os.scandir(folder)):
                    with contextlib.suppress(OSError):  # gone meanwhile
                        if entry.stat(follow_symlinks=False).st_uid == self.uid:
                            (shutil.rmtree if entry.is_dir(follow_symlinks=False) else os.unlink)(entry.path)
        for kind, flag in (("msg", "-q"), ("shm", "-m"), ("sem", "-s")):  # its System V IPC, without namespaces
            with contextlib.suppress(OSError, IndexError):
                header, *rows = Path(f"/proc/sysvipc/{kind}").read_text().splitlines()
                for fields in (dict(zip(header.split(), row.split())) for row in rows):
                    if fields.get("uid") == str(self.uid):
                        subprocess.run(["ipcrm", flag, fields[header.split()[1]]], capture_output=True, check=False)

    def started(self) -> None:
        """The worker's process has started: the grader's copy of what it was passed is closed."""
        if self._info is not None:
            os.close(self._info[1])

    def end_sandbox(self) -> None:
        """Kill the bubblewrap sandbox's process 1, while bwrap (its parent) has not ended, so that its id is still
        its own: the kernel then kills every process of the sandbox; return once none is left."""
        if self._info is None:
            return
        read, self._info = self._info[0], None
        os.set_blocking(read, False)
        try:
            info = json.loads(os.read(read, 4096) or b"{}")
            os.kill(int(info["child-pid"]), signal.SIGKILL)
        except (OSError, ValueError, KeyError, TypeError):
            return  # bwrap had not started it yet, or it has ended: nothing of the sandbox is left to kill
        finally:
            os.close(read)
        namespace = f"pid:[{info.get('pid-namespace')}]"
        for _ in range(500):  # the kernel kills them at once; they may take a moment to go
            if not any(_namespace_of(pid) == namespace for pid in os.listdir("/proc") if pid.isdigit()):
                return
            time.sleep(0.01)

    def release(self) -> None:
        if self.uid is not None:
            self._kill_all()
            self._lock.close()
            self.uid = None
