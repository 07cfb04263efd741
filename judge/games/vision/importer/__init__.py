"""Vision's importer (取り込み): the two @wiki backup pages and the card list.

The sources link each other (names in the pages link to the card list, and the cards
quote the pages), so they are imported together: :mod:`.builder` makes the rule, Q&A and
term entries of the pages, :func:`vision_card_drafts` one card entry per card of the
list, and :func:`judge.corpus.importer.cards.finish_cards` adds to each card what the
pages say of it.
"""
from __future__ import annotations

from judge.corpus.importer.cards import finish_cards
from judge.corpus.importer.drafts import Draft, make_entry, revision
from judge.corpus.importer.errors import ImportError_
from judge.corpus.importer.plugins import SourceKind
from judge.corpus.importer.sources import WIKI_FIRST_LINE, SourceFile
from judge.corpus.importer.wiki import parse_backup
from judge.corpus.model import RevisionDate

from .builder import ORDER_MARKERS, VisionBuilder, check_known
from .cardlist import PUBLISHED, card_source, facts_markdown, parsed_facts, read_card_list
from .names import CardIndex


def vision_card_drafts(src: SourceFile, index: CardIndex) -> dict[str, Draft]:
    """One draft per card of the list, keyed ``vision/card/<id>`` (N75, P1)."""
    drafts: dict[str, Draft] = {}
    when = RevisionDate.parse(PUBLISHED)
    for card in index.cards:
        title = f"{card.name} ({card.printed_number})" if index.shared(card) else card.name
        aliases = [card.printed_number]
        if card.raw["prefix"] == "N" and card.number < 100:
            aliases.append(f"No.{card.number}")
        if card.name != title:
            aliases.append(card.name)
        data = {key: card.raw[key] for key in card.raw}
        parsed = parsed_facts(card)
        if parsed:
            data["parsed"] = parsed
        rev = revision(1, when, card_source(src, card), facts_markdown(card))
        entry = make_entry(f"vision/card/{card.id}", title, [rev], aliases=aliases,
                           data=data)
        drafts[entry.id] = Draft(entry, {src.name})
    return drafts


class VisionImporter:
    """The @wiki backup pages グレイズ and プレイ, and the card list (vision-cards.jsonl)."""

    kinds = (
        SourceKind("wiki", "an @wiki backup page (first line 「…」の編集履歴（バックアップ）"
                           "一覧はこちら)",
                   lambda path, head, lines: bool(WIKI_FIRST_LINE.match(head))),
        SourceKind("cardlist", "the Vision card list (vision-cards.jsonl)",
                   lambda path, head, lines: head.startswith("{")
                   and path.suffix.lower() in (".jsonl", ".json"),
                   folder="data", once=True),
    )

    @property
    def game(self):
        from judge.corpus.games import GameInfo

        from .. import VisionGame
        return GameInfo(VisionGame.name, dict(VisionGame.titles), VisionGame.aliases)

    def build(self, sources: dict[str, list[SourceFile]]) -> dict[str, Draft]:
        """Every Vision entry: the pages' rules, Q&A and terms, and the cards."""
        pages = {}
        for src in sources.get("wiki", []):
            page = parse_backup(src)
            if page.title in pages:
                raise src.error(f"a second backup of the page 「{page.title}」 (the first is "
                                f"{pages[page.title].src.path})", 1)
            check_known(page)
            pages[page.title] = page
        card_lists = sources.get("cardlist", [])
        if not pages and not card_lists:
            return {}
        _check_set(pages, card_lists)
        card_src = card_lists[0]
        index = CardIndex(read_card_list(card_src))
        builder = VisionBuilder(index)
        for title in ORDER_MARKERS:
            builder.add_page(pages[title])
        cards = vision_card_drafts(card_src, index)
        finish_cards(cards, builder.drafts)
        drafts = dict(builder.drafts)
        drafts.update(cards)
        return drafts


def _check_set(pages: dict, card_lists: list[SourceFile]) -> None:
    """The Vision sources link each other, so they are imported together."""
    missing = [f"the @wiki page 「{t}」" for t in ORDER_MARKERS if t not in pages]
    if not card_lists:
        missing.append("the card list (vision-cards.jsonl)")
    if missing:
        given = next(iter(pages.values())).src.path if pages else card_lists[0].path
        raise ImportError_(given, "the Vision sources are imported together (names in the "
                                  "pages link to the card list, and the cards quote the "
                                  f"pages); also give {', '.join(missing)} (e.g. judge "
                                  "import sources/seeds sources/data)")


IMPORTER = VisionImporter()
