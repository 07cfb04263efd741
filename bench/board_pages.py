"""Every corpus board's page and run written out, to compare two checkouts byte for byte.

    JUDGE_INDEX_DIR=… JUDGE_CACHE_DIR=… PYTHONPATH=<checkout> \\
        .venv/bin/python bench/board_pages.py OUT [--corpus corpus/]

For each scenario of ``<corpus>/*/scenarios/*.yaml`` (and a board that is not YAML and
one naming an unknown card): the workbench's page in Japanese and in English, posted
and opened as a permalink (status, headers, body; a cookie's expiry masked), the JSON
twin, and ``judge run --json`` of the file.  Run it with each checkout on
``PYTHONPATH`` (the same corpus and a compiled corpus for each) and ``diff -r`` the two
folders: a speed-up of the board's path must leave them identical (issue 27).
"""
from __future__ import annotations

import argparse
import os
import re
import sys
from pathlib import Path

BAD = [("not-yaml.yaml", "game: vision\nsetup: [1, 2\n"),
       ("unknown-card.yaml", "game: vision\nruleset: latest\nsetup:\n  A:\n"
                             "    hand: [no-such-card]\nactions: []\n")]


def _headers(response) -> str:
    return re.sub(r"Expires=[^;]*", "Expires=X", str(sorted(response.headers.items())))


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("out", type=Path)
    ap.add_argument("--corpus", type=Path,
                    default=Path(__file__).resolve().parent.parent / "corpus")
    args = ap.parse_args(argv)
    corpus = args.corpus.resolve()
    os.environ["JUDGE_CORPUS"] = str(corpus)
    from click.testing import CliRunner

    import judge
    from judge.app import permalink
    from judge.cli import main as cli
    from judge.web import create_app
    from judge.web.serving import config_from_env
    print(f"judge from {Path(judge.__file__).parent}", file=sys.stderr)
    args.out.mkdir(parents=True, exist_ok=True)
    app = create_app(config_from_env())
    paths = sorted(corpus.glob("*/scenarios/*.yaml"))
    boards = [(p.relative_to(corpus).as_posix(), p.read_text(encoding="utf-8"))
              for p in paths] + BAD
    client = app.test_client()
    for rel, text in boards:
        name = rel.replace("/", "_")
        for lang in ("ja", "en"):
            for how, response in (
                    ("post", client.post(f"/board?lang={lang}", data={"yaml": text})),
                    ("link", client.get(f"/board?lang={lang}&s={permalink.encode(text)}"))):
                (args.out / f"{name}.{lang}.{how}.html").write_bytes(
                    f"{response.status_code}\n{_headers(response)}\n".encode()
                    + response.data)
        response = client.post("/board?format=json", data={"yaml": text})
        (args.out / f"{name}.json").write_bytes(f"{response.status_code}\n".encode()
                                                + response.data)
    runner = CliRunner()
    for path in paths:
        result = runner.invoke(cli, ["run", "--json", str(path)])
        (args.out / f"{path.relative_to(corpus).as_posix().replace('/', '_')}.run.json") \
            .write_text(f"{result.exit_code}\n{result.output}", encoding="utf-8")
    print(f"{len(boards) * 4} pages, {len(boards)} JSON twins, {len(paths)} runs in {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
