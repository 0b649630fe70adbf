// My games (the seat tokens this browser holds) and record import.
import { h, api, myGames, rememberGame, navigate } from "./util.js";

export function showMyGames(main) {
  const table = h("div", {}, h("p", { class: "extra" }, "Loading…"));
  const text = h("textarea", { id: "import-text", "aria-label": "Record to import (JSON or text)", placeholder: '[Ruleset "oware"] …' });
  const file = h("input", { type: "file", accept: ".json,.txt,.ogn,text/plain,application/json", "aria-label": "Record file",
    onchange: async (e) => { const f = e.target.files[0]; if (f) text.value = await f.text(); } });
  const err = h("p", { class: "error", role: "alert" });
  const form = h("form", { class: "panel", onsubmit: async (e) => {
    e.preventDefault();
    err.textContent = "";
    try {
      const r = await api("/api/import", { text: text.value });
      rememberGame({ id: r.id, token: r.token, created: Date.now() });
      navigate(r.replay_url);
    } catch (x) { err.textContent = x.message; }
  } }, h("h2", {}, "Import a record"), h("p", {}, file), text, h("p", {}, h("button", { type: "submit", class: "primary" }, "Import")), err);
  main.append(h("h1", {}, "My games"), table, h("div", { style: "height:1.2rem" }), form);

  const titles = {};
  const title = (rid) => { const base = rid.split(/[+?]/)[0]; return (titles[base] || base) + rid.slice(base.length); };
  api("/api/rulesets").then((c) => c.rulesets.forEach((r) => { titles[r.id] = r.title; }))
    .catch(() => {})
    .then(() => api("/api/my-games", { games: myGames().filter((g) => g.token).map((g) => ({ id: g.id, token: g.token })) })).then((d) => {
    if (!d.games.length) { table.replaceChildren(h("p", {}, "No saved games yet. ", h("a", { href: "/", "data-link": true }, "Start one."))); return; }
    table.replaceChildren(h("table", { class: "list" },
      h("thead", {}, h("tr", {}, ["Game", "Players", "Moves", "Status", ""].map((t) => h("th", {}, t)))),
      h("tbody", {}, d.games.map((g) => h("tr", {},
        h("td", {}, title(g.ruleset)), h("td", {}, g.players.join(" – ")), h("td", {}, g.plies),
        h("td", {}, g.result !== "*" ? `${g.result} · ${g.reason}` : g.status),
        h("td", {}, h("a", { href: `/play/${g.id}`, "data-link": true }, g.result === "*" ? "Continue" : "Open"), " · ",
          h("a", { href: `/replay/${g.id}`, "data-link": true }, "Replay")))))));
  }).catch((e) => table.replaceChildren(h("p", { class: "error" }, e.message)));
  return () => {};
}
