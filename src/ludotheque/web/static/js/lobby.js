// The lobby: every ruleset of the registry, its variants, extensions and options, the rules,
// and the choice of opponent.
import { h, api, navigate, rememberGame } from "./util.js";
import { t, lang, levelName, playerName, gameTitle } from "./i18n.js";
import { markdown } from "./markdown.js";
import { showExamples } from "./examples.js";
import { clockChoice } from "./clock.js";
import { lobbyTables } from "./lobbytables.js";
import { currentMe, ensureMe } from "./identity.js";

/** A text of the catalogue of rulesets in the current language: {en, fr}, else ``fallback``. */
function inLang(texts, fallback) { return (texts && texts[lang()]) || fallback; }
const described = (r) => inLang(r.descriptions, r.description);

export function showLobby(main) {
  let catalogue = [], levels = [], family = null, ruleset = null, alive = true;
  const cards = h("ul", { class: "cards" });
  const setup = h("div", { class: "panel", id: "setup" });
  // the rules scroll: a region the keyboard can reach
  const rules = h("div", { class: "panel rules", id: "rules", "aria-live": "polite", role: "region", tabindex: "0",
    "aria-label": t("lobby.rulesAria") });
  const heading = h("h1", {}, t("lobby.title"));
  const examples = h("section", { class: "panel examples", id: "examples" });
  const tables = lobbyTables((id) => { const r = catalogue.find((x) => x.id === id.split(/[+?]/)[0]); return r ? gameTitle(r) + id.slice(r.id.length) : id; });
  main.append(heading, cards, h("div", { class: "setup" }, setup, rules), tables.el, examples);

  const families = () => {
    const out = new Map();
    for (const r of catalogue) { if (!out.has(r.family)) out.set(r.family, []); out.get(r.family).push(r); }
    return out;
  };

  function drawCards() {
    cards.replaceChildren();
    for (const [fam, list] of families()) {
      const head = list[0];
      const soon = list.every((r) => !r.available);
      const card = h("button", {
        type: "button", class: "card" + (fam === family ? " selected" : ""),
        "data-family": fam, "aria-pressed": String(fam === family),
        onclick: () => { family = fam; ruleset = list.find((r) => r.available) || head; drawCards(); drawSetup(); drawRules(); setup.scrollIntoView({ behavior: "smooth", block: "nearest" }); },
      }, h("h3", {}, gameTitle(head)), h("p", {}, described(head)),
        h("div", {}, list.length > 1 ? h("span", { class: "badge" }, t("lobby.variants", { n: list.length })) : null, " ",
          soon ? h("span", { class: "badge" }, t("lobby.soon")) : null));
      cards.append(h("li", {}, card));
    }
  }

  function rulesetId() {
    const exts = [...setup.querySelectorAll("input[data-ext]:checked")].map((c) => "+" + c.dataset.ext);
    const opts = [];
    for (const o of ruleset.options) {
      const el = setup.querySelector(`[data-opt="${o.name}"]`);
      const value = el && el.type === "checkbox" ? (el.checked ? "1" : "0") : el && el.value;
      if (el && value !== "" && String(value) !== String(o.default)) opts.push(`${o.name}=${value}`);
    }
    return ruleset.id + exts.join("") + (opts.length ? "?" + opts.join("&") : "");
  }

  // an option of an extension can be set only while that extension is ticked
  function syncRequired() {
    for (const el of setup.querySelectorAll("[data-requires]")) {
      const on = setup.querySelector(`input[data-ext="${el.dataset.requires}"]`)?.checked;
      el.disabled = !on;
      if (!on) {
        const o = ruleset.options.find((x) => x.name === el.dataset.opt);
        if (el.type === "checkbox") el.checked = String(o.default) === "1"; else el.value = o.default;
      }
    }
  }

  function drawSetup() {
    setup.replaceChildren();
    if (!ruleset) return;
    const list = families().get(family);
    const err = h("p", { class: "error", role: "alert" });
    setup.append(h("h2", {}, gameTitle(ruleset)));
    if (list.length > 1) {
      setup.append(h("fieldset", {}, h("legend", {}, t("lobby.variant")), ...list.map((r) => h("label", { class: "row" },
        h("input", { type: "radio", name: "variant", value: r.id, checked: r.id === ruleset.id, disabled: !r.available,
          onchange: () => { ruleset = r; drawSetup(); drawRules(); } }),
        gameTitle(r), r.available ? null : h("span", { class: "badge" }, t("lobby.soon"))))));
    }
    setup.append(h("p", { class: "extra" }, described(ruleset)));
    if (!ruleset.available) {
      setup.append(h("p", {}, h("span", { class: "badge" }, t("lobby.soon")), " ", t("lobby.cannotDraw")));
      return;
    }
    if (ruleset.extensions.length) {
      setup.append(h("fieldset", {}, h("legend", {}, t("lobby.extensions")), ...ruleset.extensions.map((e) =>
        h("label", { class: "row" }, h("input", { type: "checkbox", "data-ext": e, onchange: syncRequired }),
          inLang(ruleset.extension_names && ruleset.extension_names[e], e)))));
    }
    if (ruleset.options.length) {
      setup.append(h("fieldset", {}, h("legend", {}, t("lobby.options")), ...ruleset.options.map((o) => {
        let input;
        if (o.type === "bool") {
          input = h("input", { type: "checkbox", "data-opt": o.name, checked: String(o.default) === "1" });
        } else if (o.choices.length) {
          input = h("select", { "data-opt": o.name }, ...o.choices.map((c) => h("option", { value: c, selected: String(c) === String(o.default) },
            inLang(o.choice_labels && o.choice_labels[c], c))));
        } else {
          input = h("input", { type: "number", "data-opt": o.name, value: o.default, min: o.min ?? null, max: o.max ?? null, style: "width:6em" });
        }
        if (o.requires) input.dataset.requires = o.requires;
        const help = inLang(o.helps, o.help);
        return h("label", { class: "row", title: help }, h("span", {}, inLang(o.labels, o.name.replace(/_/g, " "))), input, h("small", {}, help));
      })));
      syncRequired();
    }
    const names = ruleset.player_names ? ruleset.player_names.map(playerName) : [t("lobby.firstPlayer"), t("lobby.secondPlayer")];
    const level = h("select", { id: "level", "aria-label": t("lobby.levelAria") }, ...levels.map((l) => h("option", { value: l, selected: l === "easy" }, levelName(l))));
    const seat = h("select", { id: "seat", "aria-label": t("lobby.seatAria") },
      h("option", { value: "0" }, t("lobby.movesFirst", { name: names[0] })), h("option", { value: "1" }, names[1]));
    const mode = (m, text, checked) => h("label", { class: "row" }, h("input", { type: "radio", name: "mode", value: m, checked }), text);
    const rated = h("input", { type: "checkbox", id: "rated", checked: true });   // for invitations and open tables
    setup.append(h("fieldset", {}, h("legend", {}, t("lobby.opponent")),
      mode("ai", t("lobby.vsComputer"), true), h("div", { style: "margin-left:1.6rem" }, h("label", { class: "row" }, t("lobby.level"), " ", level)),
      mode("local", t("lobby.vsLocal")),
      mode("invite", t("lobby.vsInvite")),
      mode("open", t("lobby.openTable")),
      h("label", { class: "row", style: "margin-left:1.6rem" }, rated, t("lobby.rated"))));
    setup.append(h("fieldset", {}, h("legend", {}, t("lobby.youPlay")), seat));
    const clock = clockChoice();
    setup.append(clock.el);
    const start = h("button", { type: "button", class: "primary", id: "start", onclick: async () => {
      err.textContent = "";
      const m = setup.querySelector("input[name=mode]:checked").value;
      const people = m === "invite" || m === "open";   // a name is needed: asked the first time
      try {
        const id = rulesetId();
        const person = people ? await ensureMe() : await currentMe();
        if (people && !person) return;
        const r = await api("/api/games", { ruleset: id, mode: people ? "invite" : m, level: level.value, seat: Number(seat.value),
          clock: clock.value(), key: person ? person.key : null, ...(people ? { open: m === "open", rated: rated.checked } : {}) });
        rememberGame({ id: r.id, token: r.token, ruleset: id, invite_url: r.invite_url || null, created: Date.now() });
        navigate(r.url);
      } catch (e) { err.textContent = e.message; }
    } }, t("lobby.start"));
    setup.append(start, err);
  }

  async function drawRules() {
    if (!ruleset) return;
    const l = lang(), asked = ruleset;
    rules.replaceChildren(h("p", { class: "extra" }, t("lobby.loadingRules")));
    try {
      const r = await api(`/api/rules?id=${encodeURIComponent(ruleset.id)}&lang=${l}`);
      if (asked !== ruleset || l !== lang()) return;   // a newer choice is being drawn
      const div = h("div");
      div.innerHTML = markdown(r.markdown);   // markdown() escapes the text first
      if (alive) rules.replaceChildren(div);
      if (alive) showExamples(examples, ruleset.id);
    } catch (e) {
      if (alive) rules.replaceChildren(h("h2", {}, gameTitle(ruleset)), h("p", {}, described(ruleset)),
        h("p", { class: "extra" }, t("lobby.noRules")));
    }
  }

  // a new language: every label again, keeping what the user chose in the setup
  const onLang = () => {
    heading.textContent = t("lobby.title");
    rules.setAttribute("aria-label", t("lobby.rulesAria"));
    const key = (el) => el.id || el.dataset.ext || el.dataset.opt || `${el.name}=${el.value}`;
    const kept = [...setup.querySelectorAll("input, select")].map((el) =>
      [key(el), el.type, el.type === "checkbox" || el.type === "radio" ? el.checked : el.value]);
    drawCards(); drawSetup();
    for (const [k, type, v] of kept) {
      const el = [...setup.querySelectorAll("input, select")].find((x) => key(x) === k);
      if (!el) continue;
      if (type === "checkbox" || type === "radio") el.checked = v; else el.value = v;
    }
    syncRequired();
    drawRules();
  };
  window.addEventListener("langchange", onLang);
  window.addEventListener("langchange", tables.draw);
  api("/api/rulesets").then((data) => {
    catalogue = data.rulesets; levels = data.levels;
    const start = catalogue.find((r) => r.id === "oware") || catalogue[0];
    if (start) { family = start.family; ruleset = start; }
    drawCards(); drawSetup(); drawRules(); tables.draw();
  }).catch((e) => main.append(h("p", { class: "error" }, e.message)));
  return () => { alive = false; tables.stop(); window.removeEventListener("langchange", onLang); window.removeEventListener("langchange", tables.draw); };
}
