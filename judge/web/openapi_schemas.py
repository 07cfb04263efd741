"""The shapes the JSON API answers with, as OpenAPI 3.0 schemas (``components/schemas``).

Each schema names the fields a client can rely on (``required``) and describes the rest;
answers may carry more fields than are listed (OpenAPI's default), so adding a field is
not a break.  tests/web/test_openapi.py validates real answers against these.
"""
from __future__ import annotations


def obj(required: list[str], description: str | None = None, **props) -> dict:
    """An object schema with its required fields first, then the optional ones."""
    out = {"type": "object", "required": required, "properties": props}
    if description:
        out["description"] = description
    return out


def ref(name: str) -> dict:
    return {"$ref": f"#/components/schemas/{name}"}


def array(items: dict, description: str | None = None) -> dict:
    out = {"type": "array", "items": items}
    if description:
        out["description"] = description
    return out


def text(description: str, nullable: bool = False) -> dict:
    out = {"type": "string", "description": description}
    if nullable:
        out["nullable"] = True
    return out


STR = {"type": "string"}
INT = {"type": "integer"}
NUM = {"type": "number"}
BOOL = {"type": "boolean"}
NSTR = {"type": "string", "nullable": True}
NINT = {"type": "integer", "nullable": True}
ANY_OBJ = {"type": "object"}
STRS = array(STR)
ANY_VALUE: dict = {"nullable": True, "description": "any JSON value"}

ERROR = obj(
    ["error", "status"], "An error, located where it can be",
    error=text("what is wrong, in the request's language"), status=INT,
    field=NSTR, line=NINT, file=NSTR, accepted=ANY_VALUE,
    budget=text("the run budget exceeded (422)"), limit=NUM,
    hints=STRS, id=STR, suggestions=STRS)
SCENARIO_ERROR = obj(
    ["error"], "A scenario that cannot be read or run: where (file, line, field) and what",
    error=STR, error_id=text("the message id (judge.i18n)"), error_params=ANY_OBJ,
    file=NSTR, line=NINT, field=NSTR, accepted={**ANY_VALUE}, budget=STR, limit=NUM)

HIT = obj(
    ["id", "game", "kind", "title", "url"], "One passage found",
    id=text("entry id <game>/<kind>/<key>"), game=STR,
    kind={"type": "string", "enum": ["rule", "qa", "term", "card"]}, title=STR,
    snippet=text("the passage, matched words in <mark>"),
    url=text("the entry page, ?rev=N for an older revision, #clause for a clause"),
    score=NUM, clause=NSTR, revision=INT,
    current=BOOL, date=text("the revision's date, 'before D' or null", True),
    date_known={"type": "boolean", "description": (
        "whether date is a rules date; false where the source gives none (date is then "
        "'before' the day the text was collected; an extension: date keeps its form)")},
    withdrawn=BOOL,
    matched={"type": "array", "items": STR, "nullable": True,
             "description": "a question: its content words this passage holds"},
    missing={"type": "array", "items": STR, "nullable": True,
             "description": "a question: its content words this passage lacks"})
RESULT = {"allOf": [HIT, obj(
    [], "One entry of a grouped search: its best passage, more passages, older revisions",
    passages=array(ref("Hit"), "up to 3 more passages of the entry, best first"),
    old_matches=INT, old=array(ref("Hit"), "passages in older revisions, folded "
                                        "in unless old=1"),
    old_wording=obj(["revision", "url"], "the words matched only this older revision: "
                    "the result is the current one, this is its note",
                    revision=INT, url=STR, clause=NSTR),
    exact={"type": "integer", "minimum": 0, "maximum": 3,
           "description": "3: title or alias is the query; 2: a rule, Q&A or term holds "
                          "it; 1: a card holds it; 0: found through readings only"})]}
