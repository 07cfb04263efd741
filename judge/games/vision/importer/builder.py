"""Vision (東方Vision) entries from the two @wiki backup pages グレイズ and プレイ.

Each page gives a ``term`` entry (the whole page, both revisions), the rules it quotes
give ``rule`` entries (graze 6.5, the play procedure, the played card, the card-type
supplement, ▼カードのプレイ) and its official Q&A give ``qa`` entries.  A piece that is
the same in both copies is one revision dated "before <page date>" (with the newer copy
recorded under ``unchanged_in``); a piece that changed is two revisions; a Q&A deleted
in the newer copy is withdrawn, with the editor's reason.  Clause ids follow
docs/corpus-ids.md.
"""
from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field
from datetime import date

from judge.corpus.ids import qa_key
from judge.corpus.model import RevisionDate

from judge.corpus.importer.drafts import Draft, Mention, apply_notes, line_span, make_entry, \
    revision
from judge.corpus.importer.wiki import WikiLine, WikiPage, editor_comment, inline, \
    plain_inline, to_markdown

from .links import VisionLinker, ambiguity_note, card_id
from .names import CardIndex, name_key
from .notes import NOTES

TERMS = {"グレイズ": "vision/term/グレイズ", "プレイ": "vision/term/プレイ"}
# Which copy is which: text found only in the older copy, and only in the newer one.
ORDER_MARKERS = {
    "グレイズ": ("(ルールブックVer.2.0 P40より引用", ">6.5グレイズ"),
    "プレイ": ("-QA-326．", "//古いテキスト及びルールでの質問のため削除しました。"),
}
# Phrases of the texts that refer to another entry (for ``cites``).
CITED_PHRASES = {"「カードをプレイする方法」": "vision/rule/play-procedure"}
QA_LINE = re.compile(r"^-(QA-\d+|Q\d+)．(.*)$")
ANSWER_LINE = re.compile(r"^-A．(.*)$")
DELETED_QA = re.compile(r"^//-(QA-\d+|Q\d+)\s*$")


@dataclass
class Piece:
    """A piece of one copy of a page: Markdown text, comments, the lines it came from."""

    text: str
    lines: list[int]
    comments: list[str] = field(default_factory=list)
    linker: VisionLinker | None = None


