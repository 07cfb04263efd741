"""Search benchmark: index build time, index size and query latency (p50/p95).

    .venv/bin/python bench/search.py                  # real corpus + 100,000 entries
    .venv/bin/python bench/search.py --size 10000     # a quicker run
    .venv/bin/python bench/search.py --size 0         # the real corpus only

Runs the relevance queries (tests/search/relevance.yaml) against (a) the real corpus
and (b) a corpus of ``--size`` entries generated from it: the real entries plus Q&A,
rule and term entries made from the real ones with card names from the Vision card
list swapped in, and card entries for the whole card list, so the vocabulary and the
lengths are the corpus's own.  Side by side, in the same run, a SQLite FTS5 index with
the trigram tokenizer over the same passages (NFKC + kana-folded on both sides) is the
baseline, and the bm25s library over the same passages' MeCab words (as
``bench/questions.py`` builds it; issue 27's "ahead of bm25s") is the second peer, each
query timed by both in turn so that the machine's load falls on both alike.  Latency is measured with the searcher open and warm (the web app keeps one
open), each query run ``--repeat`` times; the first run of each query is reported
separately as "cold".  Speed is measured here, never in the tests.
"""
from __future__ import annotations

import argparse
import gc
import json
import os
import platform
import random
import re
import shutil
import sqlite3
import statistics
import sys
import tempfile
import time
from copy import deepcopy
from dataclasses import replace
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import yaml  # noqa: E402

from judge.corpus import Corpus, Entry  # noqa: E402
from judge.search import Searcher, build_index  # noqa: E402
from judge.search.analysis import normalize  # noqa: E402
from judge.search.units import units_of  # noqa: E402

CARD_LIST = ROOT / "sources" / "data" / "vision-cards.jsonl"
if not CARD_LIST.exists():
    CARD_LIST = ROOT.parent / "shared" / "data" / "vision-cards.jsonl"
RELEVANCE = ROOT / "tests" / "search" / "relevance.yaml"
QUESTIONS = [ROOT / "tests" / "search" / "questions.yaml",
             ROOT / "tests" / "search" / "questions_held_out.yaml"]
sys.path.insert(0, str(ROOT / "tests" / "search"))
NUMBERED_NAME = re.compile(r"No\.\s?(\d{1,4})\s*([^\s、。，,（(]+(?:「[^」]*」)?)")


def machine() -> str:
    model = "unknown CPU"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return (f"{os.cpu_count()} CPUs ({model}), Python {platform.python_version()}, "
            f"SQLite {sqlite3.sqlite_version}")


def percentile(values: list[float], p: float) -> float:
    values = sorted(values)
    if not values:
        return 0.0
    k = (len(values) - 1) * p
    lo, hi = int(k), min(int(k) + 1, len(values) - 1)
    return values[lo] + (values[hi] - values[lo]) * (k - lo)


# --- the generated corpus ------------------------------------------------------------------

def load_cards() -> list[dict]:
    return [json.loads(line) for line in CARD_LIST.read_text(encoding="utf-8").splitlines()
            if line.strip()]


def generate(corpus: Corpus, size: int, seed: int = 7) -> Corpus:
    """The real entries plus generated ones up to ``size`` entries (see module docstring)."""
    rng = random.Random(seed)
    cards = [c for c in load_cards() if c.get("name")]
    entries: list[Entry] = list(corpus)
    have = {e.id for e in entries}
    # every card of the list is an entry (the real corpus may already hold them)
    for c in cards:
        cid = f"vision/card/{c['id']}"
        if cid not in have and len(entries) < size:
            data = {k: v for k, v in c.items() if k != "id"}
            entries.append(Entry(cid, "vision", "card", c["id"], c["name"],
                                 [_rev(1, "")], data=data))
            have.add(cid)
    templates = [e for e in corpus if e.kind in ("qa", "rule", "term")]
    if not templates:
        raise SystemExit("the corpus has no qa/rule/term entries to generate from")
    weights = [{"qa": 6, "rule": 3, "term": 1}[e.kind] for e in templates]
    n = 0
    while len(entries) < size:
        n += 1
        t = rng.choices(templates, weights)[0]
        picked = rng.sample(cards, 3)
        e = deepcopy(t)
        key = f"QA-{10000 + n}" if e.kind == "qa" else f"gen-{n}"
        e.key = key
        e.id = f"{e.game}/{e.kind}/{key}"
        e.aliases = []
        if e.kind == "qa":       # QA-337 「…」 -> QA-10001 「…」 (the question stays)
            e.title = key + (t.title[len(t.key):] if t.title.startswith(t.key) else "")
        else:
            e.title = f"{t.title}／{picked[0]['name']}"
        for rev in e.revisions:
            rev.text = _swap_cards(rev.text, picked, rng)
        e.cards = [f"vision/card/{c['id']}" for c in picked[:1]]
        e.path = None
        entries.append(e)
    return Corpus(entries)


