import { describe, expect, it } from 'vitest';
import { STATUS_SLUGS } from '../../src-shared/api/status';
import { simulated } from './provider-fixtures';
import { testMarketplace, type TestMarketplace } from './support';
import { createOrder, recordEvents, transition } from './work-orders-fixtures';

// One order from the buyer's create to its payment, with the provider side simulated: requests,
// assignment of a requester, the provider's progress on site, a deliverable and its review. The
// status (id, name, display, sub-status) and the milestones are checked at every step.

const PAY_DELAY_SECONDS = 600;
const HOUR = 3600;

interface Expected {
  id: number;
  name: string;
  display: string;
  subStatus: string;
  milestones: string[];
}

async function expectState(rest: TestMarketplace['rest'], workOrderId: number, step: string, expected: Expected): Promise<void> {
  const status = (await rest('GET', `workorders/${workOrderId}/status`)).body;
  expect(status, step).toMatchObject({ id: expected.id, name: expected.name, display: expected.display, sub_status: expected.subStatus });
  const milestones = (await rest('GET', `workorders/${workOrderId}/milestones`)).body;
  expect(STATUS_SLUGS.filter((slug) => milestones[slug] !== null), step).toEqual(expected.milestones);
}

describe('a provider’s journey through one order', () => {
  it('goes from create to paid, with a simulated requester assigned, on site, delivering and completing', async () => {
    const { rest, marketplace } = await testMarketplace({ payDelaySeconds: PAY_DELAY_SECONDS, tokenLifetimeSeconds: 30 * 24 * HOUR });
    const events = recordEvents(marketplace);
    const advance = (seconds: number) => marketplace.context.clock.advance(seconds);

    const id = await createOrder(rest);
    await expectState(rest, id, 'create', { id: 1, name: 'Draft', display: 'Draft', subStatus: '', milestones: ['created'] });

    advance(HOUR);
    await transition(rest, 'POST', id, '/publish');
    const published = { id: 2, name: 'Published', display: 'Published', subStatus: '', milestones: ['created', 'published'] };
    await expectState(rest, id, 'publish', published);

    // Three providers answer: two requests and a counter-offer.
    advance(HOUR);
    const request = await simulated(marketplace, 'request', { work_order_id: id, provider_id: 3011, notes: 'Available that morning' });
    await simulated(marketplace, 'request', { work_order_id: id, provider_id: 3012 });
    await simulated(marketplace, 'request', { work_order_id: id, provider_id: 3013, counter: { pay: { type: 'fixed', base: { amount: 300 } }, notes: 'Two lanes take longer' } });
    await expectState(rest, id, 'requests', published);
    const pending = (await rest('GET', `workorders/${id}/providers?view=list&sticky=1&list=find_providers_pending_assignment`)).body;
    expect(pending.results.map((provider: { id: number; request: { id: number } }) => [provider.id, provider.request.id])).toEqual([
      [3011, request.id],
      [3012, request.id + 1],
      [3013, request.id + 2],
    ]);

    // The buyer assigns the first requester: the request closes, the others become inactive.
    advance(HOUR);
    const assigned = await transition(rest, 'POST', id, '/assignee', { assignee: 3011 });
    expect(assigned.assignee.user.id).toBe(3011);
    const milestonesAssigned = ['created', 'published', 'assigned'];
    await expectState(rest, id, 'assign', { id: 3, name: 'Assigned', display: 'Assigned', subStatus: '', milestones: milestonesAssigned });
    const requests = (await rest('GET', `workorders/${id}/requests`)).body.results;
    expect(requests.map((one: { user: { id: number }; active: boolean }) => [one.user.id, one.active])).toEqual([
      [3011, false],
      [3012, false],
      [3013, false],
    ]);
    expect((await rest('GET', `workorders/${id}/providers?list=find_providers_pending_assignment`)).body.results).toEqual([]);
    expect((await rest('GET', `workorders/${id}/milestones`)).body.time_to_dispatch).toBe(2 * HOUR);

    advance(HOUR);
    await simulated(marketplace, 'confirm', { work_order_id: id, provider_id: 3011 });
    await expectState(rest, id, 'confirm', { id: 3, name: 'Assigned', display: 'Assigned: Confirmed', subStatus: 'confirmed', milestones: milestonesAssigned });
    expect((await rest('GET', `workorders/${id}/status`)).body.confirmed).toBe(true);

    advance(HOUR);
    await simulated(marketplace, 'check-in', { work_order_id: id, provider_id: 3011 });
    const checkedIn = { id: 3, name: 'Assigned', display: 'Assigned: Checked in', subStatus: 'checked_in', milestones: milestonesAssigned };
    await expectState(rest, id, 'check in', checkedIn);

    // A deliverable, and the buyer's approval of it; the order's status does not move.
    advance(HOUR);
    const deliverable = await simulated(marketplace, 'upload', { work_order_id: id, provider_id: 3011, name: 'lanes-1-2.txt', content: 'Both terminals print test receipts.' });
    const folders = (await rest('GET', `workorders/${id}/attachments`)).body.results;
    const slot = folders.find((folder: { type: string }) => folder.type === 'slot');
    expect(slot.results).toEqual([expect.objectContaining({ id: deliverable.id, status: 'pending', author: expect.objectContaining({ id: 3011 }) })]);
    const review = await rest('PUT', `workorders/${id}/attachments/${slot.id}/${deliverable.id}`, { status: 'approved' });
    expect(review.status, JSON.stringify(review.body)).toBe(200);
    expect(review.body.results).toEqual([expect.objectContaining({ id: deliverable.id, status: 'approved', reviewer: expect.objectContaining({ id: 2001 }) })]);
    await expectState(rest, id, 'deliverable approved', checkedIn);

    advance(HOUR);
    await simulated(marketplace, 'complete', { work_order_id: id, provider_id: 3011 });
    const milestonesDone = [...milestonesAssigned, 'workdone'];
    await expectState(rest, id, 'complete', { id: 4, name: 'Work Done', display: 'Work Done', subStatus: '', milestones: milestonesDone });
    expect((await rest('GET', `workorders/${id}/milestones`)).body.time_to_work_done).toBe(4 * HOUR);
    // Completing ended the time log the check-in opened: two hours on site.
    expect((await rest('GET', `workorders/${id}/time_logs`)).body).toMatchObject({ hours: 2, results: [{ hours: 2 }] });

    advance(HOUR);
    await transition(rest, 'POST', id, '/approve');
    const milestonesApproved = [...milestonesDone, 'approved'];
    await expectState(rest, id, 'approve', { id: 5, name: 'Approved', display: 'Approved', subStatus: '', milestones: milestonesApproved });

    advance(PAY_DELAY_SECONDS - 1);
    await expectState(rest, id, 'before the pay delay', { id: 5, name: 'Approved', display: 'Approved', subStatus: '', milestones: milestonesApproved });
    advance(1);
    await expectState(rest, id, 'paid', { id: 6, name: 'Paid', display: 'Paid', subStatus: '', milestones: [...milestonesApproved, 'paid'] });

    expect(events.map((event) => [event.name, event.triggeredByUserId])).toEqual([
      ['workorder.created', 2001],
      ['workorder.status.published', 2001],
      ['workorder.requested', 3011],
      ['workorder.requested', 3012],
      ['workorder.requested', 3013],
      ['workorder.status.assigned', 2001],
      ['workorder.status.confirmed', 3011],
      ['workorder.status.checked_in', 3011],
      ['workorder.provider_upload', 3011],
      ['workorder.status.work_done', 3011],
      ['workorder.status.approved', 2001],
      ['workorder.status.paid', 2001],
    ]);
  });
});
