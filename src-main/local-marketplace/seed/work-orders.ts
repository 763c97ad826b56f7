import type { PayInput } from '../../../src-shared/api/pay';
import type { TypeOfWorkId } from '../../../src-shared/api/reference-data';
import type { StatusSlug, SubStatus } from '../../../src-shared/api/status';
import type { WorkOrderCreateBody } from '../../../src-shared/api/work-order-requests';
import { timeOnSite } from '../../../src-shared/domain/time-on-site';
import type { MarketplaceContext } from '../context';
import { locate } from '../domain/site-geography';
import { savedLocation } from '../domain/locations';
import { addressOf, type AddressSnapshot, type WorkOrderData } from '../domain/work-order-record';
import { workOrderRepository } from '../domain/work-order-repository';
import { apiTimestamp } from '../http/timestamp';
import { NearbyAssignees } from './nearby-assignees';

// About forty orders of the demo company in every status, with a history that fits: each
// milestone follows the one before, work is done after its schedule, routes are open only on
// routed orders, approved orders wait for their payment. Orders are worked by providers based near
// their sites (nearby-assignees.ts), and the ready open orders at saved locations are set for
// auto-dispatch. Same input, same orders.

interface Job {
  title: string;
  html: string;
  typeOfWork: TypeOfWorkId;
  serviceType?: number;
  pay: PayInput;
}

const fixed = (amount: number): PayInput => ({ type: 'fixed', base: { amount } });
const hourly = (amount: number, hours: number): PayInput => ({ type: 'hourly', base: { amount, units: hours } });

const JOBS: readonly Job[] = [
  { title: 'POS terminal install, 3 lanes', typeOfWork: 62, serviceType: 61, pay: fixed(240), html: '<p>Install and test three POS terminals with receipt printers and cash drawers at the front lanes.</p>' },
  { title: 'Network troubleshooting: intermittent Wi-Fi drops', typeOfWork: 4, serviceType: 11, pay: hourly(65, 3), html: '<p>Guests lose Wi-Fi every afternoon. Survey the access points, check the controller logs, fix what you can.</p>' },
  { title: 'Receipt printer repair', typeOfWork: 54, serviceType: 29, pay: fixed(120), html: '<p>Thermal receipt printer at lane 2 feeds blank paper. Replace the print head (part on site).</p>' },
  { title: 'CCTV install, 8 cameras and NVR', typeOfWork: 65, serviceType: 76, pay: fixed(480), html: '<p>Mount eight PoE cameras, run cable to the back office and configure the NVR with 30 days of retention.</p>' },
  { title: 'Replace failed wireless access point', typeOfWork: 4, serviceType: 12, pay: fixed(150), html: '<p>Swap the dead ceiling access point in the stockroom and adopt the new one on the controller.</p>' },
  { title: 'Digital menu board install', typeOfWork: 71, serviceType: 107, pay: fixed(360), html: '<p>Hang four 55" displays above the counter, install the media players and confirm the playlist loads.</p>' },
  { title: 'Server room site survey', typeOfWork: 66, serviceType: 85, pay: hourly(80, 2), html: '<p>Photograph the rack, power and cooling; list every device with its make, model and serial number.</p>' },
  { title: 'VoIP handset rollout, 12 phones', typeOfWork: 3, serviceType: 5, pay: fixed(300), html: '<p>Unbox, provision and place twelve desk phones; test inbound and outbound calls from each.</p>' },
  { title: 'ATM cash dispenser troubleshooting', typeOfWork: 63, serviceType: 67, pay: hourly(90, 2), html: '<p>The ATM reports cassette errors after every refill. Diagnose and clear; escalate if a part is needed.</p>' },
  { title: 'Structured cabling, 24 drops', typeOfWork: 67, serviceType: 86, pay: fixed(1200), html: '<p>Run, terminate and certify 24 Cat6 drops to the new patch panel. Label both ends.</p>' },
  { title: 'Kiosk touchscreen replacement', typeOfWork: 64, serviceType: 73, pay: fixed(175), html: '<p>Replace the cracked touchscreen of the self-order kiosk by the entrance and calibrate it.</p>' },
  { title: 'Laptop imaging, 15 units', typeOfWork: 61, serviceType: 58, pay: hourly(55, 5), html: '<p>Image fifteen laptops from the USB key provided, join them to the domain and asset-tag them.</p>' },
  { title: 'Thermostat troubleshooting', typeOfWork: 8, serviceType: 16, pay: fixed(140), html: '<p>The sales floor runs 5 degrees warm. Check the thermostat wiring and schedule, recalibrate.</p>' },
  { title: 'Fiber splice, MDF to IDF', typeOfWork: 69, serviceType: 100, pay: fixed(650), html: '<p>Fusion-splice the 12-strand riser between the MDF and the second-floor IDF; provide OTDR results.</p>' },
  { title: 'Alarm panel removal', typeOfWork: 65, serviceType: 79, pay: fixed(110), html: '<p>Remove the old alarm panel and keypads, cap the wires and patch the wall.</p>' },
  { title: 'Endcap merchandising reset', typeOfWork: 75, pay: hourly(35, 6), html: '<p>Reset six endcaps to the attached planogram and photograph each one when done.</p>' },
  { title: 'Printer fleet site survey', typeOfWork: 54, serviceType: 31, pay: hourly(60, 2), html: '<p>Record model, meter reading and condition of every printer and copier on the floor.</p>' },
  { title: 'POS removal, store closing', typeOfWork: 62, serviceType: 64, pay: fixed(200), html: '<p>Remove and pack all POS equipment for return shipping; labels are on site.</p>' },
  { title: 'Core switch replacement', typeOfWork: 4, serviceType: 10, pay: fixed(420), html: '<p>Replace the core switch with the preconfigured unit, move the uplinks and confirm every VLAN.</p>' },
  { title: 'Desktop setup, new hire workstations', typeOfWork: 61, serviceType: 60, pay: hourly(50, 4), html: '<p>Set up four desktops with dual monitors, docking stations and the standard software image.</p>' },
];

