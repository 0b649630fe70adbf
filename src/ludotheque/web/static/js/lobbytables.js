// The lobby's tables: who this browser plays as (name, ratings), the open tables waiting for an
// opponent (joined with one click) and the live games to watch. Refreshed every few seconds.
import { h, api, navigate, rememberGame } from "./util.js";
import { t, seatHolder } from "./i18n.js";
import { currentMe, ensureMe, renameMe } from "./identity.js";

const REFRESH_MS = 5000;

/** ``titleOf(rulesetId)``: a ruleset's name in the current language. Returns {el, draw, stop}. */
export function lobbyTables(titleOf) {
  const el = h("section", { class: "panel tables", id: "tables" });
  let data = null, person = null, profile = null, timer = null, alive = true;
  const err = h("p", { class: "error", role: "alert" });

  async function join(table) {
    err.textContent = "";
    try {
      const p = await ensureMe();
      if (!p) return;
      const r = await api(`/api/games/${table.id}/sit`, { key: p.key });
      rememberGame({ id: table.id, token: r.token, ruleset: table.ruleset, joined: Date.now() });
      navigate(`/play/${table.id}`);
    } catch (e) { err.textContent = e.message; }
  }

  async function rename() {
    err.textContent = "";
    try { if (await renameMe()) await load(); } catch (e) { err.textContent = e.message; }
  }

  function who() {
    if (!person) {
      return h("p", { class: "me" }, t("tables.noName"), " ",
        h("button", { type: "button", class: "rename", onclick: rename }, t("tables.chooseName")));
    }
    const ratings = profile ? Object.entries(profile.ratings) : [];
    return h("p", { class: "me" }, t("tables.playingAs", { name: person.name }), " ",
      ratings.length ? h("span", { class: "extra" }, ratings.map(([f, r]) => `${titleOf(f)} ${r.rating}`).join(" · ")) : null, " ",
      h("button", { type: "button", class: "rename", onclick: rename }, t("table.rename")), " ",
      h("a", { href: "/me", "data-link": true }, t("nav.me")));
  }

  function draw() {
    if (!alive) return;
    const open = data ? data.open : [], live = data ? data.live : [];
    const clock = (x) => x.clock ? `${x.clock.base / 60}+${x.clock.inc}` : x.days ? t("tables.days", { n: x.days }) : t("tables.noClock");
    el.replaceChildren(h("h2", {}, t("tables.title")), who(),
      h("h3", {}, t("tables.open")),
      open.length ? h("table", { class: "list open-tables" },
        h("thead", {}, h("tr", {}, [t("mygames.game"), t("tables.host"), t("tables.time"), "", ""].map((x) => h("th", {}, x)))),
        h("tbody", {}, open.map((x) => h("tr", { "data-id": x.id },
          h("td", {}, titleOf(x.ruleset)),
          h("td", {}, seatHolder(x.host), x.rating !== null ? ` (${x.rating})` : ""),
          h("td", {}, clock(x)),
          h("td", {}, x.rated ? t("table.rated") : t("tables.casual")),
          h("td", {}, person && x.host_id === person.id
            ? h("a", { href: `/play/${x.id}`, "data-link": true }, t("tables.yours"))
            : h("button", { type: "button", class: "primary join", onclick: () => join(x) }, t("tables.join")))))))
        : h("p", { class: "extra" }, t("tables.noOpen")),
      h("h3", {}, t("tables.live")),
      live.length ? h("table", { class: "list live-games" },
        h("tbody", {}, live.map((x) => h("tr", { "data-id": x.id },
          h("td", {}, titleOf(x.ruleset)),
          h("td", {}, [0, 1].map((s) => seatHolder(x.players[s]) + (x.ratings[s] !== null ? ` (${x.ratings[s]})` : "")).join(" – ")),
          h("td", {}, t("tables.moves", { n: x.plies })),
          h("td", {}, x.watchers ? t("table.watching", { n: x.watchers }) : ""),
          h("td", {}, h("a", { href: `/play/${x.id}`, "data-link": true }, t("tables.watch")))))))
        : h("p", { class: "extra" }, t("tables.noLive")),
      err);
  }

  async function load() {
    try {
      person = await currentMe();
      [data, profile] = await Promise.all([api("/api/tables"), person ? api("/api/me", { key: person.key }) : null]);
    } catch (e) { err.textContent = e.message; }
    draw();
  }

  async function poll() {
    await load();
    if (alive) timer = setTimeout(poll, REFRESH_MS);
  }
  poll();
  return { el, draw, stop: () => { alive = false; clearTimeout(timer); } };
}
