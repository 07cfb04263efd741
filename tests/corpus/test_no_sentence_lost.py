"""No sentence of the seeds is lost: each one, line by line, is in the revision that cites
that line (compared NFKC-folded, whitespace removed, markup stripped on both sides).

Q and A lines must be in a ``qa`` entry, quoted rules lines in a ``rule`` entry, every
text line of the wiki pages in the ``term`` entry; every line of the Yu-Gi-Oh! chapter
and the Gem Chronicle page, page furniture aside, in a ``rule`` entry.  The revision
must name the line in its ``source.lines`` (or ``unchanged_in``), so an older line
cannot pass by being found only in the newer revision.
"""
from __future__ import annotations

import re
import unicodedata

import pytest
from corpus_testkit import GEMCHRONICLE, GRAZE_PAGE, PLAY_PAGE, YUGIOH

SENTENCE = re.compile(r"(?<=。)|\n")
FURNITURE = {
    YUGIOH.name: {"Comments", "Post a Comment"},
    GEMCHRONICLE.name: {"≪NAVI≫ ジェムクロニクル", "幻石守護姫達の紹介",
                        "宝石遊び（調律儀式） 調律儀式ルール カード書庫 ジェムチュテレール",
                        "◇ - Lumielunaire - ◇", "◆ - Etoilabime - ◆", "サイトトップへ戻る",
                        "Copyright (C) 2007 librarian natsuki［utayori natsuki］ / Luna "
                        "library All Rights Reserved."},
}


def fold(text: str) -> str:
    return re.sub(r"\s+", "", unicodedata.normalize("NFKC", text))


def wiki_plain(line: str) -> str:
    """A seed line of an @wiki page without its markup (this test's own reading)."""
    line = re.sub(r"^(?:-+|>|\*+)", "", line)
    line = re.sub(r"\[\[([^\]>]*)(?:>[^\]]*)?\]\]", r"\1", line)
    while re.search(r"&(?:strong|u)\(\)\{([^{}]*)\}", line):
        line = re.sub(r"&(?:strong|u)\(\)\{([^{}]*)\}", r"\1", line)
    return line.replace("''", "").replace("&br()", "\n")


def md_plain(text: str) -> str:
    """A corpus revision's Markdown without markup."""
    text = re.sub(r"\{#[^}\s]+\}\s?", "", text)
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", text)
    text = re.sub(r"</?u>|\*\*", "", text).replace("<br>", "\n")
    return re.sub(r"^\s*(?:>\s?|[-*]\s|#+\s)", "", text, flags=re.M)


def sentences(text: str) -> list[str]:
    return [s for s in (fold(p) for p in SENTENCE.split(text)) if s]


def line_numbers(span) -> set[int]:
    out: set[int] = set()
    for part in str(span or "").split(","):
        if part.strip():
            a, _, b = part.strip().partition("-")
            out |= set(range(int(a), int(b or a) + 1))
    return out


_CITATIONS: dict = {}


def _citations(corpus, file_name: str) -> list:
    """(entry, revision, the seed's lines it cites) of every revision citing a seed,
    read once a corpus (a walk of the whole corpus for each of a page's hundreds of
    lines was a minute of the suite)."""
    key = (id(corpus), file_name)
    if key not in _CITATIONS:
        found = []
        for entry in corpus:
            for rev in entry.revisions:
                if not str(rev.source.get("file", "")).endswith(file_name):
                    continue
                lines = line_numbers(rev.source.get("lines"))
                lines |= line_numbers((rev.meta.get("unchanged_in") or {}).get("lines"))
                found.append((entry, rev, lines))
        _CITATIONS[key] = found
    return _CITATIONS[key]


def citing(corpus, file_name: str, n: int, kinds: set[str]):
    """The revisions (of entries of these kinds) that cite line n of a seed."""
    for entry, rev, lines in _citations(corpus, file_name):
        if entry.kind in kinds and n in lines:
            yield entry, rev


def assert_line_kept(corpus, file_name, n, line, kinds, plain):
    found = list(citing(corpus, file_name, n, kinds))
    assert found, f"{file_name}:{n} is cited by no {'/'.join(sorted(kinds))} revision: {line!r}"
    texts = [fold(md_plain(rev.text)) for _, rev in found]
    for sentence in sentences(plain):
        assert any(sentence in text for text in texts), (
            f"{file_name}:{n}: sentence {sentence!r} is not in "
            f"{[f'{e.id} rev {r.number}' for e, r in found]}")


