import type { MapOrders, MapOrdersRequest, MapProviders, MapTile } from '../../src-shared/ipc/map';
import { invoke } from '../lib/api';

/** Where the orders the list shows are: from the cache, offline too. */
export function readMapOrders(request: MapOrdersRequest): Promise<MapOrders> {
  return invoke('map:orders', request);
}

/** Providers' home bases the cache knows. */
export function readMapProviders(): Promise<MapProviders> {
  return invoke('map:providers', {});
}

/** One tile of the online source set in Settings, fetched by main; refused (MAP_TILES_OFF) while none is set. */
export function readTile(z: number, x: number, y: number): Promise<MapTile> {
  return invoke('map:tile', { z, x, y });
}
