import type { MarketplaceContext } from '../context';
import { listMessages } from './messages';
import { listRequests } from './requests';
import { listShipments } from './shipments';
import { listSwaps } from './swaps';
import { listTimeLogs } from './time-logs';
import type { WorkOrderRecord } from './work-order-record';

/**
 * The provider side of a work order as GET workorders/{id} embeds it: the same envelopes as the
 * sub-resource routes answer, so a client reads them alike.
 */
export function providerSideOf(context: MarketplaceContext, record: WorkOrderRecord) {
  return {
    requests: listRequests(context, record),
    swaps: listSwaps(context, record),
    messages: listMessages(context, record),
    time_logs: listTimeLogs(context, record),
    shipments: listShipments(context, record),
  };
}
