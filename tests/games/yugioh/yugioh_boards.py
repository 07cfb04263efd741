"""Building small Yu-Gi-Oh! boards as scenario YAML, for the tests of this folder."""
import yaml


def board(a=None, b=None, actions=(), active="A", turn=3, phase="battle", **extra) -> str:
    """A scenario's YAML text: players A and B (zones as mappings), then actions."""
    players = {"A": {"life": 8000, "deck": 10, **(a or {})},
               "B": {"life": 8000, "deck": 10, **(b or {})}}
    setup = {"active": active, "turn": turn, "phase": phase, "players": players}
    setup.update(extra)
    return yaml.safe_dump({"game": "yugioh", "setup": setup, "actions": list(actions)},
                          allow_unicode=True, sort_keys=False)
