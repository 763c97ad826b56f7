// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Deliverable, DeliverablesFilter } from '../../../src-shared/ipc/deliverables';
import { orderRequest } from '../../../src-renderer/state/palette.svelte';
import DeliverablesView from '../../../src-renderer/views/deliverables/DeliverablesView.svelte';
import { api, receipt } from '../support/fake-api';
import { renderView } from '../support/frame';
import { screen, user, waitFor, within } from '../support/render';

vi.mock('../../../src-renderer/lib/api', () => import('../support/fake-api'));

const deliverable = (workOrderId: number, id: number, name: string, client = { id: 1, name: 'Acme' }): Deliverable => ({
  workOrderId,
  attachment: { id, folder_id: 42, file: { name }, status: 'new' },
  order: { id: workOrderId, title: `Order ${workOrderId}`, status: 'Work Done', site: 'Austin, TX', provider: { id: 501, name: 'Ana Reyes' }, client, typeOfWork: null, standardInstructions: null },
  folder: { id: 42, name: 'Deliverables', minFiles: 2, uploaded: 2, approved: 0, denied: 0 },
});

/** Main's queue: a review takes the file out of it, as the outbox's optimistic change does. */
let waiting: Deliverable[] = [];
function mainQueue(items: Deliverable[]) {
  waiting = items;
  api.answer('deliverables:list', ({ clientId }: DeliverablesFilter) => {
    const items = waiting.filter((item) => clientId === undefined || item.order.client?.id === clientId);
    return { items, total: waiting.length, options: { clients: [{ id: 1, name: 'Acme', count: 2 }, { id: 2, name: 'Globex', count: 1 }], typesOfWork: [], orders: [] } };
  });
  api.answer('attachments:review', ({ attachmentId }) => {
    waiting = waiting.filter((item) => item.attachment.id !== attachmentId);
    queueMicrotask(() => api.emit('workorders:did-change', { ids: [10070] }));
    return receipt(attachmentId);
  });
}

/** The file under review: the first heading of the panes (the file's, then its order's). */
const current = () => screen.getAllByRole('heading', { level: 2 })[0]?.textContent;

describe('DeliverablesView', () => {
  beforeEach(() => {
    api.reset();
    mainQueue([deliverable(10070, 1, 'roof-before.jpg'), deliverable(10070, 2, 'roof-after.jpg'), deliverable(10071, 3, 'signoff.pdf', { id: 2, name: 'Globex' })]);
  });

  async function shown() {
    const person = user();
    renderView(DeliverablesView);
    await waitFor(() => expect(screen.getByRole('status').textContent).toMatch(/3 of 3 waiting for review/));
    return person;
  }

  it('lists the waiting files, newest first, the first one under review', async () => {
    await shown();
    const queue = screen.getByRole('list', { name: 'Deliverables waiting for review' });
    expect(within(queue).getAllByRole('button').map((row) => row.querySelector('.name')?.textContent)).toEqual(['roof-before.jpg', 'roof-after.jpg', 'signoff.pdf']);
    expect(within(queue).getByRole('button', { current: true }).textContent).toContain('roof-before.jpg');
    expect(current()).toBe('roof-before.jpg');
  });

  it('moves through the queue with j/k and the arrows', async () => {
    const person = await shown();
    await person.keyboard('j');
    expect(current()).toBe('roof-after.jpg');
    await person.keyboard('{ArrowDown}');
    expect(current()).toBe('signoff.pdf');
    await person.keyboard('k');
    expect(current()).toBe('roof-after.jpg');
  });

  it('approves with a: the review goes to main and the next file comes up', async () => {
    const person = await shown();
    await person.keyboard('a');
    await waitFor(() => expect(api.inputsOf('attachments:review')).toEqual([{ workOrderId: 10070, attachmentId: 1, status: 'approved' }]));
    await waitFor(() => expect(current()).toBe('roof-after.jpg'));
  });

  it('denies with d and a reason, Enter sends it; Escape leaves the form without a review', async () => {
    const person = await shown();
    await person.keyboard('d');
    const form = await screen.findByRole('form', { name: 'Deny the deliverable' });
    const reason = within(form).getByRole('textbox', { name: 'Reason the provider will see' });
    expect(document.activeElement).toBe(reason);
    await person.keyboard('{Escape}');
    expect(screen.queryByRole('form', { name: 'Deny the deliverable' })).toBeNull();
    expect(api.count('attachments:review')).toBe(0);

    await person.keyboard('d');
    await person.keyboard('Photo is blurry{Enter}');
    await waitFor(() => expect(api.inputsOf('attachments:review')).toEqual([{ workOrderId: 10070, attachmentId: 1, status: 'denied', reason: 'Photo is blurry' }]));
  });

  it('opens the file’s work order with o', async () => {
    const person = await shown();
    await person.keyboard('jo');
    expect(orderRequest.take()).toBe(10070);
  });

  it('filters the queue by client', async () => {
    const person = await shown();
    await person.selectOptions(screen.getByRole('combobox', { name: 'Client' }), 'Globex (1)');
    await waitFor(() => expect(current()).toBe('signoff.pdf'));
    expect(api.inputsOf('deliverables:list').at(-1)).toEqual({ clientId: 2 });
  });
});
