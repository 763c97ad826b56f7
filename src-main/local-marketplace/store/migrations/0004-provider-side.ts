import type { Migration } from './index';

/** Tables of the provider side (requests, counter-offers, swaps, messages, time logs, shipments, simulation). */
export const migration0004: Migration = {
  version: 4,
  name: 'provider-side',
  up: '',
};
