// Replay a saved game: step, jump, arrow keys.
import { h, api, announce } from "./util.js";
import { Board } from "./board.js";
import { applyColours } from "./game.js";

export function showReplay(main, id) {
  let data = null, board = null, k = 0;
  const title = h("h1", {}, "Replay");
  const boardBox = h("div", { class: "board" });
  const info = h("p", { class: "message", "aria-live": "polite" });
  const slider = h("input", { type: "range", min: 0, max: 0, value: 0, "aria-label": "Move", oninput: (e) => go(Number(e.target.value)) });
  const bar = h("div", { class: "replaybar" },
    h("button", { type: "button", "aria-label": "Start", onclick: () => go(0) }, "«"),
    h("button", { type: "button", "aria-label": "Previous move", onclick: () => go(k - 1) }, "‹"),
    h("button", { type: "button", "aria-label": "Next move", onclick: () => go(k + 1) }, "›"),
    h("button", { type: "button", "aria-label": "End", onclick: () => go(data.frames.length - 1) }, "»"),
    slider);
  const movesBox = h("div", { class: "moves" });
  const side = h("aside", { class: "side" }, h("div", { class: "controls" },
    h("a", { href: `/play/${id}`, "data-link": true }, "Open the game"),
    h("a", { href: `/api/games/${id}/record?format=json`, download: `${id}.json` }, "Export JSON"),
    h("a", { href: `/api/games/${id}/record?format=text`, download: `${id}.txt` }, "Export text")), movesBox);
  main.append(title, h("div", { class: "game" }, h("section", {}, h("div", { class: "boardwrap" }, boardBox, bar, info)), side));

  function go(n) {
    if (!data) return;
    k = Math.max(0, Math.min(n, data.frames.length - 1));
    const mv = data.moves[k - 1];
    board.render(data.frames[k].view, { last: mv ? mv.p : [] });
    slider.value = k;
    const who = mv ? (mv.player === -1 ? "throw" : data.player_names[mv.player]) : "";
    info.textContent = k === 0 ? "Start position" : `Move ${k} of ${data.moves.length}: ${who} ${mv.n}` +
      (k === data.moves.length && data.result ? ` — ${data.result.reason}` : "");
    announce(info.textContent);
    movesBox.querySelectorAll("li").forEach((li, i) => li.classList.toggle("current", i === k - 1));
    const cur = movesBox.querySelector("li.current");
    if (cur) cur.scrollIntoView({ block: "nearest" });
  }

  const onKey = (e) => {
    if (e.target.closest("input, textarea, select")) return;
    const map = { ArrowLeft: k - 1, ArrowRight: k + 1, Home: 0, End: Infinity, ArrowUp: k - 10, ArrowDown: k + 10 };
    if (e.key in map) { e.preventDefault(); go(map[e.key]); }
  };
  document.addEventListener("keydown", onKey);

  api(`/api/games/${id}/replay`).then((d) => {
    data = d;
    title.textContent = `Replay — ${d.ruleset}`;
    board = new Board(d.geometry, { label: `${d.ruleset} board` });
    boardBox.replaceChildren(board.svg);
    applyColours(main, d.player_names);
    slider.max = d.frames.length - 1;
    movesBox.replaceChildren(h("ol", { class: "plies" }, d.moves.map((mv, i) => h("li", {},
      h("button", { type: "button", onclick: () => go(i + 1) }, mv.player === -1 ? `throw ${mv.n}` : mv.n)))));
    go(d.frames.length - 1);
  }).catch((e) => main.append(h("p", { class: "error" }, e.message)));
  return () => document.removeEventListener("keydown", onKey);
}
