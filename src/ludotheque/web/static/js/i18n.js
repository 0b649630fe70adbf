// The page's words in English and French: t(key, params), the chosen language, and the few
// fixed sentences the server composes (errors, notes, "South to move") read back in French.
// Engine-composed text (outcome reasons, most status lines, descriptions) stays as sent.

const EN = {
  "app.name": "Ludothèque",
  "nav.games": "Games",
  "nav.mygames": "My games",
  "lang.group": "Language",
  "loading": "Loading…",
  "punct.colon": ": ",
  "error.request": "request failed ({status})",

  "lobby.title": "Choose a game",
  "lobby.variants": "{n} variants",
  "lobby.soon": "coming soon",
  "lobby.variant": "Variant",
  "lobby.cannotDraw": "This game cannot be drawn in the browser yet.",
  "lobby.extensions": "Extensions",
  "lobby.options": "Options",
  "lobby.level": "Level",
  "lobby.levelAria": "Computer level",
  "lobby.seatAria": "Your side",
  "lobby.movesFirst": "{name} (moves first)",
  "lobby.firstPlayer": "first player",
  "lobby.secondPlayer": "second player",
  "lobby.opponent": "Opponent",
  "lobby.vsComputer": "The computer",
  "lobby.vsLocal": "Same screen (two players)",
  "lobby.vsInvite": "A friend, by link",
  "lobby.youPlay": "You play",
  "lobby.start": "Start the game",
  "lobby.loadingRules": "Loading the rules…",
  "lobby.noRules": "The full rules are not written yet.",

  "level.random": "random",
  "level.easy": "easy",
  "level.medium": "medium",
  "level.hard": "hard",
  "level.expert": "expert",

  "game.title": "Game",
  "game.choices": "Choices",
  "game.moves": "Moves",
  "game.typedPlaceholder": "e.g. a move in notation",
  "game.typedAria": "Type a move in notation",
  "game.typedLabel": "Type a move",
  "game.play": "Play",
  "game.notConnected": "Not connected; retrying…",
  "game.noSuchGame": "There is no such game here: check the link.",
  "game.connectionLost": "The connection to the server is lost. Reload the page to try again.",
  "game.isOver": "The game is over.",
  "game.notYourTurn": "It is not your turn.",
  "game.chooseBelow": "Choose one of the moves below.",
  "game.cancel": "Cancel",
  "game.playHint": "Play hint {move}",
  "game.overStatus": "Game over — {reason}",
  "game.thinking": "{name} (computer) is thinking…",
  "game.toMove": "{name} to move",
  "game.toPlace": "{name} to place",
  "game.toThrow": "{name} to throw",
  "game.yourTurn": " — your turn",
  "game.draw": "Draw",
  "game.wins": "{name} wins",
  "game.newGame": "New game",
  "game.replay": "Replay",
  "game.offersDraw": "{name} offers a draw.",
  "game.acceptDraw": "Accept draw",
  "game.decline": "Decline",
  "game.you": "you",
  "game.score": "score",
  "game.hasScore": "{name} has {n}",
  "game.undo": "Undo",
  "game.hint": "Hint",
  "game.lookingHint": "Looking for a good move…",
  "game.resign": "Resign",
  "game.resignConfirm": "Resign this game?",
  "game.offerDraw": "Offer draw",
  "game.flip": "Flip board",
  "game.json": "JSON",
  "game.text": "Text",
  "game.throw": "Throw",
  "game.throwTitle": "throw",
  "game.throwMove": "throw {n}",
  "game.noMoves": "No moves yet.",
  "game.inviteAria": "Invitation link",
  "game.sendLink": "Send this link to your opponent:",
  "game.copyLink": "Copy link",
  "game.copied": "Link copied.",
  "game.boardLabel": "{ruleset} board. Arrow keys move the cursor, Enter selects.",
  "game.announceThrow": "Throw {n}",
  "game.announcePlays": "{name} plays {move}",
  "game.backTo": "Back to move {n}",
  "game.announceOver": "Game over: {reason}",
  "game.notLegal": "Not a legal move: {message}",
  "game.hintIs": "Hint: {move}",
  "game.guest": "Guest",
  "game.youPlayer": "You",
  "game.computerPlayer": "computer ({level})",

  "view.round": "round",
  "view.last_throw": "last throw",
  "view.hands": "in hand",
  "view.holder": "Merchant token",

  "replay.title": "Replay",
  "replay.titleOf": "Replay — {ruleset}",
  "replay.slider": "Move",
  "replay.start": "Start",
  "replay.prev": "Previous move",
  "replay.next": "Next move",
  "replay.end": "End",
  "replay.open": "Open the game",
  "replay.exportJson": "Export JSON",
  "replay.exportText": "Export text",
  "replay.startPosition": "Start position",
  "replay.moveOf": "Move {k} of {n}: {who} {move}",
  "replay.boardLabel": "{ruleset} board",

  "mygames.title": "My games",
  "mygames.importAria": "Record to import (JSON or text)",
  "mygames.fileAria": "Record file",
  "mygames.importTitle": "Import a record",
  "mygames.import": "Import",
  "mygames.none": "No saved games yet.",
  "mygames.startOne": "Start one.",
  "mygames.game": "Game",
  "mygames.players": "Players",
  "mygames.moves": "Moves",
  "mygames.status": "Status",
  "mygames.continue": "Continue",
  "mygames.open": "Open",

  "board.label": "Board",
  "board.empty": "{id}: empty",
  "board.at": "{id}: ",
  "board.first": "first player",
  "board.second": "second player",

  "kind.seed": "seed", "kinds.seed": "seeds",
  "kind.lemur": "lemur", "kinds.lemur": "lemurs",
  "kind.female": "Female", "kinds.female": "Females",
  "kind.flower": "flower", "kinds.flower": "flowers",
  "kind.hummingbird": "Hummingbird", "kinds.hummingbird": "Hummingbirds",
  "kind.camel": "camel", "kinds.camel": "camels",
  "kind.caravan": "caravan", "kinds.caravan": "caravans",
  "kind.warrior": "warrior", "kinds.warrior": "warriors",
  "kind.guardian": "guardian", "kinds.guardian": "guardians",
  "kind.piece": "piece", "kinds.piece": "pieces",
  "kind.hero": "hero", "kinds.hero": "heroes",

  // the players as the engines name them (French names from the French rules texts)
  "player.South": "South", "player.North": "North",
  "player.Green": "Green", "player.Orange": "Orange",
  "player.Yellow": "Yellow", "player.Blue": "Blue",
  "player.Light": "Light", "player.Dark": "Dark",
  "player.Lions": "Lions", "player.Elephants": "Elephants",
  "player.Hibiscus": "Hibiscus", "player.Jasmine": "Jasmine",
  "player.Player 1 (Y)": "Player 1 (Y)", "player.Player 2 (B)": "Player 2 (B)",
  "player.Puma": "Puma", "player.Alpacas": "Alpacas",

  // fixed sentences of the server (web/sessions.py, web/app.py), read back by srv()
  "srv.resigned": "{name} resigned",
  "srv.offersDraw": "{name} offers a draw",
  "srv.drawAgreed": "draw agreed",
  "srv.drawDeclined": "draw declined",
  "srv.computerDeclines": "the computer declines the draw",
  "srv.gameOver": "the game is over",
  "srv.gameEnded": "the game has ended",
  "srv.notYourTurn": "it is not your turn",
  "srv.hintForMover": "a hint is for the player to move",
  "srv.undoVsComputer": "undo is for games against the computer",
  "srv.nothingToUndo": "nothing to undo",
  "srv.needsToken": "this needs your seat token",
  "srv.noSeat": "this token does not hold a seat in this game",
  "srv.noSuchGame": "no such game",
  "srv.notLegalHere": "that move is not legal here",
  "srv.notLegalHereMove": "that move is not legal here ({move})",
  "srv.noMoveThatWay": "no legal move goes that way",
  "srv.noMoveThatWayPieces": "no legal move goes that way; pieces that can move: {pieces}",
  "srv.typeMove": "type a move in the game's notation",
  "srv.pasteRecord": "paste a record (JSON or text)",
  "srv.comingSoon": "{ruleset} is coming soon to the browser",
  "srv.noDrawOffer": "there is no draw offer",
  "srv.noDrawOfferToAccept": "there is no draw offer to accept",
  "srv.hintsVsComputer": "hints are for games against the computer",
  "srv.inviteUsed": "this invitation has been used already: you can watch the game",
  "srv.positionChanged": "the position has changed (the game is at ply {ply})",
  "srv.nameTaken": "that name is taken",
};

