// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { WorkOrder } from '../../../src-shared/api/work-order';
import type { WorkOrderDetail as Detail } from '../../../src-shared/ipc/channels';
import WorkOrderDetail from '../../../src-renderer/views/work-order-detail/WorkOrderDetail.svelte';
import { api, receipt, workOrderDetail } from '../support/fake-api';
import { renderView } from '../support/frame';
import { orderIn } from '../support/orders';
import { screen, user, waitFor, within } from '../support/render';

vi.mock('../../../src-renderer/lib/api', () => import('../support/fake-api'));

const ASSIGNED = { id: 3, name: 'Assigned' };
const MESSAGES = { results: [{ msg_id: 900, message: 'On site at 9, gate code please', from: { id: 501, name: 'Ana Reyes' } }] };
const FOLDERS = { results: [{ id: 41, name: 'Documents', type: 'document', actions: ['upload'] }, { id: 42, name: 'Deliverables', type: 'slot', actions: ['upload'] }] };
const EXPENSES = [
  { id: 71, description: 'Parking', quantity: 1, amount: 12, status: 'new' },
  { id: 72, description: 'Ladder rental', quantity: 1, amount: 48.5, status: 'approved' },
];

/** The order open in the detail, its parts from the cache, and one section of it. */
async function section(name: string, order: WorkOrder, patch: Partial<Detail> = {}) {
  api.answer('workorders:detail', () => workOrderDetail(order, { partsFetchedAt: 1, ...patch }));
  api.answer('workorders:refresh', () => workOrderDetail(order, { partsFetchedAt: 1, ...patch }));
  renderView(WorkOrderDetail, { id: order.id, onclose: () => {} });
  return screen.findByRole('region', { name });
}

