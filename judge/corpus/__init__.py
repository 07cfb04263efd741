"""The corpus: entries (rules, official Q&A, terms, cards) and their revisions."""
from .ids import candidate_ids, card_number_key, fold, qa_key, split_id
from .games import GameInfo, GameManifestError, alias_table
from .model import KINDS, Entry, Revision, RevisionDate, plain_text
from .store import DEFAULT_CORPUS, Corpus, CorpusError, Quote, entry_path, parse_entry, \
    render_entry, write_atomic

__all__ = ["GameInfo", "GameManifestError", "alias_table", "KINDS", "Entry", "Revision", "RevisionDate", "Corpus", "CorpusError",
           "Quote", "DEFAULT_CORPUS", "entry_path", "parse_entry", "render_entry",
           "write_atomic", "plain_text", "candidate_ids", "card_number_key", "fold",
           "qa_key", "split_id"]
