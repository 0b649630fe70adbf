// The evaluation graph of a finished game: the first player's value after each action (from the
// engine's review, ludotheque.ai.hints.analyse), mistakes and blunders marked, every point a
// button that opens its position.
import { t } from "./i18n.js";

const NS = "http://www.w3.org/2000/svg";
const W = 640, H = 180, M = 12;

function s(tag, attrs = {}, text) {
  const el = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) if (v !== null && v !== undefined) el.setAttribute(k, v);
  if (text !== undefined) el.textContent = text;
  return el;
}

export function evaluationGraph(review, moves, current, go, firstName) {
  const values = review.values, n = Math.max(values.length - 1, 1);
  const x = (k) => M + (k * (W - 2 * M)) / n, y = (v) => H / 2 - v * (H / 2 - M);
  const svg = s("svg", { viewBox: `0 0 ${W} ${H}`, role: "group", class: "evalgraph", "aria-label": t("analysis.graph", { name: firstName }) });
  svg.append(s("line", { x1: M, x2: W - M, y1: H / 2, y2: H / 2, class: "an-zero" }));
  const line = values.map((v, k) => `${x(k).toFixed(1)},${y(v).toFixed(1)}`).join(" ");
  svg.append(s("polygon", { points: `${x(0)},${H / 2} ${line} ${x(values.length - 1)},${H / 2}`, class: "an-area" }));
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
