/**
 * "Suggest an order" for a bus route's stops: a shorter order of the same stops, shown with the
 * distance before and after; nothing changes until the admin confirms it. Nearest neighbour gives a
 * first order, 2-opt then reverses stretches of it while that shortens the route. Pure and
 * browser-safe: the distances come in as a function, straight-line (haversine) by default or road
 * distances the server fetched (worker/services/routing/).
 */

export type LatLng = { lat: number; lng: number };

/**
 * Meters from the stop at index `from` to the stop at index `to`. Need not be symmetric: road
 * distances differ by direction (one-way streets).
 */
export type Distance = (from: number, to: number) => number;

export type SuggestOrderOptions = {
  /** Straight-line distances between the points when absent. */
  distance?: Distance;
  /**
   * Keep the first stop first (default true): a route starts where it starts (the depot, or the
   * first pickup the driver reaches), so the suggestion reorders only what follows it.
   */
  fixFirst?: boolean;
  /** Keep the last stop last (default false), e.g. the school at the end of a pickup route. */
  fixLast?: boolean;
};

export type SuggestedOrder = {
  /** A permutation of the stops' indices: `order[k]` is the index of the k-th stop to visit. */
  order: number[];
  /** Meters of the input order (0, 1, 2, …). */
  before: number;
  /** Meters of `order`; never more than `before` (the input order itself when nothing is shorter). */
  after: number;
};

const EARTH_RADIUS_METERS = 6_371_008.8;
/** An improvement smaller than this (meters) is rounding noise; ignoring it keeps 2-opt from cycling. */
const MIN_GAIN_METERS = 1e-6;
/** 2-opt stops after this many passes even if a pass still improved (it converges long before). */
const MAX_PASSES = 100;

const toRadians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle distance in meters (haversine, mean Earth radius). */
export function haversineMeters(a: LatLng, b: LatLng): number {
  const dLat = toRadians(b.lat - a.lat);
  const dLng = toRadians(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(toRadians(a.lat)) * Math.cos(toRadians(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_METERS * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Distances from an n×n matrix in meters (`matrix[from][to]`), e.g. a routing server's table. */
export function matrixDistance(matrix: readonly (readonly number[])[]): Distance {
  return (from, to) => matrix[from]![to]!;
}

/** Straight-line distances between the points, computed once (2-opt asks for each pair many times). */
export function straightLineDistance(points: readonly LatLng[]): Distance {
  return matrixDistance(points.map((a) => points.map((b) => haversineMeters(a, b))));
}

/** Meters of visiting the points in `order` (indices into `points`), from the first to the last. */
export function routeLength(
  points: readonly LatLng[],
  order: readonly number[],
  distance: Distance = straightLineDistance(points),
): number {
  let total = 0;
  for (let k = 1; k < order.length; k++) total += distance(order[k - 1]!, order[k]!);
  return total;
}

/**
 * A shorter order of the same stops, or the input order when none is found. Deterministic: the same
 * input gives the same output (ties go to the lower index).
 */
export function suggestOrder(points: readonly LatLng[], options: SuggestOrderOptions = {}): SuggestedOrder {
  const { fixFirst = true, fixLast = false } = options;
  const distance = options.distance ?? straightLineDistance(points);
  const input = points.map((_, index) => index);
  const before = routeLength(points, input, distance);
  const order = twoOpt(nearestNeighbour(points.length, distance, fixLast), distance, fixFirst, fixLast);
  const after = routeLength(points, order, distance);
  return after < before ? { order, before, after } : { order: input, before, after: before };
}

/** From stop 0, always on to the nearest unvisited stop; with `fixLast` the last stop is kept for the end. */
function nearestNeighbour(n: number, distance: Distance, fixLast: boolean): number[] {
  if (n === 0) return [];
  const last = n - 1;
  const visited = new Array<boolean>(n).fill(false);
  const order = [0];
  visited[0] = true;
  if (fixLast) visited[last] = true;
  for (let current = 0; order.length < (fixLast && last > 0 ? n - 1 : n); ) {
    let next = -1;
    for (let candidate = 0; candidate < n; candidate++) {
      if (!visited[candidate] && (next === -1 || distance(current, candidate) < distance(current, next))) {
        next = candidate;
      }
    }
    visited[next] = true;
    order.push(next);
    current = next;
  }
  if (fixLast && last > 0) order.push(last);
  return order;
}

/**
 * 2-opt on an open path: reverse the stretch `order[i..j]` while that shortens the route. The fixed
 * ends stay out of every stretch. Prefix sums of the path's legs in both directions give each
 * candidate's gain in constant time, reversed legs included (distances need not be symmetric).
 */
function twoOpt(start: number[], distance: Distance, fixFirst: boolean, fixLast: boolean): number[] {
  const order = [...start];
  const n = order.length;
  const first = fixFirst ? 1 : 0;
  const last = fixLast ? n - 2 : n - 1;
  const leg = (from: number | undefined, to: number | undefined) =>
    from === undefined || to === undefined ? 0 : distance(from, to);
  // forward[k]: meters of order[0..k] walked forwards; backward[k]: the same legs walked backwards.
  const forward = new Float64Array(n);
  const backward = new Float64Array(n);
  const measure = () => {
    for (let k = 1; k < n; k++) {
      forward[k] = forward[k - 1]! + leg(order[k - 1], order[k]);
      backward[k] = backward[k - 1]! + leg(order[k], order[k - 1]);
    }
  };
  measure();
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    let improved = false;
    for (let i = first; i < last; i++) {
      for (let j = i + 1; j <= last; j++) {
        const outside = order[i - 1];
        const after = order[j + 1];
        const current = leg(outside, order[i]) + (forward[j]! - forward[i]!) + leg(order[j], after);
        const reversed = leg(outside, order[j]) + (backward[j]! - backward[i]!) + leg(order[i], after);
        if (reversed < current - MIN_GAIN_METERS) {
          reverse(order, i, j);
          measure();
          improved = true;
        }
      }
    }
    if (!improved) break;
  }
  return order;
}

function reverse(order: number[], i: number, j: number) {
  for (let left = i, right = j; left < right; left++, right--) {
    [order[left], order[right]] = [order[right]!, order[left]!];
  }
}