def _swap_cards(text: str, picked: list[dict], rng: random.Random) -> str:
    """Replace the cards a text names (No.075 マナの生成) by others, add one more mention."""
    def repl(m: re.Match) -> str:
        c = rng.choice(picked)
        return f"No.{c['no']:03d} {c['name']}"
    text = NUMBERED_NAME.sub(repl, text)
    c = picked[-1]
    return text + f"\n\n（例：{c['name']}の場合も同様です。）"


def _rev(number: int, text: str):
    from judge.corpus import Revision
    return Revision(number=number, date=None, source={"document": "bench"}, text=text)


# --- SQLite FTS5 (trigram) baseline ----------------------------------------------------

class Fts5:
    """The same passages in an FTS5 trigram index; AND of the query's words, bm25 order."""

    def __init__(self, corpus: Corpus, path: Path):
        self.path = path
        started = time.perf_counter()
        if path.exists():
            path.unlink()              # always built afresh: its build time is a figure
        self.db = sqlite3.connect(str(path), check_same_thread=False)
        self.db.execute("CREATE VIRTUAL TABLE p USING fts5(docid UNINDEXED, game UNINDEXED,"
                        " kind UNINDEXED, title, body, tokenize='trigram')")
        rows = []
        for entry in corpus:
            for u in units_of(entry):
                rows.append((u.docid, entry.game, entry.kind, normalize(entry.title),
                             normalize(u.text)))
        self.db.executemany("INSERT INTO p VALUES (?,?,?,?,?)", rows)
        self.db.commit()
        self.db.execute("INSERT INTO p(p) VALUES('optimize')")
        self.db.commit()
        self.build_seconds = time.perf_counter() - started
        self.size = path.stat().st_size

    def search(self, query: str, limit: int = 10) -> list[str]:
        words = [normalize(w).strip('"「」『』') for w in query.split()]
        words = [w for w in words if w and not w.startswith("-") and ":" not in w]
        if not words:
            return []
        long_ = [w for w in words if len(w) >= 3]
        short = [w for w in words if len(w) < 3]
        where, args = [], []
        if long_:
            where.append("p MATCH ?")
            args.append(" AND ".join('"' + w.replace('"', '""') + '"' for w in long_))
        for w in short:       # trigram cannot look up 1-2 characters: LIKE scans
            where.append("(title LIKE ? OR body LIKE ?)")
            args += [f"%{w}%", f"%{w}%"]
        sql = " AND ".join(where)
        order = "ORDER BY bm25(p, 0, 0, 0, 2.0, 1.0)" if long_ else ""
        # the same work as the searcher's page: a marked snippet of each hit shown
        cut = "snippet(p, 4, '<mark>', '</mark>', '…', 32)" if long_ else "substr(body, 1, 96)"
        ids = [r[0] for r in self.db.execute(
            f"SELECT docid, {cut} FROM p WHERE {sql} {order} LIMIT ?", (*args, limit))]
        # the same work as the searcher's total and facets
        self.db.execute(f"SELECT game, kind, count(*) FROM p WHERE {sql} GROUP BY game, kind",
                        args).fetchall()
        return ids


