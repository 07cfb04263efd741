"""Text a judge reads in a terminal: the step log of a run and the table of ``verify``."""
from __future__ import annotations

import json


def _value(v) -> str:
    return json.dumps(v, ensure_ascii=False) if not isinstance(v, str) else v


def result_text(result) -> str:
    """A run as a readable, numbered step log with each step's rule and quote."""
    data = result.as_json()
    head = f"{data['game']} · ruleset {data['ruleset_label']}"
    if data["title"]:
        head = f"{data['title']}\n{head}"
    lines = [head, "=" * min(72, max(20, len(head)))]
    for step in data["steps"]:
        mark = "" if step["legal"] else "  ✗ ILLEGAL"
        interp = "  [interpretation]" if step["interpretation"] else ""
        who = f"{step['player']} " if step["player"] else ""
        lines.append(f"{step['n']:>3}. {who}{step['action']} · {step['event']}{mark}{interp}")
        if step["detail"]:
            lines.append(f"     {step['detail']}")
        where = step["rule"] + (f"#{step['clause']}" if step["clause"] else "")
        lines.append(f"     ← {where}: 「{step['quote']}」")
        if step["interpretation"]:
            lines.append(f"     interpretation ({step['interpretation_id']}): {step['reason']}")
    lines.append("")
    for pname, player in data["state"]["players"].items():
        parts = [f"life {player['life']}"] if player["life"] is not None else []
        parts += [f"{k} {v}" for k, v in player.items() if k not in ("life", "zones")]
        zones = [f"{z}: {', '.join(c['name'] for c in cards) if len(cards) <= 6 else f'{len(cards)} cards'}"
                 for z, cards in player["zones"].items() if cards]
        lines.append(f"{pname}: {' · '.join(parts)}")
        for z in zones:
            lines.append(f"   {z}")
    if data["state"].get("winner"):
        lines.append(f"winner: {data['state']['winner']}")
    if result.expect is not None:
        exp = result.expect
        if exp["failed"]:
            lines.append(f"expect: {len(exp['failed'])} of {exp['checked']} FAILED")
            for f in exp["failed"]:
                lines.append(f"   {f['path']}: expected {_value(f['expected'])}, "
                             f"engine {_value(f['actual'])}")
        else:
            lines.append(f"expect: all {exp['checked']} match ({result.expect_source})")
    return "\n".join(lines)


def verify_table(rows) -> str:
    """``judge verify``'s table: entry, scenario, ruleset, expected, engine, match."""
    header = ("entry", "scenario", "ruleset", "expected", "engine", "match")
    table = [header]
    for r in rows:
        if r.error:
            table.append((r.entry, r.scenario, r.ruleset, "-", r.error, "ERROR"))
            continue
        exp = "; ".join(f"{k}={_value(v)}" for k, v in r.expected.items())
        eng = "; ".join(f"{k}={_value(v)}" for k, v in r.engine.items())
        table.append((r.entry, r.scenario, r.ruleset, exp, eng, "ok" if r.ok else "MISMATCH"))
    widths = [min(48, max(len(str(row[i])) for row in table)) for i in range(len(header))]
    out = []
    for row in table:
        cells = [str(c) if len(str(c)) <= w else str(c)[: w - 1] + "…"
                 for c, w in zip(row, widths)]
        out.append("  ".join(c.ljust(w) for c, w in zip(cells, widths)).rstrip())
    ok = sum(r.ok for r in rows)
    out.append(f"\n{ok} of {len(rows)} match" + ("" if ok == len(rows) else
                                                  f"; {len(rows) - ok} do not"))
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
        lines.append(f"winner: {data['winner']}")
    for move in data["moves"]:
        where = move["rule"] + (f"#{move['clause']}" if move["clause"] else "")
        lines.append(f"  - {_flow(move['action'])}    ← {where}")
    if refused:
        lines.append("")
        for move in data["refused"]:
            where = move["rule"] + (f"#{move['clause']}" if move["clause"] else "")
            lines.append(f"  ✗ {_flow(move['action'])}    ← {where}: {move['step']['detail']}")
    return "\n".join(lines)