class VisionBuilder:
    """Builds the Vision drafts of the known pages, one page at a time."""

    def __init__(self, index: CardIndex):
        self.index = index
        self.drafts: dict[str, Draft] = {}

    # -- pages ---------------------------------------------------------------------

    def add_page(self, page: WikiPage) -> None:
        """Import one backup page (グレイズ or プレイ); other pages are an error."""
        check_known(page)
        self.page = page
        self.older, self.newer = self._order(page)
        before = len(self.drafts)
        if page.title == "グレイズ":
            self._graze_rule()
        else:
            self._play_rules()
            self._qas()
        made = list(self.drafts)[before:]
        self._term(page.title, cites=made)
        notes = [n for n in NOTES if n.entry in made or n.entry == TERMS[page.title]]
        apply_notes(self.drafts, notes, str(page.src.path))

    def _order(self, page: WikiPage) -> tuple[list[WikiLine], list[WikiLine]]:
        old_mark, new_mark = ORDER_MARKERS[page.title]
        first, second = page.copies

        def has(copy, mark):
            return any(line.text.startswith(mark) for line in copy)
        if has(first, old_mark) and has(second, new_mark):
            return first, second
        if has(second, old_mark) and has(first, new_mark):
            return second, first
        raise page.src.error(f"cannot tell the older copy of 「{page.title}」 from the newer: "
                             f"expected {old_mark!r} in one and {new_mark!r} in the other",
                             first[0].n)

    @property
    def old_date(self) -> RevisionDate:
        return RevisionDate(self.page.date, before=True)

    @property
    def new_date(self) -> RevisionDate:
        return RevisionDate(self.page.date)

    def _source(self, copy, lines: list[int], document: str | None = None,
                quoted: bool = False, **extra) -> dict:
        """Where a piece comes from: document, page/section, which copy, file and lines.

        A rule quoted on the page names its own document and says where it was quoted.
        """
        which = ("newer copy, revision of " if copy is self.newer else
                 "older copy, revision before ") + self.page.stamp
        section = _section(copy, lines[0])
        source = {"document": document or f"東方Vision @wiki「{self.page.title}」"}
        if not quoted:
            source["page"] = self.page.title
        source.update(extra)
        if section and "section" not in source:
            source["section"] = section
        if quoted:
            source["quoted_in"] = f"@wiki「{self.page.title}」の「{section}」"
        source.update(revision=which, file=self.page.src.name, lines=line_span(lines))
        return source

    def _add(self, draft: Draft) -> None:
        draft.sources.add(self.page.src.name)
        self.drafts[draft.id] = draft

    # -- the term page ------------------------------------------------------------

    def _term(self, title: str, cites: list[str]) -> None:
        revs, mentions = [], []
        for number, copy in ((1, self.older), (2, self.newer)):
            linker = self._linker()
            converted = to_markdown(copy, linker)
            lines = [line.n for line in copy]
            meta = linker.meta()
            revs.append(revision(
                number, self.old_date if number == 1 else self.new_date,
                self._source(copy, list(range(lines[0], lines[-1] + 1))),
                converted.markdown,
                status="superseded" if number == 1 else "current",
                editor_comments=converted.comments, meta=meta,
                notes=[ambiguity_note(r) for r in _ambiguous(linker)]))
            mentions += _mentions(number, linker)
        entry = make_entry(TERMS[title], title, revs,
                           aliases=["GLAZE", "GRAZE"] if title == "グレイズ" else [],
                           cites=cites, cards=_card_ids(mentions))
        self._add(Draft(entry, mentions=mentions))

    def _linker(self) -> VisionLinker:
        return VisionLinker(self.index, {name_key(k): v for k, v in TERMS.items()})

    # -- rules --------------------------------------------------------------------

    def _graze_rule(self) -> None:
        old = _lines_between(self.page, self.older, "●グレイズ", "(ルールブックVer.2.0 P40より引用")
        heading, body, quote = old[0], old[1:-1], old[-1]
        stamp = re.search(r"(\d{4})/(\d{2})/(\d{2})", quote.text)
        if not stamp:
            raise self.page.src.error("expected the quotation date (YYYY/MM/DD) in the "
                                      "rulebook attribution", quote.n)
        joined = "".join(line.text.strip() for line in body)
        text1 = f"{heading.text.strip()}\n\n{{#graze}} {joined}\n\n{quote.text.strip()}"
        rev1 = revision(1, RevisionDate(date(*map(int, stamp.groups()))),
                        self._source(self.older, [line.n for line in old],
                                     "東方Vision ルールブック Ver.2.0", page="P40",
                                     section="グレイズ", quoted=True),
                        text1, status="superseded")
        new = _quote_block(self.page, self.newer, ">6.5グレイズ")
        clauses = []
        for line in new:
            m = re.match(r"^(6\.5(?:\.\d+)*(?:\.[a-z])?)(.+)$", line.text[1:].strip())
            if not m:
                raise self.page.src.error("expected a numbered rule line 6.5…", line.n)
            clauses.append(f"{{#{m.group(1)}}} {m.group(1)} {m.group(2).strip()}")
        rev2 = revision(2, self.new_date,
                        self._source(self.newer, [line.n for line in new],
                                     "東方Vision 総合ルール", section="6.5 グレイズ",
                                     quoted=True),
                        "\n\n".join(clauses))
        self._add(Draft(make_entry("vision/rule/6.5", "6.5 グレイズ", [rev1, rev2])))

    def _play_rules(self) -> None:
        # The page names no document for the first three quotes: "ルール" is its word.
        self._quoted_rule("vision/rule/card-play", "カードのプレイ", ">▼カードのプレイ",
                          _format_card_play, "東方Vision ルール", "▼カードのプレイ")
        self._quoted_rule("vision/rule/play-procedure", "カードをプレイする方法",
                          ">・カードをプレイする方法", _format_procedure, "東方Vision ルール",
                          "カードをプレイする方法")
        self._quoted_rule("vision/rule/played-card", "プレイされたカード（プレイエリア）",
                          ">カードをプレイした場合、", _format_played, "東方Vision ルール",
                          "カードをプレイした場合")
        self._quoted_rule("vision/rule/play-supplement", "カードのプレイに関する補足",
                          ">２．カードのプレイに関する補足", _format_supplement,
                          "東方Vision ルールリファレンス", "２．カードのプレイに関する補足")

    def _quoted_rule(self, entry_id, title, start, formatter, document, section) -> None:
        pieces = []
        for copy in (self.older, self.newer):
            block = _quote_block(self.page, copy, start)
            shown = [line for line in block if editor_comment(line.text) is None]
            comments = [editor_comment(line.text) for line in block
                        if editor_comment(line.text)]
            text = formatter(self.page, [WikiLine(l.n, l.text[1:].strip()) for l in shown])
            source = self._source(copy, [line.n for line in block], document,
                                  quoted=True, section=section)
            pieces.append((Piece(text, [line.n for line in block], comments), source))
        revs = self._revisions(pieces)
        text = "\n".join(rev.text for rev in revs)
        cites = [t for phrase, t in CITED_PHRASES.items() if phrase in text and t != entry_id]
        self._add(Draft(make_entry(entry_id, title, revs, cites=cites)))

    def _revisions(self, pieces) -> list:
        """One revision if both copies agree, else an older and a newer one."""
        (old, old_src), (new, new_src) = pieces
        if old.text == new.text and old.comments == new.comments:
            return [revision(1, self.old_date, old_src, old.text,
                             editor_comments=old.comments,
                             meta={"unchanged_in": {"date": str(self.new_date),
                                                    "lines": new_src["lines"]}})]
        return [revision(1, self.old_date, old_src, old.text, status="superseded",
                         editor_comments=old.comments),
                revision(2, self.new_date, new_src, new.text, editor_comments=new.comments)]

    # -- official Q&A --------------------------------------------------------------

    def _qas(self) -> None:
        old_qas, new_qas = _find_qas(self.page, self.older), _find_qas(self.page, self.newer)
        deleted = _find_deleted(self.newer)
        for key in list(dict.fromkeys([*old_qas, *new_qas])):
            old, new = old_qas.get(key), new_qas.get(key)
            pieces = [self._qa_piece(self.older, old), self._qa_piece(self.newer, new)]
            printed = (new or old)["printed"]
            status = "current"
            if old and new:
                revs = self._revisions(pieces)
                # Linkers: keep the mentions of each revision that was kept.
                linkers = [(1, pieces[0][0].linker)] + \
                    ([(2, pieces[1][0].linker)] if len(revs) == 2 else [])
            elif old:
                gone = deleted.get(key)
                comments = gone["comments"] if gone else []
                reason = next((c for c in comments if c and not DELETED_QA.match("//" + c)),
                              None)
                lines = gone["lines"] if gone else [self.newer[0].n, self.newer[-1].n]
                revs = [revision(1, self.old_date, pieces[0][1], pieces[0][0].text,
                                 status="superseded"),
                        revision(2, self.new_date,
                                 self._source(self.newer, lines, _QA_DOCUMENT),
                                 "", status="withdrawn", withdrawn_reason=reason,
                                 editor_comments=[c for c in comments if c])]
                linkers = [(1, pieces[0][0].linker)]
                status = "withdrawn"
            else:
                revs = [revision(1, self.new_date, pieces[1][1], pieces[1][0].text)]
                linkers = [(1, pieces[1][0].linker)]
            mentions = [m for number, linker in linkers for m in _mentions(number, linker)]
            for number, linker in linkers:
                rev = next(r for r in revs if r.number == number)
                rev.notes += [ambiguity_note(r) for r in _ambiguous(linker)]
                rev.meta.update(linker.meta())
            text = "\n".join(rev.text for rev in revs)
            cites = [t for phrase, t in CITED_PHRASES.items() if phrase in text]
            title = f"{key} {plain_inline((new or old)['question'])}"
            entry = make_entry(f"vision/qa/{key}", title, revs,
                               aliases=list(dict.fromkeys([printed, key])), cites=cites,
                               cards=_card_ids(mentions), status=status)
            self._add(Draft(entry, mentions=mentions))

    def _qa_piece(self, copy, qa):
        if qa is None:
            return (None, None)
        linker = self._linker()
        parts = [inline(f"{qa['printed']}．{qa['question']}", linker),
                 inline(f"A．{qa['answer']}", linker)]
        comments = [f"- {inline(c, linker)}" for c in qa["comments"]]
        if comments:
            parts.append("\n".join(comments))
        text = "\n\n".join(parts)
        return (Piece(text, qa["lines"], linker=linker),
                self._source(copy, qa["lines"], _QA_DOCUMENT))