describe('WorkOrderDetail: messages, expenses and attachments', () => {
  beforeEach(() => api.reset());

  it('says the description, contacts and tasks are not in the offline copy while it holds only the list item', async () => {
    const order = orderIn(10043, ASSIGNED, { title: 'Listed only' });
    const overview = await section('Overview', order, { complete: false });
    expect(await within(overview).findByText('The description is not in the offline copy yet.')).toBeTruthy();
    expect(within(overview).getAllByText('Not in the offline copy yet')).toHaveLength(3);
    expect(within(overview).queryByText('None')).toBeNull();
  });

  it('says “None” once the full answer is cached and has none', async () => {
    const overview = await section('Overview', orderIn(10044, ASSIGNED, { title: 'Full answer' }));
    expect(within(overview).getAllByText('None')).toHaveLength(3);
    expect(within(overview).getByText('No description.')).toBeTruthy();
  });

  it('shows the thread and sends a message with Ctrl+Enter, queued for the order', async () => {
    const person = user();
    api.answer('messages:send', () => receipt(1));
    const messages = await section('Messages', orderIn(10040, ASSIGNED, { messages: MESSAGES } as Partial<WorkOrder>));
    expect(within(messages).getByRole('list', { name: 'Message thread' }).textContent).toContain('On site at 9, gate code please');

    const field = within(messages).getByRole('textbox', { name: 'Message' });
    await person.click(field);
    await person.keyboard('Gate code is 4411{Control>}{Enter}{/Control}');
    await waitFor(() => expect(api.inputsOf('messages:send')).toEqual([{ workOrderId: 10040, message: 'Gate code is 4411' }]));
    await waitFor(() => expect((field as HTMLTextAreaElement).value).toBe(''));
  });

  it('replies to a message from its Reply button, and refuses an empty message without a call', async () => {
    const person = user();
    api.answer('messages:send', () => receipt(2));
    const messages = await section('Messages', orderIn(10041, ASSIGNED, { messages: MESSAGES } as Partial<WorkOrder>));
    await person.click(within(messages).getByRole('button', { name: 'Send' }));
    expect(within(messages).getByText(/Write a message first/)).toBeTruthy();
    expect(api.count('messages:send')).toBe(0);

    await person.click(within(messages).getByRole('button', { name: /^Reply to / }));
    const reply = within(messages).getByRole('textbox', { name: /^Reply to / });
    expect(document.activeElement).toBe(reply);
    await person.keyboard('4411');
    await person.click(within(messages).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(api.inputsOf('messages:send')).toEqual([{ workOrderId: 10041, message: '4411', parentId: 900 }]));
  });

  it('lists the expenses with their totals and approves one from its row', async () => {
    const person = user();
    api.answer('expenses:approve', () => receipt(3));
    const expenses = await section('Expenses', orderIn(10050, { id: 4, name: 'Work Done' }), { expenses: EXPENSES });
    const table = within(expenses).getByRole('table');
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(within(expenses).getByLabelText('Expense totals').textContent).toMatch(/All\s*\$60\.50/);
    expect(within(expenses).queryByRole('button', { name: 'Approve Ladder rental' })).toBeNull();

    within(expenses).getByRole('button', { name: 'Approve Parking' }).focus();
    await person.keyboard('{Enter}');
    await waitFor(() => expect(api.inputsOf('expenses:approve')).toEqual([{ workOrderId: 10050, expenseId: 71 }]));
  });

  it('disapproves an expense through its dialog, with the reason typed', async () => {
    const person = user();
    api.answer('expenses:disapprove', () => receipt(4));
    const expenses = await section('Expenses', orderIn(10051, { id: 4, name: 'Work Done' }), { expenses: EXPENSES });
    await person.click(within(expenses).getByRole('button', { name: 'Disapprove Parking' }));
    const dialog = await screen.findByRole('dialog', { name: 'Disapprove this expense?' });
    await person.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Not on the agreed list');
    await person.click(within(dialog).getByRole('button', { name: 'Disapprove' }));
    await waitFor(() => expect(api.inputsOf('expenses:disapprove')).toEqual([{ workOrderId: 10051, expenseId: 71, reason: 'Not on the agreed list' }]));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('offers no expense changes once the order is approved', async () => {
    const expenses = await section('Expenses', orderIn(10052, { id: 5, name: 'Approved' }), { expenses: EXPENSES });
    expect(within(expenses).queryByRole('button', { name: 'Add expense' })).toBeNull();
    expect(within(expenses).queryByRole('button', { name: /^(Approve|Edit|Delete) / })).toBeNull();
  });

  it('shows the folders and uploads a picked file into one, from its keyboard button (desktop)', async () => {
    const person = user();
    api.desktop = true;
    api.answer('attachments:upload-file', () => receipt(5));
    const attachments = await section('Attachments', orderIn(10060, ASSIGNED, { attachments: FOLDERS } as Partial<WorkOrder>));
    const folder = within(attachments).getByRole('region', { name: 'Folder Deliverables' });
    expect(within(folder).getByText('No files.')).toBeTruthy();

    within(folder).getByRole('button', { name: 'Add files to Deliverables…' }).focus();
    await person.keyboard('{Enter}');
    await person.upload(within(folder).getByLabelText('Files for Deliverables'), new File(['%PDF'], 'signoff.pdf', { type: 'application/pdf' }));
    await waitFor(() => expect(api.inputsOf('attachments:upload-file')).toEqual([{ workOrderId: 10060, folderId: 42, path: '/fake-disk/signoff.pdf' }]));
    expect(await within(folder).findByText(/signoff\.pdf/)).toBeTruthy();
  });

  it('names the folders its parts’ pull stored while the copy holds only the list item, offering no upload', async () => {
    const photo = { id: 91, folder_id: 42, file: { name: 'rack.jpg' }, status: 'pending' };
    const attachments = await section('Attachments', orderIn(10061, ASSIGNED), { complete: false, folders: FOLDERS.results as Detail['folders'], attachments: [photo] as Detail['attachments'] });
    const folder = within(attachments).getByRole('region', { name: 'Folder Deliverables' });
    expect(within(folder).getByText(/rack\.jpg/)).toBeTruthy();
    expect(within(attachments).queryByRole('region', { name: 'Folder 42' })).toBeNull();
    expect(within(attachments).queryByRole('button', { name: /^Add files to/ })).toBeNull();
  });
});
