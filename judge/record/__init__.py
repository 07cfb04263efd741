"""The call record (裁定記録): every judge call of an event, kept for the event's staff.

An *event* (大会) has *staff*: head judges (ヘッドジャッジ) and floor judges (フロアジャッジ).
A floor judge records a *call* (裁定): round, table, the players' question, the board as a
scenario (replayed by the engine, its outcome stored), the entries cited, the ruleset in
force, the ruling.  Players may appeal (上訴中); the head judge rules again (上訴裁定).  A
call is never overwritten: each edit adds a revision saying who changed what, and when.

- :mod:`.db`: the database (``$JUDGE_DATABASE_URL``; SQLite in the instance folder when
  unset) and sessions; :mod:`.models`: the tables; :mod:`.migrate`: Alembic, with the
  migrations shipped inside this package.
- :mod:`.accounts`: users, password hashes (argon2), API tokens, login throttling.
- :mod:`.calls`: recording, editing, appeals, listing, search and export of calls.
- :mod:`.web` and :mod:`.api`: the pages and the JSON API; :mod:`.cli`: the commands.
"""
