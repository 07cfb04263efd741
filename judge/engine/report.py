"""Text a judge reads in a terminal: the step log of a run and the table of ``verify``.

Every word is a message of the judge catalogue, rendered in the locale of the moment
(``judge --lang``, else the environment's, else Japanese); the steps come rendered from
the engine's JSON.
"""
from __future__ import annotations

import json
import re
import sys

from judge.i18n import Term, _, anonymous_card_label, current_locale, list_separator, locale_dir


def _value(v) -> str:
    return json.dumps(v, ensure_ascii=False) if not isinstance(v, str) else v


def _zone(game: str, zone: str) -> str:
    """A zone by its game's catalogue (the package the game's class lives in), else by
    the labels the game declares (a game without a catalogue), else its key."""
    from judge.engine.registry import game_classes
    cls = game_classes().get(game)
    if cls is None:
        return zone
    package = getattr(sys.modules.get(cls.__module__), "__package__", None) or cls.__module__
    catalogue = locale_dir(package)
    if catalogue is None or not catalogue.is_dir():
        return cls.zone_labels.get(zone, {}).get(current_locale()) or zone
    return Term("zone", zone, package).render()


def _card_name(game: str, name: str) -> str:
    """A card as the board lists it: its name, or where an unnamed one was (deck-1:
    デッキの1枚目), by the game's own word for the zone."""
    from judge.engine.registry import game_classes
    cls = game_classes().get(game)
    package = (getattr(sys.modules.get(cls.__module__), "__package__", None)
               or cls.__module__) if cls else None
    return (anonymous_card_label(name, package=package) if package else None) or name


def _counter(game: str, counter: str) -> str:
    """A player's counter by the game's own word for it (マナ), else its key."""
    from judge.engine.registry import game_classes
    cls = game_classes().get(game)
    labels = cls.counter_labels.get(counter, {}) if cls else {}
    return labels.get(current_locale()) or counter


def result_text(result) -> str:
    """A run as a readable, numbered step log with each step's rule and quote."""
    data = result.as_json()
    head = _("{game} · ruleset {ruleset}", game=data["game"], ruleset=data["ruleset_label"])
    if result.ruleset.day is None and not result.label:
        # "latest" is the newest text in force, not the day the command was run
        from .rulesets import newest_text_day
        newest = newest_text_day(result.ruleset.corpus, data["game"])
        head = (_("{game} · the latest rules (texts up to {day})", game=data["game"],
                  day=newest.isoformat()) if newest else
                _("{game} · the latest rules (no text of a known date)", game=data["game"]))
    if result.ruleset.day is not None:
        from .rulesets import oldest_text_day
        oldest = oldest_text_day(result.ruleset.corpus, data["game"])
        if oldest is not None and result.ruleset.day < oldest:
            head += "\n" + _("{day} is before the oldest dated text of {game} ({oldest}): "
                             "each rule is read in its first revision", day=result.ruleset.day.isoformat(),
                             game=data["game"], oldest=oldest.isoformat())
    if data["title"]:
        head = f"{data['title']}\n{head}"
    lines = [head, "=" * min(72, max(20, len(head)))]
    # The verdict first: what happened, in one line (judge.engine.verdict).
    verdict = data["verdict"]
    lines.append(_("Verdict: {text}", text=verdict["text"]))
    if verdict["kind"] in ("refused", "failed") and verdict["rule"]:
        where = verdict["rule"] + (f"#{verdict['clause']}" if verdict["clause"] else "")
        lines.append("   " + (_("interpretation ({id}): {reason}", id=verdict["interpretation_id"],
                                  reason=verdict["reason"]) if verdict["interpretation"]
                              else f"← {where}: 「{verdict['quote']}」"))
    lines.append("")
    for step in data["steps"]:
        mark = "  ✗ " + _("ILLEGAL") if not step["legal"] else ""
        interp = "  [" + _("interpretation") + "]" if step["interpretation"] else ""
        who = f"{step['player']} " if step["player"] else ""
        lines.append(f"{step['n']:>3}. {who}{step.get('action_label') or step['action']}"
                     f"{mark}{interp}")
        if step["detail"]:
            lines.append(f"     {step['detail']}")
        where = step["rule"] + (f"#{step['clause']}" if step["clause"] else "")
        lines.append(f"     ← {where}: 「{step['quote']}」")
        if step["interpretation"]:
            lines.append("     " + _("interpretation ({id}): {reason}",
                                      id=step["interpretation_id"], reason=step["reason"]))
    lines.append("")
    sep = list_separator()
    for pname, player in data["state"]["players"].items():
        parts = [_("life {life}", life=player["life"])] if player["life"] is not None else []
        parts += [f"{_counter(data['game'], k)} {v}" for k, v in player.items()
                  if k not in ("life", "zones")]
        lines.append(f"{pname}: {' · '.join(parts)}")
        for z, cards in player["zones"].items():
            if not cards:
                continue
            shown = (sep.join(_card_name(data["game"], c["name"]) for c in cards)
                     if len(cards) <= 6
                     else _("{count} cards", count=len(cards)))
            lines.append(f"   {_zone(data['game'], z)}: {shown}")
    if data["state"].get("winner"):
        lines.append(_("winner: {player}", player=data["state"]["winner"]))
    if result.expect is not None:
        exp = result.expect
        if exp["failed"]:
            lines.append(_("expect: {failed} of {checked} FAILED", failed=len(exp["failed"]),
                           checked=exp["checked"]))
            for f in exp["failed"]:
                lines.append("   " + _("{path}: expected {expected}, engine {actual}",
                                       path=f["path"], expected=_value(f["expected"]),
                                       actual=_value(f["actual"])))
        else:
            lines.append(_("expect: all {checked} match ({source})", checked=exp["checked"],
                           source=expect_source_text(result.expect_source)))
    return "\n".join(lines)


