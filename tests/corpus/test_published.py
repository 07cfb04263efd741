"""Published rulings through the command line: a new Q&A and a reversal, in a copy.

Every ruling added here is a test fixture marked テスト (never a real ruling) and is
written into a temporary copy of corpus/ and sources/, never the committed ones.
"""
from __future__ import annotations

import json
import shutil
from datetime import date
from pathlib import Path

import pytest
from click.testing import CliRunner
from corpus_testkit import COMMITTED, ROOT

from judge.cli import main
from judge.corpus import Corpus
from judge.corpus.changes import as_of, changes_since
from judge.corpus.importer import ImportError_, import_paths

QUESTION_337 = ("「プレイしたものとして解決する」効果で、例えばNo.075 マナの生成のように使用出来る"
                "ターンや枚数、条件などの制限があるカードは、その制限を無視できますか？")
URL = "https://example.invalid/test-qa"


@pytest.fixture
def workspace(tmp_path) -> Path:
    """A copy of corpus/ and sources/ (the CLI writes only here)."""
    shutil.copytree(COMMITTED, tmp_path / "corpus")
    shutil.copytree(ROOT / "sources", tmp_path / "sources")
    return tmp_path


def judge(workspace: Path, *args: str):
    # English output: the assertions below read the report's English words
    result = CliRunner().invoke(main, ["--lang", "en", "--corpus", str(workspace / "corpus"),
                                       *args],
                                catch_exceptions=False)
    return result


def new_qa(workspace, number, answer, day="2026-12-01", question="テスト用の架空の質問ですか？"):
    result = judge(workspace, "new", "qa", "vision", number, "--date", day, "--question",
                   question, "--answer", answer, "--source-url", URL,
                   "--retrieved", "2026-12-01")
    assert result.exit_code == 0, result.output
    path = Path(result.output.strip().splitlines()[-1])
    assert path.is_file() and path.is_relative_to(workspace / "sources" / "published" / "vision")
    return path


def test_new_qa_then_import_adds_an_entry_found_by_search_and_changes(workspace):
    path = new_qa(workspace, "900", "テスト用の架空の回答です。")
    assert path.name == "2026-12-01-QA-900.yaml"
    result = judge(workspace, "import", str(workspace / "sources"))
    assert result.exit_code == 0, result.output
    assert "published: vision/qa/QA-900 new: revision 1 of 2026-12-01" in result.output
    corpus = Corpus.load(workspace / "corpus")
    entry = corpus.get("vision/qa/QA-900")
    assert entry.current.text == "QA-900．テスト用の架空の質問ですか？\n\nA．テスト用の架空の回答です。"
    assert entry.current.source["url"] == URL
    assert entry.current.source["file"] == "sources/published/vision/2026-12-01-QA-900.yaml"
    # The committed corpus is untouched.
    assert not (COMMITTED / "vision" / "qa" / "QA-900.md").exists()
    # Vision's changes: its glossary terms are new entries of the same day too.
    changes = json.loads(judge(workspace, "changes", "--game", "vision", "--since", "2026-11-30",
                               "--json").output)
    rulings = [c for c in changes["changes"] if c["source"].get("file", "").startswith(
        "sources/published/")]
    assert rulings == [{**rulings[0], "id": "vision/qa/QA-900",
                        "revision": 1, "date": "2026-12-01", "status": "current"}]
    assert {c["kind"] for c in changes["changes"] if c not in rulings} <= {"term"}
    found = json.loads(judge(workspace, "search", "架空の回答", "--json").output)
    assert found["results"][0]["id"] == "vision/qa/QA-900"
    # As of a day before it was published, it is not there.
    before = json.loads(judge(workspace, "search", "架空の回答", "--as-of", "2026-11-30",
                              "--json").output)
    assert all(r["id"] != "vision/qa/QA-900" for r in before["results"])
    assert judge(workspace, "show", "QA-900", "--as-of", "2026-11-30").exit_code == 1
    # A second import changes nothing.
    again = judge(workspace, "import", str(workspace / "sources"))
    assert "0 written" in again.output and "effect of the change" not in again.output