SEARCH = obj(
    ["query", "total", "results", "facets", "did_you_mean", "notice", "redirect"],
    "The search: one result per entry (an id query or ?as_of= lists passages instead)",
    query=STR, total=INT, results=array(ref("SearchResult")),
    facets=obj(["game", "kind"], game={"type": "object", "additionalProperties": INT},
               kind={"type": "object", "additionalProperties": INT}),
    did_you_mean=array(STR, "spellings the corpus has (a kana typo's correction first)"),
    notice=text("how the query was read, when not as typed"),
    redirect=text("the entry an id query names", True), redirect_url=NSTR,
    understood=STR, offset=INT,
    searched=text("the query searched: corrected or shortened"),
    corrected=text("the one-edit correction searched instead (ぐれいづ → グレイズ)", True),
    dropped=array(STR, "words no text holds, left out to find the best partial matches"),
    expanded=array(obj(["term", "wording"], term=STR, wording=STR, game=STR),
                   "glossary terms found in the query, also searched as the text's wording"),
    passages_total=INT, old_included=BOOL,
    question={**obj(["words"], "a question or words no passage holds together: ranked "
                     "by how many of its content words a passage holds",
                     words=STRS, left_out=array(STR, "words that only ask (どう, ですか)"),
                     asks=BOOL), "nullable": True},
    as_of=text("the day searched (?as_of=)"),
    page=INT, pages=INT, limit=INT, game=NSTR, kind=NSTR)

CARD_MATCH = obj(["name", "number", "title", "fields"], "A card the lookup found",
                 name=STR, number=STR, title=STR,
                 fields={"type": "object",
                         "description": "the board form's fields (stats, number)"},
                 label=STR)
CARDS = obj(["game", "cards"], game=STR, cards=array(STR, "every card name of the game"),
            matches=array(ref("CardMatch"), "with ?q=: up to 15 cards, best first"))

STEP = obj(
    ["n", "action", "legal", "event", "detail", "rule", "quote", "interpretation"],
    "One step of a run, citing its rule",
    n=INT, player=NSTR, action=STR, action_label=STR, legal=BOOL, event=STR,
    detail=text("the step in the request's language"),
    message=text("the message id"), params=ANY_OBJ, domain=STR,
    rule=text("the cited entry id"), clause=NSTR, quote=text("the cited words"),
    revision=NINT, interpretation=BOOL,
    reason=text("why the engine chose (interpretation steps)"), interpretation_id=STR)
STATE = obj(["players"], "A game state", active=NSTR, phase=NSTR, turn=INT,
            players=ANY_OBJ, this_turn=array(ANY_OBJ), winner=NSTR)
VERDICT = obj(
    ["status", "checked", "failed", "rows", "kind", "text"],
    "What the run did, in one line (the engine's verdict: kind, text, the refusing step's "
    "citation), and the run against what the ruling says (status, checked, rows)",
    kind={"type": "string", "enum": ["refused", "won", "failed", "changed", "unchanged",
                                     "empty"]},
    text=text("the outcome in one line, in the request's language"),
    message=text("the message id"), params=ANY_OBJ, domain=STR,
    step={"type": "integer", "nullable": True,
          "description": "the step refusing (or winning)"},
    rule=NSTR, clause=NSTR, quote=NSTR, interpretation=BOOL, interpretation_id=STR,
    reason=NSTR,
    status={"type": "string", "enum": ["match", "mismatch", "none"]}, checked=INT,
    failed=INT, source=NSTR, game=STR,
    rows=array(obj(["path", "ok"], path=STR, expected=ANY_VALUE, actual=ANY_VALUE, ok=BOOL)))
_RUN_FIELDS = dict(
    game=STR, ruleset=STR, ruleset_label=STR, title=STR, scenario=STR, ruling=STRS,
    steps=array(ref("Step")), initial=ref("State"), state=ref("State"), outcomes=STRS,
    expect=obj(["checked", "failed"], checked=INT, failed=array(ANY_OBJ)),
    expect_source=NSTR, interpretations=STRS, verdict=ref("Verdict"))
RUN = obj(["game", "ruleset", "steps", "state", "expect", "verdict", "permalink"],
          "The engine's run of a scenario", permalink=text("a board link pinned to the "
                                                           "ruleset's date"), **_RUN_FIELDS)
REPLAY_RUN = obj(["game", "ruleset", "steps", "state", "verdict"],
                 "One linked scenario replayed under one revision",
                 revision=INT, ruleset_day=NSTR, **_RUN_FIELDS)
REPLAY = obj(["entry", "runs", "errors"], entry=STR, runs=array(ref("ReplayRun")),
             errors=array(obj(["scenario", "error"], scenario=STR, error=STR, message=STR,
                              file=NSTR, line=NINT, field=NSTR)))

