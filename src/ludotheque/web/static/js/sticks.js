// Puluc's throw: four corn kernels (or sticks), each with one marked face (PU-B2). A throw's
// chance id is the number of marked faces up (PU-G2); the value is the engine's.
import { h } from "./util.js";

const NS = "http://www.w3.org/2000/svg";

export const stickCount = (chanceId) => chanceId;

// `marked` faces up out of four, or null for kernels not thrown yet (drawn face down, greyed)
export function sticks(marked, label) {
  const svg = document.createElementNS(NS, "svg");
  svg.setAttribute("viewBox", "0 0 110 44");
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", label);
  for (let i = 0; i < 4; i++) {
    const x = 14 + i * 27;
    const g = document.createElementNS(NS, "g");
    g.setAttribute("class", marked === null ? "kernel down" : i < marked ? "kernel marked" : "kernel plain");
    g.setAttribute("transform", `rotate(${(i % 2 ? 8 : -8)} ${x} 22)`);
    const body = document.createElementNS(NS, "rect");
    for (const [k, v] of Object.entries({ x: x - 8, y: 3, width: 16, height: 38, rx: 8, class: "stick" })) body.setAttribute(k, v);
    g.append(body);
    if (marked !== null && i < marked) {   // the marked face: three burnt notches
      for (const y of [13, 22, 31]) {
        const m = document.createElementNS(NS, "line");
        for (const [k, v] of Object.entries({ x1: x - 5, x2: x + 5, y1: y, y2: y, class: "stick-mark" })) m.setAttribute(k, v);
        g.append(m);
      }
    }
    svg.append(g);
  }
  return h("span", { class: "sticks", "data-marked": marked === null ? "" : marked, title: label }, svg);
}