def test_reversal_adds_a_revision_replays_and_holds_verify_until_reviewed(workspace,
                                                                          monkeypatch):
    path = new_qa(workspace, "QA-337", "はい、できます。（テスト用の架空の再回答）",
                  question=QUESTION_337)
    result = judge(workspace, "import", str(workspace / "sources"))
    assert result.exit_code == 0, result.output
    out = result.output
    assert "published: vision/qa/QA-337 revision: revision 3 of 2026-12-01, current" in out
    # Each linked scenario replayed under the new revision, and revision 2's run,
    # which loses its expectation (it was `expect`, now revision 3's).
    line = next(x for x in out.splitlines()
                if "qa-337-restrictions.yaml · revision 3 (2026-12-01) (new)" in x)
    assert "same outcome" in line and "A.graveyard: ['マナの生成']" in line
    assert any("qa-337-restrictions.yaml · revision 2 (2014-04-10)" in x and
               "expectation ok → unchecked" in x for x in out.splitlines())
    # The engine's switch still follows revision 2: said before it lands.
    assert "switch 'as_if_played_restrictions' (vision) follows vision/qa/QA-337 up to " \
           "revision 2" in out
    corpus = Corpus.load(workspace / "corpus")
    entry = corpus.get("vision/qa/QA-337")
    assert [(r.number, r.status) for r in entry.revisions] == [
        (3, "current"), (2, "superseded"), (1, "superseded")]
    assert "いいえ、出来ません" in entry.revision(2).text        # never edited in place
    assert "はい、できます" in as_of(entry, date(2014, 1, 1)).text
    assert "はい、できます。（テスト" in as_of(entry, date(2026, 12, 1)).text
    assert [c.revision.number for c in changes_since(corpus, None)
            if c.entry.id == entry.id] == [3, 2]
    # A game author declares what revision 3 decides; the engine follows it, so the
    # expectation written for revision 2 now fails under the latest ruleset.
    from judge.engine import Switch, Variant
    from judge.games.vision import citations as texts
    old = texts.SWITCHES["as_if_played_restrictions"]
    monkeypatch.setitem(texts.SWITCHES, "as_if_played_restrictions", Switch(
        old.name, old.doc, old.variants + (Variant("ignored", "vision/qa/QA-337", 3, None,
                                                   "はい、できます"),)))
    held = judge(workspace, "--lang", "en", "verify")      # the report's words in English
    assert held.exit_code == 1
    assert "review-expectation" in held.output and "MISMATCH" in held.output
    assert "switch-behind-ruling" not in held.output
    # every scenario that replays QA-337 (each has an expect and a revision 1 answer)
    for scenario in sorted((workspace / "corpus" / "vision" / "scenarios").glob("qa-337-*")):
        text = scenario.read_text(encoding="utf-8")
        # Revision 2's answer keeps the old expect; revision 3 reads like revision 1.
        by_rev = text.split("expect_by_revision:\n", 1)[1]
        expect = text.split("\nexpect:\n", 1)[1].split("\nexpect_by_revision:", 1)[0]
        rev2 = "  2:\n" + "\n".join("  " + x for x in expect.strip("\n").splitlines())
        rev3 = by_rev.replace("  1:\n", "  3:\n", 1)
        scenario.write_text(text.rstrip("\n") + "\n" + rev2 + "\n" + rev3, encoding="utf-8")
    ok = judge(workspace, "verify")
    assert ok.exit_code == 0, ok.output
    assert path.is_file()


def test_withdrawal_and_an_older_date_are_refused_or_recorded(workspace):
    bad = judge(workspace, "new", "qa", "vision", "337", "--date", "2013-01-01", "--question",
                QUESTION_337, "--answer", "テスト", "--source-url", URL)
    assert bad.exit_code == 2 and "dated 2014-04-10" in bad.output
    same = judge(workspace, "new", "qa", "vision", "337", "--date", "2026-12-01",
                 "--question", QUESTION_337, "--answer", "いいえ、出来ません。",
                 "--source-url", URL)
    assert same.exit_code == 2 and "already says this" in same.output
    result = judge(workspace, "new", "withdrawal", "vision", "41", "--date", "2026-12-01",
                   "--reason", "テスト用の架空の削除です。", "--source-url", URL)
    assert result.exit_code == 0, result.output
    assert judge(workspace, "import", str(workspace / "sources")).exit_code == 0
    entry = Corpus.load(workspace / "corpus").get("vision/qa/QA-041")
    assert entry.status == "withdrawn"
    assert entry.current.withdrawn_reason == "テスト用の架空の削除です。"
    assert entry.revision(1).status == "superseded" and "はい、セットされます" in \
        entry.revision(1).text