EXPECT_FROM_REVISION = re.compile(r"^revision (\d+) of (.+)$")


def expect_source_text(source: str | None) -> str:
    """Where the expectations come from, in words: the scenario's ``expect``, or what an
    older revision of the ruling answers (``revision N of <entry>`` in the JSON)."""
    m = EXPECT_FROM_REVISION.match(source or "")
    if m:
        return _("what revision {n} of {entry} answers", n=m.group(1), entry=m.group(2))
    return _("the scenario's expected result") if source == "expect" else str(source or "")


def verify_table(rows) -> str:
    """``judge verify``'s table: entry, scenario, ruleset, expected, engine, match."""
    header = (_("entry"), _("scenario"), _("ruleset"), _("expected"), _("engine"), _("match"))
    table = [header]
    for r in rows:
        if r.error:
            table.append((r.entry, r.scenario, r.ruleset, "-", r.error, _("ERROR")))
            continue
        exp = "; ".join(f"{k}={_value(v)}" for k, v in r.expected.items())
        eng = "; ".join(f"{k}={_value(v)}" for k, v in r.engine.items())
        table.append((r.entry, r.scenario, r.ruleset, exp, eng,
                      _("ok") if r.ok else _("MISMATCH")))
    widths = [min(48, max(len(str(row[i])) for row in table)) for i in range(len(header))]
    out = []
    for row in table:
        cells = [str(c) if len(str(c)) <= w else str(c)[: w - 1] + "…"
                 for c, w in zip(row, widths)]
        out.append("  ".join(c.ljust(w) for c, w in zip(cells, widths)).rstrip())
    ok = sum(r.ok for r in rows)
    out.append("\n" + (_("{ok} of {total} match", ok=ok, total=len(rows)) if ok == len(rows)
                       else _("{ok} of {total} match; {bad} do not", ok=ok, total=len(rows),
                              bad=len(rows) - ok)))
    return "\n".join(out)


def _flow(act: dict) -> str:
    """An action as one line of YAML flow, ready to paste into ``actions:``."""
    parts = [f"{k}: {_value(v)}" for k, v in act.items()]
    return "{" + ", ".join(parts) + "}"


def moves_text(found, refused: bool = False) -> str:
    """The legal moves, one a line with the rule allowing it; ``refused``: why not too."""
    data = found.as_json()
    lines = []
    if data["winner"]:
        lines.append(_("winner: {player}", player=data["winner"]))
    for move in data["moves"]:
        where = move["rule"] + (f"#{move['clause']}" if move["clause"] else "")
        lines.append(f"  - {_flow(move['action'])}    ← {where}")
    if refused:
        lines.append("")
        for move in data["refused"]:
            where = move["rule"] + (f"#{move['clause']}" if move["clause"] else "")
            if move["interpretation"]:
                # no clause states it: say so, rather than let the nearest text pass
                # for the rule that refuses (docs/games/<game>.md gives the reason)
                where += f" [{_('interpretation')} {move['step'].get('interpretation_id')}]"
            lines.append(f"  ✗ {_flow(move['action'])}    ← {where}: {move['step']['detail']}")
    return "\n".join(lines)
