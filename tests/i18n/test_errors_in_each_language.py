"""A representative error of each kind reads in Japanese by default and in English by one
switch: a lint finding (a broken link, a conflict between rulings), a corpus file that
cannot be read, a published ruling that would not import, the call record's CLI and
accounts, and the API's refusals.  The code that raises them writes no prose: every
message is a message id with its parameters (checked on the code itself).
"""
from __future__ import annotations

import ast
import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from judge.cli import main
from judge.corpus import DEFAULT_CORPUS
from judge.i18n import Message, use_locale

from .english import english_sentence
from .test_catalogues import KEYWORDS, ROOT, _extracted
from .test_pages_in_japanese import real  # noqa: F401 - the module's app fixture

# The modules whose errors and CLI output became message ids (issue 11, the remainder).
CONVERTED = [
    "judge/app/editorial/conflicts.py", "judge/engine/game.py", "judge/engine/moves.py",
    "judge/engine/rulesets.py", "judge/engine/limits.py", "judge/corpus/lint.py",
    "judge/corpus/published.py", "judge/corpus/store.py", "judge/corpus/changes.py",
    "judge/corpus/games.py", "judge/corpus/importer/__init__.py",
    "judge/corpus/importer/drafts.py", "judge/corpus/importer/glossary.py",
    "judge/corpus/importer/plaindoc.py", "judge/corpus/importer/plugins.py",
    "judge/corpus/importer/published.py", "judge/corpus/importer/sources.py",
    "judge/corpus/importer/wiki.py", "judge/platform/accounts.py", "judge/record/cli.py",
    "judge/editors/cli.py", "judge/cli.py", "judge/web/api.py",
    "judge/app/strictjson.py", "judge/app/permalink.py", "judge/app/boards.py",
    "judge/app/replays.py", "judge/app/editorial/impact.py", "judge/search/searcher.py",
    "judge/search/indexer.py", "judge/offline/export.py", "judge/corpus/present.py",
    "judge/corpus/importer/writer.py", "judge/engine/yamlsource.py", "judge/search/results.py",
]
# The games' scenario errors (their own catalogues, so not in the judge extraction below).
GAMES_CONVERTED = [
    "judge/games/yugioh/cards.py", "judge/games/yugioh/effect_text.py",
    "judge/games/vision/cards.py", "judge/games/vision/board.py",
    "judge/games/gemchronicle/__init__.py", "judge/games/gemchronicle/cards.py",
    "judge/games/gemchronicle/zones.py", "judge/games/gemchronicle/deck.py",
]
# Calls that put a text in front of a judge: errors, the CLIs' failures and echoes.
SAYERS = {"CorpusError", "ImportError_", "PublishedError", "AccountError", "ScenarioError",
          "PermalinkError", "BodyError", "GameManifestError", "CallInputError", "Problem",
          "error", "fail", "_fail", "echo", "prompt"}
# No --lang and a C locale: what a judge gets by default.
DEFAULT_ENV = {"JUDGE_LANG": None, "LC_ALL": None, "LC_MESSAGES": None, "LANGUAGE": None,
               "LANG": "C.UTF-8"}


# An accepted= hint written in the file's own format: YAML keys and values, one or a list
# ("own, opponent, all", "kind: fusion, materials: [...]"); a judge types these as they are.
FILE_FORMAT = re.compile(r"[\w.-]+(: (\[\.\.\.\]|<[^<>]*>|[\w.-]+))?"
                         r"(, [\w.-]+(: (\[\.\.\.\]|<[^<>]*>|[\w.-]+))?)*")


def _file_format(keyword: ast.keyword) -> bool:
    return keyword.arg == "accepted" and isinstance(keyword.value, ast.Constant) and \
        isinstance(keyword.value.value, str) and bool(FILE_FORMAT.fullmatch(keyword.value.value))


