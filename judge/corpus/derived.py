"""Results derived from the corpus and the code, kept between runs (検証結果のキャッシュ).

``judge verify`` replays every scenario and ``judge lint`` checks every entry: seconds
of work whose answer depends only on what they read.  :func:`remembered` keeps such an
answer keyed on *everything* it could depend on, so a kept answer is the one a fresh
run would give:

- every corpus file's contents (the entries through the corpus's content key, and every
  other file under the corpus folder, scenarios included, hashed here);
- the code: every ``.py`` and compiled catalogue (``.mo``) of the ``judge`` package and
  of every package that declares a game (the ``judge.games`` entry points), hashed;
- the installed distributions and their versions (a PyYAML or Babel update), the
  Python version, the language messages are written in, and the ``JUDGE_*``
  environment (run budgets);
- what the caller adds (``extra``).

A file's contents are hashed again only when its stat changed: :func:`_hash_tree` keeps
each file's digest with its size, modification and change times (nanoseconds) and inode
(``code-digests.pickle`` in the cache folder), as git's index does, so a one-shot command
stats the code instead of reading it.  Any write to a file sets its change time to the
clock's now, which no program can set back; a digest is trusted only for a file whose
change time is safely older (:data:`RACY_NS`) than the moment its stat was taken, so a
file written twice within one tick of a coarse clock is still read ("racy git").

Any change of one of them is a new key, so nothing needs invalidating: an old answer
is simply never asked for again (the newest few per name are kept, the rest removed).
A game registered in the process rather than installed (``register_game``) adds its
module's folder.  What files cannot show, code changed in memory (a test's monkeypatch),
is why the test suite runs with ``JUDGE_RESULT_CACHE=0`` (its tests of this module turn
it on).  ``JUDGE_CORPUS_CACHE=0`` turns this off with the corpus cache; an answer that
cannot be read is computed again, one that cannot be written is not kept.
"""
from __future__ import annotations

import logging
import os
import pickle
import sys
import time
from pathlib import Path
from typing import Callable, TypeVar

from judge.common.digests import blake2b
from judge.common.entrypoints import distributions, entry_points

from .cache import cache_dir, enabled, pickle_atomic

log = logging.getLogger(__name__)

T = TypeVar("T")
KEEP = 4
PACKAGE_DIR = Path(__file__).resolve().parents[1]
_CODE_SUFFIXES = (".py", ".mo")
_OFF = ("0", "off", "no", "false")
# A digest is kept only for a file changed at least this long before its stat was taken:
# filesystems stamp times in ticks of up to 2 s (FAT), so a file changed again within the
# same tick could otherwise show the stat its digest was taken with.
RACY_NS = 2_000_000_000
_DIGESTS_FILE = "code-digests.pickle"
_DIGESTS_KEPT = 20_000


def remembered(name: str, corpus, compute: Callable[[], T], extra: str = "") -> T:
    """``compute()``, or the answer it gave before for the same corpus, code and
    settings (see the module's docstring)."""
    if (not enabled() or os.environ.get("JUDGE_RESULT_CACHE", "1").lower() in _OFF
            or not getattr(corpus, "content_key", None)):
        return compute()
    key = derivation_key(corpus, f"{name}\0{extra}")
    path = cache_dir() / f"{name}-{key}.pickle"
    try:
        with open(path, "rb") as fh:
            return pickle.load(fh)
    except FileNotFoundError:
        pass
    except Exception as exc:  # noqa: BLE001 - an unreadable answer is only a slower run
        log.warning("kept %s answer %s unreadable (%s): computing it", name, path, exc)
    value = compute()
    _keep(path, value, name)
    return value


def derivation_key(corpus, extra: str = "") -> str:
    """One digest of the corpus's files, the code, the installation and the settings."""
    from judge.i18n import current_locale
    h = blake2b(digest_size=20)
    for part in (corpus.content_key, sys.version, current_locale(), extra):
        h.update(str(part).encode() + b"\0")
    for name in sorted(os.environ):
        if name.startswith("JUDGE_"):
            h.update(f"{name}={os.environ[name]}\0".encode())
    digests = _Digests.read()
    if corpus.root:
        # the entries' files are in the content key already; every other file is hashed
        _hash_tree(h, Path(corpus.root),
                   lambda rel: not (rel.endswith(".md") and rel.count(os.sep) == 2), digests)
    for folder in code_folders():
        _hash_tree(h, folder, lambda rel: rel.endswith(_CODE_SUFFIXES), digests)
    digests.write()
    h.update("\0".join(installed()).encode())
    return h.hexdigest()


