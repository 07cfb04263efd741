"""What a process holds of the corpus, and what an entry's first view costs, at the real
corpus, 10,000 and 100,000 entries: the serving path on the compiled database against
the same process walking the corpus as the serving path did before (issue 27), and a
peer process that imports Flask and nothing of judge, each in a fresh process.

    .venv/bin/python bench/corpus_store.py [--sizes 0,10000,100000] [--json F]

- ``served``: opens the compiled corpus as a worker does (``build=False``), makes the
  "did you mean" vocabulary and the kana-typo titles from its tables, answers
  ``cited_by`` and reads each of 500 entries never read before (the first view of an
  entry page needs both), the card list of every game: each timed, then the process's
  USS/PSS (``/proc/self/smaps_rollup``).
- ``walk``: the same corpus, then what the serving path did before: every entry
  unpickled to read its kind (``Vocabulary.from_corpus``) and ``cited_by`` as a scan of
  every entry (timed for 20 entries).
- ``peer``: ``import flask`` only.

The generated corpora are ``bench/corpus_files.py``'s, compiled by ``judge index`` (or
here, once, if missing) under ``--work``.
"""
from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))


def _memory() -> dict:
    fields = {}
    for line in Path("/proc/self/smaps_rollup").read_text().splitlines()[1:]:
        name, _, rest = line.partition(":")
        fields[name.strip()] = int(rest.split()[0]) / 1024
    return {"uss_mb": round(fields["Private_Clean"] + fields["Private_Dirty"], 1),
            "pss_mb": round(fields["Pss"], 1), "rss_mb": round(fields["Rss"], 1)}


def _ms(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return round(ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))] * 1000, 2)


def phase(kind: str, corpus_dir: str) -> dict:
    """One phase, in this (fresh) process."""
    if kind == "peer":
        import flask  # noqa: F401
        return _memory()
    from judge.corpus import Corpus
    t0 = time.perf_counter()
    corpus = Corpus.load(corpus_dir, build=False)
    out = {"open_s": round(time.perf_counter() - t0, 3)}
    ids = list(corpus.ids())
    rng = random.Random(27)
    sample = rng.sample(ids, min(500, len(ids)))
    if kind == "served":
        from judge.search.shaping import _vocabulary
        from judge.search.suggest import Vocabulary
        t0 = time.perf_counter()
        Vocabulary.from_corpus(corpus)
        _vocabulary(corpus)
        out["vocabularies_s"] = round(time.perf_counter() - t0, 3)
        cited, first = [], []
        for entry_id in sample:
            t0 = time.perf_counter()
            corpus.cited_by(entry_id)
            cited.append(time.perf_counter() - t0)
            t0 = time.perf_counter()
            corpus.get(entry_id)
            first.append(time.perf_counter() - t0)
        out.update({"cited_by_p50_ms": _ms(cited, 50), "cited_by_p95_ms": _ms(cited, 95),
                    "entry_read_p50_ms": _ms(first, 50), "entry_read_p95_ms": _ms(first, 95)})
        t0 = time.perf_counter()
        for game in corpus.game_ids:
            corpus.tables.titles(game, "card")
        out["card_lists_s"] = round(time.perf_counter() - t0, 3)
    else:
        # every entry kept once read, as the compiled corpus kept them before
        corpus.entries._keep = 10 ** 9
        t0 = time.perf_counter()
        kinds = [e.kind for e in corpus]                  # Vocabulary.from_corpus before
        out["walk_s"] = round(time.perf_counter() - t0, 3)
        scans = []
        for entry_id in sample[:20]:                      # views.cited_by before
            t0 = time.perf_counter()
            sorted(e.id for e in corpus if e.id != entry_id and any(
                str(r).split("#", 1)[0] == entry_id for r in [*e.cites, *e.cards]))
            scans.append(time.perf_counter() - t0)
        out.update({"cited_by_scan_p50_ms": _ms(scans, 50), "entries": len(kinds)})
    out.update(_memory())
    out["load_average"] = round(os.getloadavg()[0], 1)
    return out


def main(argv=None) -> int:
    import argparse
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--sizes", default="0,10000,100000")
    ap.add_argument("--work", type=Path, default=Path("/tmp/judge-bench"))
    ap.add_argument("--json", type=Path)
    ap.add_argument("--phase", help=argparse.SUPPRESS)
    ap.add_argument("--corpus", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.phase:
        print(json.dumps(phase(args.phase, args.corpus)))
        return 0
    import corpus_files
    figures = {"cpus": os.cpu_count(), "sizes": []}
    for size in [int(s) for s in args.sizes.split(",") if s.strip()]:
        folder = args.work / (f"s{size}" if size else "real")
        corpus = corpus_files.write(size, folder / "corpus") if size else ROOT / "corpus"
        env = dict(os.environ, JUDGE_CACHE_DIR=str(folder / "cache"))
        subprocess.run([sys.executable, "-c", "import sys; from judge.corpus import Corpus; "
                        "Corpus.load(sys.argv[1])", str(corpus)], env=env, check=True)
        row = {"size": size or "real"}
        for kind in ("served", "walk", "peer"):
            done = subprocess.run([sys.executable, __file__, "--phase", kind, "--corpus",
                                   str(corpus)], env=env, check=True, capture_output=True,
                                  text=True)
            row[kind] = json.loads(done.stdout.strip().splitlines()[-1])
        print(json.dumps(row), flush=True)
        figures["sizes"].append(row)
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(figures, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
