// My account: the name this browser plays as, its ratings, and the recovery link that moves the
// identity to another device (/me#k=KEY, opened there).
import { h, api } from "./util.js";
import { t, gameTitle } from "./i18n.js";
import { currentMe, ensureMe, renameMe, adoptKey } from "./identity.js";

export function showAccount(main) {
  const recovered = location.hash.match(/k=([\w-]+)/);
  if (recovered) history.replaceState({}, "", location.pathname);   // the key leaves the address bar
  const heading = h("h1", {});
  const box = h("div", { class: "panel account" });
  const err = h("p", { class: "error", role: "alert" });
  const note = h("p", { role: "status" });
  main.append(heading, note, box, err);
  let profile = null, titles = {}, alive = true;

  async function load() {
    err.textContent = "";
    try {
      const p = await currentMe();
      profile = p ? { ...(await api("/api/me", { key: p.key })), key: p.key } : null;
    } catch (e) { err.textContent = e.message; }
    draw();
  }

  async function act(fn) {
    err.textContent = "";
    try { if (await fn()) await load(); } catch (e) { err.textContent = e.message; }
  }

  function draw() {
    if (!alive) return;
    heading.textContent = t("account.title");
    if (!profile) {
      box.replaceChildren(h("p", {}, t("tables.noName")),
        h("button", { type: "button", class: "primary rename", onclick: () => act(ensureMe) }, t("tables.chooseName")));
      return;
    }
    const link = `${location.origin}/me#k=${profile.key}`;
    const ratings = Object.entries(profile.ratings);
    box.replaceChildren(
      h("p", { class: "me" }, t("tables.playingAs", { name: profile.name }), " ",
        h("button", { type: "button", class: "rename", onclick: () => act(renameMe) }, t("table.rename"))),
      h("h2", {}, t("account.ratings")),
      ratings.length ? h("table", { class: "list ratings" }, h("tbody", {}, ratings.map(([f, r]) => h("tr", {},
        h("td", {}, titles[f] ? gameTitle(titles[f]) : f), h("td", {}, String(r.rating)),
        h("td", {}, t("account.games", { n: r.games }))))))
        : h("p", { class: "extra" }, t("account.noRatings")),
      h("h2", {}, t("account.recovery")),
      h("p", {}, t("account.recoveryHelp")),
      h("input", { readonly: true, class: "recovery", value: link, "aria-label": t("account.recovery"), onfocus: (e) => e.target.select() }),
      h("p", {}, h("button", { type: "button", onclick: () => { navigator.clipboard?.writeText(link); note.textContent = t("game.copied"); } }, t("game.copyLink"))));
  }

  async function start() {
    if (recovered) {
      try {
        const p = await adoptKey(recovered[1]);
        note.textContent = t("account.recovered", { name: p.name });
      } catch (e) { err.textContent = e.message; }
    }
    api("/api/rulesets").then((c) => { c.rulesets.forEach((r) => { titles[r.id] = r; }); draw(); }).catch(() => {});
    await load();
  }
  draw();
  start();
  window.addEventListener("langchange", draw);
  return () => { alive = false; window.removeEventListener("langchange", draw); };
}
