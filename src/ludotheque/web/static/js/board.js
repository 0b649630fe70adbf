// The board in SVG, drawn from the engine's geometry and view only (no game rules here).
// Marks say what to highlight: points that can move, the selection, targets, the last turn
// (every point it touched, the pieces it took shown faded, the pits it sowed and emptied), a
// capture a choice would make, a hint, a move drawn as an arrow and the keyboard cursor. The look of each family (holes or
// cells, checkering) follows its rules text.

import { t, pieces as countOf } from "./i18n.js";

const NS = "http://www.w3.org/2000/svg";
const U = 64;  // SVG units per board unit
const MIN_GAP = 44;   // px between neighbouring points on a small screen: a fingertip
// the coordinates: centred this far from the outer points, beyond every mark a point draws (its
// cell, a pit's ring, a hint ring: half a unit), in a margin that holds a label at the phone's
// 16px with the frame's border clear of it
const LABEL_AT = 0.5 * U + 12;
const LABEL_ROOM = 16;
// boards whose rules draw them differently from the default (Kōnane's board is chequered; Dara
// and Yoté are holes in the ground)
const LOOKS = { konane: { chequer: true }, dara: { holes: true }, yote: { holes: true } };

function s(tag, attrs = {}, text) {
  const el = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) if (v !== null && v !== undefined) el.setAttribute(k, v);
  if (text !== undefined) el.textContent = text;
  return el;
}

export class Board {
  constructor(geometry, { onPoint = () => {}, onEscape = () => {}, onHover = () => {}, flip = false, label = t("board.label"), family = "", chrome = 30 } = {}) {
    this.chrome = chrome;   // px of the page around the board's width on a small screen
    this.geo = geometry;
    this.look = LOOKS[family] || {};
    this.onHover = onHover;
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
    this.svg.addEventListener("pointerover", (e) => { const t = e.target.closest("[data-id]"); this.onHover(t ? t.dataset.id : null); });
    this.svg.addEventListener("pointerleave", () => this.onHover(null));
    this.layout();
  }

  // -- coordinates -----------------------------------------------------------------------
  layout() {
    const pts = this.geo.points;
    let xs = pts.map((p) => p.x), ys = pts.map((p) => p.y);
    const w = Math.max(...xs) - Math.min(...xs), hgt = Math.max(...ys) - Math.min(...ys);
    // a long vertical track reads better across the screen; on a small screen a wide board
    // turns upright when that brings its points further apart, and a board whose points would
    // still be closer than a fingertip is drawn larger, to scroll
    const wide = window.matchMedia("(min-width: 700px)").matches;
    this.pad = this.kind === "track" ? 1.3 * U : LABEL_AT + LABEL_ROOM;
    this.rotate = wide ? this.kind === "track" && hgt > 2 * w : this.gap(w, hgt, true) > this.gap(w, hgt, false);
    const gap = wide ? Infinity : this.gap(w, hgt, this.rotate);
    this.zoom = gap < MIN_GAP ? MIN_GAP / gap : 1;
    this.raw = {};
    for (const p of pts) this.raw[p.id] = this.rotate ? [p.y, p.x] : [p.x, p.y];
    xs = Object.values(this.raw).map((p) => p[0]); ys = Object.values(this.raw).map((p) => p[1]);
    this.minX = Math.min(...xs); this.maxX = Math.max(...xs);
    this.minY = Math.min(...ys); this.maxY = Math.max(...ys);
    this.store = this.kind === "pits" && this.geo.stores ? U * 1.1 : 0;   // room for the stores
    this.width = (this.maxX - this.minX) * U + 2 * this.pad + (this.rotate ? 0 : 2 * this.store);
    this.height = (this.maxY - this.minY) * U + 2 * this.pad + (this.rotate ? 2 * this.store : 0);
    this.svg.setAttribute("viewBox", `0 0 ${this.width} ${this.height}`);
    this.svg.setAttribute("width", this.width);
    this.svg.setAttribute("height", this.height);
    this.svg.style.minWidth = this.zoom > 1 ? `${Math.ceil(this.fitWidth * this.zoom)}px` : "";
    this.drawStatic();
  }

