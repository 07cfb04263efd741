/* Text helpers of the offline search: snippets with <mark> (highlight.py) and the
 * did-you-mean edit distance (suggest.py).  Needs offline-analysis.js. */
(function (root) {
  "use strict";
  var A = root.JudgeAnalysis;

  /* --- did you mean (suggest.py) ---------------------------------------------------- */
  function wordForm(text) { return A.needle(text).replace(A.re("NOT_WORD"), ""); }
  function grams2(s) {
    var c = /[\ud800-\udfff]/.test(s) ? A.chars(s) : s, out = new Set();
    for (var i = 0; i < c.length - 1; i++) out.add(c[i] + c[i + 1]);
    if (!out.size) out.add(s);
    return out;
  }
  function editDistance(a, b, limit) {
    a = A.chars(a); b = A.chars(b);
    if (Math.abs(a.length - b.length) > limit) return limit + 1;
    var prev = [];
    for (var j = 0; j <= b.length; j++) prev.push(j);
    for (var i = 1; i <= a.length; i++) {
      var cur = [i], best = i;
      for (var k = 1; k <= b.length; k++) {
        var v = Math.min(prev[k] + 1, cur[k - 1] + 1, prev[k - 1] + (a[i - 1] !== b[k - 1] ? 1 : 0));
        cur.push(v);
        if (v < best) best = v;
      }
      if (best > limit) return limit + 1;
      prev = cur;
    }
    return prev[b.length];
  }
  /* --- snippets (highlight.snippet): the window of the passage with the most marked
   * characters, matches in <mark>.  Positions are code points, as Python's. --------- */
  /* html.escape: the characters it escapes, as it writes them (the bundle's constants) */
  var ESCAPES = null, ESCAPED = null;
  function escapeHtml(s) {
    var table = A.constants().HTML_ESCAPES;
    if (ESCAPES !== table) {
      ESCAPES = table;
      ESCAPED = new RegExp("[" + A.escapeRe(Object.keys(table).join("")) + "]", "g");
    }
    ESCAPED.lastIndex = 0;
    return s.replace(ESCAPED, function (c) { return ESCAPES[c]; });
  }
  /* Where the passage's normal form's unit k comes from in the passage (code points):
   * Python's map (offline/texts.py), read as breakpoints of a line of slope one. */
  function place(map, k) {
    var st = map[1], lo = 0, hi = st.length / 2 - 1;
    while (lo < hi) { var mid = (lo + hi + 1) >> 1; if (st[2 * mid] <= k) lo = mid; else hi = mid - 1; }
    var start = st[2 * lo + 1] + k - st[2 * lo], ends = map[2] || [], len = 1;
    for (var i = 0; i < ends.length; i += 2) if (ends[i] === k) len = ends[i + 1];
    return [start, start + len];
  }
  /* highlight._alnum: a Latin letter or digit once normalised (４ and A count):
   * str.isascii() and str.isalnum() of the normal form. */
  function alnum(ch) { return !!ch && /^[0-9a-z]+$/.test(A.normalize(ch)); }
  function findSpans(normal, map, cs, needles) {
    if (!cs.length || !needles.length) return [];
    var spans = [];
    Array.from(new Set(needles)).sort(function (a, b) { return b.length - a.length; })
      .forEach(function (m) {
        if (!m) return;
        // a number or a Latin word is marked only where it stands whole: 0 is not the
        // 0s of 4000 (highlight.find_spans, looked at in the original text)
        var first = alnum(m.charAt(0)), last = alnum(m.charAt(m.length - 1));
        var at = normal.indexOf(m);
        while (at >= 0) {
          var a = place(map, at)[0], b = place(map, at + m.length - 1)[1];
          if (!((first && a > 0 && alnum(cs[a - 1])) || (last && b < cs.length && alnum(cs[b]))))
            spans.push([a, b]);
          at = normal.indexOf(m, at + m.length);
        }
      });
    spans.sort(function (a, b) { return a[0] - b[0] || a[1] - b[1]; });
    var merged = [];
    spans.forEach(function (s) {
      var last = merged[merged.length - 1];
      if (last && s[0] <= last[1]) { if (s[1] > last[1]) last[1] = s[1]; }
      else merged.push(s.slice());
    });
    return merged;
  }
  /* highlight._window: the width characters holding the most marked ones (the first best),
   * begun at the start of the sentence holding a hit when that is close enough. */
  var SENTENCES = new Map();
  function sentenceStarts(cs) {
    var text = cs.join(""), known = SENTENCES.get(text);
    if (known) return known;
    known = [];
    var ends = A.tables().SENTENCE_ENDS;
    for (var i = 0; i < cs.length; i++) if (ends.indexOf(cs[i]) >= 0) known.push(i + 1);
    if (SENTENCES.size >= 2000) SENTENCES.clear();
    SENTENCES.set(text, known);
    return known;
  }
  function bestWindow(cs, spans, width) {
    var n = cs.length;
    if (n <= width) return [0, n];
    if (!spans.length) return [0, width];
    var sentences = sentenceStarts(cs);
    var best = [0, width], bestScore = -1, T = A.tables();
    spans.slice(0, T.MAX_WINDOWS).forEach(function (span) {
      var a = span[0], start = Math.max(0, a - Math.floor(width / T.WINDOW_LEAD)), k = 0;
      while (k < sentences.length && sentences[k] <= a) k++;
      if (k && a - sentences[k - 1] <= Math.floor(width / T.SENTENCE_REACH)) start = sentences[k - 1];
      start = Math.min(start, Math.max(0, n - width));
      var end = start + width, score = 0;
      spans.forEach(function (s) { if (s[1] > start && s[0] < end) score += Math.min(s[1], end) - Math.max(s[0], start); });
      if (score > bestScore) { best = [start, end]; bestScore = score; }
    });
    return best;
  }
  /* The snippet of a passage (text), its normal form and Python's map between the two. */
  function snippet(text, normal, map, marks) {
    text = text || "";
    var cs = Array.from(text), spans = findSpans(normal, map, cs, marks);
    var T = A.tables(), w = bestWindow(cs, spans, T.SNIPPET_CHARS), start = w[0], end = w[1];
    var out = start > 0 ? T.ELLIPSIS : "", at = start;
    function cut(a, b) { return escapeHtml(cs.slice(a, b).join("")); }
    spans.forEach(function (s) {
      if (s[1] <= start || s[0] >= end) return;
      var a = Math.max(s[0], start), b = Math.min(s[1], end);
      out += cut(at, a) + T.MARK[0] + cut(a, b) + T.MARK[1];
      at = b;
    });
    out += cut(at, end) + (end < cs.length ? T.ELLIPSIS : "");
    return out.replace(A.re("LINE_BREAK"), " ").trim();
  }

  /* A new index (another bundle) starts with no passage remembered. */
  function forget() { SENTENCES.clear(); }

  root.JudgeOfflineText = {forget: forget, wordForm: wordForm, grams2: grams2, editDistance: editDistance,
    snippet: snippet};
})(typeof self !== "undefined" ? self : this);
