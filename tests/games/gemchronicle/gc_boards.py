"""Small helpers to write Gem Chronicle scenarios in tests (YAML text from Python data)."""
import yaml

from judge.engine import run_text


def scenario(players, actions, *, active="A", turn=3, phase="battle", expect=None,
             flags=None):
    """Scenario text for a board; ``players`` maps A/B to their zones and counters."""
    setup = {"active": active, "turn": turn, "phase": phase, "players": players}
    if flags:
        setup["flags"] = flags
    data = {"game": "gemchronicle", "title": "test", "setup": setup, "actions": actions}
    if expect:
        data["expect"] = expect
    return yaml.safe_dump(data, allow_unicode=True, sort_keys=False)


def run(corpus, players, actions, **kw):
    """Run a board and its actions; the RunResult."""
    return run_text(scenario(players, actions, **kw), corpus)


def unit(name, atk=1000, df=1000, ml=3, **more):
    """A unit's card mapping."""
    return {"name": name, "atk": atk, "def": df, "ml": ml, **more}


def spell(name, category, effect="none", **more):
    """A spell's card mapping."""
    return {"name": name, "kind": "spell", "category": category, "effect": effect, **more}


def illegal_step(result):
    """The one step of an illegal action (the last one of the log)."""
    step = result.steps[-1]
    assert step.legal is False
    return step