class FtsHits:
    """FTS5's results as hits the relevance set can judge (id, clause, title)."""

    def __init__(self, fts: Fts5, corpus: Corpus):
        self.fts, self.corpus = fts, corpus

    def search(self, query: str, limit: int = 10):
        from types import SimpleNamespace
        out = []
        for docid in self.fts.search(query, limit):
            head, _, clause = docid.partition("#")
            entry_id = head.split("@")[0]
            entry = self.corpus.entries.get(entry_id)
            out.append(SimpleNamespace(id=entry_id, clause=clause or None,
                                       title=entry.title if entry else entry_id))
        return SimpleNamespace(hits=out)


# --- running -----------------------------------------------------------------------------

def queries() -> list[dict]:
    data = yaml.safe_load(RELEVANCE.read_text(encoding="utf-8"))
    return data["queries"]


def time_queries(fn, qs: list[str], repeat: int) -> dict:
    cold, warm = [], []
    for q in qs:
        t = time.perf_counter()
        fn(q)
        cold.append((time.perf_counter() - t) * 1000)
    for _ in range(repeat):
        for q in qs:
            t = time.perf_counter()
            fn(q)
            warm.append((time.perf_counter() - t) * 1000)
    return {"p50": percentile(warm, .5), "p95": percentile(warm, .95),
            "max": max(warm) if warm else 0, "cold_p95": percentile(cold, .95),
            "n": len(warm)}


def time_in_turn(fns: dict, qs: list[str], repeat: int, before=None) -> dict[str, dict]:
    """Warm p50/p95 of several engines, each query run by each engine in turn (a first
    untimed run of each warms both): a busy moment of the machine falls on all alike.
    ``before()``, when given, runs before each timed query, outside the timing.

    Each query's CPU time is kept too (``cpu_p95``): on a machine other processes keep
    busy, a query taken off the CPU for another's time slice (a few ms) counts in its wall
    time, and the longer engine is taken off more often."""
    for q in qs:
        for fn in fns.values():
            fn(q)
    times: dict[str, list[float]] = {name: [] for name in fns}
    cpu: dict[str, list[float]] = {name: [] for name in fns}
    for _ in range(repeat):
        for q in qs:
            for name, fn in fns.items():
                if before is not None:
                    before()
                c, t = time.process_time(), time.perf_counter()
                fn(q)
                times[name].append((time.perf_counter() - t) * 1000)
                cpu[name].append((time.process_time() - c) * 1000)
    return {name: {"p50": percentile(v, .5), "p95": percentile(v, .95), "n": len(v),
                   "cpu_p50": percentile(cpu[name], .5), "cpu_p95": percentile(cpu[name], .95)}
            for name, v in times.items()}


def forget_query_words(searcher) -> None:
    """Forget what was kept of the queries' words, by both engines: MeCab's analysis of a
    word (memoised by its text, which bm25s's tokens of a query go through too) and the
    searcher's bitsets of a word's passages.  The terms' postings stay: a warm server
    holds those of the words judges search for, whoever typed them.  A query then costs
    what it costs the first time its words are typed, warm otherwise."""
    from judge.search import analysis
    for memo in (analysis._morph_words, analysis._katakana_word, analysis.reading):
        memo.cache_clear()
    searcher.store.matcher.forget_words()


def bm25s_peer(corpus: Corpus):
    """bench/questions.py's bm25s engine over this corpus, or None without the library
    (the ``bench`` extra installs it)."""
    try:
        import bm25s  # noqa: F401
    except ImportError:
        print("bm25s not installed (pip install -e '.[bench]'): its peer is skipped")
        return None
    import questions as question_bench
    t = time.perf_counter()
    engine = question_bench.Bm25s(corpus, question_bench.passages(corpus))
    print(f"bm25s   build {time.perf_counter() - t:7.1f} s", flush=True)
    return engine


def is_plain(q: str) -> bool:
    """A plain-word query: no quotes, filters, exclusions or ids."""
    return not re.search(r'["「『:]|^-|\s-|^\s*(?:q|qa|no\.?)\s*[-－]?\d|\d\.\d', q, re.I)


