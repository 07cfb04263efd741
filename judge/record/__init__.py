"""The call record (裁定記録): every judge call of an event, kept for the event's staff.

An *event* (大会) has *staff*: head judges (ヘッドジャッジ) and floor judges (フロアジャッジ).
A floor judge records a *call* (裁定): round, table, the players' question, the board as a
scenario (replayed by the engine, its outcome stored), the entries cited, the ruleset in
force, the ruling.  Players may appeal (上訴中); the head judge rules again (上訴裁定).  A
call is never overwritten: each edit adds a revision saying who changed what, and when.

- :mod:`.models`: the record's tables (events, staff, calls, revisions).  The database,
  its migrations, accounts, login and CSRF are the platform's (judge/platform), shared
  with the editors.
- :mod:`.calls`: recording, editing, appeals, listing, search and export of calls.
- :mod:`.pages` and :mod:`.api`: the pages and the JSON API; :mod:`.cli`: the commands.
"""


def init_app(app) -> None:
    """Register the record's pages and API (on the platform's login, judge/platform)."""
    from . import api, pages
    app.register_blueprint(pages.bp)
    app.register_blueprint(api.bp)
