/* Node's side of bench/offline_js.py: opens the bundle, answers every query (the results
 * page and the ranking, as tests/search/offline_parity.js), twice, and reports the time
 * to open the bundle and per query on stderr; the answers of the second round on stdout.
 *   node bench/offline_js.js <static dir> <bundle.json> <queries.json>
 */
"use strict";
const fs = require("fs");
const path = require("path");
const vm = require("vm");

const [staticDir, bundlePath, queriesPath] = process.argv.slice(2);
const context = vm.createContext({console: console});
context.self = context;
const names = fs.readFileSync(path.join(__dirname, "..", "tests", "search", "offline_parity.js"), "utf8")
  .match(/\["offline-analysis\.js"[^\]]*\]/)[0];
for (const name of JSON.parse(names.replace(/\s+/g, " ")))
  vm.runInContext(fs.readFileSync(path.join(staticDir, name), "utf8"), context, {filename: name});
const bundle = JSON.parse(fs.readFileSync(bundlePath, "utf8"));
const queries = JSON.parse(fs.readFileSync(queriesPath, "utf8"));
let t0 = process.hrtime.bigint();
const index = context.JudgeOfflineSearch.open(bundle);
const open = Number(process.hrtime.bigint() - t0) / 1e6;
t0 = process.hrtime.bigint();
index.prepare();
const prepare = Number(process.hrtime.bigint() - t0) / 1e6;
function answer(item) {
  const q = typeof item === "string" ? item : item.q;
  const filters = typeof item === "string" ? {} : {game: item.game, kind: item.kind};
  const page = index.shaped(q, Object.assign({limit: 10}, filters));
  const ranked = index.search(q, Object.assign({limit: 10}, filters));
  return {q: q, entries: page.results.map(r => r.id), total: page.total, facets: page.facets,
          snippets: page.results.map(r => r.snippet), did_you_mean: page.did_you_mean,
          notice: page.notice, passages: ranked.results.map(h => [h.id, h.clause, h.revision, h.score]),
          more: page.results.map(r => [(r.passages || []).map(p => [p.clause, p.snippet]), r.old_matches, r.exact])};
}
const rounds = [];
let out;
for (let r = 0; r < 2; r++) {
  t0 = process.hrtime.bigint();
  const times = [];
  out = queries.map(item => {
    const t = process.hrtime.bigint();
    const a = answer(item);
    times.push(Number(process.hrtime.bigint() - t) / 1e6);
    return a;
  });
  times.sort((a, b) => a - b);
  rounds.push({total_ms: Math.round(Number(process.hrtime.bigint() - t0) / 1e6),
               median_ms: +times[times.length >> 1].toFixed(2),
               p90_ms: +times[Math.floor(times.length * 0.9)].toFixed(2),
               max_ms: +times[times.length - 1].toFixed(2)});
}
process.stdout.write(JSON.stringify(out));
process.stderr.write(JSON.stringify({open_ms: Math.round(open), prepare_ms: Math.round(prepare),
                                     first: rounds[0], second: rounds[1]}) + "\n");
