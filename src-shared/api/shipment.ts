import { z } from 'zod';
import { ActionsSchema, knownString, listEnvelope } from './common';

/** Decisions §6 spells these lower case; the real service answers `New`, `En Route`, `Arrived`. */
export const SHIPMENT_STATUSES = ['new', 'en route', 'arrived'] as const;
export type ShipmentStatus = (typeof SHIPMENT_STATUSES)[number];

export const SHIPMENT_DIRECTIONS = ['to site', 'from site'] as const;

export const ShipmentCarrierSchema = z.looseObject({
  name: z.string().nullish(),
  tracking: z.string().nullish(),
});
export type ShipmentCarrier = z.infer<typeof ShipmentCarrierSchema>;

export const ShipmentSchema = z.looseObject({
  id: z.number().int(),
  name: z.string().nullish(),
  // A name in decisions §6; an object with name and tracking in the real service.
  carrier: z.union([z.string(), ShipmentCarrierSchema]).nullish(),
  tracking_number: z.string().nullish(),
  direction: knownString(SHIPMENT_DIRECTIONS).nullish(),
  status: knownString(SHIPMENT_STATUSES).nullish(),
  actions: ActionsSchema.nullish(),
});
export type Shipment = z.infer<typeof ShipmentSchema>;

/** Answer of GET workorders/{id}/shipments (and the `shipments` of a work order). */
export const ShipmentListSchema = listEnvelope(ShipmentSchema);
export type ShipmentList = z.infer<typeof ShipmentListSchema>;
