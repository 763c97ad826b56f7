import { randomUUID } from 'node:crypto';
import type { Client } from '../../../src-shared/api/client';
import type { ProviderProfile } from '../../../src-shared/api/provider';
import { serviceTypesFor, typeOfWorkById } from '../../../src-shared/api/reference-data';
import { statusCode, statusDisplay, type WorkOrderStatus } from '../../../src-shared/api/status';
import { WORK_ORDER_TRANSITIONS, transitionFor, type WorkOrderOperation } from '../../../src-shared/api/transitions';
import type { WorkOrder, WorkOrderKey, WorkOrderManager } from '../../../src-shared/api/work-order';
import type { ServiceTypeInput } from '../../../src-shared/api/work-order-requests';
import type { MarketplaceContext } from '../context';
import { parseUtc } from '../http/timestamp';
import { attachmentFolderList } from './attachments';
import { clientOfCompany } from './clients';
import { findManager, providerProfile } from './providers';
import { savedLocation } from './locations';
import { payOf } from './pay';
import { problemsOf } from './problems';
import { appliedTagsOf, taggableStatuses } from './work-order-tags';
import { presentEta } from './work-order-eta';
import { providerSideOf } from './provider-embedding';
import { companyName } from './company';
import { addressOf, primaryTypeOfWorkId, statusOf, type AddressSnapshot, type WorkOrderRecord } from './work-order-record';
import { findProject, type ProjectRecord } from './work-order-references';
import { workOrderRepository, type RouteRow } from './work-order-repository';
import { presentMilestones, timestampAt } from './work-order-milestones';
import { locate, siteTimeZone } from './site-geography';

/**
 * The WorkOrder model's `actions` (reference ActionsEnum) for the operations open from a state.
 * Route and assign are one `search-provider`; unroute and unassign are not the order's actions
 * (a route's, the assignee's). Clients decide what is allowed by decisions §2, never by these.
 */
const ORDER_ACTIONS: Partial<Record<WorkOrderOperation, string>> = {
  update: 'edit',
  publish: 'publish',
  unpublish: 'unpublish',
  revert: 'revert',
  route: 'search-provider',
  assign: 'search-provider',
  complete: 'complete',
  incomplete: 'incomplete',
  approve: 'approve',
  unapprove: 'unapprove',
  cancel: 'cancel',
};

/** `taggable`: a company tag may be applied in the order's status (its valid_statuses, decisions §6). */
function actionsFor(record: WorkOrderRecord, taggable: boolean): string[] {
  const open = WORK_ORDER_TRANSITIONS.filter((transition) => (transition.from as readonly string[]).includes(record.status));
  return [...new Set([...open.flatMap((transition) => ORDER_ACTIONS[transition.operation] ?? []), ...(taggable ? ['apply_tags'] : [])])];
}

/** The Assignee model offers `unassign` while the order can be unassigned. */
const assigneeActions = (record: WorkOrderRecord): string[] => (transitionFor('unassign').from.includes(record.status) ? ['unassign'] : []);

/** The types of work as a list, also when only the deprecated single one was sent. */
function typesOfWorkOf(record: WorkOrderRecord): { id: number; isPrimary?: boolean | null }[] {
  const fields = record.data.fields;
  return fields.types_of_work ?? (fields.type_of_work ? [{ id: fields.type_of_work.id, isPrimary: true }] : []);
}

function memo<Key, Value>(cache: Map<Key, Value>, key: Key, load: () => Value): Value {
  if (cache.has(key)) return cache.get(key) as Value;
  const value = load();
  cache.set(key, value);
  return value;
}

/**
 * Turns records into the service's answers for one request. Other records (clients, locations,
 * providers) are read live, once per request each, so an answer is never older than the store.
 */
/** Service types with the names of the order's types of work's. */
function namedServiceTypes(record: WorkOrderRecord, serviceTypes: ServiceTypeInput[] | undefined) {
  const known = typesOfWorkOf(record).flatMap((type) => serviceTypesFor(type.id));
  return (serviceTypes ?? []).map(({ id }) => ({ id, name: known.find((serviceType) => serviceType.id === id)?.name ?? null }));
}

export class WorkOrderPresenter {
  readonly #clients = new Map<number, Client | undefined>();
  readonly #savedLocations = new Map<number, AddressSnapshot | undefined>();
  readonly #providers = new Map<number, ProviderProfile | undefined>();
  readonly #managers = new Map<number, WorkOrderManager | undefined>();
  readonly #projects = new Map<number, ProjectRecord | undefined>();
  readonly #companies = new Map<number, string | undefined>();
  readonly #taggableStatuses = new Map<number, ReadonlySet<string>>();
  readonly #now: number;

