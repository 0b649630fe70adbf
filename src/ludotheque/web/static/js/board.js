// The board in SVG, drawn from the engine's geometry and view only (no game rules here).
// Marks say what to highlight: points that can move, the selection, targets, the last move,
// a hint and the keyboard cursor.

import { t, pieces as countOf } from "./i18n.js";

const NS = "http://www.w3.org/2000/svg";
const U = 64;  // SVG units per board unit

function s(tag, attrs = {}, text) {
  const el = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) if (v !== null && v !== undefined) el.setAttribute(k, v);
  if (text !== undefined) el.textContent = text;
  return el;
}

export class Board {
  constructor(geometry, { onPoint = () => {}, onEscape = () => {}, flip = false, label = t("board.label") } = {}) {
    this.geo = geometry;
    this.kind = geometry.kind;
    this.onPoint = onPoint;
    this.onEscape = onEscape;
    this.flipped = flip;
    this.cursor = null;
    this.view = null;
    this.marks = {};
    this.svg = s("svg", { role: "application", tabindex: "0", "aria-label": label, class: `kind-${this.kind}` });
    this.svg.addEventListener("keydown", (e) => this.key(e));
    this.svg.addEventListener("click", (e) => {
      const t = e.target.closest("[data-id]");
      if (t) { this.cursor = t.dataset.id; this.showCursor = false; this.onPoint(t.dataset.id); }
    });
    this.layout();
  }

  // -- coordinates -----------------------------------------------------------------------
  layout() {
    const pts = this.geo.points;
    let xs = pts.map((p) => p.x), ys = pts.map((p) => p.y);
    const w = Math.max(...xs) - Math.min(...xs), hgt = Math.max(...ys) - Math.min(...ys);
    // a long vertical track reads better across the screen
    this.rotate = this.kind === "track" && hgt > 2 * w && window.matchMedia("(min-width: 700px)").matches;
    this.raw = {};
    for (const p of pts) this.raw[p.id] = this.rotate ? [p.y, p.x] : [p.x, p.y];
    xs = Object.values(this.raw).map((p) => p[0]); ys = Object.values(this.raw).map((p) => p[1]);
    this.minX = Math.min(...xs); this.maxX = Math.max(...xs);
    this.minY = Math.min(...ys); this.maxY = Math.max(...ys);
    this.pad = this.kind === "pits" ? 0.75 * U : this.kind === "track" ? 0.95 * U : 0.8 * U;
    this.width = (this.maxX - this.minX) * U + 2 * this.pad;
    this.height = (this.maxY - this.minY) * U + 2 * this.pad;
    this.svg.setAttribute("viewBox", `0 0 ${this.width} ${this.height}`);
    this.svg.setAttribute("width", this.width);
    this.svg.setAttribute("height", this.height);
    this.drawStatic();
  }

  pos(id) {
    const [x, y] = this.raw[id];
    const fx = this.flipped ? this.maxX - x : x - this.minX;
    const fy = this.flipped ? y - this.minY : this.maxY - y;   // the engine's y grows upwards
    return [this.pad + fx * U, this.pad + fy * U];
  }

  setFlip(flip) { this.flipped = flip; this.drawStatic(); if (this.view) this.render(this.view, this.marks); }

