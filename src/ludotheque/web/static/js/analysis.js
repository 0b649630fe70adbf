// The evaluation graph of a finished game: the first player's value after each action (from the
// engine's review, ludotheque.ai.hints.analyse), mistakes and blunders marked, every point a
// button that opens its position. Its scale: +1 (the first player winning) to −1 (the second),
// each end named after the player it favours, and the move numbers along the bottom.
import { t } from "./i18n.js";

const NS = "http://www.w3.org/2000/svg";
const W = 640, H = 200;
const LEFT = 50, RIGHT = 12, TOP = 12, BOTTOM = 28;   // margins: the scale's labels

function s(tag, attrs = {}, text) {
  const el = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) if (v !== null && v !== undefined) el.setAttribute(k, v);
  if (text !== undefined) el.textContent = text;
  return el;
}

/** Every how many moves the bottom is numbered: at most about ten numbers. */
function tickStep(n) {
  return [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000].find((step) => n / step <= 10) || Math.ceil(n / 10);
}

/** ``players``: the two players' names as messages ({id, args}) or text, first player first. */
export function evaluationGraph(review, moves, current, go, players) {
  const values = review.values, n = Math.max(values.length - 1, 1);
  const x = (k) => LEFT + (k * (W - LEFT - RIGHT)) / n, y = (v) => TOP + ((1 - v) / 2) * (H - TOP - BOTTOM);
  const svg = s("svg", { viewBox: `0 0 ${W} ${H}`, role: "group", class: "evalgraph", "aria-label": t("analysis.graph", { name: players[0] }) });
  // the scale: +1, 0, −1 at the left, the player each end favours inside, move numbers below
  const scale = s("g", { class: "an-scale", "aria-hidden": "true" });
  for (const [v, label] of [[1, "+1"], [0, "0"], [-1, "−1"]]) {
    scale.append(s("line", { x1: LEFT, x2: W - RIGHT, y1: y(v), y2: y(v), class: v ? "an-grid" : "an-zero" }));
    scale.append(s("text", { x: LEFT - 6, y: y(v), class: "an-tick", "text-anchor": "end" }, label));
  }
  scale.append(s("text", { x: LEFT + 6, y: y(1) + 12, class: "an-side" }, t("analysis.better", { name: players[0] })));
  scale.append(s("text", { x: LEFT + 6, y: y(-1) - 7, class: "an-side" }, t("analysis.better", { name: players[1] })));
  const step = tickStep(n), bottom = H - BOTTOM;
  for (let k = 0; k <= n; k += step) {
    scale.append(s("line", { x1: x(k), x2: x(k), y1: bottom, y2: bottom + 4, class: "an-grid" }));
    scale.append(s("text", { x: x(k), y: bottom + 15, class: "an-tick an-move", "text-anchor": "middle" }, String(k)));
  }
  scale.append(s("text", { x: LEFT - 6, y: bottom + 15, class: "an-tick", "text-anchor": "end" }, t("analysis.moveAxis")));
  svg.append(scale);
  const line = values.map((v, k) => `${x(k).toFixed(1)},${y(v).toFixed(1)}`).join(" ");
  svg.append(s("polygon", { points: `${x(0)},${y(0)} ${line} ${x(values.length - 1)},${y(0)}`, class: "an-area" }));
  svg.append(s("polyline", { points: line, class: "an-line" }));
  const marked = {};
  for (const r of review.reviews) if (r.mark) marked[r.ply + 1] = r;   // the position the move led to
  values.forEach((v, k) => {
    const r = marked[k];
    const kind = r ? (r.mark === "??" ? "blunder" : "mistake") : "";
    const mv = moves[k - 1];
    const label = k === 0 ? t("replay.startPosition") : t("analysis.point", {
      k, move: mv ? mv.n : "", mark: r ? ` ${r.mark} (${t(`analysis.${kind}`)}, ${t("analysis.best", { move: r.best })})` : "", value: v.toFixed(2) });
    const dot = s("circle", { cx: x(k), cy: y(v), r: r ? 6 : 3.5, tabindex: 0, role: "button", "aria-label": label, "data-ply": k,
      class: ["an-dot", kind, k === current ? "current" : ""].filter(Boolean).join(" ") });
    dot.append(s("title", {}, label));
    dot.addEventListener("click", () => go(k));
    dot.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); go(k); } });
    svg.append(dot);
    if (r) svg.append(s("text", { x: x(k), y: y(v) + (v > 0 ? 18 : -10), class: `an-mark ${kind}`, "text-anchor": "middle" }, r.mark));
  });
  return svg;
}
