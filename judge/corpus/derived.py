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

Any change of one of them is a new key, so nothing needs invalidating: an old answer
is simply never asked for again (the newest few per name are kept, the rest removed).
A game registered in the process rather than installed (``register_game``) adds its
module's folder.  What files cannot show, code changed in memory (a test's monkeypatch),
is why the test suite runs with ``JUDGE_RESULT_CACHE=0`` (its tests of this module turn
it on).  ``JUDGE_CORPUS_CACHE=0`` turns this off with the corpus cache; an answer that
cannot be read is computed again, one that cannot be written is not kept.
"""
from __future__ import annotations

import hashlib
import logging
import os
import pickle
import sys
from configparser import ConfigParser, Error as ConfigError
from pathlib import Path
from typing import Callable, TypeVar

from .cache import cache_dir, enabled, pickle_atomic

log = logging.getLogger(__name__)

T = TypeVar("T")
KEEP = 4
PACKAGE_DIR = Path(__file__).resolve().parents[1]
_CODE_SUFFIXES = (".py", ".mo")
_OFF = ("0", "off", "no", "false")


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
    h = hashlib.blake2b(digest_size=20)
    for part in (corpus.content_key, sys.version, current_locale(), extra):
        h.update(str(part).encode() + b"\0")
    for name in sorted(os.environ):
        if name.startswith("JUDGE_"):
            h.update(f"{name}={os.environ[name]}\0".encode())
    if corpus.root:
        # the entries' files are in the content key already; every other file is hashed
        _hash_tree(h, Path(corpus.root),
                   lambda rel: not (rel.endswith(".md") and rel.count(os.sep) == 2))
    for folder in code_folders():
        _hash_tree(h, folder, lambda rel: rel.endswith(_CODE_SUFFIXES))
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
    """What the installed ``judge.games`` entry points load (``module:Class``), read
    from each distribution's ``entry_points.txt``: the same files
    ``importlib.metadata`` reads, without the tenth of a second its import costs."""
    out = []
    for folder, name in _distributions():
        try:
            with open(os.path.join(folder, name, "entry_points.txt"), encoding="utf-8") as fh:
                text = fh.read()
        except (OSError, UnicodeDecodeError):
            continue
        if "[judge.games]" not in text:
            continue
        parser = ConfigParser(delimiters=("=",), interpolation=None)
        try:
            parser.read_string(text)
        except ConfigError:
            continue
        if parser.has_section("judge.games"):
            out += parser["judge.games"].values()
    return sorted(out)


def installed() -> list[str]:
    """The installed distributions (``name-version.dist-info``) on ``sys.path``."""
    return sorted(name for _folder, name in _distributions())


def _distributions() -> list[tuple[str, str]]:
    out = []
    for entry in sys.path:
        try:
            names = os.listdir(entry or ".")
        except OSError:
            continue
        out += ((entry or ".", n) for n in names if n.endswith((".dist-info", ".egg-info")))
    return out


def _hash_tree(h, root: Path, wanted: Callable[[str], bool]) -> None:
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
            path = os.path.join(folder, name)
            try:
                with open(path, "rb") as fh:
                    digest = hashlib.blake2b(fh.read(), digest_size=16).digest()
            except OSError:
                digest = b"?"
            h.update(rel.encode() + b"\0" + digest)


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
