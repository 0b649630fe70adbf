// The player this browser plays as: {id, key, name}, issued by the server on first use and kept
// in localStorage. The key (no password) links the games this person creates or joins to them,
// so their games, ratings and rematches follow them; the recovery link (/me#k=KEY) carries it
// to another device.
import { h, api } from "./util.js";
import { t } from "./i18n.js";

const KEY = "ludo.me";

/** The identity kept in this browser, unchecked; null if it has none. */
export function me() {
  try { return JSON.parse(localStorage.getItem(KEY)); } catch { return null; }
}
export function keepMe(p) { localStorage.setItem(KEY, JSON.stringify({ id: p.id, key: p.key, name: p.name })); }

/** A small modal dialog asking for a name. Each answer is passed to ``submit`` (async): its
 * error is shown in the dialog, its value resolves the promise; null if the person cancels. */
export function askName(submit, { title = t("me.askTitle"), value = "" } = {}) {
  return new Promise((resolve) => {
    const input = h("input", { id: "name-input", maxlength: "40", autocomplete: "nickname", value });
    const err = h("p", { class: "error", role: "alert" });
    const dialog = h("dialog", { class: "name-dialog", "aria-labelledby": "name-title" });
    const close = (v) => { dialog.close(); dialog.remove(); resolve(v); };
    dialog.append(h("form", { onsubmit: async (e) => {
      e.preventDefault();
      err.textContent = "";
      try { close(await submit(input.value)); } catch (x) { err.textContent = x.message; input.focus(); }
    } }, h("h2", { id: "name-title" }, title),
    h("p", { class: "extra" }, t("me.askWhy")),
    h("label", { for: "name-input" }, t("me.nameLabel")), " ", input, err,
    h("div", { class: "controls" }, h("button", { type: "submit", class: "primary", id: "name-ok" }, t("me.ok")),
      h("button", { type: "button", onclick: () => close(null) }, t("game.cancel")))));
    dialog.addEventListener("cancel", (e) => { e.preventDefault(); close(null); });   // Escape
    document.body.append(dialog);
    dialog.showModal();
  });
}

let checked = null;   // the key this page has found known to the server
/** The identity kept here if the server knows it (a stale one is forgotten); else null. */
export async function currentMe() {
  const m = me();
  if (!m || checked === m.key) return m;
  try {
    const p = await api("/api/me", { key: m.key });
    keepMe({ ...m, name: p.name });
    checked = m.key;
    return me();
  } catch (e) {
    if (e.status !== 403) throw e;
    localStorage.removeItem(KEY);
    return null;
  }
}

/** The player, asked for a name the first time one is needed; null if the person cancels.
 * ``game``: the game they are joining (their name must not be the host's). */
export async function ensureMe(game = null) {
  return (await currentMe()) || askName(async (name) => {
    const p = await api("/api/players", { name, game });
    keepMe(p);
    checked = p.key;
    return p;
  });
}

/** A new name for the player (on every screen of their games); null if cancelled. */
export async function renameMe() {
  const m = await currentMe();
  if (!m) return ensureMe();
  return askName(async (name) => {
    const r = await api("/api/me/name", { key: m.key, name });
    keepMe({ ...m, name: r.name });
    return me();
  }, { title: t("me.renameTitle"), value: m.name });
}

/** Adopts the identity of a recovery link's key on this device; its profile. */
export async function adoptKey(key) {
  const p = await api("/api/me", { key });
  keepMe({ id: p.id, key, name: p.name });
  checked = key;
  return p;
}
