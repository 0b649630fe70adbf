// The game page: board, players, move list, controls, typed moves; one websocket.
import { h, api, announce, rememberGame, tokenFor, gameEntry } from "./util.js";
import { t, tm, lang, colon, playerName, playerMsg, seatHolder, viewKey, gameTitle } from "./i18n.js";
import { Board } from "./board.js";
import { sowingFrames, reducedMotion } from "./sowing.js";
import { sticks, stickCount } from "./sticks.js";
import { canUndo, scoreCard } from "./controls.js";
import { ClockPanel } from "./clock.js";
import { tablePanel, claimSeat } from "./table.js";

// -- choosing an action from clicks ------------------------------------------------------------
// A legal action comes with its points (from, over, to…). Clicks select points in order and may
// skip intermediate ones; an action is complete once its last point is clicked.
function consumed(points, sel) {
  if (!sel.length || !points.length || points[0] !== sel[0]) return -1;
  let i = 1;
  for (const id of sel.slice(1)) {
    const j = points.indexOf(id, i);
    if (j < 0) return -1;
    i = j + 1;
  }
  return i;
}

export function candidates(legal, sel) {
  const exact = [], longer = [];
  for (const m of legal) {
    const k = consumed(m.p, sel);
    if (k < 0) continue;
    if (k === m.p.length) exact.push(m); else longer.push({ m, k });
  }
  return { exact, longer };
}

// Players named after a colour (Green, Orange, Yellow, Blue…) get pieces of that colour.
// Others get the colours their rules text gives them: Kōnane's Hibiscus pink and Jasmine green,
// Yoté's light and dark purple, Dara's Lions and Elephants, Komikan's Puma and alpacas.
const COLOURS = { green: ["#4f9a5c", "#24582f"], orange: ["#e8893a", "#9a4f12"], yellow: ["#f0cf4f", "#9a7a10"],
  blue: ["#3f6fc0", "#1c3b73"], red: ["#c8453a", "#6e1a14"], black: ["#2e2a27", "#000"], white: ["#f6f1e4", "#8d7a5c"],
  hibiscus: ["#f08cb0", "#9c3a62"], jasmine: ["#5da35f", "#245a2a"], light: ["#cdb2ec", "#6e4c97"], dark: ["#5b2a86", "#2c0f48"],
  lions: ["#d9a441", "#7a5512"], elephants: ["#8d959c", "#3f454a"], puma: ["#c27a3a", "#6a3a12"], alpacas: ["#f6f1e4", "#8d7a5c"] };
export function applyColours(el, names) {
  names.forEach((n, i) => {
    const letter = (n.match(/\((\w)\)$/) || [])[1];   // Ludens's "Player 1 (Y)"
    const c = COLOURS[{ Y: "yellow", B: "blue" }[letter] || (n.match(/[A-Za-z]+/) || [""])[0].toLowerCase()];
    if (c) { el.style.setProperty(`--p${i}`, c[0]); el.style.setProperty(`--p${i}-edge`, c[1]); }
  });
}

// Moves grouped into turns: a player's successive actions (a capture chain, a stop) and the
// throws that came before them.
export function turns(moves) {
  const out = [];
  let pending = [];
  for (const mv of moves) {
    if (mv.player === -1) { pending.push(mv); continue; }
    const last = out[out.length - 1];
    if (last && last.player === mv.player && !pending.length) last.moves.push(mv);
    else out.push({ player: mv.player, moves: [...pending, mv] });
    pending = [];
  }
  if (pending.length) out.push({ player: -1, moves: pending });
  return out;
}

function grassIcon() {
  const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
  svg.setAttribute("viewBox", "0 0 28 28");
  svg.setAttribute("aria-hidden", "true");
  svg.innerHTML = '<path class="b-grass" d="M6,24 q1,-8 -1,-14 M11,24 q0,-9 1,-17 M16,24 q1,-8 3,-15 M21,24 q1,-6 4,-11"/>';
  return svg;
}

const MAX_RETRIES = 8;   // reconnection attempts (backing off) before the page gives up
// When the turn passes to this page's player and the new position appears at once (not at the
// natural end of its animation), the board takes clicks only once it has been on screen this
// long: clicks of a burst begun on the position before (a double click, clicks that skip an
// animation) never play a move on a position the player has not seen.
const SETTLE_MS = 300;

