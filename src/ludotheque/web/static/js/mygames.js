// My games (the seat tokens this browser holds) and record import.
import { h, api, myGames, rememberGame, navigate } from "./util.js";
import { t, tm, seatHolder, gameTitle } from "./i18n.js";
import { formatTime } from "./clock.js";
import { currentMe } from "./identity.js";

export function showMyGames(main) {
  let games = null, failure = null;
  const heading = h("h1", {});
  const table = h("div", {});
  const text = h("textarea", { id: "import-text", placeholder: '[Ruleset "oware"] …' });
  const file = h("input", { type: "file", accept: ".json,.txt,.ogn,text/plain,application/json",
    onchange: async (e) => { const f = e.target.files[0]; if (f) text.value = await f.text(); } });
  const err = h("p", { class: "error", role: "alert" });
  const formTitle = h("h2", {});
  const submit = h("button", { type: "submit", class: "primary" });
  const form = h("form", { class: "panel", onsubmit: async (e) => {
    e.preventDefault();
    err.textContent = "";
    try {
      const r = await api("/api/import", { text: text.value });
      rememberGame({ id: r.id, token: r.token, created: Date.now() });
      navigate(r.replay_url);
    } catch (x) { err.textContent = x.message; }
  } }, formTitle, h("p", {}, file), text, h("p", {}, submit), err);
  main.append(heading, table, h("div", { style: "height:1.2rem" }), form);

  const titles = {};
  const title = (rid) => { const base = rid.split(/[+?]/)[0]; return (titles[base] ? gameTitle(titles[base]) : base) + rid.slice(base.length); };

  // every label, and the table (again on a change of language)
  function render() {
    heading.textContent = t("mygames.title");
    text.setAttribute("aria-label", t("mygames.importAria"));
    file.setAttribute("aria-label", t("mygames.fileAria"));
    formTitle.textContent = t("mygames.importTitle");
    submit.textContent = t("mygames.import");
    if (failure) { table.replaceChildren(h("p", { class: "error" }, failure)); return; }
    if (!games) { table.replaceChildren(h("p", { class: "extra" }, t("loading"))); return; }
    if (!games.length) {
      table.replaceChildren(h("p", {}, t("mygames.none"), " ", h("a", { href: "/", "data-link": true }, t("mygames.startOne"))));
      return;
    }
    table.replaceChildren(h("table", { class: "list" },
      h("thead", {}, h("tr", {}, [t("mygames.game"), t("mygames.players"), t("mygames.moves"), t("mygames.status"), ""].map((x) => h("th", {}, x)))),
      // the server lists first the games where it is this browser's turn
      h("tbody", {}, games.map((g) => h("tr", { class: g.your_turn ? "your-turn" : null },
        h("td", {}, title(g.ruleset)), h("td", {}, g.players.map(seatHolder).join(" – ")), h("td", {}, g.plies),
        h("td", {}, g.your_turn ? h("span", { class: "badge turn-badge" }, t("mygames.yourTurn")) : null, g.your_turn ? " " : null,
          g.result !== "*" ? `${g.result} · ${tm(g.reason_msg, g.reason)}` : tm(g.status_msg, g.status),
          g.your_turn && g.time_left !== null ? ` · ${t("mygames.timeLeft", { time: formatTime(g.time_left) })}` : null),
        h("td", {}, h("a", { href: `/play/${g.id}`, "data-link": true }, g.result === "*" ? t("mygames.continue") : t("mygames.open")), " · ",
          h("a", { href: `/replay/${g.id}`, "data-link": true }, t("game.replay"))))))));
  }
  render();

  api("/api/rulesets").then((c) => c.rulesets.forEach((r) => { titles[r.id] = r; }))
    .catch(() => {})
    .then(() => currentMe())
    .then((person) => api("/api/my-games", { games: myGames().filter((g) => g.token).map((g) => ({ id: g.id, token: g.token })),
      key: person ? person.key : null })).then((d) => {
      games = d.games;
      for (const g of games) if (g.token) rememberGame({ id: g.id, token: g.token, ruleset: g.ruleset });   // the player's games from another device
      render();
    }).catch((e) => { failure = e.message; render(); });
  window.addEventListener("langchange", render);
  return () => window.removeEventListener("langchange", render);
}
