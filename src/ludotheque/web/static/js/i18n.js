// The page's words in English and French: t(key, params), tm(message) for the messages the
// server and the engines send ({id, args}: statuses, prompts, outcome reasons, errors), and the
// chosen language.

// The catalogues are the server's (ludotheque/i18n/en.json and fr.json, French typography
// applied there): loadCatalogues() fetches them once, before the first page is drawn.
const EN = {};
const FR = {};

/** Fetches both catalogues (English is every message's fallback). */
export async function loadCatalogues() {
  await Promise.all([["en", EN], ["fr", FR]].map(async ([l, into]) => {
    const r = await fetch(`/api/messages?lang=${l}`);
    if (!r.ok) throw new Error(`messages ${l}: ${r.status}`);
    Object.assign(into, (await r.json()).messages);
  }));
}

export const CATALOGUES = { en: EN, fr: FR };
export const LANGS = ["en", "fr"];

// -- the chosen language ------------------------------------------------------------------
const KEY = "ludo.lang";

/** The language the user chose, else the browser's (French if it starts with "fr"). */
export function lang() {
  let saved = null;
  try { saved = localStorage.getItem(KEY); } catch { /* private mode */ }
  if (LANGS.includes(saved)) return saved;
  const nav = (navigator.languages && navigator.languages[0]) || navigator.language || "en";
  return nav.toLowerCase().startsWith("fr") ? "fr" : "en";
}

/** The user's choice: remembered, applied to the page, and announced with a langchange event. */
export function setLang(l) {
  if (!LANGS.includes(l)) return;
  try { localStorage.setItem(KEY, l); } catch { /* private mode */ }
  document.getElementById("announce")?.replaceChildren();   // past announcements, in the old language
  applyLang(l);
  window.dispatchEvent(new CustomEvent("langchange", { detail: l }));
}

/** Shows the page in ``l`` without remembering it (the first paint). */
export function applyLang(l = lang()) {
  document.documentElement.lang = l;
  document.querySelectorAll("[data-lang]").forEach((b) => b.setAttribute("aria-pressed", String(b.dataset.lang === l)));
  translateStatic(document);
}

/** The elements written in index.html: data-i18n (text), data-i18n-aria (aria-label). */
export function translateStatic(root) {
  root.querySelectorAll("[data-i18n]").forEach((el) => { el.textContent = t(el.dataset.i18n); });
  root.querySelectorAll("[data-i18n-aria]").forEach((el) => el.setAttribute("aria-label", t(el.dataset.i18nAria)));
}

/** The message ``key`` in the current language, ``{name}`` placeholders filled from params
 * (a param that is a message, {id, args}, is said in the current language too), and
 * ``{name|singular|plural}`` the form that agrees with the param (ludotheque/i18n). */
export function t(key, params = {}) {
  const l = lang();
  let s = CATALOGUES[l][key];
  if (s === undefined) s = EN[key];
  if (s === undefined) return key;
  return s.replace(/\{(\w+)(?:\|([^{}|]*)\|([^{}|]*))?\}/g, (m, p, one, many) => {
    if (!(p in params)) return m;
    if (one === undefined) return arg(params[p]);
    return plural(params[p], l) ? many : one;
  });
}

const isMessage = (v) => v !== null && typeof v === "object" && "id" in v;
function arg(v) { return isMessage(v) ? tm(v) : String(v); }

/** Whether words agreeing with ``v`` take the plural in ``l``: a count by the language's rule
 * (French: 0 and 1 are singular), a message when the catalogue says "number.<id>": "plural". */
function plural(v, l) {
  if (isMessage(v)) return (CATALOGUES[l][`number.${v.id}`] ?? EN[`number.${v.id}`]) === "plural";
  const n = typeof v === "number" ? v : typeof v === "string" && v.trim() ? Number(v) : NaN;
  if (Number.isNaN(n)) return false;
  return l === "fr" ? Math.abs(n) >= 2 : n !== 1;
}

/** A message of the server or of an engine ({id, args}) in the current language; ``fallback``
 * (the English the server sent alongside) when there is none. */
export function tm(m, fallback = "") {
  if (!m || typeof m !== "object" || typeof m.id !== "string") return fallback;
  if (!(m.id in EN)) return fallback || m.id;
  return t(m.id, m.args || {});
}

/** A word of the catalogue if it has one (``player.South``), else the word itself. */
function word(prefix, w) {
  const key = `${prefix}.${w}`;
  return key in EN ? t(key) : w;
}

/** A player's name as the engine gives it ("South"), in the current language ("Sud"). */
export function playerName(n) { return word("player", n); }

/** A player's name as a message, for a sentence that agrees with it ("Elephants win"). */
export function playerMsg(n) { return `player.${n}` in EN ? { id: `player.${n}`, args: {} } : n; }

/** A ruleset's name from the catalogue of the server, in the current language if it has one. */
export function gameTitle(r) { return (r.titles && r.titles[lang()]) || r.title; }

/** A ruleset id's title from the server's catalogue (``rulesets``, null until it has come): its
 * variant's name, followed by the id when extensions or options change it; else the id. */
export function rulesetTitle(rulesets, id) {
  const info = rulesets && rulesets.find((r) => r.id === id.split(/[+?]/)[0]);
  return info ? gameTitle(info) + (/[+?]/.test(id) ? ` (${id})` : "") : id;
}

/** A computer level ("easy") in the current language. */
export function levelName(l) { return word("level", l); }

/** A seat's holder as the server names it: "You", "computer (easy)", a friend's name. */
export function seatHolder(n) {
  if (n === "You") return t("game.youPlayer");
  const m = /^computer \((\w+)\)$/.exec(n);
  if (m) return t("game.computerPlayer", { level: levelName(m[1]) });
  return playerName(n);
}

/** "3 seeds", "1 lémurien": a count of pieces of one kind. */
export function pieces(count, kind) {
  const key = `${count > 1 ? "kinds" : "kind"}.${kind}`;
  return `${count} ${key in EN ? t(key) : kind + (count > 1 ? "s" : "")}`;
}

/** ": " in English, " : " (non-breaking space first) in French. */
export function colon() { return t("punct.colon"); }

/** A key of the engine's view ("last_throw") as a label. */
export function viewKey(k) { return `view.${k}` in EN ? t(`view.${k}`) : k.replace(/_/g, " "); }
