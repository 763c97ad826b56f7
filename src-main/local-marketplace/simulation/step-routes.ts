import type { FastifyInstance } from 'fastify';
import { ProviderRequestSchema } from '../../../src-shared/api/provider';
import { TimeLogSchema } from '../../../src-shared/api/time-log';
import { WorkOrderSchema } from '../../../src-shared/api/work-order';
import type { MarketplaceContext } from '../context';
import { checkIn, checkOut, completeWork, confirmAssignment, type ProviderStep, reportDelay, reportOnMyWay } from '../domain/provider-actions';
import { createRequest } from '../domain/requests';
import { logTime } from '../domain/time-logs';
import { presenterFor } from '../domain/work-order-presenter';
import type { WorkOrderRecord } from '../domain/work-order-record';
import { setSubStatus } from '../domain/work-order-transitions';
import { requireOrder } from '../domain/provider-common';
import type { RouteRegistry } from '../http/route';
import { simulationRoute } from './control-route';
import { DelayBodySchema, LogTimeBodySchema, ProviderStepBodySchema, type RequestBody, RequestBodySchema, SubStatusBodySchema } from './step-schemas';

const stepOf = (body: { work_order_id: number; provider_id: number }): ProviderStep => ({ workOrderId: body.work_order_id, providerId: body.provider_id });

/** The provider's request (a counter-offer with `counter`), from the simulation's body. */
function requestFromBody(context: MarketplaceContext, body: RequestBody) {
  return createRequest(context, {
    ...stepOf(body),
    notes: body.notes,
    expiresInSeconds: body.expires_in_seconds,
    eta: body.eta && { start: body.eta.start, end: body.eta.end, hourEstimate: body.eta.hour_estimate },
    counter: body.counter,
  });
}

/** The steps that move an order's status or sub-status; each answers the work order. */
const PROGRESS_STEPS: readonly { path: string; summary: string; run: (context: MarketplaceContext, step: ProviderStep) => WorkOrderRecord }[] = [
  { path: 'confirm', summary: 'The assignee confirms the assignment (sub-status confirmed)', run: confirmAssignment },
  { path: 'on-my-way', summary: 'The assignee is on the way (sub-status on_my_way)', run: reportOnMyWay },
  { path: 'check-in', summary: 'The assignee checks in on site (sub-status checked_in); a time log starts', run: checkIn },
  { path: 'check-out', summary: 'The assignee checks out (sub-status checked_out); the open time log ends', run: checkOut },
  { path: 'complete', summary: 'The assignee marks the work done (Assigned → Work Done)', run: completeWork },
];

/** `/__local/simulate/*` steps of a provider's request and of its work on site. */
export function registerProviderStepRoutes(app: FastifyInstance, context: MarketplaceContext, registry: RouteRegistry): void {
  const control = simulationRoute(app, registry);
  const workOrder = (record: WorkOrderRecord) => presenterFor(context).workOrder(record);

  control('request', 'A provider requests a published or routed order; with `counter`, a counter-offer', RequestBodySchema, ProviderRequestSchema, (body) => requestFromBody(context, body));

  for (const step of PROGRESS_STEPS) {
    control(step.path, step.summary, ProviderStepBodySchema, WorkOrderSchema, (body) => workOrder(step.run(context, stepOf(body))));
  }

  control('delay', 'The assignee reports running late (sub-status delayed, status.delay in seconds)', DelayBodySchema, WorkOrderSchema, (body) =>
    workOrder(reportDelay(context, stepOf(body), body.delay_seconds)),
  );

  control('log-time', 'The assignee logs hours worked; answers the time log', LogTimeBodySchema, TimeLogSchema, (body) =>
    logTime(context, { ...stepOf(body), hours: body.hours, start: body.in, verified: body.verified }),
  );

  control('sub-status', 'Set any sub-status of an assigned order, or clear it with ""', SubStatusBodySchema, WorkOrderSchema, (body) => {
    requireOrder(context, body.work_order_id);
    return workOrder(setSubStatus(context, body.work_order_id, body.sub_status, body.delay_seconds));
  });
}