def test_importing_seeds_without_the_published_rulings_is_refused(workspace):
    new_qa(workspace, "337", "はい、できます。（テスト用の架空の再回答）", question=QUESTION_337)
    assert judge(workspace, "import", str(workspace / "sources")).exit_code == 0
    result = judge(workspace, "import", str(workspace / "sources" / "seeds"),
                   str(workspace / "sources" / "data"))
    assert result.exit_code == 2 and "would lose them" in result.output
    text = (workspace / "corpus" / "vision" / "qa" / "QA-337.md").read_text(encoding="utf-8")
    assert "<!-- revision 3 -->" in text


@pytest.mark.parametrize("text, expected", [
    ("document: x\ngame: chess\nurl: https://a.b/\npublished: 2026-01-01\nretrieved: "
     "2026-01-01\nitems: [{qa: 1, question: q, answer: a}]\n", ":1: game: 'chess'"),
    ("document: x\ngame: vision\nurl: ftp://a\npublished: 2026-01-01\nretrieved: "
     "2026-01-01\nitems: [{qa: 1, question: q, answer: a}]\n", "not an http(s) address"),
    ("document: x\ngame: vision\nurl: https://a.b/\npublished: 2026-01-01\nretrieved: "
     "2026-01-01\nitems:\n  - qa: 1\n    question: q\n", ":7: answer: a text is required"),
    ("document: x\ngame: vision\nurl: https://a.b/\npublished: 2026-01-01\nretrieved: "
     "2026-01-01\nitems:\n  - rule: nosuch\n    clause: '1.1'\n    text: t\n",
     "the corpus has no rule vision/rule/nosuch"),
    ("document: x\ngame: vision\nurl: https://a.b/\npublished: 2026-01-01\nretrieved: "
     "2026-01-01\nitems:\n  - rule: '6.5'\n    clause: 6.5\n    text: t\n",
     ":7: clause: 6.5 is read as a number; write it in quotes"),
    # pasted with a control character: the title kept it, the body's Markdown dropped it
    ("document: x\ngame: vision\nurl: https://a.b/\npublished: 2026-01-01\nretrieved: "
     "2026-01-01\nitems:\n  - qa: 1\n    question: \"q\\x01?\"\n    answer: a\n",
     ":7: question: holds the control character U+0001, which is not text"),
])
def test_a_bad_published_document_names_file_line_and_field(workspace, text, expected):
    folder = workspace / "sources" / "published" / "vision"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "bad.yaml").write_text(text, encoding="utf-8")
    before = (workspace / "corpus" / ".import-manifest.json").read_bytes()
    with pytest.raises(ImportError_) as err:
        import_paths([workspace / "sources"], workspace / "corpus")
    assert "bad.yaml" in str(err.value) and expected in str(err.value)
    assert (workspace / "corpus" / ".import-manifest.json").read_bytes() == before


def test_a_rule_clause_update_is_a_new_revision_with_that_clause_replaced():
    from judge.corpus import parse_entry
    from judge.corpus.published import apply_documents, read_document
    path = COMMITTED / "vision" / "rule" / "6.5.md"
    entry = parse_entry(path.read_text(encoding="utf-8"), path)
    before = entry.current
    doc = read_document(
        "document: テスト用の架空の総合ルール改訂\ngame: vision\nurl: https://example.invalid/r\n"
        "published: 2026-12-01\nretrieved: 2026-12-01\nitems:\n  - rule: '6.5'\n"
        "    clause: 6.5.3.b\n    text: 6.5.3.b テスト用の架空の条文。\n", "vision", "t.yaml")
    changes = apply_documents({entry.id: entry}, [doc])
    assert [(c.action, c.revision) for c in changes] == [("clause", before.number + 1)]
    new = entry.current
    assert new.clauses["6.5.3.b"] == "6.5.3.b テスト用の架空の条文。"
    assert "グレイズの値に等しい" in before.clauses["6.5.3.b"]     # the old text stays
    assert {k: v for k, v in new.clauses.items() if k != "6.5.3.b"} == \
        {k: v for k, v in before.clauses.items() if k != "6.5.3.b"}
    assert before.status == "superseded" and new.source["lines"] == "7"


def test_new_qa_refuses_a_control_character_and_writes_nothing(workspace):
    result = judge(workspace, "new", "qa", "vision", "900", "--date", "2026-12-01",
                   "--question", "テスト用の\x0b架空の質問ですか？", "--answer", "A．はい。",
                   "--source-url", URL, "--retrieved", "2026-12-01")
    assert result.exit_code == 2
    assert "question: holds the control character U+000B" in result.output
    assert not list((workspace / "sources" / "published" / "vision").glob("*QA-900*"))