_QA_DOCUMENT = "東方Vision 公式Q&A"


def check_known(page: WikiPage) -> None:
    """Only the pages the importer was written for are imported (an error otherwise)."""
    if page.title not in ORDER_MARKERS:
        known = ", ".join(f"「{title}」" for title in ORDER_MARKERS)
        raise page.src.error(f"unknown @wiki page 「{page.title}」: the importer knows the "
                             f"pages {known}", 1)


def _section(copy: list[WikiLine], first_line: int) -> str | None:
    found = None
    for line in copy:
        if line.n > first_line:
            break
        if line.text.startswith("***"):
            found = line.text.lstrip("*").strip()
    return found


def _find(page: WikiPage, copy: list[WikiLine], prefix: str) -> int:
    for i, line in enumerate(copy):
        if line.text.startswith(prefix):
            return i
    raise page.src.error(f"expected a line starting {prefix!r} in the copy of the page "
                         f"that begins on line {copy[0].n}", copy[0].n)


def _quote_block(page: WikiPage, copy: list[WikiLine], prefix: str) -> list[WikiLine]:
    """The ``>`` lines from the one starting with ``prefix`` (comments inside kept)."""
    i = _find(page, copy, prefix)
    block = []
    for line in copy[i:]:
        if not (line.text.startswith(">") or editor_comment(line.text) is not None):
            break
        block.append(line)
    while block and editor_comment(block[-1].text) is not None:
        block.pop()
    return block


