"""The offline search's patterns are written by Python (judge/offline/patterns.py): the
two that are assembled are the server's own in Python's dialect, and in JavaScript's
they cut a text as the server does (Node, no browser)."""
from __future__ import annotations

import json
import shutil
import subprocess

import pytest

from judge.offline.patterns import filter_prefix, js_patterns, piece

NODE = shutil.which("node") or shutil.which("nodejs")
TEXTS = ["ＱＡ－３３７の裁定", "qa337 と Q346", "No.075 ｎｏ．７５ PR.001", "6.5.3.b を見る",
         "ｸﾞﾚｲｽﾞ の 条件", "don't 十六夜 咲夜", "𠮷野家 rock'n'roll", "game:vision 除外"]


def test_the_python_dialect_is_the_servers_own_pattern():
    from judge.search import analysis, query
    assert piece("py") == analysis._PIECE.pattern
    assert filter_prefix("py") == query._FILTER_PREFIX.pattern


@pytest.mark.skipif(NODE is None, reason="Node is not installed")
def test_the_javascript_dialect_cuts_texts_as_the_server_does():
    from judge.search.analysis import normalize, pieces
    script = """
      const [patterns, texts] = JSON.parse(require("fs").readFileSync(0, "utf8"));
      const re = {};
      for (const k in patterns) re[k] = new RegExp(patterns[k][0], patterns[k][1]);
      process.stdout.write(JSON.stringify(texts.map(t => Array.from(t.matchAll(re.PIECE),
        m => [Object.keys(m.groups).find(k => m.groups[k] !== undefined), m.index, m[0]]))));
    """
    normal = [normalize(t) for t in TEXTS]
    run = subprocess.run([NODE, "-e", script], input=json.dumps([js_patterns(), normal]),
                         capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stderr
    got = json.loads(run.stdout)
    expected = [[[p.start, p.end] for p in pieces(t)] for t in normal]
    # JavaScript counts UTF-16 units: compared on texts of the basic plane, and whole
    assert [[[i, i + len(s)] for _k, i, s in row] for row in got[:-2]] == expected[:-2]
    assert [[s for _k, _i, s in row] for row in got] == \
        [[t[p.start:p.end] for p in pieces(t)] for t in normal]