  constructor(
    private readonly context: MarketplaceContext,
    /** One id per answer, repeated in every `correlation_id` of it; none for list items, which are reused. */
    readonly correlationId?: string,
  ) {
    this.#now = context.clock.now();
  }

  #client(companyId: number, clientId: number) {
    return memo(this.#clients, clientId, () => clientOfCompany(this.context, companyId, clientId));
  }

  #provider(providerId: number) {
    return memo(this.#providers, providerId, () => providerProfile(this.context, providerId));
  }

  #manager(companyId: number, managerId: number): WorkOrderManager {
    return memo(this.#managers, managerId, () => findManager(this.context, companyId, managerId)) ?? { id: managerId };
  }

  #project(companyId: number, projectId: number) {
    return { id: projectId, name: memo(this.#projects, projectId, () => findProject(this.context, companyId, projectId))?.name ?? null };
  }

  #taggable(companyId: number): ReadonlySet<string> {
    return memo(this.#taggableStatuses, companyId, () => taggableStatuses(this.context, companyId));
  }

  #company(companyId: number) {
    return { id: companyId, name: memo(this.#companies, companyId, () => companyName(this.context, companyId)) ?? null };
  }

  /** The service address: a saved location as it is now, else as it was when chosen. */
  #address(record: WorkOrderRecord): AddressSnapshot | undefined {
    const location = record.data.fields.location;
    if (location?.mode !== 'saved') return addressOf(record);
    return memo(this.#savedLocations, location.id, () => savedLocation(this.context, record.companyId, location.id)) ?? record.data.savedAddress;
  }

  #timeZone(record: WorkOrderRecord): string {
    return siteTimeZone(this.#address(record));
  }

  status(record: WorkOrderRecord, routeCount = this.#routes(record).length): WorkOrderStatus {
    const status = statusOf(record.status);
    return {
      id: status.id,
      name: status.name,
      display: statusDisplay(status.name, record.subStatus),
      is_routed: routeCount > 0,
      code: statusCode(status.slug, record.subStatus),
      delay: record.data.delay,
      ncns: false,
      sub_status: record.subStatus,
      confirmed: record.data.confirmed,
      correlation_id: this.correlationId,
    };
  }

  milestones(record: WorkOrderRecord) {
    return presentMilestones(record, this.#timeZone(record), this.#now);
  }

  /** Routes are open only while Routed, so other orders need no query. */
  #routes(record: WorkOrderRecord): RouteRow[] {
    return record.status === 'routed' ? workOrderRepository(this.context).routes(record.id) : [];
  }

  #person(providerId: number) {
    const profile = this.#provider(providerId);
    return { id: providerId, first_name: profile?.first_name ?? null, last_name: profile?.last_name ?? null, thumbnail: profile?.thumbnail ?? null };
  }

  #location(record: WorkOrderRecord, timeZone: string) {
    const location = record.data.fields.location;
    if (!location) return null;
    const { name = null, address1 = null, address2 = null, city = null, state = null, zip = null, country = null } = this.#address(record) ?? {};
    // The SDK's `Location.coordinates` and `StoredLocation.geo`: the same point, null where none is known.
    const point = locate(this.#address(record)) ?? null;
    const address = { address1, address2, city, state, zip, country, coordinates: point, time_zone: { name: timeZone } };
    if (location.mode === 'custom') return { mode: 'custom', ...address };
    return { mode: 'saved', id: location.id, ...address, saved_location: { id: location.id, name, address1, address2, city, state, zip, country, geo: point, time_zone: { name: timeZone } } };
  }

  #schedule(record: WorkOrderRecord, timeZone: string) {
    const window = record.data.fields.schedule?.service_window;
    if (!window) return null;
    const moment = (utc: string) => timestampAt(parseUtc(utc), timeZone);
    return {
      service_window: { mode: window.mode, start: moment(window.start.utc), ...(window.mode === 'exact' ? {} : { end: moment(window.end.utc) }) },
      time_zone: { name: timeZone },
      correlation_id: this.correlationId,
    };
  }

