"""Every command's --help reads in the reader's language: click's own words (Usage,
Options, its errors) and each command's help, from the catalogue (judge/i18n/clicktext.py).
"""
from __future__ import annotations

import re

import pytest
from click.testing import CliRunner

from judge.cli import main
from judge.i18n import gettext, use_locale
from judge.i18n.clicktext import help_texts

from .english import english_sentence

JAPANESE = re.compile(r"[\u3040-\u30ff\u3400-\u9fff]")
def command_paths(group=main, prefix=()):
    import click
    ctx = click.Context(group, info_name="judge")
    out = [prefix]
    if isinstance(group, click.Group):
        for name in group.list_commands(ctx):
            out += command_paths(group.get_command(ctx, name), prefix + (name,))
    return out


ALL = command_paths()
JA_ENV = {"LANG": "ja_JP.UTF-8", "LC_ALL": "", "LC_MESSAGES": "", "JUDGE_LANG": ""}
EN_ENV = {"LANG": "en_US.UTF-8", "LC_ALL": "", "LC_MESSAGES": "", "JUDGE_LANG": ""}


def test_every_help_text_has_its_japanese():
    with use_locale("ja"):
        untranslated = [t for t in help_texts(main) if gettext(t) == t]
    assert untranslated == []


@pytest.mark.parametrize("path", ALL, ids=lambda p: " ".join(p) or "judge")
def test_help_is_japanese_under_a_japanese_locale(path):
    result = CliRunner().invoke(main, [*path, "--help"], env=JA_ENV, prog_name="judge")
    assert result.exit_code == 0, result.output
    assert result.output.startswith("使い方:") and "オプション:" in result.output
    said = result.output.replace(" ".join(("judge", *path)), "judge")    # its name
    lines = [line for line in said.splitlines() if english_sentence(line)]
    assert lines == [], lines


@pytest.mark.parametrize("path", ALL, ids=lambda p: " ".join(p) or "judge")
def test_help_is_english_under_lang_en(path):
    result = CliRunner().invoke(main, ["--lang", "en", *path, "--help"], env=JA_ENV)
    assert result.exit_code == 0, result.output
    assert result.output.startswith("Usage:") and "Options:" in result.output
    assert not JAPANESE.search(result.output), result.output


def test_the_environments_locale_when_no_lang_is_given():
    assert CliRunner().invoke(main, ["--help"], env=EN_ENV).output.startswith("Usage:")
    assert CliRunner().invoke(main, ["--help"], env=JA_ENV).output.startswith("使い方:")


@pytest.mark.parametrize("args, ja, en", [
    (["nope"], "コマンド 'nope' はありません", "No such command 'nope'"),
    (["run", "nope.yaml"], "そのシナリオファイルはありません", "no such scenario file"),
    (["search", "--limit", "x", "q"], "値が正しくありません", "Invalid value"),
])
def test_click_errors_and_ours_read_in_each_language(args, ja, en):
    said_ja = CliRunner().invoke(main, args, env=JA_ENV)
    said_en = CliRunner().invoke(main, ["--lang", "en", *args], env=JA_ENV)
    assert said_ja.exit_code == said_en.exit_code == 2
    assert ja in said_ja.output and en in said_en.output


def test_the_catalogue_update_extracts_every_help_text(tmp_path):
    from babel.messages.catalog import Catalog
    from babel.messages.pofile import read_po, write_po

    from judge.i18n.clicktext import add_to_pot
    pot = tmp_path / "messages.pot"
    with pot.open("wb") as f:
        write_po(f, Catalog())
    add_to_pot(str(pot), main)
    with pot.open("rb") as f:
        found = {m.id for m in read_po(f) if m.id}
    assert found == set(help_texts(main)) and "Print the entry as JSON." in found


def test_the_values_a_command_takes_are_named_in_the_readers_language():
    """Metavars: 「使い方: judge run [オプション] シナリオ」 and 「--ruleset テキスト」 in
    Japanese, click's SCENARIO and TEXT in English; a syntax (YYYY-MM-DD) stays."""
    ja = CliRunner().invoke(main, ["run", "--help"], env=JA_ENV).output
    assert "run [オプション] シナリオ" in ja and "--ruleset テキスト" in ja
    assert "SCENARIO" not in ja and "TEXT" not in ja
    en = CliRunner().invoke(main, ["run", "--help"], env=EN_ENV).output
    assert "run [OPTIONS] SCENARIO" in en and "--ruleset TEXT" in en
    shown = CliRunner().invoke(main, ["show", "--help"], env=JA_ENV).output
    assert "項目ID" in shown and "--as-of YYYY-MM-DD" in shown
    many = CliRunner().invoke(main, ["import", "--help"], env=JA_ENV).output
    assert "import [オプション] パス..." in many


def test_one_command_is_worded_without_loading_every_games_plugin():
    """A command is worded when the group looks it up: `judge show --help` reads in
    Japanese, and no game's plugin was imported to word the games' own commands (their
    loading was a fifth of `judge search`'s start-up)."""
    import subprocess
    import sys
    code = ("import sys\nfrom judge.cli import main\n"
            "try:\n    main(['--lang', 'ja', 'show', '--help'])\nexcept SystemExit:\n    pass\n"
            "print(sorted(m for m in sys.modules if m.startswith('judge.games.')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    helped, loaded = out.rsplit("\n", 2)[0], out.rsplit("\n", 2)[1]
    assert "使い方" in helped and JAPANESE.search(helped.split("\n", 2)[-1])
    assert loaded == "[]"


GROUPS = [p for p in ALL if "コマンド:" in CliRunner().invoke(
    main, ["--lang", "ja", *p, "--help"]).output]


@pytest.mark.parametrize("path", GROUPS, ids=lambda p: " ".join(p) or "judge")
def test_the_list_of_commands_never_cuts_a_bracket_open(path):
    """The list shows each command's first sentence; a 。 inside （…） is not the end
    of it (`judge --help` read 「db 裁定記録のデータベース（$JUDGE_DATABASE_URL」)."""
    out = CliRunner().invoke(main, ["--lang", "ja", *path, "--help"]).output
    listed = out.split("コマンド:", 1)[1].splitlines()
    assert listed
    for line in listed:
        for open_, close in ("（）", "()", "「」"):
            assert line.count(open_) == line.count(close), line
    if not path:
        assert any("裁定記録のデータベース（$JUDGE_DATABASE_URL。未設定なら instance/ の SQLite）"
                   in line for line in listed)