  // the px between the closest points, the board fitting a small screen upright or not
  gap(w, hgt, turned) {
    const pad = 2 * this.pad / U, store = this.kind === "pits" && this.geo.stores ? 2.2 : 0;
    const availW = Math.min(window.innerWidth, 820) - this.chrome, availH = window.innerHeight * 0.8;
    const [bw, bh] = turned ? [hgt + store, w] : [w + store, hgt];
    const scale = Math.min(availW / ((bw + pad) * U), availH / ((bh + pad) * U));
    this.fitWidth = (bw + pad) * U * scale;
    const pts = this.geo.points;
    let d = Infinity;
    for (let i = 0; i < pts.length; i++) for (let j = i + 1; j < pts.length; j++)
      d = Math.min(d, Math.hypot(pts[i].x - pts[j].x, pts[i].y - pts[j].y));
    return d * U * scale;
  }

  pos(id) {
    const [x, y] = this.raw[id];
    const fx = this.flipped ? this.maxX - x : x - this.minX;
    const fy = this.flipped ? y - this.minY : this.maxY - y;   // the engine's y grows upwards
    return [this.pad + fx * U + (this.rotate ? 0 : this.store), this.pad + fy * U + (this.rotate ? this.store : 0)];
  }

  // a player's store: at the right end for the first player (his row runs left to right)
  storePos(seat) {
    const end = (seat === 0) !== this.flipped;
    return this.rotate ? [this.width / 2, end ? this.store * 0.55 : this.height - this.store * 0.55]
      : [end ? this.width - this.store * 0.55 - 4 : this.store * 0.55 + 4, this.height / 2];
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
        g.append(s("circle", { cx: x, cy: y, r: U * 0.42, class: "b-pit", "data-pit": id }));
      }
      for (const seat of this.store ? [0, 1] : []) {
        const [x, y] = this.storePos(seat);
        const [rx, ry] = this.rotate ? [U * 1.4, U * 0.42] : [U * 0.42, U * 0.85];
        g.append(s("ellipse", { cx: x, cy: y, rx, ry, class: "b-pit b-store" }));
      }
    } else if (this.kind === "grid") {
      frame(10);
      const odd = new Set(this.geo.odd_cells || ids.filter((id) => (this.raw[id][0] + this.raw[id][1]) % 2));
      for (const id of ids) {
        const [x, y] = this.pos(id);
        const chequer = this.look.chequer && odd.has(id) ? " odd" : "";
        g.append(s("rect", { x: x - U / 2, y: y - U / 2, width: U, height: U, class: "b-cell" + chequer }));
        if (this.look.holes) g.append(s("circle", { cx: x, cy: y, r: U * 0.38, class: "b-hole" }));
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
    const parts = ids.map((id) => id.match(/^([a-z]+)(\d+)$/));
    const groups = (k) => { const m = {}; parts.forEach((p, i) => (m[p[k]] ||= []).push(this.pos(ids[i]))); return m; };
    const along = (ps, axis) => ps.every((p) => Math.abs(p[axis] - ps[0][axis]) < 1);
    // how the letters and the numbers run: each names a row (same y) or a column (same x)
    const orient = (k) => {
      const many = Object.values(groups(k)).filter((ps) => ps.length > 1);
      return many.every((ps) => along(ps, 1)) ? "row" : many.every((ps) => along(ps, 0)) ? "col" : null;
    };
    const regular = parts.every(Boolean) && orient(1) && orient(2);
    if (regular) {
      // files and ranks: each written once, beside its row or under its column
      const bottom = Math.max(...ids.map((id) => this.pos(id)[1]));
      for (const k of [1, 2]) {
        const row = orient(k) === "row";
        for (const [name, ps] of Object.entries(groups(k))) {
          if (row) g.append(s("text", { x: Math.min(...ps.map((p) => p[0])) - LABEL_AT, y: ps[0][1], class: "b-label" }, name));
          else g.append(s("text", { x: ps[0][0], y: bottom + LABEL_AT, class: "b-label" }, name));
        }
      }
    } else if (parts.every(Boolean)) {
      // names that follow no row or column (Awithlaknannai's zigzag b1, m1, t1): each point's own
      for (const id of ids) {
        const [x, y] = this.pos(id);
        g.append(s("text", { x: x + U * 0.36, y: y + U * 0.42, class: "b-label b-name" }, id));
      }
    } else {
      const sideways = this.kind === "track" && !this.rotate && this.maxY - this.minY > this.maxX - this.minX;
      for (const id of ids) {
        const [x, y] = this.pos(id);
        if (sideways) { g.append(s("text", { x: x + U * 0.68, y, class: "b-label" }, id)); continue; }
        // a pit's name outside its row: above or below, or beside the rows of an upright board
        const out = this.kind === "pits" && this.rotate ? [(x < this.width / 2 ? -1 : 1) * LABEL_AT, 0]
          : [0, this.kind === "pits" && y < this.height / 2 ? -LABEL_AT : LABEL_AT];
        g.append(s("text", { x: x + out[0], y: y + out[1], class: "b-label" }, id));
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
    const ghosts = {};
    for (const p of marks.ghosts || []) (ghosts[p.at] ||= []).push(p);
    const kinds = [...new Set((view.pieces || []).filter((p) => p.owner !== null).map((p) => p.kind))];
    const can = marks.can || new Set(), target = marks.target || new Set(), via = marks.via || new Set();
    const sel = marks.sel || [], last = marks.last || [], hint = marks.hint || [];
    const preview = new Set(marks.preview || []), sown = new Set(marks.sown || []), emptied = new Set(marks.emptied || []);
    const pits = this.kind === "pits";
    const counts = [];
    for (const id of Object.keys(this.raw)) {
      const [x, y] = this.pos(id);
      if (pits && byPoint[id] && byPoint[id][0].owner !== null && byPoint[id][0].owner !== undefined)
        d.append(s("circle", { cx: x, cy: y, r: U * 0.45, class: `b-own b-own${byPoint[id][0].owner}` }));   // whose house (Nam-Nam's change hands)
      if (sown.has(id)) d.append(s("circle", { cx: x, cy: y, r: U * 0.4, class: "b-sown" }));
      if (emptied.has(id)) d.append(s("circle", { cx: x, cy: y, r: U * 0.4, class: "b-emptied" }));
      if (via.has(id)) d.append(s("circle", { cx: x, cy: y, r: U * 0.3, class: "b-via" }));
      if (target.has(id)) d.append(s("circle", { cx: x, cy: y, r: U * (pits ? 0.44 : 0.24), class: "b-target" }));
      if (byPoint[id]) counts.push(...this.drawPieces(d, x, y, byPoint[id], kinds));
      if (ghosts[id] && !pits) for (const p of ghosts[id]) this.drawGhost(d, x, y, p);
      if (preview.has(id)) this.drawTaken(d, x, y);
      if (last.includes(id)) d.append(s("circle", { cx: x, cy: y, r: U * 0.47, class: "b-last" }));
      if (can.has(id)) {
        if (byPoint[id] || pits) d.append(s("circle", { cx: x, cy: y, r: U * 0.45, class: "b-can" }));
        else d.append(s("circle", { cx: x, cy: y, r: U * 0.12, class: "b-can-dot" }));   // a place to put a piece
      }
      if (sel.includes(id)) d.append(s("circle", { cx: x, cy: y, r: U * 0.45, class: "b-sel" }));
      if (hint.includes(id)) d.append(s("circle", { cx: x, cy: y, r: U * 0.49, class: "b-hint" }));
      if (marks.current === id) d.append(s("circle", { cx: x, cy: y, r: U * 0.47, class: "b-current" }));
      if (this.showCursor && this.cursor === id) d.append(s("rect", { x: x - U * 0.5, y: y - U * 0.5, width: U, height: U, rx: 8, class: "b-cursor" }));
    }
    if (marks.arrow && marks.arrow.length) this.drawArrow(d, marks.arrow);
    // the stores, and every count above the rings so that no mark covers it
    if (this.store && view.scores) for (const seat of [0, 1]) {
      const [x, y] = this.storePos(seat);
      const shown = Math.min(view.scores[seat], 30);
      for (let i = 0; i < shown; i++) {
        const a = i * 2.39996, r = U * 0.3 * Math.sqrt((i + 0.5) / Math.max(shown, 7));
        d.append(s("circle", { cx: x + r * Math.cos(a) * (this.rotate ? 2.5 : 0.9), cy: y + r * Math.sin(a) * (this.rotate ? 0.9 : 2.2), r: U * 0.065, class: "b-seed" }));
      }
      counts.push([x, y, view.scores[seat], `b-store-count s${seat}`]);
    }
    for (const [x, y, n, cls] of counts) {
      const g = s("g", { class: cls });
      g.append(s("circle", { cx: x, cy: y, r: U * 0.16, class: "b-badge" }));
      g.append(s("text", { x, y, class: "b-count" }, n));
      d.append(g);
    }
    for (const id of Object.keys(this.raw)) {   // the click targets, on top of everything
      const [x, y] = this.pos(id);
      const active = can.has(id) || target.has(id) || via.has(id) || sel.includes(id);
      const cls = ["b-hit", active ? "active" : "", last.includes(id) ? "last" : "", ghosts[id] ? "ghosted" : "",
        preview.has(id) ? "previewed" : "", sown.has(id) ? "sown" : "", emptied.has(id) ? "emptied" : ""].filter(Boolean).join(" ");
      const hit = s("circle", { cx: x, cy: y, r: U * 0.48, class: cls, "data-id": id });
      hit.append(s("title", {}, this.describe(id, byPoint[id])));
      d.append(hit);
    }
  }

  // pieces of one point; returns the counts to write on top ([x, y, n, class])
  drawPieces(d, x, y, pieces, kinds) {
    const g = s("g", {});
    const out = [];
    const grass = pieces.filter((p) => p.kind === "grass");
    for (const _ of grass) this.drawGrass(g, x, y);
    pieces = pieces.filter((p) => p.kind !== "grass");
    if (this.kind === "pits") {
      const n = pieces.reduce((t, p) => t + p.count, 0);
      const shown = Math.min(n, 24);
      for (let i = 0; i < shown; i++) {  // seeds on a sunflower spiral
        const r = U * 0.27 * Math.sqrt((i + 0.5) / Math.max(shown, 7));
        const a = i * 2.39996 + 0.6;
        g.append(s("circle", { cx: x - U * 0.06 + r * Math.cos(a), cy: y - U * 0.06 + r * Math.sin(a), r: U * 0.07, class: "b-seed" }));
      }
      if (n > 0) out.push([x + U * 0.3, y + U * 0.3, n, "b-pitcount"]);
    } else {
      const sorted = [...pieces].sort((a, b) => (a.level || 0) - (b.level || 0));
      if (this.kind === "track" && sorted.length > 1 && sorted.every((p) => p.level !== undefined)) {
        // a unit of a race track (Puluc): its top piece on the square, the pieces under it, bottom
        // first, in a row beside the track (the side without labels), so every prisoner shows
        const vertical = !this.rotate && this.maxY - this.minY > this.maxX - this.minX;
        const [dx, dy] = vertical ? [-1, 0] : [0, -1];
        const top = sorted[sorted.length - 1];
        const gap = Math.min(0.34, 0.6 / Math.max(sorted.length - 2, 1));
        sorted.slice(0, -1).forEach((p, k) => {
          const d = U * (0.62 + gap * k);
          g.append(s("circle", { cx: x + dx * d, cy: y + dy * d, r: U * 0.16, class: `b-piece${p.owner} kind-${p.kind} under` }));
        });
        g.append(s("circle", { cx: x, cy: y, r: U * 0.28, class: `b-piece${top.owner} kind-${top.kind}` }));
        if (kinds.indexOf(top.kind) > 0) g.append(s("text", { x, y, class: `b-kind k${top.owner}` }, top.kind[0].toUpperCase()));
        out.push([x + U * 0.3, y + U * 0.3, sorted.length, "b-height"]);
        d.append(g);
        return out;
      }
      // a stack fans out up and to the right so that every piece under the top shows
      const step = sorted.length > 1 ? U * Math.min(0.16, 0.5 / sorted.length) : 0, r = U * (this.kind === "track" ? 0.28 : 0.34);
      sorted.forEach((p, k) => {
        const off = (k - (sorted.length - 1) / 2) * step;
        const cx = x + off, cy = y - off;
        g.append(s("circle", { cx, cy, r, class: `b-piece${p.owner} kind-${p.kind}` + (sorted.length > 1 && k < sorted.length - 1 ? " under" : "") }));
        const ki = kinds.indexOf(p.kind);
        if (ki > 0) g.append(s("text", { x: cx, y: cy, class: `b-kind k${p.owner}` }, p.kind[0].toUpperCase()));
        if (p.count > 1) g.append(s("text", { x: cx, y: cy, class: `b-stack`, fill: p.owner ? "#fff" : "#2b2118" }, `×${p.count}`));
      });
      if (sorted.length > 1) out.push([x + U * 0.3, y + U * 0.3, sorted.length, "b-height"]);
    }
    d.append(g);
    return out;
  }

  // a grass token: a tuft of blades under whatever stands on it
  drawGrass(g, x, y) {
    const blades = [-0.22, -0.11, 0, 0.11, 0.22].map((dx, i) => `M${x + dx * U},${y + U * 0.3} q${dx * U * 0.4},${-U * 0.3} ${dx * U * 0.9},${-U * (0.45 + 0.1 * (i % 2))}`);
    g.append(s("path", { d: blades.join(" "), class: "b-grass" }));
  }

  // a piece the last turn took: faded, until the next move
  drawGhost(d, x, y, p) {
    d.append(s("circle", { cx: x, cy: y, r: U * (this.kind === "track" ? 0.28 : 0.34), class: `b-ghost b-piece${p.owner}` }));
  }

  // a move as an arrow from its first point to its last through the others (the engine's better
  // move, in an analysis); a move of one point (a sowing, a placement) as a ring on it
  drawArrow(d, ids) {
    const ps = ids.filter((id) => this.raw[id]).map((id) => this.pos(id));
    if (!ps.length) return;
    const g = s("g", { class: "b-arrow", "data-points": ids.join(" ") });
    d.append(g);
    if (ps.length === 1) { g.append(s("circle", { cx: ps[0][0], cy: ps[0][1], r: U * 0.4, class: "b-arrow-ring" })); return; }
    const [x1, y1] = ps[ps.length - 2], [x2, y2] = ps[ps.length - 1];
    const len = Math.hypot(x2 - x1, y2 - y1) || 1, ux = (x2 - x1) / len, uy = (y2 - y1) / len;
    const head = U * 0.32, bx = x2 - ux * head, by = y2 - uy * head;   // the line stops where the head starts
    const xy = (pts) => pts.map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`).join(" ");
    g.append(s("polyline", { points: xy([...ps.slice(0, -1), [bx, by]]), class: "b-arrow-line" }));
    g.append(s("polygon", { points: xy([[x2, y2], [bx - uy * head * 0.7, by + ux * head * 0.7], [bx + uy * head * 0.7, by - ux * head * 0.7]]), class: "b-arrow-head" }));
  }

  // a piece a choice would take
  drawTaken(d, x, y) {
    const k = U * 0.2;
    d.append(s("circle", { cx: x, cy: y, r: U * 0.4, class: "b-preview" }));
    d.append(s("path", { d: `M${x - k},${y - k} L${x + k},${y + k} M${x + k},${y - k} L${x - k},${y + k}`, class: "b-preview-x" }));
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