export function showGame(main, id) {
  const seatLink = location.hash.match(/t=([\w-]+)/);    // a seat token (same-screen, imports)
  const invite = location.hash.match(/i=([\w-]+)/);      // an invitation: claimed once, by one browser
  if (seatLink) rememberGame({ id, token: seatLink[1], joined: Date.now() });
  if (seatLink || invite) history.replaceState({}, "", location.pathname);
  let token = tokenFor(id);
  let board = null, ws = null, closed = false, retry = 0;
  let seenMoves = -1, flipOverride = null, catalogue = null;

  // -- what the page knows: render() draws it, messages and animation frames only change it --
  let st = null;          // the latest position from the server
  const queue = [];       // turns still to animate, oldest first: {ply, frames, k, delay, last}
  let pending = null;     // the ply a move was sent for, until the server answers: the board is locked
  let sel = [];           // the points clicked so far towards a move
  let hint = null;        // the engine's suggestion for this position
  let preview = null;     // the points a choice would take, while it is hovered or focused
  let lookBack = null;    // the ply of an earlier position shown instead of the game, or null
  let past = { moves: [], frames: [] };   // earlier positions (the replay's frames) and the moves they follow
  let lookAsk = 0;        // the latest request to look back: an answer to an earlier one is dropped
  let shownTurn = "";     // the last turn queued for animation (or shown at once)
  let drawnPly = -1;      // the ply of the latest position already drawn live
  let watchedPly = -1;    // the ply of the last turn whose animation ran to its end
  let settling = null;    // while the turn that has just passed to this page settles: its timer (SETTLE_MS)
  let readyAt = 0;        // board input counts from this time (performance.now())
  let inputAt = 0;        // the time of the board input event being handled
  let timer = null;       // the next animation frame
  let thrown = -1;        // Puluc: the ply of the last throw this page has revealed
  let tossing = false;    // the kernels just thrown: drawn falling, once
  let movesKey = "";      // what the move list was last built from

  const message = h("p", { class: "message", role: "status" });
  const turn = h("span", { class: "turn" });
  const extra = h("span", { class: "extra" });
  const bannerArea = h("div");
  const boardBox = h("div", { class: "board" });
  const choices = h("div", { class: "choices", role: "group" });
  const legend = h("div", { class: "legend" });
  const sticksBox = h("div", { class: "throwbox" });
  const players = h("div", { class: "players" });
  // other modules' panels (the table's people, the clock) go here, beside the players' cards;
  // render() updates them with the latest position
  const panels = h("div", { class: "panels" });
  const controls = h("div", { class: "controls" });
  const movesBox = h("div", { class: "moves", role: "region", tabindex: "0" });   // scrolls: reachable by keyboard
  const inviteBox = h("div");
  const typedInput = h("input", { id: "typed", autocomplete: "off" });
  const typedButton = h("button", { type: "submit" });
  const typed = h("form", { class: "typed", onsubmit: (e) => { e.preventDefault(); sendText(); } },
    typedInput, typedButton);
  const typedLabel = h("label", { for: "typed", class: "sr-only" });
  const movesHeading = h("h2", { class: "sr-only" });
  const title = h("h1", {});
  const table = tablePanel({ id, send: (msg) => send(msg), say: (text, error) => say(text, error), token: () => token });
  panels.append(table.el);
  const clockPanel = new ClockPanel();
  panels.append(clockPanel.el);
  const skipButton = h("button", { type: "button", class: "skip", onclick: () => finishAnimation() });
  const lookText = h("span", {});
  const backButton = h("button", { type: "button", class: "back", "aria-keyshortcuts": "Escape End", onclick: () => backToGame() });
  const lookBar = h("div", { class: "lookback", hidden: true }, lookText, backButton);
  const undoButton = h("button", { type: "button", onclick: () => send({ type: "undo" }) });
  const hintButton = h("button", { type: "button", onclick: () => { say(t("game.lookingHint")); send({ type: "hint" }); } });
  const resignButton = h("button", { type: "button", onclick: () => { if (confirm(t("game.resignConfirm"))) send({ type: "resign" }); } });
  const drawButton = h("button", { type: "button", onclick: () => send({ type: "offer_draw" }) });
  const flipButton = h("button", { type: "button", onclick: () => { flipOverride = !board.flipped; board.setFlip(flipOverride); drawBoard(); } });
  const replayLink = h("a", { href: `/replay/${id}`, "data-link": true, class: "button" });
  const jsonLink = h("a", { href: `/api/games/${id}/record?format=json`, download: `${id}.json` });
  const textLink = h("a", { href: `/api/games/${id}/record?format=text`, download: `${id}.txt` });

  main.append(title, h("div", { class: "game" },
    h("section", {}, bannerArea,
      h("div", { class: "boardwrap" }, h("div", { class: "statusbar" }, turn, extra, sticksBox), lookBar, boardBox, legend, choices, message)),
    h("aside", { class: "side" }, players, panels, controls,
      h("div", {}, typedLabel, typed),
      movesHeading, movesBox, inviteBox)));
  // the time of each board input, before the board handles it (see SETTLE_MS)
  for (const kind of ["click", "keydown"]) boardBox.addEventListener(kind, (e) => { inputAt = e.timeStamp; }, true);

  // the labels that do not depend on the position (again on a change of language)
  function labels() {
    choices.setAttribute("aria-label", t("game.choices"));
    movesBox.setAttribute("aria-label", t("game.moves"));
    typedInput.placeholder = t("game.typedPlaceholder");
    typedInput.setAttribute("aria-label", t("game.typedAria"));
    typedButton.textContent = t("game.play");
    typedLabel.textContent = t("game.typedLabel");
    movesHeading.textContent = t("game.moves");
    skipButton.textContent = t("board.skip");
    backButton.textContent = t("game.backToGame");
    backButton.title = t("game.backToGameKeys");
    undoButton.textContent = t("game.undo");
    hintButton.textContent = t("game.hint");
    resignButton.textContent = t("game.resign");
    drawButton.textContent = t("game.offerDraw");
    flipButton.textContent = t("game.flip");
    replayLink.textContent = t("game.replay");
    jsonLink.textContent = t("game.json");
    textLink.textContent = t("game.text");
    if (!st) title.textContent = t("game.title");
    if (board && st) board.svg.setAttribute("aria-label", boardLabel(st.ruleset));
  }
  const boardLabel = (ruleset) => t("game.boardLabel", { ruleset });
  labels();

  const say = (text, error = false) => {
    message.textContent = text || "";
    message.classList.toggle("error", !!error);
    if (text) announce(text);
  };
  const send = (msg) => {
    if (!ws || ws.readyState !== 1) { say(t("game.notConnected"), true); return false; }
    ws.send(JSON.stringify({ ...msg, token }));
    return true;
  };
  // a move names the ply it answers; until the server answers, no second move can be made
  const sendMove = (msg) => {
    if (pending !== null || !send({ ...msg, ply: st.ply })) return;
    pending = st.ply;
    render();
  };

  // -- what the server would accept, and what the page lets the player do ------------------
  // a seat of this page is to move (not the computer's): the server takes a move from it
  const toMove = () => !!st && !st.result && st.you.includes(st.to_move) && !(st.mode === "ai" && st.to_move === st.ai_seat);
  const live = () => !queue.length && lookBack === null;   // the board shows the latest position
  // a move (a click, a typed move, a hint) is made on the latest position, every turn before it shown
  const canMove = () => toMove() && live() && pending === null && !toThrow();
  const ready = () => canMove() && settling === null;
  // the server's undo takes back the player's last turn against the computer: there must be one
  // Puluc: the throw that gives this turn its value (the server draws it when the last turn
  // ends, seeded by game and ply); the player to move reveals it with the throw button
  const lastThrow = () => { const mv = st.moves[st.moves.length - 1]; return mv && mv.player === -1 && st.ruleset.startsWith("puluc") ? mv : null; };
  const toThrow = () => { const mv = lastThrow(); return !!mv && mv.ply > thrown && toMove(); };
  const name = (seat) => seat === -1 ? t("game.throw") : playerName(st.player_names[seat]);
  const who = (seat) => playerMsg(st.player_names[seat]);   // a sentence's subject: "Elephants win"
  const moveText = (mv) => mv.player === -1 ? t("game.throwMove", { n: toThrow() && mv === lastThrow() ? "?" : mv.n }) : mv.n;

  function play(action) {
    sel = []; hint = null; preview = null;
    choices.replaceChildren();
    sendMove({ type: "move", action: action.a });
  }

  function sendText() {
    const text = typedInput.value.trim();
    if (!text || !canMove()) return;
    sendMove({ type: "move_text", text });
    typedInput.value = "";
  }

  function clickPoint(pid) {
    if (lookBack !== null) { say(t("game.lookBackNoMove"), true); return; }
    if (queue.length) { finishAnimation(); return; }        // a click during an animation only ends it
    if (pending !== null || settling !== null || inputAt < readyAt) return;   // a burst of clicks begun on the position before
    if (!canMove()) { say(st && st.result ? t("game.isOver") : t("game.notYourTurn"), true); return; }
    if (sel.length && sel[sel.length - 1] === pid) { sel = sel.slice(0, -1); drawBoard(); return; }
    let next = [...sel, pid];
    let { exact, longer } = candidates(st.legal, next);
    if (!exact.length && !longer.length && sel.length) {
      const fresh = candidates(st.legal, [pid]);   // start again from this point
      if (fresh.exact.length || fresh.longer.length) { next = [pid]; ({ exact, longer } = fresh); }
    }
    if (!exact.length && !longer.length) {
      send({ type: "explain", points: next.slice(0, 8) });
      sel = [];
      drawBoard();
      return;
    }
    if (exact.length === 1 && !longer.length) { play(exact[0]); return; }
    sel = next;
    drawBoard();
    say(exact.length > 1 ? t("game.chooseBelow") : "");
  }

  function marks() {
    const m = { sel, last: [], hint: hint ? hint.p : [], preview: preview || [] };
    const lt = st.last_turn;
    if (lt) {
      m.last = lt.points;
      m.ghosts = lt.ghosts;
      m.sown = lt.sown; m.emptied = lt.emptied;
    }
    if (ready()) {
      if (!sel.length) {
        m.can = new Set(st.legal.filter((x) => x.p.length).map((x) => x.p[0]));
      } else {
        const { longer } = candidates(st.legal, sel);
        m.target = new Set(longer.map(({ m: x }) => x.p[x.p.length - 1]));
        m.via = new Set(longer.flatMap(({ m: x, k }) => x.p.slice(k, -1)));
      }
    }
    return m;
  }

  // what a move would take, as words (for its button) and as points (the preview)
  const takes = (x) => x.x && x.x.length ? t("game.takes", { move: x.n, points: x.x.join(" ") }) : x.x ? t("game.takesNothing", { move: x.n }) : x.n;
  function showPreview(points) {
    preview = points && points.length ? points : null;
    if (board && st && live()) board.render(st.view, marks());
  }
  // hovering a point that would complete exactly one move previews its capture
  function hoverPoint(pid) {
    if (!st || !canMove() || !pid) { if (preview) showPreview(null); return; }
    const { exact, longer } = candidates(st.legal, sel.length ? [...sel, pid] : [pid]);
    const one = exact.length === 1 && !longer.length ? exact[0] : null;
    const pts = one && one.x && one.x.length ? one.x : null;
    if (String(pts) !== String(preview)) showPreview(pts);   // a redraw only when it changes: the point stays clickable
  }

  function drawChoices() {
    choices.replaceChildren();
    if (!canMove()) return;
    // actions that no click can name (stop, done…) and the moves the selection completes
    const pointless = st.legal.filter((x) => !x.p.length);
    const complete = sel.length ? candidates(st.legal, sel).exact : [];
    for (const x of [...complete, ...pointless]) {
      const on = () => showPreview(x.x), off = () => showPreview(null);
      choices.append(h("button", { type: "button", class: "choice", "data-action": x.a, title: takes(x),
        onclick: () => play(x), onpointerenter: on, onfocus: on, onpointerleave: off, onblur: off },
        x.x && x.x.length ? takes(x) : x.n));   // on a touch screen, the words are the preview
    }
    if (sel.length) choices.append(h("button", { type: "button", onclick: () => { sel = []; drawBoard(); } }, t("game.cancel")));
    if (hint) choices.append(h("button", { type: "button", class: "primary", onclick: () => play(hint) }, t("game.playHint", { move: hint.n })));
  }

  // the board: an earlier position looked back at, else the turn being animated, else the
  // latest position with what can be clicked
  function drawBoard() {
    if (!st) return;
    const anim = lookBack === null ? queue[0] : null;
    if (lookBack !== null) {
      const mv = st.moves[lookBack - 1];
      board.render(past.frames[lookBack].view, { last: mv ? mv.p : [] });
      choices.replaceChildren();
    } else if (anim) {
      const f = anim.frames[anim.k];
      board.render(f.view, { current: f.current, last: anim.last });
      if (choices.childNodes.length !== 1 || choices.firstChild !== skipButton) choices.replaceChildren(skipButton);
    } else {
      board.render(st.view, marks());
      drawChoices();
    }
    drawThrow();
    if (anim) boardBox.dataset.animating = anim.ply; else delete boardBox.dataset.animating;
    if (lookBack !== null) boardBox.dataset.lookback = lookBack; else delete boardBox.dataset.lookback;
  }

  // -- a pit game's sowings, seed by seed (not with reduced motion) ------------------------
  // Each position whose last turn is one sowing adds that turn to the queue; the frames run one
  // turn after the other (paused while looking back), and a click, a key or Skip ends the one
  // shown. A position with no animation of its own is drawn once the queue is empty.
  function queueTurn() {
    const lt = st.last_turn;
    const key = lt ? `${lt.from}:${st.ply}` : "";
    if (key === shownTurn) return;
    shownTurn = key;
    const origins = lt && lt.before ? st.moves.slice(lt.from).filter((m) => m.player !== -1 && m.p.length) : [];
    if (reducedMotion() || origins.length !== 1) return;
    const frames = sowingFrames(board.geo, lt.before, st.view, origins[0].p[0]);
    if (!frames || !frames.length) return;
    queue.push({ ply: st.ply, frames, k: 0, delay: Math.max(60, Math.min(220, 2400 / frames.length)), last: lt.points.slice(0, 1) });
  }
  function schedule() {
    clearTimeout(timer);
    timer = null;
    const anim = queue[0];
    if (!anim || lookBack !== null) return;
    timer = setTimeout(() => {
      timer = null;
      if (++anim.k >= anim.frames.length) finishAnimation(true);
      else { drawBoard(); schedule(); }
    }, anim.delay);
  }
  // the turn being shown is over (its last frame reached, or skipped): the next turn, or the
  // latest position
  function finishAnimation(watched = false) {
    if (!queue.length) return;
    const anim = queue.shift();
    watchedPly = watched ? anim.ply : -1;
    render();
    schedule();
  }
  // the latest position drawn for the first time: if the turn has just passed to this page's
  // player and the position appeared at once (no animation, or one cut short), the board waits
  // SETTLE_MS before it takes a click
  function noteShown() {
    if (!live() || st.ply === drawnPly) return;
    const lt = st.last_turn;
    if (drawnPly >= 0 && lt && lt.player !== st.to_move && toMove() && watchedPly !== st.ply) {
      clearTimeout(settling);
      readyAt = performance.now() + SETTLE_MS;
      settling = setTimeout(() => { settling = null; drawBoard(); }, SETTLE_MS);
    }
    drawnPly = st.ply;
  }

  // -- looking back at an earlier position during the game ----------------------------------
  // the fetched frames hold the position after `ply` moves if they follow the same moves
  const knownPast = (ply) => ply < past.frames.length &&
    st.moves.slice(0, ply).every((m, i) => past.moves[i] && past.moves[i].a === m.a && past.moves[i].player === m.player);
  async function lookAt(ply) {
    if (ply >= st.moves.length) { backToGame(); return; }   // the last move's position is the game's
    const ask = ++lookAsk;
    if (!knownPast(ply)) {
      try {
        const d = await api(`/api/games/${id}/replay`);
        past = { moves: d.moves, frames: d.frames };
      } catch (e) {
        if (ask === lookAsk) say(e.message, true);
        return;
      }
      if (ask !== lookAsk || !knownPast(ply)) return;
    }
    lookBack = ply;
    sel = []; preview = null;
    schedule();   // an animation waits for the return
    render();
    announce(lookText.textContent);
    const cur = movesBox.querySelector("button.current");
    if (cur) cur.scrollIntoView({ block: "nearest" });
  }
  function backToGame() {
    lookAsk++;
    if (lookBack === null) return;
    if (lookBar.contains(document.activeElement)) board.svg.focus();   // the button is about to hide
    lookBack = null;
    render();
    schedule();
    announce(t("game.backToGame"));
  }
  const onKey = (e) => {
    if (lookBack === null || e.target.closest("input, textarea, select")) return;
    if (e.key === "Escape" || e.key === "End") { e.preventDefault(); backToGame(); }
  };
  document.addEventListener("keydown", onKey);

  // Puluc: the four sticks of the last throw, face down with a throw button until the player to
  // move reveals them
  function drawThrow() {
    const mv = st && lastThrow();
    const prev = st ? [...st.moves].reverse().find((m) => m.player === -1) : null;
    sticksBox.replaceChildren();
    if (!st || !st.ruleset.startsWith("puluc") || !prev) return;
    if (mv && toThrow()) {
      sticksBox.append(sticks(null, t("puluc.notThrown")),
        h("button", { type: "button", class: "primary throw-button", onclick: () => { thrown = mv.ply; tossing = !reducedMotion(); render(); } }, t("puluc.throw")));
      return;
    }
    const marked = stickCount(prev.a);
    const shown = sticks(marked, t("puluc.sticks", { marked, value: st.view.last_throw ?? "" }));
    if (tossing) { shown.classList.add("tossing"); tossing = false; }   // the kernels fall once
    sticksBox.append(shown);
  }

  // the move list: a row per round (first player's turn, then the second's); each move shows
  // the position after it. Rebuilt only when the moves change, so a focused move keeps focus.
  function drawMoves() {
    const key = [lang(), toThrow(), st.moves.map((m) => m.a).join(",")].join("|");
    if (key !== movesKey) {
      movesKey = key;
      const rows = [];
      for (const turn of turns(st.moves)) {
        const row = rows[rows.length - 1];
        if (!row || turn.player === 0 || row.some((x) => x.player === turn.player)) rows.push([turn]);
        else row.push(turn);
      }
      const items = rows.map((row) => h("li", {}, ...row.map((turn) => h("span", { class: "turn", title: turn.player === -1 ? t("game.throwTitle") : name(turn.player) },
        h("span", { class: `swatch p${turn.player}`, style: turn.player === -1 ? "visibility:hidden" : "" }), " ",
        ...turn.moves.map((mv) => [h("button", { type: "button", class: mv.player === -1 ? "throw" : "mv", "data-ply": mv.ply + 1,
          "aria-label": t("game.showMove", { move: moveText(mv) }), onclick: () => lookAt(mv.ply + 1) }, moveText(mv)), " "])))));
      movesBox.dataset.plies = st.moves.length;
      movesBox.replaceChildren(items.length ? h("ol", {}, items) : h("p", { class: "extra" }, t("game.noMoves")));
      if (lookBack === null) movesBox.scrollTop = movesBox.scrollHeight;
    }
    for (const b of movesBox.querySelectorAll("button[data-ply]")) {
      const on = Number(b.dataset.ply) === lookBack;
      b.classList.toggle("current", on);
      if (on) b.setAttribute("aria-current", "true"); else b.removeAttribute("aria-current");
    }
  }

  // everything, from what the page knows
  function render() {
    if (!st) return;
    const info = catalogue && catalogue.find((r) => r.id === st.ruleset.split(/[+?]/)[0]);
    title.textContent = info ? gameTitle(info) + (/[+?]/.test(st.ruleset) ? ` (${st.ruleset})` : "") : st.ruleset;
    document.title = `${title.textContent} — Ludothèque`;
    clockPanel.update(st);   // the clocks, and "your turn" in the tab title
    const over = st.result;
    // status line
    if (over) turn.textContent = t("game.overStatus", { reason: tm(over.reason_msg, over.reason) });
    else if (st.mode === "ai" && st.to_move === st.ai_seat) turn.textContent = t("game.thinking", { name: who(st.to_move) });
    else if (toThrow()) turn.textContent = t("puluc.toThrow", { name: name(st.to_move) });
    else turn.textContent = (tm(st.view.status_msg, st.view.status) || t("game.toMove", { name: name(st.to_move) })) + (canMove() && st.you.length === 1 ? t("game.yourTurn") : "");
    const others = Object.entries(st.view).filter(([k, v]) => !["pieces", "scores", "status", "status_msg"].includes(k) && v !== null);
    const extras = others.filter(([, v]) => typeof v !== "object");
    // per-player extras (pieces in hand…): a pair of numbers, shown on each player's card
    const pairs = others.filter(([, v]) => Array.isArray(v) && v.length === 2 && v.every((x) => typeof x === "number"));
    extra.textContent = extras.filter(([k]) => !(k === "last_throw" && toThrow())).map(([k, v]) => `${viewKey(k)}${colon()}${v}`).join(" · ");
    const grass = (st.view.pieces || []).some((p) => p.kind === "grass") || /\+grass\b/.test(st.ruleset);
    const houses = st.ruleset.startsWith("oware/nam-nam");   // houses change hands between rounds
    legend.replaceChildren(...(grass ? [h("span", { class: "grass-legend" }, grassIcon(), " ", t("board.grass"))] : []),
      ...(houses ? [h("span", { class: "owner-legend" }, t("board.owners"), " ", ...[0, 1].map((seat) =>
        h("span", {}, h("span", { class: `swatch ring p${seat}` }), " ", name(seat), " ")))] : []));
    const material = [0, 1].map((seat) => (st.view.pieces || []).filter((p) => p.owner === seat && p.kind !== "grass").reduce((n, p) => n + p.count, 0));
    // banners
    bannerArea.replaceChildren();
    if (over) {
      const won = over.aborted ? t("table.aborted") : over.winner === null || over.winner === undefined ? t("game.draw") : t("game.wins", { name: who(over.winner) });
      bannerArea.append(h("div", { class: "banner", role: "status" },
        h("strong", {}, `${won} (${over.result})`), h("span", {}, tm(over.reason_msg, over.reason)),
        h("a", { href: "/", "data-link": true, style: "color:#fff" }, t("game.newGame")),
        h("a", { href: `/replay/${id}`, "data-link": true, style: "color:#fff" }, t("game.replay")),
        h("a", { href: `/replay/${id}?analyse=1`, "data-link": true, style: "color:#fff", class: "analyse-link" }, t("analysis.button"))));
    } else if (st.draw_offer !== null && st.draw_offer !== undefined && st.you.some((s) => s !== st.draw_offer)) {
      bannerArea.append(h("div", { class: "banner offer" },
        h("span", {}, t("game.offersDraw", { name: who(st.draw_offer) })),
        h("button", { type: "button", onclick: () => send({ type: "accept_draw" }) }, t("game.acceptDraw")),
        h("button", { type: "button", onclick: () => send({ type: "decline_draw" }) }, t("game.decline"))));
    }
    // looking back
    lookBar.hidden = lookBack === null;
    if (lookBack !== null) lookText.textContent = t("game.lookingBack", { n: lookBack, move: moveText(st.moves[lookBack - 1]) });
    // players and scores
    players.replaceChildren(...[0, 1].map((seat) => h("div", { class: "player" + (!over && st.to_move === seat ? " to-move" : "") },
      h("div", { class: "name" }, h("span", { class: `swatch p${seat}` }), seatHolder(st.players[seat])),
      st.players[seat] !== st.player_names[seat] ? h("div", { class: "seat" }, name(seat) + (st.you.length === 1 && st.you[0] === seat ? ` · ${t("game.you")}` : "")) : null,
      ...pairs.map(([k, v]) => h("div", { class: "seat" }, `${viewKey(k)}${colon()}${v[seat]}`)),
      // the pieces on the board, unless the view counts them already (Awithlaknannai's snakes)
      pairs.some(([, v]) => v[0] === material[0] && v[1] === material[1]) ? null : h("div", { class: "seat material", "data-seat": seat }, t("game.onBoard", { n: material[seat] })),
      st.view.scores ? scoreCard(st, seat) : null)));
    // the panels of other modules update here: panel.update(st, …)
    // controls: enabled when the server would take them
    const seated = st.you.length > 0;
    undoButton.disabled = !canUndo(st);
    hintButton.disabled = !canMove();
    resignButton.disabled = drawButton.disabled = !seated || !!over;
    typedInput.disabled = !canMove();
    drawMoves();
    table.update(st);
    // invitation
    const entry = gameEntry(id);
    inviteBox.replaceChildren();
    if (st.mode === "invite" && entry && entry.invite_url && !over && st.players.includes("?")) {   // until the friend joins
      const url = location.origin + entry.invite_url;
      const input = h("input", { readonly: true, value: url, "aria-label": t("game.inviteAria"), onfocus: (e) => e.target.select() });
      inviteBox.append(h("div", { class: "invite" }, h("p", { style: "margin:.1rem 0 .4rem" }, t("game.sendLink")), input,
        h("button", { type: "button", style: "margin-top:.4rem", onclick: () => { navigator.clipboard?.writeText(url); say(t("game.copied")); } }, t("game.copyLink"))));
    }
    noteShown();
    drawBoard();
  }

  function onState(msg) {
    const first = st === null;
    retry = 0;
    if (msg.geometry) {
      const flip = flipOverride ?? (msg.you.length === 1 && msg.you[0] === 1);
      board = new Board(msg.geometry, {
        flip, label: boardLabel(msg.ruleset), family: msg.ruleset.split(/[/+?]/)[0],
        onPoint: clickPoint, onHover: hoverPoint,
        onEscape: () => { if (lookBack !== null) backToGame(); else if (queue.length) finishAnimation(); else { sel = []; drawBoard(); } },
      });
      board.onCursor = (pid) => announce(board.describe(pid, (board.view.pieces || []).filter((p) => p.at === pid)));
      boardBox.replaceChildren(board.svg);
      applyColours(main, msg.player_names);
    }
    if (msg.moves_from !== undefined) msg.moves = (st ? st.moves.slice(0, msg.moves_from) : []).concat(msg.moves);
    if (pending !== null && msg.ply !== pending) pending = null;   // the position the move was for has changed
    if (st && msg.ply !== st.ply) { sel = []; hint = null; preview = null; }
    if (st && msg.ply < st.ply) queue.length = 0;   // moves taken back: their animations with them
    st = msg;
    if (first) {
      rememberGame({ id, ruleset: st.ruleset, ...(token ? { token } : {}) });
      const lt = st.last_turn;
      shownTurn = lt ? `${lt.from}:${st.ply}` : "";   // an opened game does not replay its last sowing
      controls.replaceChildren(...(st.mode === "ai" ? [undoButton, hintButton] : []), resignButton, drawButton, flipButton, replayLink, jsonLink, textLink);
    }
    const mv = lastThrow();   // another's throw, and the computer's, are shown as thrown
    if (mv && !toMove()) thrown = mv.ply;
    if (lookBack !== null && (lookBack >= st.moves.length || !knownPast(lookBack))) lookBack = null;   // taken back
    // announce what happened since the last message
    if (seenMoves >= 0) for (const m of st.moves.slice(seenMoves)) announce(m.player === -1 ? t("game.announceThrow", { n: m.n }) : t("game.announcePlays", { name: name(m.player), move: m.n }));
    if (seenMoves > st.moves.length) announce(t("game.backTo", { n: st.moves.length }));
    const took = st.last_turn && seenMoves >= 0 && seenMoves < st.moves.length ? st.last_turn.ghosts.map((p) => p.at) : [];
    if (took.length) announce(t("board.took", { n: took.join(" ") }));
    seenMoves = st.moves.length;
    if (msg.note) say(tm(msg.note_msg, msg.note));
    else if (!first) say("");
    if (st.result) announce(t("game.announceOver", { reason: tm(st.result.reason_msg, st.result.reason) }));
    else if (first) announce(tm(st.view.status_msg, st.view.status) || "");
    queueTurn();
    render();
    schedule();
  }

  function onMessage(ev) {
    let msg;
    try { msg = JSON.parse(ev.data); } catch { return; }
    if (msg.type === "state") onState(msg);
    else if (msg.type === "error") {
      pending = null;
      say(tm(msg.msg, msg.message), true);
      if (msg.status === 404 && !st) stop(t("game.noSuchGame"));
      else render();
    }
    else if (msg.type === "explain") say(t("game.notLegal", { message: tm(msg.msg, msg.message) }), true);
    else if (msg.type === "hint") {
      hint = { a: msg.action, n: msg.n, p: msg.p };
      say(t("game.hintIs", { move: msg.n }));
      drawBoard();
    }
  }

  // stops reconnecting, and says why
  function stop(why) {
    closed = true;
    say(why, true);
    if (ws) ws.close();
  }

  function connect() {
    const proto = location.protocol === "https:" ? "wss" : "ws";
    ws = new WebSocket(`${proto}://${location.host}/ws/${id}?token=${encodeURIComponent(token)}`);
    ws.onmessage = onMessage;
    ws.onclose = (ev) => {
      pending = null;
      render();
      if (closed) return;
      if (ev.code === 4404) { stop(t("game.noSuchGame")); return; }
      // the counter is reset by a position, not by an open socket: a server that accepts then
      // drops the connection is not retried forever
      if (++retry > MAX_RETRIES) { stop(t("game.connectionLost")); return; }
      say(t("game.notConnected"), true);
      setTimeout(() => { if (!closed) connect(); }, 300 * 2 ** retry);
    };
  }

  // an invitation link: a browser that holds a seat keeps it; another claims the open seat once
  async function start() {
    if (invite) token = await claimSeat(id, invite[1], token, say);
    if (!closed) connect();
  }

  const onLang = () => { labels(); render(); };
  window.addEventListener("langchange", onLang);
  api("/api/rulesets").then((cat) => { catalogue = cat.rulesets; render(); }).catch(() => {});
  start();
  return () => {
    closed = true;
    clearTimeout(timer);
    clearTimeout(settling);
    clockPanel.stop();
    window.removeEventListener("langchange", onLang);
    document.removeEventListener("keydown", onKey);
    if (ws) ws.close();
  };
}
