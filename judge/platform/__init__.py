"""What every door with a login shares (the platform): the database and its migrations
(:mod:`.db`, :mod:`.migrate`, ``migrations/``), the accounts and API tokens
(:mod:`.models`, :mod:`.accounts`), login and CSRF (:mod:`.login`), and errors as a
judge reads them, HTML or the JSON twin (:mod:`.errors`).  The call record
(judge/record) and the editors (judge/editors) are blueprints on it."""