const ADDRESSES = [
  { address1: '233 S Wacker Dr', city: 'Chicago', state: 'IL', zip: '60606', country: 'US' },
  { address1: '500 E 6th St', city: 'Austin', state: 'TX', zip: '78701', country: 'US' },
  { address1: '1600 Champa St', city: 'Denver', state: 'CO', zip: '80202', country: 'US' },
  { address1: '1001 Fannin St', city: 'Houston', state: 'TX', zip: '77002', country: 'US' },
  { address1: '191 Peachtree St NE', city: 'Atlanta', state: 'GA', zip: '30303', country: 'US' },
  { address1: '2 N Central Ave', city: 'Phoenix', state: 'AZ', zip: '85004', country: 'US' },
  { address1: '100 Federal St', city: 'Boston', state: 'MA', zip: '02110', country: 'US' },
  { address1: '1 Campus Martius', city: 'Detroit', state: 'MI', zip: '48226', country: 'US' },
] as const;

/** Final status of each order, in id order; assigned ones carry the provider's progress. */
const PLAN: readonly (StatusSlug | [StatusSlug, SubStatus | ''])[] = [
  'created', 'created', 'created', 'created', 'created', 'created',
  'published', 'published', 'published', 'published', 'published', 'published', 'published',
  'routed', 'routed', 'routed', 'routed',
  ['assigned', ''], ['assigned', 'confirmed'], ['assigned', 'on_my_way'], ['assigned', 'checked_in'], ['assigned', 'checked_out'],
  ['assigned', 'at_risk'], ['assigned', 'delayed'], ['assigned', 'on_hold'], ['assigned', 'confirmed'],
  'workdone', 'workdone', 'workdone', 'workdone',
  'approved', 'approved', 'approved',
  'paid', 'paid', 'paid', 'paid',
  'canceled', 'canceled', 'canceled',
];

const COMPANY_ID = 1001;
const FIRST_ID = 10001;
const PROVIDER_IDS = Array.from({ length: 20 }, (_, offset) => 3001 + offset);
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** When the work is scheduled, from now: open work ahead, finished work behind. */
function scheduleOffset(status: StatusSlug, index: number): number {
  const spread = (index % 5) * DAY + (index % 3) * 3 * HOUR;
  if (status === 'created' || status === 'published' || status === 'routed') return 2 * DAY + spread;
  if (status === 'assigned') return -6 * HOUR + (index % 4) * DAY;
  if (status === 'workdone') return -DAY - spread;
  if (status === 'canceled') return DAY + spread;
  return -8 * DAY - 2 * spread;
}

const DONE: readonly StatusSlug[] = ['workdone', 'approved', 'paid'];

/** The states each order went through, and when, ending in its status. */
function history(status: StatusSlug, index: number, start: number, now: number, payDelayMs: number): Partial<Record<StatusSlug, number>> {
  const created = Math.min(start, now) - 5 * DAY - (index % 4) * DAY;
  const routedFromDraft = status === 'routed' && index % 2 === 1;
  const viaRoute = status === 'routed' || (status === 'assigned' && index % 2 === 0);
  const reachedAssigned = status === 'assigned' || DONE.includes(status);
  return {
    created,
    ...(status === 'created' || routedFromDraft ? {} : { published: created + 2 * HOUR }),
    ...(viaRoute ? { routed: created + 5 * HOUR } : {}),
    ...(reachedAssigned ? { assigned: created + DAY } : {}),
    ...(DONE.includes(status) ? { workdone: start + 3 * HOUR } : {}),
    ...(status === 'approved' || status === 'paid' ? { approved: start + DAY } : {}),
    ...(status === 'paid' ? { paid: start + DAY + payDelayMs } : {}),
    ...(status === 'canceled' ? { canceled: created + DAY } : {}),
  };
}

