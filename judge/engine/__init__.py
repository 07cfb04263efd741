"""The game-independent engine: state, cards, the cited step log, rulesets, scenarios.

A game (``judge/games/<game>``) subclasses :class:`Game` and writes its procedures as
generators of :mod:`judge.engine.events`; :class:`Match` drives them.  See
docs/engine.md for a tour.
"""
from .cards import Card, worth_writing
from .checks import require
from .cite import Cite, Interpretation
from .errors import EngineInvariantError, ScenarioError
from .events import (Check, Choose, LifeChange, Move, Note, Record, SetCard, SetCounter,
                     SetFlag, SetTurn, Win)
from .game import ActionSpec, FieldSpec, Game, action
from .match import ActionContext, Match, Step
from .rulesets import Ruleset, Switch, Variant
from .runner import RunResult, replay_entry, run_file, run_scenario, run_text, verify_all
from .scenario import Scenario, load_scenario, parse_scenario, state_to_setup

__all__ = ["Card", "worth_writing", "Cite", "Interpretation", "EngineInvariantError", "ScenarioError",
           "Check", "Choose", "LifeChange", "Move", "Note", "Record", "SetCard",
           "SetCounter", "SetFlag", "SetTurn", "Win", "ActionSpec", "FieldSpec", "Game",
           "action", "ActionContext", "Match", "Step", "Ruleset", "Switch", "Variant",
           "RunResult", "replay_entry", "run_file", "run_scenario", "run_text",
           "verify_all", "Scenario", "load_scenario", "parse_scenario", "state_to_setup",
           "require"]
