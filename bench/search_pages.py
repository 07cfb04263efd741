"""Results pages written out, to compare two checkouts byte for byte (the search's twin of
bench/board_pages.py).

    JUDGE_INDEX_DIR=… JUDGE_CACHE_DIR=… PYTHONPATH=<checkout> \\
        .venv/bin/python bench/search_pages.py OUT [--corpus corpus/]

For every keyword and question of the relevance sets (tests/search) and a few queries
of each shape (no result, an id that redirects, filters, a later page, older
revisions, ``as_of``, a query with markup in it): the page at ``/search`` and at ``/``,
in Japanese and in English (status, headers, body).  Run it with each checkout on
``PYTHONPATH`` (the same corpus and index) and ``diff -r`` the two folders: a speed-up
of the results page must leave them identical (issue 27).
"""
from __future__ import annotations

import argparse
import hashlib
import os
import re
import sys
from pathlib import Path
from urllib.parse import urlencode

SHAPES = [
    {"q": "グレイズ", "game": "vision"}, {"q": "攻撃", "kind": "qa"},
    {"q": "攻撃", "game": "vision", "kind": "rule"}, {"q": "攻撃", "page": 2},
    {"q": "攻撃", "page": 5}, {"q": "攻撃", "old": 1}, {"q": "ダメージ", "as_of": "2015-01-01"},
    {"q": "QA-337"}, {"q": "QA-337", "stay": 1}, {"q": "ぐれいず"}, {"q": "zzzzqqqq"},
    {"q": "zzzzqqqq", "game": "vision"}, {"q": "<script>alert(1)</script> 攻撃"},
    {"q": "\"プレイしたものとして解決\""}, {"q": "制限を無視 -墓地"}, {"q": ""},
    {"q": "攻撃", "game": "nosuchgame"}, {"q": "グレイズ", "page": 99},
]


def queries(root: Path) -> list[dict]:
    """The relevance sets' queries as pages, then the shapes above."""
    import yaml
    sets = [root / "tests" / "search" / "relevance.yaml",
            *sorted((root / "tests" / "search").glob("questions*.yaml"))]
    asked = [{"q": q["q"], "stay": 1} for p in sets
             for q in yaml.safe_load(p.read_text(encoding="utf-8"))["queries"]]
    return asked + SHAPES


def main(argv=None) -> int:
    root = Path(__file__).resolve().parent.parent
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("out", type=Path)
    ap.add_argument("--corpus", type=Path, default=root / "corpus")
    args = ap.parse_args(argv)
    os.environ["JUDGE_CORPUS"] = str(args.corpus.resolve())
    import judge
    from judge.web import create_app
    from judge.web.serving import config_from_env
    print(f"judge from {Path(judge.__file__).parent}", file=sys.stderr)
    args.out.mkdir(parents=True, exist_ok=True)
    client = create_app(config_from_env()).test_client()
    count = 0
    for asked in queries(root):
        for lang in ("ja", "en"):
            for path in ("/search", "/"):
                url = f"{path}?{urlencode({**asked, 'lang': lang})}"
                response = client.get(url)
                headers = re.sub(r"Expires=[^;]*", "Expires=X",
                                 str(sorted(response.headers.items())))
                name = hashlib.sha1(url.encode()).hexdigest()[:16]
                (args.out / f"{name}.html").write_bytes(
                    f"{url}\n{response.status_code}\n{headers}\n".encode() + response.data)
                count += 1
    print(f"{count} pages in {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
