// Small shared helpers: DOM building, the JSON API, remembered games and language.
import { tm, t } from "./i18n.js";

export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k.startsWith("on")) el.addEventListener(k.slice(2), v);
    else if (k === "class") el.className = v;
    else if (k === "text") el.textContent = v;
    else el.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false) continue;
    el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return el;
}

export async function api(path, body) {
  const init = body === undefined ? {} : {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
  };
  const r = await fetch(path, init);
  const ct = r.headers.get("content-type") || "";
  const data = ct.includes("json") ? await r.json() : await r.text();
  if (!r.ok) {
    const e = new Error((data && data.error) ? tm(data.msg, data.error) : t("error.request", { status: r.status }));
    e.status = r.status;   // 403: a player key this server does not know
    throw e;
  }
  return data;
}

// -- my games: the seat tokens this browser holds ------------------------------------------
const GAMES_KEY = "ludo.games";
export function myGames() {
  try { return JSON.parse(localStorage.getItem(GAMES_KEY)) || []; } catch { return []; }
}
export function rememberGame(entry) {
  const list = myGames().filter((g) => g.id !== entry.id);
  const old = myGames().find((g) => g.id === entry.id) || {};
  list.unshift({ ...old, ...entry });
  localStorage.setItem(GAMES_KEY, JSON.stringify(list.slice(0, 300)));
}
export function tokenFor(id) {
  const g = myGames().find((x) => x.id === id);
  return g ? g.token : "";
}
export function gameEntry(id) {
  return myGames().find((x) => x.id === id) || null;
}

// -- language: see i18n.js -------------------------------------------------------------------
export { lang, setLang } from "./i18n.js";

// -- screen reader announcements ------------------------------------------------------------
export function announce(text) {
  const region = document.getElementById("announce");
  if (!region) return;
  const p = document.createElement("p");
  p.textContent = text;
  region.append(p);
  while (region.childNodes.length > 5) region.firstChild.remove();
}

export function navigate(url) {
  history.pushState({}, "", url);
  window.dispatchEvent(new Event("popstate"));
}
