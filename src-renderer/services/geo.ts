import type { GeoLocateRequest, GeoPlace } from '../../src-shared/ipc/geo';
import { invoke } from '../lib/api';

/** Where an address is, and its zone, placed by main offline. */
export function locate(address: GeoLocateRequest): Promise<GeoPlace> {
  return invoke('geo:locate', address);
}
