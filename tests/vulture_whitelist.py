"""What vulture flags in judge/ but is used (tests/test_dead_code.py reads this file).

Each name is used where vulture cannot see it; the comment says where.
"""
# click commands: registered on the group by their decorator
import_cmd, show, lint, verify, serve, download  # noqa
# entry points (pyproject.toml, judge.importers) and their tests' clean-up
IMPORTER, unregister_importer, unregister_game  # noqa
# used by tests (the engine's invariant helpers, the rule entry list of a game)
perform_checked, assert_steps_cited, RULE_ENTRIES  # noqa
# Whoosh's tokenizer protocol: attributes the library reads on its Token objects
tokenize  # noqa
_.stopped, _.original, _.endchar  # noqa
# the search API the editor review flow (issue 18) calls when a ruling is approved;
# tested in tests/search/test_reindex.py
reindex  # noqa
# bench/search.py forgets the query words' bitsets before it times a query whose words
# are new (tested in tests/search/test_matching_paths.py)
forget_words  # noqa
# configparser reads a parser's optionxform (judge/common/entrypoints.py keeps names' case)
_.optionxform  # noqa
# Jinja reads the environment's bytecode cache
_.bytecode_cache  # noqa
# Flask: JSON provider settings, error handlers, context processor, after_request hook
_.ensure_ascii, _.sort_keys, _judge_error, _scenario_error, _unexpected  # noqa
_globals, _headers, _immutable  # noqa
# read by the templates (_board.html, entry.html)
anonymous, life_before, counted, _.anonymous, _.life_before, _.ruleset_text  # noqa
# the offline app: a click command and Flask routes registered by their decorators
export_site_cmd, service_worker, icon, boards, _warm_offline  # noqa
# the call record (judge/record): Flask views, hooks and Flask-Login's settings and
# callbacks (registered by their decorators), mapped columns the database fills, and
# the throwaway PostgreSQL server the tests and bench/record_load.py start
events, export, add_staff, new_call_any, new_call, create_call, edit, call_board  # noqa
_csrf, _labels, _load_user, _unauthorized, login, logout, from_board  # noqa
_.login_view, _.login_message, _.session_protection, added_at, author_id  # noqa
TempPostgres, _.new_database  # noqa
_bearer, create, list_, _.status_code  # noqa
db_upgrade, user_add, event_add, staff_add, db_backup, db_restore  # noqa
# Alembic reads these module variables of a migration script
down_revision, branch_labels, depends_on  # noqa
# SQLAlchemy's declarative settings; Flask-Login's user protocol
type_annotation_map, is_anonymous, _.get_id  # noqa
# growth (issue 18): click commands, Flask views, columns read by templates/Alembic
new_qa, new_withdrawal, grant, revoke, list_editors, feed, game_feed, reject, approve  # noqa
_recover_interrupted_landings  # noqa  (a request hook: a killed landing taken back)
granted_at, decided_at, submitter, decider, _.decided_at  # noqa
# issue 14: the budget's request hooks and the token they keep on flask.g; the OpenAPI
# route; the over-budget error handler; gunicorn.conf.py's post_worker_init calls install
_activate, _deactivate, _.judge_budget_token, openapi_json, _over_budget, install  # noqa
# i18n: Flask hooks registered by their decorators; use_locale is the API callers (and
# the tests) render a message in a given language with
_language, _remember, use_locale  # noqa
SCALAR_KINDS  # judge/engine/limits.py: named so the catalogue extracts the words callers pass
# the board's scenario list page (a Flask route); the request's catalogue kept on flask.g
board_scenarios, _.judge_translations  # noqa
# Flask reads the app's session interface; the request's locale is kept on flask.g and
# read back with g.get("judge_lang")
_.session_interface, _.judge_lang  # noqa
# the request's message catalogue, kept on Jinja's per-render EvalContext
_.judge_catalogue  # noqa
# issue 26: click commands that end access; Flask hooks registered by their decorators;
# Flask calls the session interface's get_cookie_secure; Flask-Login reads g._login_user
db_backup, user_list, user_disable, user_passwd, staff_list, staff_remove  # noqa
token_new, token_list, token_revoke, _oversized, _hsts, _.get_cookie_secure  # noqa
_._login_user, password, remove_staff  # noqa
# issue 27: wsgi.py (outside judge/) configures the app from the environment and warms it
config_from_env, warm_up  # noqa
# issue 27: gunicorn.conf.py (outside judge/) sets a worker's malloc arenas and trims,
# and unmaps the postings pages it touched
malloc_settings, limit_arenas, Trimmer, _.after_request, release_mapped_pages  # noqa
# catalogue markers Babel extracts (pgettext/N_ lists, like a game's TERMS), and the
# attributes click reads when it formats help (judge/i18n/clicktext.py sets them)
FILE_KINDS, CLICK, OUTCOMES  # noqa
add_to_pot  # noqa  (scripts/catalogues update calls it)
_.short_help, _.options_metavar, _._help_option, _.subcommand_metavar  # noqa
# the searcher's own text form (judge/search/__init__.py documents it, its tests read it);
# `judge search` prints the shaped search on every path since issue 23, as-of included
_.as_text  # noqa
# judge/search/tables.py: tables only the offline search reads (tables.as_json writes
# every upper-case name into the bundle; offline-analysis.js and offline-search.js)
MORPH_UNKNOWN, ID_QA, ID_CARD_NUMBER, ID_DASHES, GAME_ID, NO_WORD_POS  # noqa
# judge/i18n/clicktext.py: the metavars click derives, listed only for the catalogue's extraction
METAVARS  # noqa
# judge/web/__init__.py: class attributes werkzeug and Flask read (the request's argument
# class, the app's request class), set and never read by judge's own code
_.parameter_storage_class  # noqa
_.request_class  # noqa