def run(label: str, corpus: Corpus, qs: list[dict], repeat: int, workdir: Path,
        procs: int, reuse: bool = False) -> dict:
    print(f"\n## {label}: {len(corpus):,} entries (load average {os.getloadavg()[0]:.1f})",
          flush=True)
    ixdir = workdir / f"ix-{len(corpus)}"
    t = time.perf_counter()
    stats = build_index(corpus, rebuild=not reuse, index_dir=ixdir, procs=procs)
    build = time.perf_counter() - t
    if not stats.built:
        build = json.loads((stats.path / "judge-index.json").read_text())["seconds"]
    print(f"whoosh  build {build:7.1f} s  size {stats.size_bytes / 1e6:7.1f} MB  "
          f"({stats.units:,} passages)", flush=True)
    gc.collect()
    rss0, anon0, file0 = rss_mb(), rss_mb("RssAnon"), rss_mb("RssFile")
    t = time.perf_counter()
    searcher = Searcher.open(corpus, index_dir=ixdir)
    open_s = time.perf_counter() - t
    for q in qs:                        # what a warm searcher holds, queries' caches included
        searcher.search(q["q"])
    gc.collect()
    search_mb = rss_mb() - rss0
    # the process's own memory, and the pages of mapped files it has read (the index
    # files are read with pread, not mapped; MeCab maps its dictionary, numpy its
    # libraries: shared by every worker on the machine)
    anon_mb, file_mb = rss_mb("RssAnon") - anon0, rss_mb("RssFile") - file0
    rss1 = rss_mb()
    fts = Fts5(corpus, workdir / f"fts-{len(corpus)}.db")
    for q in qs:
        fts.search(q["q"])
    fts_mb_rss = rss_mb() - rss1
    print(f"fts5    build {fts.build_seconds:7.1f} s  size {fts.size / 1e6:7.1f} MB", flush=True)
    texts = [q["q"] for q in qs]
    plain = [q for q in texts if is_plain(q)]
    # the server's workers freeze what they loaded (wsgi.py): a full collection of the
    # garbage collector then walks none of the corpus's and the index's objects (at
    # 100,000 entries 1.8 million of them, a pause of a large fraction of a second that
    # fell on whichever query was running); timed here in the same state
    gc.collect()
    gc.freeze()
    out = {"entries": len(corpus), "passages": stats.units, "whoosh_build_s": build,
           "whoosh_mb": stats.size_bytes / 1e6, "open_s": open_s,
           "fts_build_s": fts.build_seconds, "fts_mb": fts.size / 1e6,
           "memory_mb": round(search_mb, 1), "private_mb": round(anon_mb, 1),
           "mapped_file_mb": round(file_mb, 1), "fts_memory_mb": round(fts_mb_rss, 1)}
    print(f"memory with the index open and warm: +{search_mb:.0f} MB: +{anon_mb:.0f} MB the "
          f"process's own, +{file_mb:.0f} MB of mapped files' pages "
          f"(fts5 +{fts_mb_rss:.0f} MB)")
    for name, subset in (("all", texts), ("plain", plain)):
        w = time_queries(lambda q: searcher.search(q), subset, repeat)
        f = time_queries(lambda q: fts.search(q), subset, repeat)
        out[f"whoosh_{name}"], out[f"fts_{name}"] = w, f
        # "cold": each query's first run on a freshly opened searcher (the "all" pass
        # runs first, so only its cold figure is cold)
        cold = f"  (cold p95 {w['cold_p95']:.1f})" if name == "all" else ""
        print(f"{name:6} queries ({len(subset):3}): whoosh p50 {w['p50']:6.1f} ms  "
              f"p95 {w['p95']:6.1f} ms  max {w['max']:6.1f}{cold}"
              f" | fts5 p50 {f['p50']:6.1f} ms  p95 {f['p95']:6.1f} ms", flush=True)
    # questions typed as a judge asks them (both sets of tests/search): the content
    # words' coverage ranking, issue 24's speed goal (warm p95 <= 20 ms at 100,000)
    asked = [q["q"] for path in QUESTIONS for q in
             yaml.safe_load(path.read_text(encoding="utf-8"))["queries"]]
    w = time_queries(lambda q: searcher.search(q), asked, repeat)
    out["whoosh_questions"] = w
    print(f"questions ({len(asked):3}): whoosh p50 {w['p50']:6.1f} ms  p95 {w['p95']:6.1f} ms"
          f"  max {w['max']:6.1f}  (cold p95 {w['cold_p95']:.1f})", flush=True)
    bm = bm25s_peer(corpus)
    if bm is not None:
        gc.collect()
        gc.freeze()                  # (bm25s's index too, as the searcher's above)
        for name, subset in (("all", texts), ("plain", plain), ("questions", asked)):
            both = time_in_turn({"judge": searcher.search, "bm25s": bm.search}, subset,
                                repeat)
            out[f"in_turn_{name}"] = both
            j, b = both["judge"], both["bm25s"]
            print(f"{name:9} in turn with bm25s: judge p50 {j['p50']:6.2f} p95 "
                  f"{j['p95']:6.2f} ms | bm25s p50 {b['p50']:6.2f} p95 {b['p95']:6.2f} ms"
                  f"  (CPU p95 {j['cpu_p95']:.2f} | {b['cpu_p95']:.2f})", flush=True)
        # the same, each query's words new to both engines (see forget_query_words): the
        # figures above repeat each query, and a word's analysis and bitsets are kept
        for name, subset in (("all", texts), ("questions", asked)):
            both = time_in_turn({"judge": searcher.search, "bm25s": bm.search}, subset,
                                repeat, before=lambda: forget_query_words(searcher))
            out[f"in_turn_new_words_{name}"] = both
            j, b = both["judge"], both["bm25s"]
            print(f"{name:9} in turn, words new: judge p50 {j['p50']:6.2f} p95 "
                  f"{j['p95']:6.2f} ms | bm25s p50 {b['p50']:6.2f} p95 {b['p95']:6.2f} ms"
                  f"  (CPU p95 {j['cpu_p95']:.2f} | {b['cpu_p95']:.2f})", flush=True)
        del bm
        gc.collect()
    slow = sorted(((time_queries(lambda q: searcher.search(q), [q], 1)["p50"], q)
                   for q in plain), reverse=True)[:5]
    print("slowest plain queries: " + ", ".join(f"{q} {ms:.0f} ms" for ms, q in slow))
    out["slowest"] = slow
    from relevance_eval import evaluate
    _, rel = evaluate(searcher, qs)
    out["relevance"] = rel
    note = ("" if label == "real corpus" else
            "  (generated near-copies of the real entries compete with them here: a "
            "stress figure, not the relevance measure)")
    print(f"relevance: {rel['passed']}/{rel['queries']} queries pass (top 3), "
          f"recall@10 {rel['recall@10']:.3f}, MRR {rel['MRR']:.3f}, "
          f"MAP@10 {rel['MAP@10']:.3f}{note}")
    _, frel = evaluate(FtsHits(fts, corpus), qs)
    out["fts_relevance"] = frel
    print(f"fts5 relevance: {frel['passed']}/{frel['queries']} (top 3), recall@10 "
          f"{frel['recall@10']:.3f}, MRR {frel['MRR']:.3f}, MAP@10 {frel['MAP@10']:.3f}")
    # one changed entry re-indexed in place (an editor approved a ruling)
    changed_id = next(e.id for e in corpus if e.kind == "qa")
    entry = corpus.entries[changed_id]
    new_rev = replace(entry.revisions[0], text=entry.revisions[0].text + "\n追記：裁定を更新。")
    changed = Corpus([replace(entry, revisions=[new_rev, *entry.revisions[1:]]) if e.id == changed_id
                      else e for e in corpus], corpus.root)
    t = time.perf_counter()
    searcher.reindex([changed_id], changed)
    out["reindex_one_s"] = round(time.perf_counter() - t, 3)
    print(f"one changed entry re-indexed (written and reopened) in {out['reindex_one_s']:.2f} s")
    # the index a worker serves after an approval holds deleted passages: the same
    # questions again (a test per posting of the deleted ones made them 30x slower once)
    w = time_queries(lambda q: searcher.search(q), asked, repeat)
    out["whoosh_questions_after_update"] = w
    print(f"questions after that update: whoosh p50 {w['p50']:6.1f} ms  p95 {w['p95']:6.1f} ms"
          f"  (before it: p95 {out['whoosh_questions']['p95']:.1f})", flush=True)
    # the entry as it was: a kept index (--keep) matches the generated corpus again
    searcher.reindex([changed_id], corpus)
    searcher.close()
    fp95, wp95 = out["fts_plain"]["p95"], out["whoosh_plain"]["p95"]
    out["goals"] = {
        "warm p95 <= 2x fts5 p95 (plain)": round(wp95 / fp95, 2) if fp95 else None,
        "cold p95 <= 3x warm p95 (all)": round(out["whoosh_all"]["cold_p95"]
                                              / out["whoosh_all"]["p95"], 2),
        "build <= 10x fts5": round(build / fts.build_seconds, 1),
        "reindex one entry < 1 s": out["reindex_one_s"],
        "questions warm p95 <= 20 ms": round(out["whoosh_questions"]["p95"], 1),
        "questions after an update p95 <= 20 ms": round(
            out["whoosh_questions_after_update"]["p95"], 1),
        "memory <= 300 MB (resident, all of it)": out["memory_mb"]}
    for name in ("all", "plain", "questions"):
        both = out.get(f"in_turn_{name}")
        if both:      # issue 27: ahead of bm25s at every size (judge's p95 / bm25s's)
            out["goals"][f"p95 / bm25s p95 ({name}) < 1"] = round(
                both["judge"]["p95"] / both["bm25s"]["p95"], 2)
    print("ratios: " + ", ".join(f"{k}: {v}" for k, v in out["goals"].items()))
    print(f"(load average {os.getloadavg()[0]:.1f})")
    gc.unfreeze()                # (this size's objects may go: the next size's are timed)
    gc.collect()
    return out


