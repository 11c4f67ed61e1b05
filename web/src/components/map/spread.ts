/** A point on the screen, in pixels (Leaflet's layer points). */
export type ScreenPoint = { x: number; y: number };

/**
 * Where to draw markers so that none covers another (a replay's two stops a few metres apart): the
 * points closer than `gap` pixels, directly or through a neighbour, form a group, and a group's
 * markers are laid on a circle round its centre, `gap` apart, the first at the top and the next
 * clockwise (the caller passes them in stop order). A point with no neighbour stays where it is.
 * Pure: the map calls it again on every zoom with the points projected at that zoom.
 */
export function spreadPoints(points: readonly ScreenPoint[], gap: number): ScreenPoint[] {
  const group = points.map((_, index) => index);
  const root = (index: number): number => {
    let at = index;
    while (group[at] !== at) at = group[at]!;
    return at;
  };
  for (let a = 0; a < points.length; a++)
    for (let b = a + 1; b < points.length; b++)
      if (Math.hypot(points[a]!.x - points[b]!.x, points[a]!.y - points[b]!.y) < gap) group[root(b)] = root(a);
  const members = new Map<number, number[]>();
  points.forEach((_, index) => {
    const key = root(index);
    members.set(key, [...(members.get(key) ?? []), index]);
  });
  const spread = points.map((point) => ({ ...point }));
  for (const indexes of members.values()) {
    if (indexes.length < 2) continue;
    const centre = {
      x: indexes.reduce((sum, index) => sum + points[index]!.x, 0) / indexes.length,
      y: indexes.reduce((sum, index) => sum + points[index]!.y, 0) / indexes.length,
    };
    // The radius at which neighbours on the circle are `gap` apart (a chord of 2π/n).
    const radius = gap / (2 * Math.sin(Math.PI / indexes.length));
    indexes.forEach((index, place) => {
      const angle = -Math.PI / 2 + (2 * Math.PI * place) / indexes.length;
      spread[index] = { x: centre.x + radius * Math.cos(angle), y: centre.y + radius * Math.sin(angle) };
    });
  }
  return spread;
}
