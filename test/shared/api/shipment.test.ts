import { describe, expect, it } from 'vitest';
import { ShipmentListSchema } from '../../../src-shared/api/shipment';

const metadata = { total: 1, page: 1, pages: 1, per_page: 1 };

describe('ShipmentListSchema', () => {
  it('reads shipments in both spellings of their status', () => {
    const shipment = { id: 1, name: 'Terminal', carrier: 'ups', tracking_number: '1Z', direction: 'to site', status: 'en route' };
    expect(ShipmentListSchema.safeParse({ metadata, results: [shipment] }).success).toBe(true);
    expect(
      ShipmentListSchema.safeParse({ metadata, results: [{ ...shipment, carrier: { name: 'ups', tracking: '1Z' }, status: 'En Route' }] })
        .success,
    ).toBe(true);
  });
});
