"""What a judge or an editor does (the application layer): every door (the web app, the
CLI, the call record, the offline export) calls these and only translates requests and
results.

- :mod:`.boards`: a board (盤面): read, pin to a ruleset, run (the board service).
- :mod:`.replays`: a ruling's linked scenarios replayed, each run with its revision; the
  verdict (does the engine agree with the ruling?).
- :mod:`.pinning`: the ruleset day a board is read at, and what changed since.
- :mod:`.boardview`: a board state as zones and cards to draw.
- :mod:`.rulings`: a ruling's answer, dates and citations as a judge reads them.
- :mod:`.render`: corpus text as safe HTML; word diffs.
- :mod:`.permalink`: a board as a URL token.
- :mod:`.services`: the corpus, the search and the caches one app shares.
- :mod:`.editorial`: an editor's work: what a change affects, conflicting rulings.
"""
