import type { MapOrders, MapOrdersRequest } from '../../src-shared/ipc/map';
import { invoke } from '../lib/api';

/** Where the orders the list shows are: from the cache, offline too. */
export function readMapOrders(request: MapOrdersRequest): Promise<MapOrders> {
  return invoke('map:orders', request);
}