def _prose(node: ast.AST) -> str | None:
    """An English sentence written into the code at ``node`` (a literal or an f-string)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        # a code such as "broken-cites" (one token) is a key, not a sentence
        return english_sentence(node.value) if " " in node.value.strip() else None
    if isinstance(node, ast.JoinedStr):
        return english_sentence(" ".join(v.value for v in node.values
                                         if isinstance(v, ast.Constant)))
    return None


@pytest.mark.parametrize("module", CONVERTED + GAMES_CONVERTED)
def test_no_error_or_cli_output_is_written_as_prose(module):
    tree = ast.parse((ROOT / module).read_text(encoding="utf-8"))
    prose = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        name = getattr(node.func, "id", None) or getattr(node.func, "attr", None)
        if name in SAYERS:
            for arg in [*node.args,
                        *(k.value for k in node.keywords if not _file_format(k))]:
                found = _prose(arg)
                if found:
                    prose.append(f"{module}:{node.lineno}: {name}(… {found!r} …)")
    assert not prose, "English written into the code, not a message id:\n" + "\n".join(prose)


def test_the_extraction_covers_every_converted_module():
    """Babel finds messages in each module, as test_catalogues extracts them (so their ja
    and en texts are checked there), and each of them is in both catalogues."""
    from babel.messages.extract import extract_from_dir
    found: dict[str, set] = {}
    for filename, _line, message, _c, context in extract_from_dir(
            ROOT / "judge", [("games/**", "ignore"), ("**.py", "python")], keywords=KEYWORDS):
        found.setdefault(f"judge/{filename}", set()).add((context, message))
    missing = [m for m in CONVERTED if not found.get(m)]
    assert not missing, f"no message extracted from {missing}"
    extracted = _extracted("judge")
    for module in CONVERTED:
        assert found[module] <= set(extracted), module


# --- a bad scenario setup in each game --------------------------------------------------

BAD_SETUPS = {
    # a monster on the field without its 守備力
    "yugioh": ("""game: yugioh
setup:
  players:
    A: {monsters: [{name: 戦士A, atk: 1800, level: 4}]}
    B: {}
actions: []
""", "場のモンスターには守備力が必要", "a monster on the field needs its"),
    # a character whose damage reaches its toughness (耐久力) would already be 決死
    "vision": ("""game: vision
setup:
  players:
    A: {field: [{name: No.010, damage: 9}]}
    B: {}
actions: []
""", "決死になってしまう", "it would be 決死 (destroyed); give it less damage"),
    # more mana than a player can hold (最大所持値：２４)
    "gemchronicle": ("""game: gemchronicle
setup:
  players:
    A: {mana: 30}
    B: {}
actions: []
""", "マナ 30 はありえない", "mana 30 is not possible: a player holds 0 to 24"),
}


@pytest.mark.parametrize("game", sorted(BAD_SETUPS))
def test_a_bad_setup_in_each_language(tmp_path, game):
    text, said_ja, said_en = BAD_SETUPS[game]
    path = tmp_path / f"{game}.yaml"
    path.write_text(text, encoding="utf-8")
    ja = CliRunner().invoke(main, ["run", str(path)], env=DEFAULT_ENV)
    en = CliRunner().invoke(main, ["--lang", "en", "run", str(path)])
    assert ja.exit_code == en.exit_code == 2, (ja.output, en.output)
    assert said_ja in ja.output and f"{game}.yaml:" in ja.output, ja.output
    assert said_en not in ja.output
    assert not english_sentence(ja.output.split(": ", 2)[-1]), ja.output
    assert said_en in en.output and f"{game}.yaml:" in en.output, en.output


# --- lint findings --------------------------------------------------------------------

def _tiny_corpus(root: Path, front: str) -> Path:
    folder = root / "corpus" / "vision" / "qa"
    folder.mkdir(parents=True)
    (folder / "QA-1.md").write_text(front, encoding="utf-8")
    return root / "corpus"


BROKEN_LINK = """---
id: vision/qa/QA-1
title: QA-1 テスト
cites:
- vision/rule/no-such-rule
revisions:
- number: 1
  date: 2020-01-01
  source: {document: 東方Vision 公式Q&A, file: x.txt, lines: '1'}
---
QA-1．質問？

