// Learn by playing: the rules page's worked examples as live boards. Step through an example,
// or click its next move yourself and be told whether it is the one the example plays.
import { h, api } from "./util.js";
import { t, lang } from "./i18n.js";
import { Board } from "./board.js";
import { candidates, applyColours } from "./game.js";
import { sticks } from "./sticks.js";

const latest = new WeakMap();   // box -> its newest call: an older answer arriving late is dropped

export async function showExamples(box, rulesetId) {
  const call = {};
  latest.set(box, call);
  box.replaceChildren();
  let list;
  try {
    list = (await api(`/api/examples?id=${encodeURIComponent(rulesetId)}`)).examples;
  } catch {
    return;
  }
  if (latest.get(box) !== call) return;
  box.append(h("h2", {}, t("examples.title")));
  if (!list.length) { box.append(h("p", { class: "extra" }, t("examples.none"))); return; }
  for (const ex of list) box.append(example(ex));
}

function example(ex) {
  let k = 0, sel = [];
  const verdict = h("p", { class: "verdict", role: "status" });
  const throwBox = h("div", { class: "throwbox" });
  const boardBox = h("div", { class: "board" });
  const chance = (i) => i < ex.moves.length && ex.throws[i] !== null;
  // a throw (Puluc) is the example's, not the player's: it is made at once and shown as kernels
  const settle = () => { while (chance(k)) k += 1; };
  const back = h("button", { type: "button", onclick: () => {
    k = Math.max(0, k - 1);
    while (k > 0 && chance(k)) k -= 1;
    settle(); sel = []; say(step()); draw();
  } }, t("examples.back"));
  const next = h("button", { type: "button", class: "step", onclick: () => advance(t("examples.stepOf", { k: k + 1, n: ex.moves.length, move: ex.moves[k].n })) }, t("examples.step"));
  const reset = h("button", { type: "button", onclick: () => { k = 0; sel = []; say(t("examples.try")); draw(); } }, t("examples.reset"));
  const el = h("div", { class: "example", "data-example": ex.id },
    h("h3", {}, `${ex.id} — ${ex.title[lang()] || ex.title.en}`), throwBox, boardBox, h("div", { class: "controls" }, back, next, reset), verdict);
  applyColours(el, ex.player_names);
  const board = new Board(ex.geometry, { label: t("examples.board", { id: ex.id }), family: ex.ruleset.split("/")[0], onPoint: click, chrome: 64 });
  boardBox.append(board.svg);

  function say(text, cls = "") { verdict.textContent = text; verdict.className = `verdict ${cls}`; }
  const step = () => (k ? t("examples.stepOf", { k, n: ex.moves.length, move: ex.moves[k - 1].n }) : t("examples.try"));
  function advance(text, cls = "") {
    if (k >= ex.moves.length) return;
    k += 1; sel = [];
    settle();
    say(k === ex.moves.length ? `${text} ${t("examples.done")}` : text, cls);
    draw();
  }

  function click(pid) {
    if (k >= ex.moves.length) return;
    const legal = ex.frames[k].legal;
    let next = [...sel, pid];
    let { exact, longer } = candidates(legal, next);
    if (!exact.length && !longer.length) { next = [pid]; ({ exact, longer } = candidates(legal, next)); }
    if (!exact.length && !longer.length) { sel = []; draw(); return; }
    // several moves end on these points (an approach or a withdrawal): the example's, if it is one
    const chosen = exact.length && !longer.length ? (exact.find((m) => m.a === ex.moves[k].a) || exact[0]) : null;
    if (!chosen) { sel = next; draw(); return; }
    if (chosen.a === ex.moves[k].a) advance(t("examples.right", { move: chosen.n }), "right");
    else { sel = []; say(t("examples.wrong", { move: chosen.n, expected: ex.moves[k].n }), "wrong"); draw(); }
  }

  function draw() {
    const frame = ex.frames[k], legal = frame.legal;
    const marks = { sel, last: k ? ex.moves[k - 1].p : [], ghosts: frame.ghosts };   // what the turn took, faded
    if (k < ex.moves.length) {
      if (!sel.length) marks.can = new Set(legal.filter((m) => m.p.length).map((m) => m.p[0]));
      else {
        const { longer } = candidates(legal, sel);
        marks.target = new Set(longer.map(({ m }) => m.p[m.p.length - 1]));
        marks.via = new Set(longer.flatMap(({ m, k: i }) => m.p.slice(i, -1)));
      }
    }
    board.render(frame.view, marks);
    const thrown = [...ex.throws.slice(0, k)].reverse().find((x) => x !== null);
    const value = thrown === undefined ? null : ex.moves[ex.throws.lastIndexOf(thrown, k - 1)].n.replace(/[()]/g, "");
    throwBox.replaceChildren(...(thrown === undefined ? [] : [sticks(thrown, t("puluc.sticks", { marked: thrown, value }))]));
    back.disabled = k <= first;
    next.disabled = k >= ex.moves.length;
  }
  settle();
  const first = k;
  say(t("examples.try"));
  draw();
  return el;
}
