// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { BoardBlock, DispatchBoard, TrayOrder } from '../../../src-shared/ipc/dispatch';
import DispatchView from '../../../src-renderer/views/dispatch/DispatchView.svelte';
import { api, receipt } from '../support/fake-api';
import { orderIn } from '../support/orders';
import { renderView } from '../support/frame';
import { screen, user, waitFor, within } from '../support/render';

vi.mock('../../../src-renderer/lib/api', () => import('../support/fake-api'));

const HOUR = 3_600_000;
const soon = Math.ceil(Date.now() / HOUR) * HOUR + HOUR;

const block: BoardBlock = {
  id: 10018,
  providerId: 3001,
  title: 'POS removal',
  statusId: 3,
  statusName: 'Assigned',
  mode: 'exact',
  start: soon,
  end: soon + 2 * HOUR,
  timeZone: 'UTC',
  place: 'Austin, TX',
  client: 'Acme',
  attention: [],
  pending: false,
  refused: false,
};
// Its site in Austin; Luis Ramos is based in Round Rock, Grace Kim's home base is not known.
const tray: TrayOrder = { ...block, id: 10008, title: 'VoIP handset rollout', statusId: 2, statusName: 'Published', requests: 1, counterOffers: 0, routedTo: [], requestedBy: [3002], site: [30.2672, -97.7431] };

function board(): DispatchBoard {
  return {
    from: 0,
    to: 1,
    providers: [
      { id: 3001, name: 'Grace Kim', source: 'assigned', rating: 4.8, ordersDone: 3, busy: [], scheduleCheckedAt: null, home: null },
      { id: 3002, name: 'Luis Ramos', source: 'pool', rating: null, ordersDone: 0, busy: [], scheduleCheckedAt: null, home: [30.5083, -97.6789] },
    ],
    blocks: [block],
    tray: [tray],
  };
}

const live = () => document.querySelector('[aria-live="assertive"]')?.textContent ?? '';

