// The game page's table: who is here (online or away, how many watch), ratings, and what two
// people ask of each other (takeback, rematch) or do when one leaves (abort, claim).
import { h, api, navigate, rememberGame } from "./util.js";
import { t, seatHolder } from "./i18n.js";
import { me, currentMe, ensureMe, renameMe } from "./identity.js";

/** Opens an invitation link: a browser that holds a seat keeps it; another claims the open seat
 * once, as its player (asked for a name first if it has none). The seat token, or the old one. */
export async function claimSeat(id, code, token, say) {
  try {
    let person = await currentMe();
    if (!token && !person && (await api(`/api/games/${id}`)).players.includes("?")) person = await ensureMe(id);
    const r = await api(`/api/games/${id}/claim`, { code, token: token || null, name: t("game.guest"), key: person ? person.key : null });
    rememberGame({ id, token: r.token, joined: Date.now() });
    return r.token;
  } catch (e) {
    say(e.message, true);   // the seat is taken: this browser watches
    return token;
  }
}

/** ctx: {id, send(msg), say(text, error), token()}. update(st) draws the panel for a position. */
export function tablePanel(ctx) {
  const el = h("div", { class: "table-panel", "aria-live": "polite" });
  let firstRematch;       // the rematch the game had when this page opened (not followed again)

  function follow(st) {
    if (firstRematch === undefined) firstRematch = st.rematch_game;
    if (!st.rematch_game || st.rematch_game === firstRematch || !st.you.length) return false;
    rememberGame({ id: st.rematch_game, token: ctx.token(), ruleset: st.ruleset, created: Date.now() });
    setTimeout(() => navigate(`/play/${st.rematch_game}`));   // after this draw
    return true;
  }

  function update(st) {
    if (follow(st)) return;
    const name = (seat) => seatHolder(st.players[seat]);
    const mine = st.you.length === 1 ? st.you[0] : null;     // a seat of a game between two people
    const people = st.mode === "invite";
    const over = !!st.result;
    const button = (text, msg, attrs = {}) => h("button", { type: "button", onclick: () => ctx.send(msg), ...attrs }, text);
    const parts = [];
    if (people) {
      parts.push(h("ul", { class: "presence" }, [0, 1].map((seat) => h("li", { "data-seat": seat },
        h("span", { class: `swatch p${seat}` }), " ", st.players[seat] === "?" ? t("table.waiting") : seatHolder(st.players[seat]),
        st.ratings[seat] !== null ? h("span", { class: "rating" }, ` (${st.ratings[seat]})`) : null, " · ",
        st.players[seat] === "?" ? null : h("span", { class: st.presence[seat] ? "online" : "away" },
          st.presence[seat] ? t("table.online") : t("table.away"))))));
    }
    const about = [st.rated ? t("table.rated") : null, st.watchers ? t("table.watching", { n: st.watchers }) : null].filter(Boolean);
    if (about.length) parts.push(h("p", { class: "extra" }, about.join(" · ")));
    if (people && mine !== null && !over) {
      const other = 1 - mine;
      if (st.takeback && st.takeback.by === other) {
        parts.push(h("div", { class: "banner offer" }, h("span", {}, t("table.asksTakeback", { name: name(other) })),
          button(t("table.acceptTakeback"), { type: "accept_takeback" }), button(t("game.decline"), { type: "decline_takeback" })));
      } else if (st.takeback) {
        parts.push(h("p", {}, t("table.takebackAsked")));
      }
      const moved = st.moves.some((m) => m.player === mine);
      const actions = [button(t("table.takeback"), { type: "takeback" }, { disabled: !moved || !!st.takeback || st.to_move === mine })];
      if (st.can_abort) actions.push(button(t("table.abort"), { type: "abort" }));
      if (!st.presence[other] && st.away_since[other] !== null && st.players[other] !== "?") {
        parts.push(h("p", { class: "away-note" }, t("table.opponentAway", { name: name(other), n: st.claim_after })));
        actions.push(button(t("table.claimWin"), { type: "claim", outcome: "win" }), button(t("table.claimDraw"), { type: "claim", outcome: "draw" }));
      }
      parts.push(h("div", { class: "controls" }, actions));
    }
    if (over && st.you.length) {
      const offer = st.rematch;
      if (st.rematch_game) {
        parts.push(h("p", {}, h("a", { href: `/play/${st.rematch_game}`, "data-link": true }, t("table.toRematch"))));
      } else if (offer && mine !== null && offer.by !== mine) {
        parts.push(h("div", { class: "banner offer" }, h("span", {}, t("table.offersRematch", { name: name(offer.by) })),
          button(t("table.acceptRematch"), { type: "accept_rematch" }), button(t("game.decline"), { type: "decline_rematch" })));
      } else if (offer) {
        parts.push(h("p", {}, t("table.rematchOffered")));
      } else {
        parts.push(h("div", { class: "controls" }, button(t("table.rematch"), { type: "rematch" }, { class: "primary" })));
      }
    } else if (st.rematch_game) {
      parts.push(h("p", {}, h("a", { href: `/play/${st.rematch_game}`, "data-link": true }, t("table.watchRematch"))));
    }
    if (people && mine !== null && me()) {
      parts.push(h("div", { class: "controls" }, h("button", { type: "button", class: "rename", onclick: async () => {
        try { await renameMe(); } catch (e) { ctx.say(e.message, true); }
      } }, t("table.rename"))));
    }
    el.replaceChildren(...parts);
  }
  return { el, update };
}
