"""Every scenario of the corpus, under every ruleset it is replayed in, cites real text.

A step that cites no entry, an entry the corpus lacks, a clause its revision lacks, or an
interpretation its game does not document fails here, whichever game it belongs to.
"""
from pathlib import Path

import pytest

from judge.corpus import Corpus
from judge.engine.runner import replay_entry_file, scenario_paths

CORPUS = Corpus.load()
LINKED = [(entry, Path(CORPUS.root) / rel) for entry in CORPUS for rel in entry.scenarios]


def test_the_corpus_has_scenarios_for_every_game():
    games = {path.parts[-3] for path in scenario_paths(CORPUS)}
    assert CORPUS.game_ids and games == set(CORPUS.game_ids)


@pytest.mark.parametrize("entry, path", LINKED, ids=[f"{e.id}:{p.name}" for e, p in LINKED])
def test_every_step_cites_an_existing_entry(entry, path):
    results = replay_entry_file(entry, path, CORPUS)
    assert results
    for result in results:
        game = result.scenario.game
        assert result.steps, f"{path.name} under {result.label} produced no step"
        for step in result.steps:
            assert step.rule in CORPUS, f"step {step.n} cites {step.rule!r}"
            assert step.quote.strip(), f"step {step.n} quotes nothing of {step.rule}"
            rev = CORPUS.get(step.rule).revision(step.revision)
            if step.clause:
                assert step.clause in rev.clauses
            if step.interpretation:
                assert step.reason and step.interpretation_id in game.interpretations, \
                    f"step {step.n}: undocumented interpretation {step.interpretation_id}"


def test_every_scenario_file_is_linked_from_an_entry():
    linked = {path.resolve() for _, path in LINKED}
    orphans = [p.name for p in scenario_paths(CORPUS) if p.resolve() not in linked]
    assert orphans == []