def wiki_lines(path):
    lines = path.read_text(encoding="utf-8").split("\n")
    first = next(i for i, line in enumerate(lines) if line.startswith("**《"))
    return [(n, line) for n, line in enumerate(lines, 1) if n > first]


def is_comment(line: str) -> bool:
    return line.startswith("//") or line.startswith("#co(")


QA_START = re.compile(r"^-(QA-\d+|Q\d+)．|^-A．")


def classify(lines):
    """(n, line, kind): Q&A lines -> qa, quoted rules -> rule, every text line -> term."""
    in_qa = False
    for n, line in lines:
        text = line.strip()
        if is_comment(line):
            continue
        if not text or re.fullmatch(r"-{4,}", text):
            in_qa = False
            continue
        yield n, line, "term"
        if QA_START.match(line):
            in_qa = True
            yield n, line, "qa"
        elif in_qa and line.startswith("--"):
            if line[2:].strip() != "コメント":     # the wiki's comment-box label
                yield n, line, "qa"
        else:
            in_qa = False
            if (line.startswith(">") and line[1:].strip()) or line.startswith(" ") \
                    or text.startswith(("●グレイズ", "(ルールブックVer.2.0 P40より引用")):
                yield n, line, "rule"


@pytest.mark.parametrize("seed", [GRAZE_PAGE, PLAY_PAGE], ids=["graze", "play"])
def test_every_sentence_of_the_wiki_pages(corpus, seed):
    checked = {"term": 0, "qa": 0, "rule": 0}
    for n, line, kind in classify(wiki_lines(seed)):
        assert_line_kept(corpus, seed.name, n, line, {kind}, wiki_plain(line))
        checked[kind] += 1
    # The play page: 8 Q&A and one comment in the older copy, 7 Q&A in the newer.
    assert checked["qa"] == (8 * 2 + 1 + 7 * 2 if seed == PLAY_PAGE else 0)
    assert checked["rule"] == (11 + 8 if seed == GRAZE_PAGE else 2 * (4 + 9 + 4 + 22))


@pytest.mark.parametrize("seed", [GRAZE_PAGE, PLAY_PAGE], ids=["graze", "play"])
def test_every_editor_comment_is_kept_out_of_the_text(corpus, seed):
    for n, line in wiki_lines(seed):
        if not is_comment(line):
            continue
        body = re.sub(r"^//|^#co\(\)\{|\}$", "", line.strip()).strip()
        body = re.sub(r"\[\[([^\]>]*)(?:>[^\]]*)?\]\]", r"\1", body)
        if not body:
            continue
        found = list(citing(corpus, seed.name, n, {"term"}))
        assert found, f"{seed.name}:{n}: comment not cited by a term revision"
        for _, rev in found:
            assert body in rev.editor_comments, f"{seed.name}:{n}: {body!r} not kept"
            assert fold(body) not in fold(md_plain(rev.text)), f"{seed.name}:{n} shown"


@pytest.mark.parametrize("seed", [YUGIOH, GEMCHRONICLE], ids=["yugioh", "gemchronicle"])
def test_every_sentence_of_the_rules_documents(corpus, seed):
    lines = seed.read_text(encoding="utf-8").split("\n")
    furniture = FURNITURE[seed.name]
    checked = 0
    for n, line in enumerate(lines, 1):
        text = line.strip()
        if not text or text in furniture or re.fullmatch(r"・+", text):
            continue
        if seed == YUGIOH and n <= 2:      # the document's title and chapter heading
            continue
        assert_line_kept(corpus, seed.name, n, line, {"rule"}, re.sub(r"^-\s+", "", text))
        checked += 1
    assert checked > 40


def test_yugioh_title_lines_are_the_source_of_every_rule(corpus):
    title, chapter = YUGIOH.read_text(encoding="utf-8").split("\n")[:2]
    assert "第３版" in title
    rules = [e for e in corpus if e.game == "yugioh" and e.kind == "rule"]
    assert len(rules) == 9
    for entry in rules:
        assert entry.current.source["chapter"] == chapter
        assert "第３版" in entry.current.source["document"]