def code_folders() -> list[Path]:
    """The ``judge`` package, the folder of every package declaring a game, and that of
    every game registered in this process."""
    folders = {PACKAGE_DIR}
    registry = sys.modules.get("judge.engine.registry")      # imported: games may be added
    for cls in (registry.game_classes().values() if registry else ()):
        module = sys.modules.get(cls.__module__)
        if getattr(module, "__file__", None):
            folder = Path(module.__file__).resolve().parent
            if folder != PACKAGE_DIR and PACKAGE_DIR not in folder.parents:
                folders.add(folder)
    for value in game_entry_points():
        top = value.split(":")[0].split(".")[0].strip()
        if top == PACKAGE_DIR.name:
            continue
        from importlib.util import find_spec
        try:
            spec = find_spec(top)        # a top-level name is found without importing it
        except (ImportError, ValueError):
            continue
        if spec and spec.submodule_search_locations:
            folders.update(Path(p).resolve() for p in spec.submodule_search_locations)
        elif spec and spec.origin:
            folders.add(Path(spec.origin).resolve().parent)
    return sorted(folders)


def game_entry_points() -> list[str]:
    """What the installed ``judge.games`` entry points load (``module:Class``)."""
    return sorted(ep.value for ep in entry_points("judge.games"))


def installed() -> list[str]:
    """The installed distributions (``name-version.dist-info``) on ``sys.path``."""
    return sorted(name for _folder, name in distributions())


class _Digests:
    """The files' digests kept between runs, by path: (stat, digest) (see the module's
    docstring).  Unreadable or switched off (``JUDGE_CORPUS_CACHE=0``), it is empty and
    every file is read; one that cannot be written is only a slower next run."""

    def __init__(self, kept: dict, path: Path | None):
        self.kept, self.path, self.now, self.changed = kept, path, {}, False

    @classmethod
    def read(cls) -> "_Digests":
        if not enabled():
            return cls({}, None)
        path = cache_dir() / _DIGESTS_FILE
        try:
            with open(path, "rb") as fh:
                kept = pickle.load(fh)
        except Exception:  # noqa: BLE001 - missing or damaged: every file is read again
            kept = {}
        return cls(kept if isinstance(kept, dict) else {}, path)

    def digest(self, path: str) -> bytes:
        """The digest of the file's contents, from its stat where that is safe."""
        try:
            taken = time.time_ns()
            st = os.stat(path)
        except OSError:
            return b"?"
        stat = (st.st_size, st.st_mtime_ns, st.st_ctime_ns, st.st_ino)
        kept = self.kept.get(path)
        if kept is not None and kept[0] == stat and kept[2]:
            self.now[path] = kept
            return kept[1]
        try:
            with open(path, "rb") as fh:
                digest = blake2b(fh.read(), digest_size=16).digest()
        except OSError:
            return b"?"
        # trusted next time only if no write can land in the same tick as this stat
        self.now[path] = (stat, digest, st.st_ctime_ns < taken - RACY_NS)
        self.changed = True
        return digest

    def write(self) -> None:
        """Keep the digests of this run's files (only if one was read anew)."""
        if self.path is None or not self.changed:
            return
        # other trees' files (another corpus of the same process) are kept beside these,
        # up to a bound: the files of trees long gone are not carried for ever
        kept = {**self.kept, **self.now} if len(self.kept) < _DIGESTS_KEPT else self.now
        try:
            pickle_atomic(self.path, kept, ".code-digests-")
        except OSError as exc:
            log.debug("code digests not kept: %s", exc)


def _hash_tree(h, root: Path, wanted: Callable[[str], bool], digests: _Digests) -> None:
    """Add every wanted file under ``root`` (its relative path and contents) to ``h``,
    in a fixed order."""
    top = len(str(root)) + 1
    for folder, dirs, files in os.walk(root):
        dirs[:] = sorted(d for d in dirs if not d.startswith(".") and d != "__pycache__")
        prefix = folder[top:] + os.sep if len(folder) >= top else ""
        for name in sorted(files):
            rel = prefix + name
            if name.startswith(".") or not wanted(rel):
                continue
            h.update(rel.encode() + b"\0" + digests.digest(os.path.join(folder, name)))


def _keep(path: Path, value, name: str) -> None:
    try:
        pickle_atomic(path, value, f".{name}-")
        old = sorted(path.parent.glob(f"{name}-*.pickle"), key=_mtime, reverse=True)
        for stale in old[KEEP:]:
            stale.unlink(missing_ok=True)
    except (OSError, pickle.PicklingError) as exc:
        log.info("%s answer not kept (%s)", name, exc)


def _mtime(path: Path) -> float:
    try:
        return path.stat().st_mtime
    except OSError:
        return 0.0