def _lines_between(page, copy, start: str, end: str) -> list[WikiLine]:
    i = _find(page, copy, start)
    j = _find(page, copy[i:], end) + i
    return [line for line in copy[i:j + 1] if line.text.strip()]


def _format_card_play(page, lines: list[WikiLine]) -> str:
    heading, sentences = lines[0], [line for line in lines[1:] if line.text]
    blocks = [heading.text]
    for n, line in enumerate(sentences, 1):
        blocks.append(f"{{#card-play.{n}}} {line.text}")
    return "\n\n".join(blocks)


def _format_procedure(page, lines: list[WikiLine]) -> str:
    blocks = []
    for line in lines:
        m = re.match(r"^([０-９0-9])．", line.text)
        if m:
            number = unicodedata.normalize("NFKC", m.group(1))
            blocks.append(f"{{#play-procedure.{number}}} {line.text}")
        elif line.text:
            blocks.append(line.text)
    return "\n\n".join(blocks)


def _format_played(page, lines: list[WikiLine]) -> str:
    # The quote wraps one sentence over three lines: join the wrapped lines so each
    # sentence is one line (what a citation quotes).
    joined = "".join(line.text for line in lines)
    return "\n".join(s for s in re.split(r"(?<=。)", joined) if s)


SECTIONS = {"●キャラクターカード": "character", "●スペルカード": "spell",
            "●コマンドカード": "command"}


