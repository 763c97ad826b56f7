import type { MapOrders, MapOrdersRequest, MapProviders } from '../../src-shared/ipc/map';
import { invoke } from '../lib/api';

/** Where the orders the list shows are: from the cache, offline too. */
export function readMapOrders(request: MapOrdersRequest): Promise<MapOrders> {
  return invoke('map:orders', request);
}

/** Providers' home bases the cache knows. */
export function readMapProviders(): Promise<MapProviders> {
  return invoke('map:providers', {});
}