  // -- the board itself ------------------------------------------------------------------
  drawStatic() {
    this.svg.replaceChildren();
    const g = s("g", { class: "static" });
    const ids = Object.keys(this.raw);
    const frame = (r) => g.append(s("rect", { x: 4, y: 4, width: this.width - 8, height: this.height - 8, rx: r, class: "b-frame" }));
    if (this.kind === "pits") {
      frame(U * 0.5);
      for (const id of ids) {
        const [x, y] = this.pos(id);
        g.append(s("circle", { cx: x, cy: y, r: U * 0.42, class: "b-pit" }));
      }
    } else if (this.kind === "grid") {
      frame(10);
      const odd = new Set(this.geo.odd_cells || ids.filter((id) => (this.raw[id][0] + this.raw[id][1]) % 2));
      for (const id of ids) {
        const [x, y] = this.pos(id);
        g.append(s("rect", { x: x - U / 2, y: y - U / 2, width: U, height: U, class: odd.has(id) ? "b-cell odd" : "b-cell" }));
      }
    } else {
      frame(12);
      for (const [a, b] of this.geo.lines || []) {
        const [x1, y1] = this.pos(a), [x2, y2] = this.pos(b);
        g.append(s("line", { x1, y1, x2, y2, class: "b-line" }));
      }
      const cities = new Set(this.geo.cities || []);
      for (const id of ids) {
        const [x, y] = this.pos(id);
        if (this.kind === "track") {
          const r = cities.has(id) ? U * 0.44 : U * 0.34;
          g.append(s("rect", { x: x - r, y: y - r, width: 2 * r, height: 2 * r, rx: 6, class: cities.has(id) ? "b-city" : "b-track" }));
        } else {
          g.append(s("circle", { cx: x, cy: y, r: 5, class: "b-point" }));
        }
      }
    }
    this.drawLabels(g, ids);
    this.svg.append(g);
    this.dyn = s("g", { class: "dynamic" });
    this.svg.append(this.dyn);
  }

  drawLabels(g, ids) {
    const coord = ids.every((id) => /^[a-z]+\d+$/.test(id));
    if (coord) {
      // files under the bottom row, ranks left of the left column
      const bottom = Math.max(...ids.map((id) => this.pos(id)[1]));
      const left = Math.min(...ids.map((id) => this.pos(id)[0]));
      const seenF = new Set(), seenR = new Set();
      for (const id of ids) {
        const [x, y] = this.pos(id);
        const f = id.match(/^[a-z]+/)[0], r = id.match(/\d+$/)[0];
        if (Math.abs(y - bottom) < 1 && !seenF.has(f)) { seenF.add(f); g.append(s("text", { x, y: y + this.pad * 0.72, class: "b-label" }, f)); }
        if (Math.abs(x - left) < 1 && !seenR.has(r)) { seenR.add(r); g.append(s("text", { x: x - this.pad * 0.78, y, class: "b-label" }, r)); }
      }
    } else {
      const sideways = this.kind === "track" && !this.rotate && this.maxY - this.minY > this.maxX - this.minX;
      for (const id of ids) {
        const [x, y] = this.pos(id);
        if (sideways) { g.append(s("text", { x: x + U * 0.68, y, class: "b-label" }, id)); continue; }
        const dy = this.kind === "pits" ? (y < this.height / 2 ? -1 : 1) * U * 0.56 : U * 0.6;
        g.append(s("text", { x, y: y + dy, class: "b-label" }, id));
      }
    }
  }

  // -- pieces and marks --------------------------------------------------------------------
  render(view, marks = {}) {
    this.view = view;
    this.marks = marks;
    const d = this.dyn;
    d.replaceChildren();
    const byPoint = {};
    for (const p of view.pieces || []) (byPoint[p.at] ||= []).push(p);
    const kinds = [...new Set((view.pieces || []).map((p) => p.kind))];
    const can = marks.can || new Set(), target = marks.target || new Set(), via = marks.via || new Set();
    const sel = marks.sel || [], last = marks.last || [], hint = marks.hint || [];
    for (const id of Object.keys(this.raw)) {
      const [x, y] = this.pos(id);
      if (via.has(id)) d.append(s("circle", { cx: x, cy: y, r: U * 0.3, class: "b-via" }));
      if (target.has(id)) d.append(s("circle", { cx: x, cy: y, r: U * (this.kind === "pits" ? 0.44 : 0.24), class: "b-target" }));
      if (byPoint[id]) this.drawPieces(d, x, y, byPoint[id], kinds);
      if (last.includes(id)) d.append(s("circle", { cx: x, cy: y, r: U * 0.47, class: "b-last" }));
      if (can.has(id)) {
        if (byPoint[id] || this.kind === "pits") d.append(s("circle", { cx: x, cy: y, r: U * 0.45, class: "b-can" }));
        else d.append(s("circle", { cx: x, cy: y, r: U * 0.12, class: "b-can-dot" }));   // a place to put a piece
      }
      if (sel.includes(id)) d.append(s("circle", { cx: x, cy: y, r: U * 0.45, class: "b-sel" }));
      if (hint.includes(id)) d.append(s("circle", { cx: x, cy: y, r: U * 0.49, class: "b-hint" }));
      if (this.showCursor && this.cursor === id) d.append(s("rect", { x: x - U * 0.5, y: y - U * 0.5, width: U, height: U, rx: 8, class: "b-cursor" }));
      const active = can.has(id) || target.has(id) || via.has(id) || sel.includes(id);
      const hit = s("circle", { cx: x, cy: y, r: U * 0.48, class: active ? "b-hit active" : "b-hit", "data-id": id });
      hit.append(s("title", {}, this.describe(id, byPoint[id])));
      d.append(hit);
    }
  }

