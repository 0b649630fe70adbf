// The router: one page, five views (lobby, game, replay, my games, my account).
import { navigate } from "./util.js";
import { lang, setLang, applyLang, loadCatalogues } from "./i18n.js";
import { showLobby } from "./lobby.js";
import { showGame } from "./game.js";
import { showReplay } from "./replay.js";
import { showMyGames } from "./mygames.js";
import { showAccount } from "./account.js";

let cleanup = null;

function route() {
  if (cleanup) { cleanup(); cleanup = null; }
  const main = document.getElementById("main");
  main.replaceChildren();
  main.removeAttribute("style");
  const path = location.pathname;
  let m;
  if ((m = path.match(/^\/play\/([\w-]+)$/))) cleanup = showGame(main, m[1]);
  else if ((m = path.match(/^\/replay\/([\w-]+)$/))) cleanup = showReplay(main, m[1]);
  else if (path === "/games") cleanup = showMyGames(main);
  else if (path === "/me") cleanup = showAccount(main);
  else cleanup = showLobby(main);
}

document.addEventListener("click", (e) => {
  const a = e.target.closest("a[data-link]");
  if (a && !e.ctrlKey && !e.metaKey && !e.shiftKey && a.origin === location.origin) {
    e.preventDefault();
    navigate(a.pathname + a.search);
  }
});
document.querySelectorAll("[data-lang]").forEach((b) => b.addEventListener("click", () => setLang(b.dataset.lang)));
loadCatalogues().then(() => {
  applyLang(lang());
  window.addEventListener("popstate", route);
  route();
}).catch((e) => { document.getElementById("main").textContent = String(e); });
