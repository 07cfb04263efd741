/* Text helpers of the offline search: snippets with <mark> (highlight.py) and the
 * did-you-mean edit distance (suggest.py).  Needs offline-analysis.js. */
(function (root) {
  "use strict";
  var A = root.JudgeAnalysis;

  /* --- did you mean (suggest.py) ---------------------------------------------------- */
  function wordForm(text) { return A.needle(text).replace(/[^\p{L}\p{N}_]+/gu, ""); }
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
  /* --- snippets: the passage around the first match, matches in <mark> -------------- */
  function escapeHtml(s) {
    return s.replace(/[&<>"']/g, function (c) {
      return {"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;"}[c];
    });
  }
  var CHAR_FORMS = new Map();
  function charForm(c) {
    var f = CHAR_FORMS.get(c);
    if (f === undefined) { f = A.needle(c); CHAR_FORMS.set(c, f); }
    return f;
  }
  function snippet(text, marks) {
    text = text || "";
    // the normal form with where each normal character came from: the whole text at
    // once when normalising keeps its length (nearly always), else character by character
    var parts = [], from = [], offset = 0;
    function keep(ch, at) {
      var code = ch.charCodeAt(0);
      if (code === 32 || (code >= 9 && code <= 13) || code === 0x3000 || code === 0xa0) return;
      parts.push(ch);
      from.push(at);
    }
    text.split("\n").forEach(function (line) {
      var normal = A.normalize(line), i;
      if (normal.length === line.length) {
        for (i = 0; i < normal.length; i++) keep(normal[i], offset + i);
      } else {
        for (i = 0; i < line.length; i++) {
          var ch = line[i], code = line.charCodeAt(i);
          if (code >= 0xd800 && code <= 0xdbff && i + 1 < line.length) ch = line.slice(i, i + 2);
          var f = charForm(ch);
          for (var k = 0; k < f.length; k++) keep(f[k], offset + i);
          i += ch.length - 1;
        }
      }
      offset += line.length + 1;
    });
    var normal = parts.join("");
    var spans = [];
    marks.slice().sort(function (a, b) { return b.length - a.length; }).forEach(function (m) {
      if (!m) return;
      var at = normal.indexOf(m);
      while (at >= 0) {
        var s = from[at], e = from[at + m.length - 1];
        e += text.codePointAt(e) > 0xffff ? 2 : 1;
        spans.push([s, e]);
        at = normal.indexOf(m, at + m.length);
      }
    });
    spans.sort(function (a, b) { return a[0] - b[0] || b[1] - a[1]; });
    var merged = [];
    spans.forEach(function (s) {
      if (merged.length && s[0] < merged[merged.length - 1][1]) merged[merged.length - 1][1] = Math.max(merged[merged.length - 1][1], s[1]);
      else merged.push(s.slice());
    });
    var width = 120, start = 0, end = text.length;
    if (text.length > width) {
      start = merged.length ? Math.max(0, merged[0][0] - 20) : 0;
      end = Math.min(text.length, start + width);
    }
    var out = start > 0 ? "…" : "", at = start;
    merged.forEach(function (s) {
      if (s[1] <= start || s[0] >= end) return;
      var a = Math.max(s[0], start), b = Math.min(s[1], end);
      out += escapeHtml(text.slice(at, a)) + "<mark>" + escapeHtml(text.slice(a, b)) + "</mark>";
      at = b;
    });
    out += escapeHtml(text.slice(at, end)) + (end < text.length ? "…" : "");
    return out.replace(/\s+/g, " ");
  }

  root.JudgeOfflineText = {wordForm: wordForm, grams2: grams2, editDistance: editDistance,
    snippet: snippet, escapeHtml: escapeHtml};
})(typeof self !== "undefined" ? self : this);
