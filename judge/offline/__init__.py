"""Working without a network (オフライン): the offline search bundle, the pre-rendered
pages and the static export (``judge export-site DIR``).

* :mod:`.bundle` — the search index as one compact JSON document the browser searches
  with ``static/offline-search.js`` (the same postings, lengths and analysis rules as the
  server's index, versioned by the corpus fingerprint).
* :mod:`.morph` — the corpus's own MeCab vocabulary, so the browser splits a query into
  the words the server's analyser would (no dictionary download on the phone).
* :mod:`.patterns` — the search's regular expressions in JavaScript's dialect, so the
  browser compiles the server's patterns rather than assembling its own.
* :mod:`.pages` — every entry page rendered once, for the service worker and the export.
* :mod:`.export` — the whole read-only site as static files.
"""