  drawPieces(d, x, y, pieces, kinds) {
    const g = s("g", {});
    if (this.kind === "pits") {
      const n = pieces.reduce((t, p) => t + p.count, 0);
      const shown = Math.min(n, 24);
      for (let i = 0; i < shown; i++) {  // seeds on a sunflower spiral
        const r = U * 0.27 * Math.sqrt((i + 0.5) / Math.max(shown, 7));
        const a = i * 2.39996 + 0.6;
        g.append(s("circle", { cx: x - U * 0.06 + r * Math.cos(a), cy: y - U * 0.06 + r * Math.sin(a), r: U * 0.07, class: "b-seed" }));
      }
      if (n > 0) {
        g.append(s("circle", { cx: x + U * 0.29, cy: y + U * 0.29, r: U * 0.16, class: "b-badge" }));
        g.append(s("text", { x: x + U * 0.29, y: y + U * 0.29, class: "b-count" }, n));
      }
    } else {
      const sorted = [...pieces].sort((a, b) => (a.level || 0) - (b.level || 0));
      const step = U * 0.16, r = U * (this.kind === "track" ? 0.28 : 0.34);
      sorted.forEach((p, k) => {
        const oy = (k - (sorted.length - 1) / 2) * -step;
        g.append(s("circle", { cx: x, cy: y + oy, r, class: `b-piece${p.owner}` }));
        const ki = kinds.indexOf(p.kind);
        if (ki > 0) g.append(s("text", { x, y: y + oy, class: `b-kind k${p.owner}` }, p.kind[0].toUpperCase()));
        if (p.count > 1) g.append(s("text", { x, y: y + oy, class: `b-stack`, fill: p.owner ? "#fff" : "#2b2118" }, `×${p.count}`));
      });
    }
    d.append(g);
  }

  describe(id, pieces) {
    if (!pieces || !pieces.length) return t("board.empty", { id });
    return t("board.at", { id }) + pieces.map((p) => countOf(p.count, p.kind) + (this.kind === "pits" ? "" : ` (${t(p.owner === 0 ? "board.first" : "board.second")})`)).join(", ");
  }

  // -- keyboard ----------------------------------------------------------------------------
  key(e) {
    this.showCursor = true;
    const dirs = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
    if (dirs[e.key]) {
      e.preventDefault();
      this.moveCursor(...dirs[e.key]);
    } else if (e.key === "Enter" || e.key === " ") {
      e.preventDefault();
      if (this.cursor) this.onPoint(this.cursor);
    } else if (e.key === "Escape") {
      this.onEscape();
    }
  }

  moveCursor(dx, dy) {
    const ids = Object.keys(this.raw);
    if (!this.cursor || !this.raw[this.cursor]) {
      const first = this.marks.can && this.marks.can.size ? [...this.marks.can][0] : ids[0];
      this.cursor = first;
    } else {
      const [cx, cy] = this.pos(this.cursor);
      let best = null, bestScore = Infinity;
      for (const id of ids) {
        const [x, y] = this.pos(id);
        const along = (x - cx) * dx + (y - cy) * dy;
        if (along < 1) continue;
        const across = Math.abs((x - cx) * dy) + Math.abs((y - cy) * dx);
        const score = along + 2.5 * across;
        if (score < bestScore) { bestScore = score; best = id; }
      }
      if (best) this.cursor = best;
    }
    this.render(this.view, this.marks);
    if (this.onCursor) this.onCursor(this.cursor);
  }
}
