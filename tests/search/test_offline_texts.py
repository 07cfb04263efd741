"""The offline snippets mark words through the server's own map of each passage
(judge/offline/texts.py, highlight._normal_without_spaces): Node cuts the server's
snippet of texts whose normal form is longer, shorter or elsewhere than the text (no
browser)."""
from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from judge.offline.texts import passage_map

NODE = shutil.which("node") or shutil.which("nodejs")
STATIC = Path(__file__).resolve().parents[2] / "judge" / "web" / "static"
# (text, the words to mark as the server's needles): NFKC makes ㍻ two characters (平成)
# and ｸﾞ one, 𠮷 is two UTF-16 units, and white space is not in the normal form
CASES = [
    ("グレイズ は\n できる。次の文。", ["ぐれいず", "できる"]),
    ("㍻の ｸﾞﾚｲｽﾞ を宣言する", ["平成", "ぐれいず", "宣言"]),
    ("𠮷野家 で 4000 と 0 の ＡＴＫ", ["野家", "0", "atk"]),
    ("ｶﾞｰﾄﾞ\u3000と ガード\tを", ["がーど"]),
    ("前" * 150 + "グレイズ" + "後" * 150, ["ぐれいず"]),
]


def test_a_map_names_where_each_unit_comes_from():
    starts, ends = passage_map("a b\nc")
    # a, then b after one space, c after the line break: three lines of slope one
    assert starts == [0, 0, 1, 2, 2, 4] and ends == 0
    starts, ends = passage_map("㍻x")
    # 平成: two units both of character 0 (each one code point long), then x at 1
    assert starts == [0, 0, 1, 0] and ends == 0
    starts, ends = passage_map("ｸﾞx")
    # ぐ: one unit of two characters
    assert starts == [0, 0, 1, 2] and ends == [0, 2]


@pytest.mark.skipif(NODE is None, reason="Node is not installed")
def test_node_cuts_the_servers_snippets_with_the_map():
    from judge.offline.constants import constants
    from judge.offline.patterns import js_patterns
    from judge.search import tables
    from judge.search.highlight import _normal_without_spaces, snippet
    rows = [[text, _normal_without_spaces(text)[0], [0, *passage_map(text)], marks]
            for text, marks in CASES]
    script = """
      const fs = require("fs"), vm = require("vm"), path = require("path");
      const [dir, tables, patterns, constants, rows] = JSON.parse(fs.readFileSync(0, "utf8"));
      const context = vm.createContext({});
      context.self = context;
      for (const name of ["offline-analysis.js", "offline-text.js"])
        vm.runInContext(fs.readFileSync(path.join(dir, name), "utf8"), context);
      context.JudgeAnalysis.configure(tables, patterns, constants);
      process.stdout.write(JSON.stringify(rows.map(r =>
        context.JudgeOfflineText.snippet(r[0], r[1], r[2], r[3]))));
    """
    run = subprocess.run([NODE, "-e", script], capture_output=True, text=True, timeout=60,
                         input=json.dumps([str(STATIC), tables.as_json(), js_patterns(),
                                           constants(), rows]))
    assert run.returncode == 0, run.stderr
    got = json.loads(run.stdout)
    assert got == [snippet(text, marks) for text, marks in CASES]
    assert all("<mark>" in s for s in got)


def test_a_passage_whose_normal_text_is_not_the_titles_and_its_own_carries_its_form():
    from judge.offline.texts import passage_maps

    class Store:
        def text_of(self, d):
            return ["titleab", "something else"][d]
    maps = passage_maps(Store(), [0, 1], ["a b", "a b"])
    assert maps[0] == [5, [0, 0, 1, 2], 0]
    assert maps[1] == [-1, [0, 0, 1, 2], 0, "ab"]