const FR = {
  "app.name": "Ludothèque",
  "nav.games": "Jeux",
  "nav.mygames": "Mes parties",
  "lang.group": "Langue",
  "loading": "Chargement…",
  "punct.colon": " : ",
  "error.request": "la requête a échoué ({status})",

  "lobby.title": "Choisissez un jeu",
  "lobby.variants": "{n} variantes",
  "lobby.soon": "bientôt",
  "lobby.variant": "Variante",
  "lobby.cannotDraw": "Ce jeu ne peut pas encore s'afficher dans le navigateur.",
  "lobby.extensions": "Extensions",
  "lobby.options": "Options",
  "lobby.level": "Niveau",
  "lobby.levelAria": "Niveau de l'ordinateur",
  "lobby.seatAria": "Votre camp",
  "lobby.movesFirst": "{name} (commence)",
  "lobby.firstPlayer": "premier joueur",
  "lobby.secondPlayer": "second joueur",
  "lobby.opponent": "Adversaire",
  "lobby.vsComputer": "L'ordinateur",
  "lobby.vsLocal": "Sur le même écran (deux joueurs)",
  "lobby.vsInvite": "Un ami, par un lien",
  "lobby.youPlay": "Vous jouez",
  "lobby.start": "Commencer la partie",
  "lobby.loadingRules": "Chargement des règles…",
  "lobby.noRules": "Les règles détaillées ne sont pas encore écrites en français.",

  "level.random": "au hasard",
  "level.easy": "facile",
  "level.medium": "moyen",
  "level.hard": "difficile",
  "level.expert": "expert",

  "game.title": "Partie",
  "game.choices": "Choix",
  "game.moves": "Coups",
  "game.typedPlaceholder": "p. ex. un coup en notation",
  "game.typedAria": "Saisir un coup en notation",
  "game.typedLabel": "Saisir un coup",
  "game.play": "Jouer",
  "game.notConnected": "Pas de connexion ; nouvelle tentative…",
  "game.noSuchGame": "Cette partie n'existe pas ici : vérifiez le lien.",
  "game.connectionLost": "La connexion au serveur est perdue. Rechargez la page pour réessayer.",
  "game.isOver": "La partie est terminée.",
  "game.notYourTurn": "Ce n'est pas votre tour.",
  "game.chooseBelow": "Choisissez un des coups ci-dessous.",
  "game.cancel": "Annuler",
  "game.playHint": "Jouer l'indice {move}",
  "game.overStatus": "Partie terminée — {reason}",
  "game.thinking": "L'ordinateur ({name}) réfléchit…",
  "game.toMove": "Au trait : {name}",
  "game.toPlace": "À poser : {name}",
  "game.toThrow": "À lancer : {name}",
  "game.yourTurn": " — à vous de jouer",
  "game.draw": "Partie nulle",
  "game.wins": "Victoire : {name}",
  "game.newGame": "Nouvelle partie",
  "game.replay": "Revoir",
  "game.offersDraw": "Proposition de nulle : {name}.",
  "game.acceptDraw": "Accepter la nulle",
  "game.decline": "Refuser",
  "game.you": "vous",
  "game.score": "score",
  "game.hasScore": "{name} : {n}",
  "game.undo": "Reprendre le coup",
  "game.hint": "Indice",
  "game.lookingHint": "Recherche d'un bon coup…",
  "game.resign": "Abandonner",
  "game.resignConfirm": "Abandonner cette partie ?",
  "game.offerDraw": "Proposer la nulle",
  "game.flip": "Retourner le plateau",
  "game.json": "JSON",
  "game.text": "Texte",
  "game.throw": "Lancer",
  "game.throwTitle": "lancer",
  "game.throwMove": "lancer {n}",
  "game.noMoves": "Aucun coup pour l'instant.",
  "game.inviteAria": "Lien d'invitation",
  "game.sendLink": "Envoyez ce lien à votre adversaire :",
  "game.copyLink": "Copier le lien",
  "game.copied": "Lien copié.",
  "game.boardLabel": "Plateau de {ruleset}. Les flèches déplacent le curseur, Entrée sélectionne.",
  "game.announceThrow": "Lancer {n}",
  "game.announcePlays": "{name} joue {move}",
  "game.backTo": "Retour au coup {n}",
  "game.announceOver": "Partie terminée : {reason}",
  "game.notLegal": "Coup illégal : {message}",
  "game.hintIs": "Indice : {move}",
  "game.guest": "Invité",
  "game.youPlayer": "Vous",
  "game.computerPlayer": "ordinateur ({level})",

  "view.round": "manche",
  "view.last_throw": "dernier lancer",
  "view.hands": "en main",
  "view.holder": "pion Marchand",

  "replay.title": "Revoir la partie",
  "replay.titleOf": "Revoir la partie — {ruleset}",
  "replay.slider": "Coup",
  "replay.start": "Début",
  "replay.prev": "Coup précédent",
  "replay.next": "Coup suivant",
  "replay.end": "Fin",
  "replay.open": "Ouvrir la partie",
  "replay.exportJson": "Exporter en JSON",
  "replay.exportText": "Exporter en texte",
  "replay.startPosition": "Position de départ",
  "replay.moveOf": "Coup {k} sur {n} : {who} {move}",
  "replay.boardLabel": "Plateau de {ruleset}",

  "mygames.title": "Mes parties",
  "mygames.importAria": "Partie à importer (JSON ou texte)",
  "mygames.fileAria": "Fichier de partie",
  "mygames.importTitle": "Importer une partie",
  "mygames.import": "Importer",
  "mygames.none": "Aucune partie enregistrée pour l'instant.",
  "mygames.startOne": "En commencer une.",
  "mygames.game": "Jeu",
  "mygames.players": "Joueurs",
  "mygames.moves": "Coups",
  "mygames.status": "État",
  "mygames.continue": "Continuer",
  "mygames.open": "Ouvrir",

  "board.label": "Plateau",
  "board.empty": "{id} : vide",
  "board.at": "{id} : ",
  "board.first": "premier joueur",
  "board.second": "second joueur",

  "kind.seed": "graine", "kinds.seed": "graines",
  "kind.lemur": "lémurien", "kinds.lemur": "lémuriens",
  "kind.female": "Femelle", "kinds.female": "Femelles",
  "kind.flower": "fleur", "kinds.flower": "fleurs",
  "kind.hummingbird": "Colibri", "kinds.hummingbird": "Colibris",
  "kind.camel": "chameau", "kinds.camel": "chameaux",
  "kind.caravan": "caravane", "kinds.caravan": "caravanes",
  "kind.warrior": "guerrier", "kinds.warrior": "guerriers",
  "kind.guardian": "gardien", "kinds.guardian": "gardiens",
  "kind.piece": "pièce", "kinds.piece": "pièces",
  "kind.hero": "héros", "kinds.hero": "héros",

  "player.South": "Sud", "player.North": "Nord",
  "player.Green": "Vert", "player.Orange": "Orange",
  "player.Yellow": "Jaune", "player.Blue": "Bleu",
  "player.Light": "Clair", "player.Dark": "Foncé",
  "player.Lions": "Lions", "player.Elephants": "Éléphants",
  "player.Hibiscus": "Hibiscus", "player.Jasmine": "Jasmin",
  "player.Player 1 (Y)": "Joueur 1 (Y)", "player.Player 2 (B)": "Joueur 2 (B)",
  "player.Puma": "Puma", "player.Alpacas": "Alpagas",

  "srv.resigned": "{name} abandonne",
  "srv.offersDraw": "proposition de nulle : {name}",
  "srv.drawAgreed": "nulle par accord mutuel",
  "srv.drawDeclined": "nulle refusée",
  "srv.computerDeclines": "l'ordinateur refuse la nulle",
  "srv.gameOver": "la partie est terminée",
  "srv.gameEnded": "la partie est finie",
  "srv.notYourTurn": "ce n'est pas votre tour",
  "srv.hintForMover": "l'indice est réservé au joueur au trait",
  "srv.undoVsComputer": "on ne reprend un coup que contre l'ordinateur",
  "srv.nothingToUndo": "aucun coup à reprendre",
  "srv.needsToken": "il faut votre jeton de place",
  "srv.noSeat": "ce jeton ne donne aucune place dans cette partie",
  "srv.noSuchGame": "partie introuvable",
  "srv.notLegalHere": "ce coup n'est pas légal ici",
  "srv.notLegalHereMove": "ce coup n'est pas légal ici ({move})",
  "srv.noMoveThatWay": "aucun coup légal dans cette direction",
  "srv.noMoveThatWayPieces": "aucun coup légal dans cette direction ; pièces jouables : {pieces}",
  "srv.typeMove": "saisissez un coup dans la notation du jeu",
  "srv.pasteRecord": "collez une partie (JSON ou texte)",
  "srv.comingSoon": "{ruleset} arrive bientôt dans le navigateur",
  "srv.noDrawOffer": "aucune proposition de nulle",
  "srv.noDrawOfferToAccept": "aucune proposition de nulle à accepter",
  "srv.hintsVsComputer": "les indices sont réservés aux parties contre l'ordinateur",
  "srv.inviteUsed": "cette invitation a déjà servi : vous pouvez regarder la partie",
  "srv.positionChanged": "la position a changé (la partie en est au demi-coup {ply})",
  "srv.nameTaken": "ce nom est déjà pris",
};

