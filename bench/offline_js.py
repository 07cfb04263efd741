"""The offline search's figures at the real corpus: the bundle's size, Node's time per
query, and every relevance and question query's offline results page (for comparing a
change to the offline scripts or the bundle before and after).

    python bench/offline_js.py OUT      # writes bundle.json, queries.json, offline.json
"""
from __future__ import annotations

import gzip
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "search")]


def queries() -> list:
    """Every query the parity test asks (relevance, questions, romaji, odd, filtered)."""
    import yaml
    import test_offline_parity as t
    from relevance_eval import load
    out = [i["q"] for i in load()]
    for f in (t.QUESTIONS, t.HELD_OUT, t.HELD_OUT_2, t.LEXICON, t.PHONE, t.BLIND_3):
        out += [i["q"] for i in yaml.safe_load(f.read_text(encoding="utf-8"))["queries"]]
    return out + t.ROMAJI + t.ODD + t.FILTERED


def main(out: Path) -> None:
    """Build the bundle, run Node over every query, write what it answered and report."""
    from judge.corpus import DEFAULT_CORPUS, Corpus
    from judge.offline.bundle import build, script
    from judge.search import Searcher
    out.mkdir(parents=True, exist_ok=True)
    corpus = Corpus.load(DEFAULT_CORPUS)
    searcher = Searcher.open(corpus, index_dir=Path(tempfile.mkdtemp()))
    t0 = time.perf_counter()
    bundle = build(corpus, searcher)
    built = time.perf_counter() - t0
    text = script(bundle)
    (out / "bundle.json").write_text(json.dumps(bundle, ensure_ascii=False), encoding="utf-8")
    qs = queries()
    (out / "queries.json").write_text(json.dumps(qs, ensure_ascii=False), encoding="utf-8")
    run = subprocess.run(["node", str(ROOT / "bench" / "offline_js.js"),
                          str(ROOT / "judge" / "web" / "static"), str(out / "bundle.json"),
                          str(out / "queries.json")], capture_output=True, text=True,
                         check=True)
    (out / "offline.json").write_text(run.stdout, encoding="utf-8")
    report = json.loads(run.stderr.strip().splitlines()[-1])
    report.update(gzip_bytes=len(gzip.compress(text.encode("utf-8"), 6, mtime=0)),
                  json_bytes=len(text.encode("utf-8")), build_s=round(built, 1),
                  queries=len(qs))
    print(json.dumps(report))


if __name__ == "__main__":
    import argparse
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path, help="folder for bundle.json, queries.json and "
                        "offline.json (made if missing)")
    main(parser.parse_args().out)