def _format_supplement(page, lines: list[WikiLine]) -> str:
    blocks: list[list[str]] = [[lines[0].text]]
    section, number = None, None
    for line in lines[1:]:
        text = line.text
        if not text:
            blocks.append([])
            continue
        digit = re.match(r"^([０-９])．", text)
        roman = re.match(r"^(IV|V|I{1,3})．", text)
        if text in SECTIONS:
            section = SECTIONS[text]
            blocks.append([text])
        elif section and digit:
            number = unicodedata.normalize("NFKC", digit.group(1))
            blocks.append([f"{{#{section}.{number}}} {text}"])
        elif section and roman:
            blocks.append([f"{{#{section}.{number}.{roman.group(1)}}} {text}"])
        elif section is None and not any(b and b[0].startswith("{#play-supplement}")
                                          for b in blocks):
            blocks.append([f"{{#play-supplement}} {text}"])
        elif section is None:
            blocks[-1].append(text)
        else:
            raise page.src.error(f"unexpected line in the card-type supplement: {text!r}",
                                 line.n)
    return "\n\n".join("\n".join(b) for b in blocks if b)


def _find_qas(page: WikiPage, copy: list[WikiLine]) -> dict[str, dict]:
    """The Q&A of a copy: key -> printed number, question, answer, comments, lines."""
    found: dict[str, dict] = {}
    i = 0
    while i < len(copy):
        m = QA_LINE.match(copy[i].text)
        if not m:
            i += 1
            continue
        key = qa_key(m.group(1))
        j = i + 1
        while j < len(copy) and not copy[j].text.strip():
            j += 1
        answer = ANSWER_LINE.match(copy[j].text) if j < len(copy) else None
        if not answer:
            raise page.src.error(f"{m.group(1)}: expected its answer line '-A．…' after the "
                                 f"question on line {copy[i].n}",
                                 copy[j].n if j < len(copy) else copy[i].n)
        comments, lines = [], [copy[i].n, copy[j].n]
        k = j + 1
        while k < len(copy) and copy[k].text.startswith("--"):
            # "--コメント" is the wiki's comment-box label, not a comment on the answer.
            if copy[k].text[2:].strip() != "コメント":
                comments.append(copy[k].text[2:].strip())
                lines.append(copy[k].n)
            k += 1
        if key in found:
            raise page.src.error(f"{key} appears twice in one copy of the page", copy[i].n)
        found[key] = {"printed": m.group(1), "question": m.group(2).strip(),
                      "answer": answer.group(1).strip(), "comments": comments,
                      "lines": lines}
        i = k
    return found


def _find_deleted(copy: list[WikiLine]) -> dict[str, dict]:
    """Q&A the editor deleted: ``//-QA-326`` and the ``//`` lines that follow it."""
    found: dict[str, dict] = {}
    for i, line in enumerate(copy):
        m = DELETED_QA.match(line.text.strip())
        if not m:
            continue
        comments, lines = [line.text.strip()[2:]], [line.n]
        for nxt in copy[i + 1:]:
            if not nxt.text.startswith("//"):
                break
            comments.append(nxt.text[2:].strip())
            lines.append(nxt.n)
        found[qa_key(m.group(1))] = {"comments": comments, "lines": lines}
    return found


def _ambiguous(linker: VisionLinker):
    seen = set()
    for found in linker.found:
        if found.ambiguous and found.surface not in seen:
            seen.add(found.surface)
            yield found


def _mentions(number: int, linker: VisionLinker) -> list[Mention]:
    return [Mention(number, r.surface, tuple(card_id(c) for c in r.cards), r.ambiguous)
            for r in linker.found]


def _card_ids(mentions: list[Mention]) -> list[str]:
    return list(dict.fromkeys(card for m in mentions for card in m.cards))
