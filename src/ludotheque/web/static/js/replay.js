// Replay a saved game: step, jump, arrow keys.
import { h, api, announce } from "./util.js";
import { Board } from "./board.js";
import { applyColours } from "./game.js";
import { t, tm, playerName, playerMsg, rulesetTitle } from "./i18n.js";
import { evaluationGraph } from "./analysis.js";

export function showReplay(main, id) {
  let data = null, board = null, k = 0;
  let rulesets = null;   // the server's catalogue: the game's title in the player's language
  const title = h("h1", {});
  const boardBox = h("div", { class: "board" });
  const info = h("p", { class: "message", "aria-live": "polite" });
  const slider = h("input", { type: "range", min: 0, max: 0, value: 0, oninput: (e) => go(Number(e.target.value)) });
  const first = h("button", { type: "button", onclick: () => go(0) }, "«");
  const prev = h("button", { type: "button", onclick: () => go(k - 1) }, "‹");
  const next = h("button", { type: "button", onclick: () => go(k + 1) }, "›");
  const last = h("button", { type: "button", onclick: () => go(data.frames.length - 1) }, "»");
  const bar = h("div", { class: "replaybar" }, first, prev, next, last, slider);
  const open = h("a", { href: `/play/${id}`, "data-link": true });
  const json = h("a", { href: `/api/games/${id}/record?format=json`, download: `${id}.json` });
  const text = h("a", { href: `/api/games/${id}/record?format=text`, download: `${id}.txt` });
  const movesBox = h("div", { class: "moves" });
  let review = null;   // the engine's analysis, once asked for
  const analyseButton = h("button", { type: "button", class: "analyse", onclick: () => analyse() });
  const analysisBox = h("div", { class: "analysis", "aria-live": "polite" });
  const side = h("aside", { class: "side" }, h("div", { class: "controls" }, open, json, text), movesBox);
  main.append(title, h("div", { class: "game" }, h("section", {}, h("div", { class: "boardwrap" }, boardBox, bar, info), analysisBox), side));

  // every label (again on a change of language)
  function labels() {
    title.textContent = data ? t("replay.titleOf", { ruleset: rulesetTitle(rulesets, data.ruleset) }) : t("replay.title");
    document.title = `${title.textContent} — Ludothèque`;
    slider.setAttribute("aria-label", t("replay.slider"));
    first.setAttribute("aria-label", t("replay.start"));
    prev.setAttribute("aria-label", t("replay.prev"));
    next.setAttribute("aria-label", t("replay.next"));
    last.setAttribute("aria-label", t("replay.end"));
    open.textContent = t("replay.open");
    json.textContent = t("replay.exportJson");
    text.textContent = t("replay.exportText");
    analyseButton.textContent = t("analysis.button");
    if (!data) return;
    drawAnalysis();
    board.svg.setAttribute("aria-label", t("replay.boardLabel", { ruleset: rulesetTitle(rulesets, data.ruleset) }));
    const marks = {};
    for (const r of review ? review.reviews : []) if (r.mark) marks[r.ply] = r;
    movesBox.replaceChildren(h("ol", { class: "plies" }, data.moves.map((mv, i) => h("li", { class: i === k - 1 ? "current" : null },
      h("button", { type: "button", onclick: () => go(i + 1) }, mv.player === -1 ? t("game.throwMove", { n: mv.n }) : mv.n),
      marks[i] ? h("span", { class: marks[i].mark === "??" ? "mark-blunder" : "mark-mistake",
        title: `${t(marks[i].mark === "??" ? "analysis.blunder" : "analysis.mistake")}, ${t("analysis.best", { move: marks[i].best })}` }, marks[i].mark) : null))));
  }
  labels();

  // the engine's review of the move that led to position k, once the analysis has come, if the
  // engine would have played another move
  function improved() {
    const r = review && review !== "working" ? review.reviews.find((x) => x.ply === k - 1) : null;
    return r && r.best !== r.move ? r : null;
  }

  function describe() {
    const mv = data.moves[k - 1];
    if (k === 0) return t("replay.startPosition");
    const who = mv.player === -1 ? t("game.throwTitle") : playerName(data.player_names[mv.player]);
    const r = improved();
    const remark = r ? ` — ${r.mark ? `${t(r.mark === "??" ? "analysis.blunder" : "analysis.mistake")}, ` : ""}${t("analysis.best", { move: r.best })}` : "";
    return t("replay.moveOf", { k, n: data.moves.length, who, move: mv.n }) + remark +
      (k === data.moves.length && data.result ? ` — ${tm(data.result.reason_msg, data.result.reason)}` : "");
  }

  // position k: its last move marked and, in an analysis, the engine's better move as an arrow
  function show() {
    const mv = data.moves[k - 1], r = improved();
    board.render(data.frames[k].view, { last: mv ? mv.p : [], arrow: r ? r.best_points : [] });
    info.textContent = describe();
  }

  // after a game: the engine's review, as a graph whose points open their positions
  function drawAnalysis() {
    if (!data.result) { analysisBox.replaceChildren(); return; }
    if (!review) { analysisBox.replaceChildren(analyseButton); return; }
    if (review === "working") { analysisBox.replaceChildren(h("p", { class: "extra" }, t("analysis.working"))); return; }
    const count = (m) => review.reviews.filter((r) => r.mark === m).length;
    analysisBox.replaceChildren(h("h2", {}, t("analysis.title")),
      evaluationGraph(review, data.moves, k, go, data.player_names.map(playerMsg)),
      h("p", { class: "extra summary" }, t("analysis.summary", { mistakes: count("?"), blunders: count("??") })));
  }

  async function analyse() {
    review = "working";
    drawAnalysis();
    try {
      review = await api(`/api/games/${id}/analysis`);
    } catch (e) {
      review = null;
      analysisBox.replaceChildren(analyseButton, h("p", { class: "error" }, e.message));
      return;
    }
    labels();
    show();
  }

  function go(n) {
    if (!data) return;
    k = Math.max(0, Math.min(n, data.frames.length - 1));
    show();
    slider.value = k;
    announce(info.textContent);
    movesBox.querySelectorAll("li").forEach((li, i) => li.classList.toggle("current", i === k - 1));
    const cur = movesBox.querySelector("li.current");
    if (cur) cur.scrollIntoView({ block: "nearest" });
    if (review && review !== "working") drawAnalysis();
  }

  const onKey = (e) => {
    if (e.target.closest("input, textarea, select")) return;
    const map = { ArrowLeft: k - 1, ArrowRight: k + 1, Home: 0, End: Infinity, ArrowUp: k - 10, ArrowDown: k + 10 };
    if (e.key in map) { e.preventDefault(); go(map[e.key]); }
  };
  document.addEventListener("keydown", onKey);
  const onLang = () => { labels(); if (data) show(); };
  window.addEventListener("langchange", onLang);

  api("/api/rulesets").then((cat) => { rulesets = cat.rulesets; labels(); }).catch(() => {});
  api(`/api/games/${id}/replay`).then((d) => {
    data = d;
    board = new Board(d.geometry, { label: t("replay.boardLabel", { ruleset: rulesetTitle(rulesets, d.ruleset) }) });
    boardBox.replaceChildren(board.svg);
    applyColours(main, d.player_names);
    slider.max = d.frames.length - 1;
    labels();
    go(d.frames.length - 1);
    if (d.result && new URLSearchParams(location.search).has("analyse")) analyse();
  }).catch((e) => main.append(h("p", { class: "error" }, e.message)));
  return () => { document.removeEventListener("keydown", onKey); window.removeEventListener("langchange", onLang); };
}
