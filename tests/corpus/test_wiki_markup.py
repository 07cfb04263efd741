"""@wiki markup to Markdown, line by line and block by block."""
from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from judge.corpus.importer.wiki import PlainLinker, WikiLine, editor_comment, inline, \
    to_markdown


class RecordingLinker(PlainLinker):
    def __init__(self):
        self.links = []

    def link(self, text, target):
        self.links.append((text, target))
        return f"[{text}](judge:x/{target})"


def md(*lines):
    return to_markdown([WikiLine(n, t) for n, t in enumerate(lines, 1)], PlainLinker())


def test_inline_markup():
    linker = RecordingLinker()
    assert inline("''太字''の後", linker) == "**太字**の後"
    assert inline("[[術者]]のルール", linker) == "[術者](judge:x/術者)のルール"
    assert inline("[[（自動β）>（自動）]]で", linker) == "[（自動β）](judge:x/（自動）)で"
    assert linker.links[-1] == ("（自動β）", "（自動）")
    assert inline("一行目&br()二行目", linker) == "一行目<br>二行目"
    assert inline("、&strong(){&u(){コスト}}を指す", linker) == "、<u>**コスト**</u>を指す"
    assert inline("&u(){下線}", linker) == "<u>下線</u>"
    assert inline("&strong(){強調}", linker) == "**強調**"


def test_editor_comments_are_taken_out():
    converted = md("本文。", "//隠れた注記", "#co(){ちなみに[[速攻]]の効果}", "続き。")
    assert converted.comments == ["隠れた注記", "ちなみに速攻の効果"]
    assert "注記" not in converted.markdown and "ちなみに" not in converted.markdown
    assert editor_comment("普通の行") is None and editor_comment("//") == ""


def test_blocks():
    converted = md("**《見出し》", "***定義", "段落一行目", "段落二行目", "",
                   "-項目", "--子項目", "----", ">引用1", ">引用2", ">", ">引用3",
                   " 整形済み", " 二行目")
    assert converted.markdown.split("\n\n") == [
        "## 《見出し》", "### 定義", "段落一行目\n段落二行目", "- 項目\n  - 子項目",
        "> 引用1<br>\n> 引用2", "> 引用3", "    整形済み\n    二行目"]


def test_a_comment_inside_a_quote_does_not_split_it():
    converted = md(">一", "//注記", ">二")
    assert converted.markdown == "> 一<br>\n> 二" and converted.comments == ["注記"]


PLAIN_TEXT = st.text(alphabet=st.characters(
    whitelist_categories=("Lo", "Nd", "Lu", "Ll"),
    whitelist_characters="。、「」『』（）：・…"), min_size=1, max_size=40)


@given(PLAIN_TEXT)
def test_text_without_markup_passes_unchanged(text):
    assert inline(text, PlainLinker()) == text
    assert md(text).markdown == text.strip()


@given(st.lists(PLAIN_TEXT, min_size=1, max_size=6))
def test_quote_keeps_every_line(lines):
    converted = md(*[">" + line for line in lines])
    shown = [line[2:].removesuffix("<br>") for line in converted.markdown.split("\n")]
    assert shown == [line.strip() for line in lines]
