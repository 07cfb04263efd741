"""The editors' review of published rulings (編集者): a change submitted by one editor of
a game is landed when a second approves it.  :mod:`.models`: the roles and pending
changes; :mod:`.pages`: the blueprint; :mod:`.cli`: ``judge editor``."""
