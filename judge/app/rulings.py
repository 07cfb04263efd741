"""What a judge at the table reads first: the answer in force, whether it changed, when.

The entry page opens on the answer (回答) of an official Q&A as it stands today; where a
later revision reversed (覆った) or withdrew (撤回) an earlier answer, the page says so
in its first screen with the old answer and the date of the change.  Dates are honest:
a revision whose source gives no date reads 日付不明, with the day the source was
collected shown as that, never as a rules date.
"""
from __future__ import annotations

import re
import unicodedata

from markupsafe import Markup

from judge.corpus.model import plain_text
from judge.corpus.present import date_text
from judge.i18n import _, current_locale
from judge.i18n.bilingual import pick

# An official answer line: "A．いいえ、出来ません。" (full- or half-width A, any stop).
ANSWER_LINE = re.compile(r"^\s*[AＡ]\s*[.．:：、]\s*(.+)$")
SENTENCE = re.compile(r"^(.+?[。！？])")


def answer_text(text: str) -> str:
    """The official answer of a Q&A revision as plain text ('' if it has none).

    The answer runs from its ``A．`` line to the next blank line or list item: a wiki
    contributor's comment nested under it is not part of it.
    """
    lines = text.splitlines()
    for i, line in enumerate(lines):
        plain = plain_text(line).split("\n", 1)[0]
        m = ANSWER_LINE.match(plain)
        if not m:
            continue
        body = [line]
        for more in lines[i + 1:]:
            if not more.strip() or re.match(r"^\s*[-*]\s", more):
                break
            body.append(more)
        first, *rest = plain_text("\n".join(body)).splitlines()
        return "\n".join([ANSWER_LINE.sub(r"\1", first, 1).strip(),
                          *(x.strip() for x in rest if x.strip())])
    return ""


def headline(answer: str) -> str:
    """The answer's first sentence (はい／いいえ and what follows)."""
    first = answer.splitlines()[0] if answer else ""
    m = SENTENCE.match(first)
    return m.group(1) if m else first


def date_view(rev) -> dict:
    """A revision's date as the page says it.

    ``text`` is the rules date or 日付不明; ``collected`` the day the source was
    collected when that is all that is known (the importer records a ``date_basis``
    for such revisions); ``before`` when the revision is known only to have stood
    before a day.
    """
    if rev.date is None:
        return {"text": _("date unknown"), "collected": None, "before": False, "iso": None,
                "known": False}
    day = rev.date.day.isoformat()
    if rev.date.before and rev.meta.get("date_basis"):
        return {"text": _("date unknown"), "collected": day, "before": True, "iso": None,
                "known": False, "basis": pick(rev.meta["date_basis"]),
                "short": date_text(rev)}
    if rev.date.before:
        return {"text": _("before {day}", day=day), "collected": None, "before": True, "iso": day,
                "known": True}
    return {"text": day, "collected": None, "before": False, "iso": day, "known": True}


def ruling_view(entry) -> dict:
    """The answer in force and, if it changed, the old answer and when.

    ``state`` is ``current`` (never changed), ``reversed`` (a later revision answers
    differently), ``withdrawn`` (the ruling was taken back) or ``none`` (not a Q&A).
    """
    revs = entry.revisions
    current = revs[0]
    out = {"state": "none", "answer": "", "headline": "", "old": None, "changed": None,
           "reason": None}
    answers = [(r, answer_text(r.text)) for r in revs]
    if not any(a for _r, a in answers):
        return out
    now = answers[0][1]
    withdrawn = entry.status == "withdrawn" or current.status == "withdrawn"
    older = next(((r, a) for r, a in answers[1:] if a and _norm(a) != _norm(now)), None)
    out.update(answer=now, headline=headline(now), state="current")
    if withdrawn:
        last = next(((r, a) for r, a in answers if a), None)
        out["state"] = "withdrawn"
        out["reason"] = current.withdrawn_reason
        out["changed"] = {"number": current.number, "date": date_view(current)}
        if last:
            out["old"] = {"number": last[0].number, "answer": last[1],
                          "headline": headline(last[1]), "date": date_view(last[0])}
    elif older:
        # The revision that changed the answer is the oldest newer one than ``older``.
        changer = next(r for r in reversed(revs) if r.number > older[0].number)
        out["state"] = "reversed"
        out["changed"] = {"number": changer.number, "date": date_view(changer)}
        out["old"] = {"number": older[0].number, "answer": older[1],
                      "headline": headline(older[1]), "date": date_view(older[0])}
    return out


def ruling_on(entry, number: int) -> dict | None:
    """The answer in force in revision ``number`` (the one an ``?as_of=`` day selects)
    and, when a later revision answers otherwise, that later answer and its date: the
    as-of page leads with the answer of that day, "later reversed on …" below it.
    None when the revision has no answer (not a Q&A)."""
    revs = entry.revisions
    rev = next((r for r in revs if r.number == number), None)
    answer = answer_text(rev.text) if rev is not None else ""
    if not answer:
        return None
    out = {"number": rev.number, "date": date_view(rev), "answer": answer,
           "headline": headline(answer), "later": None}
    for newer in reversed([r for r in revs if r.number > number]):     # oldest first
        said = answer_text(newer.text)
        withdrawn = newer.status == "withdrawn"
        if withdrawn or (said and _norm(said) != _norm(answer)):
            out["later"] = {"number": newer.number, "date": date_view(newer),
                            "withdrawn": withdrawn, "headline": headline(said)}
            break
    return out


def _norm(text: str) -> str:
    return re.sub(r"\s+", "", unicodedata.normalize("NFKC", text))


ORDINAL_CLAUSE = re.compile(r"^\d")


def citation(step: dict, corpus) -> dict:
    """A step's citation as a judge reads it: the clause's number and the rule's title.

    ``label`` is the clause number (``6.5.3.b``) or, for a clause with a named id, its
    place in the rule (第2項); ``title`` is the cited entry's title; ``old`` says the
    step quotes a revision that is no longer the newest.
    """
    rule = str(step.get("rule") or "")
    entry = corpus.entries.get(rule)
    clause = step.get("clause")
    title = entry.title if entry is not None else rule
    if entry is not None and entry.kind == "qa":
        # A Q&A's title is its whole question: its number reads better in a citation.
        title = _("official Q&A {number}", number=entry.aliases[0] if entry.aliases else entry.key)
    label = ""
    if clause:
        if ORDINAL_CLAUSE.match(str(clause)):
            label = str(clause)
            title = re.sub(rf"^{re.escape(str(clause))}\s*", "", title)
        elif entry is not None:
            rev = _revision(entry, step.get("revision"))
            names = list(rev.clauses) if rev is not None else []
            label = _("clause {n}", n=names.index(clause) + 1) if clause in names else str(clause)
        else:
            label = str(clause)
    old = None
    rev_no = step.get("revision")
    if entry is not None and rev_no and entry.revisions and rev_no != entry.revisions[0].number:
        old = rev_no
    return {"title": title, "label": label, "old": old, "id": rule,
            "clause": clause}


def _revision(entry, number):
    for rev in entry.revisions:
        if rev.number == number:
            return rev
    return entry.revisions[0] if entry.revisions else None


def revision_html(entry, number: int) -> Markup:
    """The main text of one revision: clause anchors are the bare clause ids."""
    from .render import Renderer
    from .services import services
    corpus = services().corpus
    return services().cache.get(("text", entry.id, number, current_locale()), lambda: Renderer(
        exists=lambda i: i in corpus.entries).render(entry.revision(number).text))