describe('DispatchView', () => {
  beforeEach(() => {
    api.reset();
    api.answer('dispatch:board', () => board());
    api.answer('settings:get', () => ({ theme: 'system', undoSeconds: 10, notifications: true }));
  });

  async function shown() {
    const person = user();
    renderView(DispatchView);
    await waitFor(() => expect(screen.getByRole('button', { name: /^#10018 POS removal/ })).toBeTruthy());
    return person;
  }

  it('draws each provider with their orders, and the tray with its requests', async () => {
    await shown();
    const rows = within(screen.getByRole('list', { name: 'Providers' })).getAllByRole('listitem');
    expect(rows.map((row) => row.getAttribute('aria-label'))).toEqual(['Grace Kim', 'Luis Ramos']);
    expect(within(screen.getByRole('group', { name: "Grace Kim's orders" })).getByRole('button').getAttribute('aria-label')).toMatch(/^#10018 POS removal, Assigned, at /);
    expect(screen.getByRole('button', { name: /^#10008 VoIP handset rollout, Published, .*1 request$/ })).toBeTruthy();
  });

  it('lets the keyboard reach the timeline while the board loads, and only then', async () => {
    let answer: (value: DispatchBoard) => void = () => undefined;
    api.answer('dispatch:board', () => new Promise<DispatchBoard>((resolve) => (answer = resolve)));
    renderView(DispatchView);
    // Nothing drawn inside yet: the timeline itself takes the focus, named.
    const timeline = await screen.findByRole('region', { name: 'Timeline' });
    expect(timeline.tabIndex).toBe(0);
    answer(board());
    await waitFor(() => expect(screen.getByRole('button', { name: /^#10018 POS removal/ })).toBeTruthy());
    expect(screen.queryByRole('region', { name: 'Timeline' })).toBeNull();
  });

  it('opens the next day an hour before its earliest order once that day’s answer is drawn, not on the last day’s', async () => {
    const person = user();
    // Every answer is of the period asked; the next day's is held until the test lets it go.
    const held: ((value: DispatchBoard) => void)[] = [];
    api.answer('dispatch:board', ({ from, to }) => {
      if (held.length === 0 && from < soon) return { ...board(), from, to };
      return new Promise<DispatchBoard>((resolve) => held.push(resolve));
    });
    renderView(DispatchView);
    await waitFor(() => expect(screen.getByRole('button', { name: /^#10018 POS removal/ })).toBeTruthy());
    const scroller = screen.getByRole('list', { name: 'Providers' }).closest('.scroller') as HTMLElement;
    await person.click(screen.getByRole('button', { name: 'Later' }));
    await waitFor(() => expect(held).toHaveLength(1));
    const [{ from, to }] = api.inputsOf('dispatch:board').slice(-1) as [{ from: number; to: number }];
    // That day's earliest order starts at 10:00 (listed after one at 13:00): the day opens at 09:00.
    const later = { ...block, id: 10019, title: 'Later one', start: from + 13 * HOUR, end: from + 14 * HOUR };
    const earliest = { ...block, id: 10020, title: 'Earliest one', start: from + 10 * HOUR, end: from + 11 * HOUR };
    held[0]?.({ ...board(), from, to, blocks: [later, earliest] });
    await waitFor(() => expect(scroller.scrollLeft).toBe(9 * 64));
  });

  it('filters the tray like the list: the text and the client reach main', async () => {
    const person = await shown();
    await person.type(screen.getByRole('searchbox', { name: 'Filter orders that need a provider' }), 'voip');
    await waitFor(() => expect(api.inputsOf('dispatch:board').at(-1)).toMatchObject({ search: 'voip' }));
  });

  it('moves a block by keyboard: Enter picks it up, → steps 30 minutes on a day, Enter queues the reschedule', async () => {
    const person = await shown();
    api.answer('workorders:reschedule', () => receipt(1));
    screen.getByRole('button', { name: /^#10018 / }).focus();
    await person.keyboard('{Enter}');
    expect(live()).toMatch(/^Picked up #10018 POS removal\./);
    await person.keyboard('{ArrowRight}{ArrowRight}');
    expect(live()).toMatch(/^Over Grace Kim, starts /);
    await person.keyboard('{Enter}');
    await waitFor(() => expect(api.inputsOf('workorders:reschedule')).toHaveLength(1));
    const [input] = api.inputsOf('workorders:reschedule');
    expect(input).toEqual({ id: 10018, window: { mode: 'exact', start: { utc: new Date(soon + HOUR).toISOString().slice(0, 19).replace('T', ' ') } } });
    // Drawn at its new place at once, as waiting to be sent.
    await waitFor(() => expect(screen.getByRole('button', { name: /^#10018 / }).getAttribute('aria-label')).toMatch(/Waiting to be sent$/));
  });

  it('Escape puts a picked-up order back and queues nothing', async () => {
    const person = await shown();
    screen.getByRole('button', { name: /^#10018 / }).focus();
    await person.keyboard('{Enter}{ArrowDown}{Escape}');
    expect(live()).toBe('Put back; nothing changed.');
    expect(api.inputsOf('workorders:reschedule')).toEqual([]);
    expect(api.inputsOf('workorders:assign')).toEqual([]);
  });

  it('puts a block back when its reassign is refused at once, instead of leaving it drawn on the other provider', async () => {
    const person = await shown();
    // The cache says it is not assigned any more: the order actions refuse the reassign with a toast.
    api.answer('workorders:get', ({ id }) => orderIn(id, { id: 2, name: 'Published' }));
    screen.getByRole('button', { name: /^#10018 / }).focus();
    await person.keyboard('{Enter}{ArrowDown}{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Reassign #10018?' });
    await person.click(within(dialog).getByRole('button', { name: /^Reassign/ }));
    await waitFor(() => expect(within(screen.getByRole('group', { name: "Grace Kim's orders" })).queryByRole('button', { name: /^#10018 / })).toBeTruthy());
    expect(within(screen.getByRole('group', { name: "Luis Ramos's orders" })).queryByRole('button')).toBeNull();
    expect(api.inputsOf('workorders:assign')).toEqual([]);
  });

  it('drops a tray order on a provider by keyboard and asks: Assign first for the one who requested it', async () => {
    const person = await shown();
    api.answer('workorders:get', ({ id }) => orderIn(id, { id: 2, name: 'Published' }));
    api.answer('workorders:assign', () => receipt(2));
    screen.getByRole('button', { name: /^#10008 / }).focus();
    await person.keyboard('{Enter}');
    // While it is carried, each row says how far the provider is based from its site, where known.
    const rows = within(screen.getByRole('list', { name: 'Providers' })).getAllByRole('listitem');
    expect(rows[1]?.textContent).toMatch(/Requested this order · 17 mi away/);
    expect(rows[0]?.textContent).not.toMatch(/mi away/);
    await person.keyboard('{ArrowDown}{Enter}');
    const dialog = await screen.findByRole('dialog', { name: '#10008 to Luis Ramos' });
    expect(dialog.textContent).toContain('Luis Ramos requested this order.');
    await person.click(within(dialog).getByRole('button', { name: 'Assign' }));
    await waitFor(() => expect(api.inputsOf('workorders:assign')).toEqual([{ id: 10008, providerId: 3002 }]));
  });

  it('checks the schedules of the rows in view, draws time booked elsewhere, and asks before a drop onto it', async () => {
    const booked = { start: soon - HOUR, end: soon + 3 * HOUR };
    let checked: (value: { checked: number; failed: number }) => void = () => undefined;
    api.answer('dispatch:check-schedules', () => new Promise((resolve) => (checked = resolve)));
    const person = await shown();
    await waitFor(() => expect(api.inputsOf('dispatch:check-schedules')).toEqual([{ providerIds: [3001, 3002] }]));
    // Checked: the board is read again, and now knows Luis is booked.
    api.answer('dispatch:board', () => {
      const answer = board();
      return { ...answer, providers: answer.providers.map((provider) => (provider.id === 3002 ? { ...provider, busy: [booked], scheduleCheckedAt: Date.now() } : provider)) };
    });
    checked({ checked: 1, failed: 0 });
    await waitFor(() => expect(within(screen.getByRole('group', { name: "Luis Ramos's orders" })).getByRole('img', { name: /^Booked elsewhere / })).toBeTruthy());
    api.answer('workorders:get', ({ id }) => orderIn(id, { id: 2, name: 'Published' }));
    screen.getByRole('button', { name: /^#10008 / }).focus();
    await person.keyboard('{Enter}{ArrowDown}{Enter}');
    const dialog = await screen.findByRole('dialog', { name: '#10008 to Luis Ramos' });
    expect(within(dialog).getByRole('group', { name: 'Conflicts' }).textContent).toMatch(/Luis Ramos is booked elsewhere .*, by their marketplace schedule\./);
  });
});