const pick = <Item>(items: readonly Item[], index: number): Item => items[index % items.length] as Item;

function fieldsFor(context: MarketplaceContext, index: number, status: StatusSlug, start: number): { fields: WorkOrderCreateBody; savedAddress?: AddressSnapshot } {
  const job = pick(JOBS, index);
  const savedLocationId = index % 2 === 0 ? 701 + (index % 8) : undefined;
  const saved = savedLocationId === undefined ? undefined : savedLocation(context, COMPANY_ID, savedLocationId);
  const clientId = index % 4 === 3 ? undefined : 501 + (index % 3);
  // The first drafts are bare, as drafts often are; every other order is ready to publish.
  const bare = status === 'created' && index < 2;
  const open = status === 'created' || status === 'published' || status === 'routed';
  const autoDispatch = open && !bare && savedLocationId !== undefined && job.serviceType !== undefined;
  const fields: WorkOrderCreateBody = {
    title: job.title,
    description: { html: job.html },
    types_of_work: [{ id: job.typeOfWork, isPrimary: true }],
    ...(job.serviceType === undefined ? {} : { service_types: [{ id: job.serviceType }] }),
    manager: { id: 2001 + (index % 3) },
    // Clients 501-503 have projects 601-603, 604-606 and 607-609.
    ...(clientId === undefined ? {} : { client: { id: clientId }, project: { id: 601 + (clientId - 501) * 3 + (index % 3) } }),
    ...(bare
      ? {}
      : {
          location: savedLocationId === undefined ? { mode: 'custom', ...pick(ADDRESSES, index) } : { mode: 'saved', id: savedLocationId },
          schedule: { service_window: { mode: 'exact', start: { utc: apiTimestamp(start).utc } } },
          pay: job.pay,
        }),
    ...(index % 5 === 4 ? { integration: { id: `NW-${FIRST_ID + index}`, name: 'REST' } } : {}),
    ...(autoDispatch ? { auto_dispatch: true } : {}),
  };
  if (!saved) return { fields };
  const { name, address1, address2, city, state, zip, country } = saved;
  return { fields, savedAddress: { name, address1, address2, city, state, zip, country } };
}

/** Seeds the demo company's work orders; call it after the providers, clients and saved locations. */
export function seedWorkOrders(context: MarketplaceContext): void {
  const repository = workOrderRepository(context);
  const now = context.clock.now();
  const assignees = new NearbyAssignees();
  PLAN.forEach((entry, index) => {
    const [status, subStatus] = typeof entry === 'string' ? [entry, '' as const] : entry;
    const start = now + scheduleOffset(status, index);
    const milestones = history(status, index, start, now, context.options.payDelaySeconds * 1000);
    const times = Object.values(milestones);
    const data: WorkOrderData = {
      ...fieldsFor(context, index, status, start),
      milestones,
      confirmed: status === 'assigned' ? subStatus !== '' && subStatus !== 'at_risk' : DONE.includes(status),
      delay: subStatus === 'delayed' ? 1800 : 0,
      ...(status === 'routed' ? { routedFrom: milestones.published === undefined ? ('created' as const) : ('published' as const) } : {}),
      ...(status === 'canceled' ? { cancellation: { cancel_reason: 1, notes: 'The store asked to postpone the visit' } } : {}),
    };
    const assigneeId = milestones.assigned === undefined ? null : assignees.choose(locate(addressOf({ data })), status === 'assigned' ? timeOnSite(data.fields) : undefined);
    const id = repository.insert({
      id: FIRST_ID + index,
      companyId: COMPANY_ID,
      status,
      subStatus,
      createdAt: Math.min(...times),
      updatedAt: Math.max(...times),
      assigneeId,
      data,
    });
    // Routes are offers, not work: they go round the providers whatever the distance.
    if (milestones.routed !== undefined && status === 'routed') {
      repository.addRoute(id, pick(PROVIDER_IDS, index), milestones.routed);
      if (index % 2 === 0) repository.addRoute(id, pick(PROVIDER_IDS, index + 7), milestones.routed + HOUR);
    }
    // Approved orders are paid a day of marketplace time after the seed, so the demo shows some.
    if (status === 'approved') context.scheduler.schedule('workorder.pay', now + DAY, { workOrderId: id });
  });
}
