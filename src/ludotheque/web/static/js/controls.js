// What the game page's controls and player cards show, as functions of the state message (the
// server's snapshot), so that they say exactly what the server would do.
import { h } from "./util.js";
import { t, CATALOGUES } from "./i18n.js";

/** Whether the server would take back a move now (Session.undo): a game against the computer,
 * a seat held, the game not over, and a turn of this player's to go back to (Puluc's opening
 * throw, or the computer's first move, is none). */
export function canUndo(st) {
  if (st.mode !== "ai" || !st.you.length || st.result) return false;
  return st.moves.some((m) => m.player === st.you[0]);
}

/** What the view's scores count, for a ruleset: its variant's label, its family's, or "Score". */
export function scoreLabel(ruleset) {
  const variant = ruleset.split(/[+?]/)[0];
  const key = [`score.${variant}`, `score.${variant.split("/")[0]}`].find((k) => k in CATALOGUES.en);
  return t(key || "game.score");
}

/** A player card's big number, under the label that says what it counts. */
export function scoreCard(st, seat) {
  return h("div", { class: "score" }, h("span", { class: "score-label" }, scoreLabel(st.ruleset)),
    h("span", { class: "score-n" }, st.view.scores[seat]));
}
