import Supercluster from 'supercluster';
import type { MapOrders } from '../../../src-shared/ipc/map';
import { STATUS_GROUPS, statusGroupOf, type StatusGroupId } from './status-colours';
import { boundsOf, screenOf, type LngLat, type MapView } from './web-mercator';

/** What is drawn at one place: an order, or a cluster of orders too close to tell apart. */
export type Mark =
  | { kind: 'order'; id: number; group: StatusGroupId; x: number; y: number }
  | { kind: 'cluster'; clusterId: number; count: number; x: number; y: number; place: LngLat; group: StatusGroupId };

export const ORDER_RADIUS = 6;

/** A cluster's radius grows with the log of its count, so a thousand is not a hundred times ten. */
export const clusterRadius = (count: number): number => Math.min(26, 10 + 4 * Math.log10(count));

/**
 * The orders of one map answer, indexed for drawing: close orders gather into clusters at each
 * zoom (supercluster, built once per answer), and a view asks only for what it shows.
 */
export class OrderPoints {
  // Each cluster counts its orders per status group, so it is drawn in its commonest one.
  readonly #index = new Supercluster<{ id: number; statusId: number }, { counts: number[] }>({
    radius: 40,
    maxZoom: 15,
    minPoints: 3,
    map: (properties) => ({ counts: STATUS_GROUPS.map((group) => (group.id === statusGroupOf(properties.statusId) ? 1 : 0)) }),
    reduce: (into, properties) => {
      into.counts = into.counts.map((count, index) => count + (properties.counts[index] ?? 0));
    },
  });
  readonly places: LngLat[];
  readonly #positions = new Map<number, LngLat>();

  constructor(readonly answer: MapOrders) {
    this.places = answer.ids.map((_, index) => ({ longitude: answer.longitudes[index] ?? 0, latitude: answer.latitudes[index] ?? 0 }));
    answer.ids.forEach((id, index) => this.#positions.set(id, this.places[index] as LngLat));
    this.#index.load(
      answer.ids.map((id, index) => ({
        type: 'Feature',
        properties: { id, statusId: answer.statusIds[index] ?? 0 },
        geometry: { type: 'Point', coordinates: [answer.longitudes[index] ?? 0, answer.latitudes[index] ?? 0] },
      })),
    );
  }

  get size(): number {
    return this.answer.ids.length;
  }

  placeOf(id: number): LngLat | undefined {
    return this.#positions.get(id);
  }

  /** What the view shows, in screen pixels, with a margin so marks at the edge are not cut. */
  marks(view: MapView): Mark[] {
    const [west, south, east, north] = boundsOf(view);
    const margin = (east - west) * 0.05;
    const found = this.#index.getClusters([Math.max(-180, west - margin), Math.max(-85, south - margin), Math.min(180, east + margin), Math.min(85, north + margin)], Math.floor(view.zoom));
    return found.map((feature) => {
      const [longitude, latitude] = feature.geometry.coordinates as [number, number];
      const [x, y] = screenOf({ longitude, latitude }, view);
      const properties = feature.properties as { cluster?: boolean; cluster_id?: number; point_count?: number; id?: number; statusId?: number; counts?: number[] };
      return properties.cluster
        ? { kind: 'cluster', clusterId: properties.cluster_id ?? 0, count: properties.point_count ?? 0, x, y, place: { longitude, latitude }, group: commonest(properties.counts ?? []) }
        : { kind: 'order', id: properties.id ?? 0, group: statusGroupOf(properties.statusId ?? 0), x, y };
    });
  }

  /** The zoom at which a cluster falls apart. */
  expansionZoom(clusterId: number): number {
    return this.#index.getClusterExpansionZoom(clusterId);
  }
}

function commonest(counts: readonly number[]): StatusGroupId {
  let best = 0;
  counts.forEach((count, index) => {
    if (count > (counts[best] ?? 0)) best = index;
  });
  return STATUS_GROUPS[best]?.id ?? 'other';
}

/** The mark under a point, the nearest within its radius (and a few pixels of slack for a finger). */
export function markAt(marks: readonly Mark[], x: number, y: number): Mark | undefined {
  let best: Mark | undefined;
  let bestDistance = Infinity;
  for (const mark of marks) {
    const reach = (mark.kind === 'cluster' ? clusterRadius(mark.count) : ORDER_RADIUS) + 4;
    const distance = Math.hypot(mark.x - x, mark.y - y);
    if (distance <= reach && distance < bestDistance) {
      best = mark;
      bestDistance = distance;
    }
  }
  return best;
}
