// Clocks: the time control chosen in the lobby, the two clocks on the game page, "your turn"
// in the tab title and an optional sound when the turn comes.
// The server keeps the time (its figures are the truth, see web/clocks.py); between two of its
// messages the running clock counts down here, and each message sets it right again.
import { h } from "./util.js";
import { t, playerName } from "./i18n.js";

const SOUND_KEY = "ludo.sound";   // "1": a short tone when the turn comes (off by default)
const LIVE = ["3+2", "5+3", "10+5", "15+10", "30+20"];
const DAYS = [1, 2, 3, 5, 7, 14];

const pad = (n) => String(n).padStart(2, "0");

/** Seconds as a clock shows them: 4:05, 1:02:03, 0:09.4 under ten seconds, days and hours
 * beyond a day (correspondence). */
export function formatTime(s) {
  s = Math.max(0, s);
  if (s >= 86400) return t("clock.daysHours", { d: Math.floor(s / 86400), h: Math.floor(s % 86400 / 3600) });
  if (s < 10) return `0:0${s.toFixed(1)}`;
  const whole = Math.floor(s);
  const hours = Math.floor(whole / 3600), min = Math.floor(whole % 3600 / 60), sec = whole % 60;
  return hours ? `${hours}:${pad(min)}:${pad(sec)}` : `${min}:${pad(sec)}`;
}

/** The lobby's choice of clock: ``el`` to show, ``value()`` for POST /api/games ("clock"). */
export function clockChoice() {
  const select = h("select", { id: "clock", "aria-label": t("clock.legend") },
    h("option", { value: "none" }, t("clock.none")),
    h("optgroup", { label: t("clock.live") }, ...LIVE.map((c) => {
      const [base, inc] = c.split("+");
      return h("option", { value: c }, t("clock.control", { base, inc }));
    })),
    h("optgroup", { label: t("clock.correspondence") }, ...DAYS.map((n) =>
      h("option", { value: `d${n}` }, n === 1 ? t("clock.oneDay") : t("clock.days", { n })))));
  const el = h("fieldset", {}, h("legend", {}, t("clock.legend")), select, h("p", { class: "extra" }, h("small", {}, t("clock.flagRule"))));
  const value = () => select.value === "none" ? null : select.value.startsWith("d") ? { days: Number(select.value.slice(1)) } : select.value;
  return { el, value };
}

/** Whether it is the turn of this browser's one seat (a browser holding both seats plays
 * every turn: no cue). */
export const yourTurn = (st) => !st.result && st.you.length === 1 && st.to_move === st.you[0];

let audio = null;
function tone() {
  try {
    audio = audio || new AudioContext();
    const at = audio.currentTime, osc = audio.createOscillator(), gain = audio.createGain();
    osc.frequency.value = 660;
    gain.gain.setValueAtTime(0.0001, at);
    gain.gain.exponentialRampToValueAtTime(0.2, at + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.3);
    osc.connect(gain).connect(audio.destination);
    osc.start(at);
    osc.stop(at + 0.32);
  } catch { /* no sound here: the tab title says it */ }
}

/** The game page's clocks and turn cues: ``update(st)`` after each position (and after the
 * page has set the tab title), ``stop()`` when the page goes. */
export class ClockPanel {
  constructor() {
    this.faces = [0, 1].map((seat) => h("div", { class: "clock", "data-seat": seat, role: "timer" }, h("span", { class: "who" }), h("span", { class: "time" })));
    this.sound = h("input", { type: "checkbox", id: "turn-sound", onchange: () => {
      localStorage.setItem(SOUND_KEY, this.sound.checked ? "1" : "0");
      if (this.sound.checked) tone();   // a click allows the page to make sounds: one now, to hear it
    } });
    this.soundText = h("span", {});
    this.soundRow = h("label", { class: "row sound" }, this.sound, this.soundText);
    this.el = h("div", { class: "clocks" }, h("div", { class: "faces" }, ...this.faces), this.soundRow);
    this.st = null;
    this.at = 0;           // performance.now() when this.st arrived
    this.mine = null;      // whether it was this browser's turn at the last update
    this.timer = null;
  }

  update(st) {
    if (st !== this.st) { this.st = st; this.at = performance.now(); }
    const mine = yourTurn(st);
    if (mine) document.title = t("clock.yourTurnTitle", { title: document.title });
    if (mine && this.mine === false && localStorage.getItem(SOUND_KEY) === "1") tone();
    this.mine = mine;
    this.sound.checked = localStorage.getItem(SOUND_KEY) === "1";
    this.soundText.textContent = t("clock.sound");
    this.soundRow.hidden = st.you.length !== 1;
    this.faces.forEach((face, seat) => {
      face.hidden = !st.clock;
      face.firstChild.textContent = playerName(st.player_names[seat]);
    });
    clearInterval(this.timer);
    this.timer = null;
    if (st.clock && st.clock.running !== null && !st.result) this.timer = setInterval(() => this.tick(), 200);
    this.tick();
  }

  tick() {
    const c = this.st && this.st.clock;
    if (!c) return;
    const since = (performance.now() - this.at) / 1000;
    this.faces.forEach((face, seat) => {
      const left = c.left[seat] - (seat === c.running ? since : 0);
      face.lastChild.textContent = formatTime(left);
      face.classList.toggle("running", seat === c.running && !this.st.result);
      face.classList.toggle("low", !c.days && left < 20);
    });
  }

  stop() { clearInterval(this.timer); }
}