  /**
   * A work order in a list: the keys a list shows, shaped as in the full order. A page of 100
   * full orders would be a quarter of a megabyte; GET one answers every key.
   */
  listItem(record: WorkOrderRecord): WorkOrder {
    const client = record.data.fields.client;
    const summary = client ? { id: client.id, client_id: client.id, name: this.#client(record.companyId, client.id)?.name ?? null } : null;
    return this.#listKeys(record, this.#timeZone(record), this.#routes(record), summary);
  }

  #listKeys(record: WorkOrderRecord, timeZone: string, routes: RouteRow[], client: Client | null) {
    const fields = record.data.fields;
    const primaryTypeId = primaryTypeOfWorkId(fields);
    return {
      id: record.id,
      work_order_id: record.id,
      title: fields.title,
      status: this.status(record, routes.length),
      type_of_work: primaryTypeId === null ? null : { id: primaryTypeId, name: typeOfWorkById(primaryTypeId)?.name ?? null },
      types_of_work: typesOfWorkOf(record).map(({ id, isPrimary }) => ({ id, name: typeOfWorkById(id)?.name ?? null, isPrimary })),
      client,
      project: fields.project ? this.#project(record.companyId, fields.project.id) : null,
      manager: fields.manager ? this.#manager(record.companyId, fields.manager.id) : null,
      location: this.#location(record, timeZone),
      schedule: this.#schedule(record, timeZone),
      pay: fields.pay ? { ...fields.pay, correlation_id: this.correlationId } : null,
      assignee: record.assigneeId === null ? null : { user: this.#person(record.assigneeId), work_order_id: record.id, actions: assigneeActions(record) },
      integration: fields.integration ?? null,
      auto_dispatch: fields.auto_dispatch ?? false,
      // In list items too (ours): with the flag, they say whether auto-dispatch can take the order.
      service_types: namedServiceTypes(record, fields.service_types ?? fields.service_types_new),
      service_types_new: namedServiceTypes(record, fields.service_types_new ?? fields.service_types),
      // Lists show tags, and a client that compares list items sees a tag change.
      tags: appliedTagsOf(this.context, record, this.correlationId),
      // In list items too: the technician's arrival is list information, and its changes show.
      eta: presentEta(this.context, record, record.assigneeId === null ? null : this.#person(record.assigneeId)),
      actions: actionsFor(record, this.#taggable(record.companyId).has(record.status)),
      correlation_id: this.correlationId,
      href: `${this.context.origin}/workorders/${record.id}`,
    } satisfies WorkOrder;
  }

  workOrder(record: WorkOrderRecord): WorkOrder {
    const fields = record.data.fields;
    const timeZone = this.#timeZone(record);
    const routes = this.#routes(record);
    const side = providerSideOf(this.context, record);
    const client = fields.client ? this.#client(record.companyId, fields.client.id) : undefined;
    // The order carries its client without the client's projects: it names its own project.
    const fullClient = fields.client ? { ...client, projects: undefined, id: fields.client.id, client_id: fields.client.id } : null;
    // The shared keys are spread last: V8 makes an object spread first and extended after very slowly.
    return {
      require_gps: fields.require_gps ?? false,
      incident_id: fields.incident_id ?? null,
      site_revisit: fields.site_revisit ?? null,
      team: fields.team ?? null,
      custom_fields: fields.custom_fields ?? null,
      contacts: fields.contacts ?? null,
      description: fields.description ?? null,
      confidential: fields.confidential ?? null,
      tasks: fields.tasks ?? null,
      // The same answers as the sub-resource routes give.
      shipments: side.shipments,
      messages: side.messages,
      problems: problemsOf(this.context, record, this.correlationId),
      attachments: attachmentFolderList(this.context, record.id, timeZone, this.correlationId),
      time_logs: side.time_logs,
      networks: [],
      signatures: null,
      publish_stats: null,
      requests: side.requests,
      allow_counter_offers: true,
      is_user_declined: false,
      routes: {
        metadata: { total: routes.length, page: 1, pages: routes.length > 0 ? 1 : 0, per_page: routes.length },
        results: routes.map((route) => ({ technician: this.#person(route.provider_id), created: timestampAt(route.created_at, timeZone), assigned: false, declined: false })),
      },
      qualifications: null,
      ratings: null,
      bundle: null,
      auto_dispatch_stats: null,
      conflicts: [],
      holds: null,
      company: this.#company(record.companyId),
      w2: false,
      import_id: null,
      printable: true,
      swaps: side.swaps,
      // A client's own policies and instructions replace the company's on its orders (spec, Client).
      policy_and_procedures: client?.policy_procedure ?? null,
      standard_instructions: client?.standard_instruction ?? null,
      progress: null,
      role: { role: 'buyer' },
      workflow_completion: null,
      closing_notes: null,
      tasks_enabled: fields.tasks !== undefined,
      workflow_publish_or_route: null,
      // Ours: what the buyer sent when cancelling; the spec shows the key without a shape.
      workflow_cancel: record.data.cancellation ?? null,
      ...this.#listKeys(record, timeZone, routes, fullClient),
      // After the list keys: the list shows the pay as stored, one order shows labor and totals.
      pay: payOf(this.context, record, this.correlationId),
    } satisfies Record<WorkOrderKey, unknown>;
  }
}

/** A presenter for one answer, with its own correlation id. */
export const presenterFor = (context: MarketplaceContext) => new WorkOrderPresenter(context, randomUUID());