A．はい。
"""


def test_a_lint_finding_in_each_language(tmp_path):
    corpus = _tiny_corpus(tmp_path, BROKEN_LINK)
    ja = CliRunner().invoke(main, ["--corpus", str(corpus), "lint"], env=DEFAULT_ENV)
    en = CliRunner().invoke(main, ["--lang", "en", "--corpus", str(corpus), "lint"])
    assert ja.exit_code == en.exit_code == 1
    assert "vision/rule/no-such-rule にリンクしていますが、その項目はありません" in ja.output
    assert "which is not an entry" not in ja.output
    assert "links to vision/rule/no-such-rule, which is not an entry" in en.output
    as_json = CliRunner().invoke(main, ["--lang", "ja", "--corpus", str(corpus), "lint",
                                        "--json"])
    found = json.loads(as_json.output)[0]
    assert found["message_id"] == "{field} links to {target}, which is not an entry"
    assert found["params"] == {"field": "cites", "target": "vision/rule/no-such-rule"}
    assert "リンク" in found["message"]


def test_a_conflict_between_rulings_in_each_language():
    """QA-041 against the newer QA-337 (the real corpus): the finding, both quotes, the
    replay's verdict, in each language; the game's own reason is the only data left."""
    if not (DEFAULT_CORPUS / "vision" / "qa").is_dir():
        pytest.skip("corpus/ has not been generated")
    from judge.corpus import Corpus
    from judge.app.editorial.conflicts import ruling_conflicts
    found = [p for p in ruling_conflicts(Corpus.load(DEFAULT_CORPUS))
             if p.entry_id == "vision/qa/QA-041"]
    assert found and isinstance(found[0].message, Message)
    message = found[0].message
    ja, en = message.render("ja"), message.render("en")
    assert "矛盾します" in ja and "QA-337 の改訂2" in ja and "に至りません" in ja
    assert "いいえ、出来ません" in ja and "はい、セットされます" in ja
    why = message.params["why"].render("ja")
    said = re.sub(r"[\w.-]+\.yaml", "", ja.replace(why, ""))     # file names are data
    assert not english_sentence(said), ja
    assert "conflicts with vision/qa/QA-337 revision 2" in en
    assert "do not reach the answer" in en
    with use_locale("en"):
        assert found[0].as_dict()["message"] == en
    assert found[0].as_dict()["message_id"] == message.id


# --- corpus and published-ruling errors -----------------------------------------------

def test_a_corpus_file_that_cannot_be_read_in_each_language(tmp_path):
    corpus = _tiny_corpus(tmp_path, "id: vision/qa/QA-1\n")
    ja = CliRunner().invoke(main, ["--corpus", str(corpus), "show", "QA-1"], env=DEFAULT_ENV)
    en = CliRunner().invoke(main, ["--lang", "en", "--corpus", str(corpus), "show", "QA-1"])
    assert ja.exit_code == en.exit_code == 2
    assert "QA-1.md:1: コーパスのファイルは YAML のフロントマター" in ja.output, ja.output
    assert not english_sentence(ja.output.split(": ", 2)[-1])
    assert "QA-1.md:1: a corpus file starts with a YAML front matter" in en.output


def test_a_published_ruling_that_would_not_import_in_each_language(tmp_path):
    """An answer dated before the revision in force: refused, nothing written."""
    if not (DEFAULT_CORPUS / "vision" / "qa").is_dir():
        pytest.skip("corpus/ has not been generated")
    args = ["new", "qa", "vision", "337", "--question", "q", "--answer", "a", "--date",
            "2000-01-01", "--source-url", "https://example.org/", "--sources",
            str(tmp_path / "sources")]
    ja = CliRunner().invoke(main, args, env=DEFAULT_ENV)
    en = CliRunner().invoke(main, ["--lang", "en", *args])
    assert ja.exit_code == en.exit_code == 2
    assert "新しい回答はそれより後に公開されたもの" in ja.output, ja.output
    assert "a newer answer is published after it" in en.output
    assert "vision/qa/QA-337" in ja.output and "vision/qa/QA-337" in en.output
    assert not (tmp_path / "sources").exists() or not any((tmp_path / "sources").rglob("*.yaml"))


def test_a_published_document_error_keeps_its_line_and_field():
    from judge.corpus.published import PublishedError, read_document
    text = ("document: x\ngame: vision\nurl: ftp://a\npublished: 2026-01-01\n"
            "retrieved: 2026-01-01\nitems: [{qa: 1, question: q, answer: a}]\n")
    with pytest.raises(PublishedError) as err:
        read_document(text, "vision", "bad.yaml")
    assert err.value.line == 1 and err.value.message.params == {"url": "ftp://a"}
    assert "http(s) のアドレス" in err.value.message.render("ja")
    assert "url: 'ftp://a' is not an http(s) address" in err.value.message.render("en")


# --- the call record's CLI and accounts -----------------------------------------------

@pytest.fixture
def record_url(tmp_path):
    from judge.platform import db as record_db
    url = f"sqlite:///{tmp_path / 'record.sqlite3'}"
    yield url
    record_db.dispose(url)


def test_the_record_cli_errors_in_each_language(record_url):
    def run(*args, stdin="", lang=None):
        env = {**DEFAULT_ENV, "JUDGE_DATABASE_URL": record_url}
        head = ["--lang", lang] if lang else []
        return CliRunner().invoke(main, [*head, *args], input=stdin, env=env)

    ja = run("user", "add", "kato", stdin="short\n")
    en = run("user", "add", "kato", stdin="short\n", lang="en")
    assert ja.exit_code == en.exit_code == 2
    assert "パスワードは8文字以上にしてください" in ja.output, ja.output
    assert "the password must have at least 8 characters" in en.output
    ok = run("user", "add", "山田", stdin="correct horse 1\n")
    assert ok.exit_code == 0 and "ユーザー 山田 を作りました" in ok.output
    again = run("user", "add", "山田", stdin="correct horse 1\n", lang="en")
    assert again.exit_code == 2 and "user '山田' already exists" in again.output
    ja = run("editor", "grant", "nobody", "vision")
    en = run("editor", "grant", "nobody", "vision", lang="en")
    assert ja.exit_code == en.exit_code == 2
    assert "ユーザー 'nobody' はいません" in ja.output and "judge user add nobody" in ja.output
    assert "no user 'nobody': create it first" in en.output
    ja = run("event", "add", "Bad Slug", "--title", "t", "--head", "山田")
    assert ja.exit_code == 2 and "slug:" in ja.output and not english_sentence(
        ja.output.replace("(e.g. 2026-12-tokyo)", "")), ja.output


def test_an_account_error_is_a_message_with_params():
    from judge.platform.accounts import AccountError, clean_name
    with pytest.raises(AccountError) as err:
        clean_name("a b")
    message = err.value.args[0]
    assert isinstance(message, Message) and message.params == {"name": "a b"}
    assert "空白は使えません" in message.render("ja") and "no spaces" in message.render("en")
    with use_locale("ja"):
        assert str(err.value) == message.render("ja")


# --- the API's refusals (lang=) -------------------------------------------------------

def test_an_api_refusal_in_each_language(real):  # noqa: F811
    ja = real.post("/api/run?lang=ja", data=b"{nope", content_type="application/json")
    en = real.post("/api/run?lang=en", data=b"{nope", content_type="application/json")
    assert ja.status_code == en.status_code == 400
    ja, en = ja.get_json(), en.get_json()
    assert "JSON ではありません" in ja["error"] and "the body is not JSON" in en["error"]
    assert ja["error_id"] == en["error_id"] == "the body is not JSON: {problem}"
    assert ja["error_params"] == en["error_params"] and ja["error_params"]["problem"]
    wrong = real.post("/api/run?lang=ja", data=b"x", content_type="image/png").get_json()
    assert "YAML（text/yaml）か JSON を送ってください" in wrong["error"]
    assert wrong["error_params"] == {"mimetype": "image/png"}
    board = real.get("/board?s=z1.!!!&lang=ja")
    assert board.status_code == 400
    assert "A-Z a-z 0-9 - _ 以外の文字があります" in board.get_data(as_text=True)
    board = real.get("/board?s=z1.!!!&lang=en")
    assert "characters other than A-Z" in board.get_data(as_text=True)
    real.delete_cookie("lang")
