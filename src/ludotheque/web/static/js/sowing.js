// A sowing, seed by seed, for the animation of a pit game's last move. The page knows no rules:
// it lays the seeds of the origin one by one around the pits in the geometry's order (skipping
// the origin on a full lap) and keeps the frames only if they end where the engine's position
// does (captures aside: an emptied pit may differ). Any other sowing (relays, four rows) is
// shown at once.

export function sowingFrames(geometry, before, after, origin) {
  const ring = geometry.points.map((p) => p.id);
  const count = (view) => {
    const c = Object.fromEntries(ring.map((id) => [id, 0]));
    for (const p of view.pieces || []) if (p.at in c) c[p.at] += p.count;
    return c;
  };
  const now = count(before), end = count(after);
  let left = now[origin];
  if (!left || ring.indexOf(origin) < 0) return null;
  now[origin] = 0;
  const frames = [];
  let i = ring.indexOf(origin);
  while (left > 0) {
    i = (i + 1) % ring.length;
    if (ring[i] === origin) continue;
    now[ring[i]] += 1;
    left -= 1;
    frames.push({ current: ring[i], counts: { ...now } });
  }
  const fits = ring.every((id) => end[id] === 0 || end[id] === now[id]);
  if (!fits) return null;
  return frames.map((f) => ({
    current: f.current,
    view: { ...before, pieces: (before.pieces || []).map((p) => ({ ...p, count: f.counts[p.at] })) },
  }));
}

export const reducedMotion = () => window.matchMedia("(prefers-reduced-motion: reduce)").matches;