def rss_mb(field: str = "VmRSS") -> float:
    """This process's resident memory, in MB (Linux): all of it (``VmRSS``), its own
    (``RssAnon``) or the mapped files' pages it holds (``RssFile``)."""
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith(field + ":"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--size", type=int, default=100_000,
                    help="entries in the generated corpus (0: real corpus only)")
    ap.add_argument("--repeat", type=int, default=5, help="warm runs of each query")
    ap.add_argument("--procs", type=int, default=None,
                    help="Whoosh writer processes (default: build_index chooses)")
    ap.add_argument("--corpus", type=Path, default=None, help="corpus folder")
    ap.add_argument("--keep", type=Path, default=None,
                    help="build the indexes here and keep them (default: a temp folder); "
                         "an index already there for the same corpus is reused")
    ap.add_argument("--json", type=Path, default=None, help="also write the figures here")
    args = ap.parse_args(argv)
    print(f"# search benchmark\nmachine: {machine()}")
    corpus = Corpus.load(args.corpus) if args.corpus else Corpus.load()
    qs = queries()
    workdir = args.keep or Path(tempfile.mkdtemp(prefix="judge-bench-"))
    workdir.mkdir(parents=True, exist_ok=True)
    results = []
    try:
        reuse = args.keep is not None
        results.append(run("real corpus", corpus, qs, args.repeat, workdir, args.procs,
                           reuse))
        if args.size:
            t = time.perf_counter()
            big = generate(corpus, args.size)
            print(f"\ngenerated {len(big):,} entries in {time.perf_counter() - t:.1f} s")
            results.append(run("generated corpus", big, qs, args.repeat, workdir,
                               args.procs, reuse))
    finally:
        if not args.keep:
            shutil.rmtree(workdir, ignore_errors=True)
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps({"machine": machine(), "runs": results},
                                        ensure_ascii=False, indent=1), encoding="utf-8")
    goal = results[-1]["whoosh_plain"]["p95"]
    print(f"\ngoal: p95 < 20 ms for plain-word queries at the largest size: "
          f"{'met' if goal < 20 else 'NOT met'} ({goal:.1f} ms)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