// French typography: a non-breaking space before « : ; ? ! » and inside guillemets, applied to
// the catalogue once (never to the engine's text put into it).
for (const k of Object.keys(FR)) {
  FR[k] = FR[k].replace(/ ([:;?!»])/g, "\u00a0$1").replace(/« /g, "«\u00a0");
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

/** The message ``key`` in the current language, ``{name}`` placeholders filled from params. */
export function t(key, params = {}) {
  const l = lang();
  let s = CATALOGUES[l][key];
  if (s === undefined) s = EN[key];
  if (s === undefined) return key;
  return s.replace(/\{(\w+)\}/g, (m, p) => (p in params ? String(params[p]) : m));
}

/** A word of the catalogue if it has one (``player.South``), else the word itself. */
function word(prefix, w) {
  const key = `${prefix}.${w}`;
  return key in EN ? t(key) : w;
}

/** A player's name as the engine gives it ("South"), in the current language ("Sud"). */
export function playerName(n) { return word("player", n); }

/** A ruleset's name from the catalogue of the server, in the current language if it has one. */
export function gameTitle(r) { return (r.titles && r.titles[lang()]) || r.title; }

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

// -- fixed sentences of the server ------------------------------------------------------------
// The server writes English; its fixed sentences (and the plainest status lines of the engines)
// are recognised here and said again in the current language. Anything else is shown as sent.
const SERVER = [
  [/^(.+) resigned$/, "srv.resigned", ["name"]],
  [/^(.+) offers a draw$/, "srv.offersDraw", ["name"]],
  [/^draw agreed$/, "srv.drawAgreed"],
  [/^draw declined$/, "srv.drawDeclined"],
  [/^the computer declines the draw$/, "srv.computerDeclines"],
  [/^the game is over$/, "srv.gameOver"],
  [/^the game has ended$/, "srv.gameEnded"],
  [/^it is not your turn$/, "srv.notYourTurn"],
  [/^a hint is for the player to move$/, "srv.hintForMover"],
  [/^undo is for games against the computer$/, "srv.undoVsComputer"],
  [/^nothing to undo$/, "srv.nothingToUndo"],
  [/^this needs your seat token$/, "srv.needsToken"],
  [/^this token does not hold a seat in this game$/, "srv.noSeat"],
  [/^no such game$/, "srv.noSuchGame"],
  [/^that move is not legal here$/, "srv.notLegalHere"],
  [/^that move is not legal here \((.+)\)$/, "srv.notLegalHereMove", ["move"]],
  [/^no legal move goes that way$/, "srv.noMoveThatWay"],
  [/^no legal move goes that way; pieces that can move: (.+)$/, "srv.noMoveThatWayPieces", ["pieces"]],
  [/^type a move in the game's notation$/, "srv.typeMove"],
  [/^paste a record \(JSON or text\)$/, "srv.pasteRecord"],
  [/^(.+) is coming soon to the browser$/, "srv.comingSoon", ["ruleset"]],
  [/^there is no draw offer$/, "srv.noDrawOffer"],
  [/^there is no draw offer to accept$/, "srv.noDrawOfferToAccept"],
  [/^hints are for games against the computer$/, "srv.hintsVsComputer"],
  [/^this invitation has been used already: you can watch the game$/, "srv.inviteUsed"],
  [/^the position has changed \(the game is at ply (\d+)\)$/, "srv.positionChanged", ["ply"]],
  [/^that name is taken$/, "srv.nameTaken"],
  [/^(.+) to move$/, "game.toMove", ["name"]],
  [/^(.+) to place$/, "game.toPlace", ["name"]],
  [/^(.+) to throw$/, "game.toThrow", ["name"]],
];
export const SERVER_PATTERNS = SERVER;

/** A sentence of the server in the current language when it is one of its fixed sentences.
 * ``names``: the game's player names, so that "South to move" is read only for a real player. */
export function srv(text, names = null) {
  if (typeof text !== "string" || !text) return text;
  for (const [re, key, params = []] of SERVER) {
    const m = re.exec(text);
    if (!m) continue;
    const args = {};
    let ok = true;
    params.forEach((p, i) => {
      let v = m[i + 1];
      if (p === "name") {
        if (names && !names.includes(v)) ok = false;
        v = playerName(v);
      }
      args[p] = v;
    });
    if (ok) return t(key, args);
  }
  return text;
}