MOVE_STEP = obj(["event", "rule"], n=INT, event=STR, detail=STR, rule=STR, clause=NSTR,
                quote=STR, interpretation=BOOL, message=STR, params=ANY_OBJ)
MOVE = obj(["player", "action", "rule"], "An action and the rule that allows or forbids it",
           player=STR, action=obj(["do"], player=STR, do=STR), rule=STR, clause=NSTR,
           interpretation=BOOL, step=ref("MoveStep"))
MOVES = obj(["moves", "refused", "not_enumerated"],
            moves=array(ref("Move"), "the legal actions"),
            refused=array(ref("Move"), "actions tried and refused, with the rule"),
            not_enumerated=array(STR, "kinds of action not listed (and why)"),
            winner=NSTR, active=NSTR,
            explain=array(ref("Move"), "with action in the body: is it legal, and why"))
SCENARIO_SYNC = obj(["yaml", "data", "error", "permalink"], "The workbench's board",
                    yaml=STR,
                    data={"nullable": True, "description": "the board as a mapping; with an "
                          "error, whatever the text parsed to (any JSON value)"},
                    error={"allOf": [ref("ScenarioError")], "nullable": True},
                    permalink=STR)

REVISION = obj(["number", "status", "text"], "One revision of an entry",
               number=INT, date=NSTR,
               date_known={"type": "boolean", "description": (
                   "whether date is a rules date (a day, or 'before D'); false where the "
                   "source gives none (an extension: date keeps its old form)")},
               collected=text("the day the text was collected, where the source gives no "
                              "date (date is then 'before' that day)", True),
               status={"type": "string",
                                              "enum": ["current", "superseded", "withdrawn"]},
               source={"nullable": True, "description": "where the text comes from"},
               text=text("Markdown"), plain=STR,
               clauses={"type": "object", "additionalProperties": STR},
               editor_comments=array(ANY_VALUE), notes=array(ANY_VALUE),
               withdrawn_reason=NSTR, meta=ANY_OBJ)
ENTRY = obj(["id", "game", "kind", "key", "title", "revisions"], "An entry, newest first",
            id=STR, game=STR, kind=STR, key=STR, title=STR, status=STR, aliases=STRS,
            cites=STRS, cards=STRS, scenarios=STRS, cited_by=STRS,
            data={"type": "object", "nullable": True}, meta=ANY_OBJ,
            revisions=array(ref("Revision")))
ZONE = obj(["id", "label"], id=STR, label=STR, labels=ANY_OBJ)
GAME = obj(["name", "zones", "actions"], "A game's zones, fields, actions and phases",
           name=STR, title=STR, titles=ANY_OBJ, zones=array(ref("Zone")),
           phases=STRS, phase_labels=ANY_OBJ, counters=ANY_OBJ, starting_life=NINT,
           actions=ANY_OBJ, card_fields=ANY_OBJ)
SCENARIO_FILE = obj(["path", "game", "title"], path=STR, game=STR, title=STR,
                    rulings=STRS, board=text("the board page started from this file"))
CALL = obj(["id", "url"], "A call recorded at an event",
           id=INT, url=STR, event=NSTR, round=NINT, table=NINT, judge=STR, time=NSTR,
           updated=NSTR, question=STR, entries=STRS, scenario=NSTR, game=NSTR, ruleset=STR,
           ruling=STR, status=STR, status_label=STR, appeal_ruling=STR, appeal_judge=NSTR,
           outcome={"type": "object", "nullable": True}, revision=INT,
           revisions=array(obj(["number"], number=INT, author=STR, at=NSTR,
                               changes=ANY_VALUE)))

SCHEMAS = {"Error": ERROR, "ScenarioError": SCENARIO_ERROR, "Hit": HIT,
           "SearchResult": RESULT, "Search": SEARCH, "CardMatch": CARD_MATCH,
           "Cards": CARDS, "Step": STEP, "State": STATE, "Verdict": VERDICT, "Run": RUN,
           "ReplayRun": REPLAY_RUN, "Replay": REPLAY, "MoveStep": MOVE_STEP, "Move": MOVE,
           "Moves": MOVES, "ScenarioSync": SCENARIO_SYNC, "Revision": REVISION,
           "Entry": ENTRY, "Zone": ZONE, "Game": GAME, "ScenarioFile": SCENARIO_FILE,
           "Call": CALL}
