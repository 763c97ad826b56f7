// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import TalentPoolsView from '../../../src-renderer/views/talent-pools/TalentPoolsView.svelte';
import { api, receipt, workOrderPage } from '../support/fake-api';
import { renderView } from '../support/frame';
import { orderIn, poolOf } from '../support/orders';
import { screen, user, waitFor, within } from '../support/render';

vi.mock('../../../src-renderer/lib/api', () => import('../support/fake-api'));

const POOLS = [
  poolOf(7, 'Austin HVAC', [
    { id: 501, first_name: 'Ana', last_name: 'Reyes', city: 'Austin' },
    { id: 502, first_name: 'Bo', last_name: 'Chen', city: 'Round Rock' },
  ]),
  poolOf(8, 'Dallas electrical', [{ id: 503, first_name: 'Cy', last_name: 'Diaz', city: 'Dallas' }]),
];

const history = (providerId: number) => ({ providerId, profile: null, active: 1, ordersDone: 4, onTimeKnown: 4, onTime: 3, incompletes: 0, problems: 0, lastWorkedAt: null });
/** The providers the screen shows now, by their cards' headings. */
const members = () => screen.queryAllByRole('article').map((card) => within(card).getByRole('heading', { level: 3 }).textContent);

describe('TalentPoolsView', () => {
  beforeEach(() => {
    api.reset();
    api.answer('talent-pools:list', () => POOLS.map((pool) => pool.summary));
    api.answer('talent-pools:providers', ({ poolId }) => POOLS.find((pool) => pool.summary.id === poolId)?.members ?? []);
    api.answer('providers:history', ({ providerId }) => history(providerId));
  });

  async function shown() {
    const person = user();
    renderView(TalentPoolsView);
    await waitFor(() => expect(members()).toEqual(['Ana Reyes', 'Bo Chen']));
    return person;
  }

  it('opens the first pool and shows its providers with their history from the cache', async () => {
    await shown();
    expect(screen.getByRole('heading', { level: 2, name: 'Austin HVAC' })).toBeTruthy();
    expect(api.inputsOf('talent-pools:providers')).toEqual([{ poolId: 7 }]);
    await waitFor(() => expect(api.inputsOf('providers:history').map(({ providerId }) => providerId).sort()).toEqual([501, 502]));
  });

  it('moves between pools with the arrow keys, one Tab stop for the list', async () => {
    const person = await shown();
    const nav = screen.getByRole('navigation', { name: 'Talent pools' });
    const [first, second] = within(nav).getAllByRole('button');
    expect([first?.tabIndex, second?.tabIndex]).toEqual([0, -1]);
    first?.focus();
    await person.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(second);
    await waitFor(() => expect(members()).toEqual(['Cy Diaz']));
    expect(second?.getAttribute('aria-current')).toBe('true');
    await person.keyboard('{Home}');
    await waitFor(() => expect(members()).toEqual(['Ana Reyes', 'Bo Chen']));
  });

  it('finds a provider in the pool by name or city', async () => {
    const person = await shown();
    await person.type(screen.getByRole('searchbox', { name: 'Find a provider in this pool' }), 'round rock');
    expect(members()).toEqual(['Bo Chen']);
  });

  it('adds an attribute to a provider, by keyboard, through the outbox', async () => {
    const person = await shown();
    api.answer('talent-pools:set-attributes', () => receipt(1));
    screen.getByRole('button', { name: 'Add an attribute for Ana Reyes' }).focus();
    await person.keyboard('{Enter}');
    const form = await screen.findByRole('form', { name: 'New attribute for Ana Reyes' });
    expect(document.activeElement).toBe(within(form).getByRole('textbox', { name: 'Name' }));
    await person.keyboard('Certified{Tab}EPA 608{Enter}');
    await waitFor(() => expect(api.inputsOf('talent-pools:set-attributes')).toEqual([{ poolId: 7, providerId: 501, attributes: [{ name: 'Certified', value: 'EPA 608' }] }]));
  });

  it('routes a job to a provider: the picker lists routable orders, arrows choose, Route sends', async () => {
    const person = await shown();
    api.answer('workorders:list', () => workOrderPage([orderIn(10080, { id: 2, name: 'Published' }, { title: 'Chiller check' }), orderIn(10081, { id: 1, name: 'Draft' }, { title: 'Boiler tune-up' })]));
    api.answer('workorders:route', () => receipt(2));
    await person.click(screen.getByRole('button', { name: 'Route a job to Bo Chen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Route a job to Bo Chen' });
    const orders = within(dialog).getByRole('radiogroup', { name: 'Work order' });
    await waitFor(() => expect(within(orders).getAllByRole('radio')).toHaveLength(2));
    expect(api.inputsOf('workorders:list').at(-1)).toMatchObject({ statusIds: [1, 2, 9], sort: 'schedule' });
    await person.tab();
    await person.keyboard('{ArrowDown}');
    await person.click(within(dialog).getByRole('button', { name: 'Route' }));
    await waitFor(() => expect(api.inputsOf('workorders:route')).toEqual([{ id: 10081, providerId: 502 }]));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
