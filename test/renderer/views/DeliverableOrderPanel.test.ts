// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Deliverable, FolderRef } from '../../../src-shared/ipc/deliverables';
import DeliverableOrderPanel from '../../../src-renderer/views/deliverables/DeliverableOrderPanel.svelte';
import { api } from '../support/fake-api';
import { render, screen, user, waitFor } from '../support/render';

vi.mock('../../../src-renderer/lib/api', () => import('../support/fake-api'));
const toasts = vi.hoisted(() => [] as { tone?: string; message: string }[]);
vi.mock('../../../src-renderer/lib/toasts.svelte', () => ({ toasts: { show: (toast: { tone?: string; message: string }) => toasts.push(toast) } }));

const ITEM: Deliverable = {
  workOrderId: 12,
  attachment: { id: 4, status: 'pending', file: { name: 'after.png', mime: 'image/png' } },
  order: { id: 12, title: 'Core switch', status: 'Work Done', site: null, provider: null, client: null, typeOfWork: null, standardInstructions: null },
  folder: { id: 3, name: 'Site photos', minFiles: 1, uploaded: 1, approved: 0, denied: 0 },
} as Deliverable;

beforeEach(() => {
  api.reset();
  api.desktop = true;
  toasts.length = 0;
});

describe('an order’s folder as a zip, from the review screen', () => {
  it('is a button whose name starts with the words it shows, then says which folder (WCAG 2.5.3)', async () => {
    let finish: (zip: { fileName: string; included: string[]; missing: []; saved: boolean }) => void = () => undefined;
    api.answer('deliverables:save-zip', (_ref: FolderRef) => new Promise((resolve) => (finish = resolve)));
    render(DeliverableOrderPanel, { item: ITEM, onopen: () => undefined });
    const button = screen.getByRole('button', { name: 'Download folder as zip of #12’s Site photos' });
    await user().click(button);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Zipping… of #12’s Site photos' }).hasAttribute('disabled')).toBe(true));
    finish({ fileName: 'WO 12 Deliverables.zip', included: ['after.png'], missing: [], saved: true });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Download folder as zip of #12’s Site photos' }).hasAttribute('disabled')).toBe(false));
    expect(toasts).toEqual([{ tone: 'success', message: 'Saved WO 12 Deliverables.zip (1 file)' }]);
  });

  it('says a folder with nothing to zip in words of its own, not an empty list', async () => {
    api.answer('deliverables:save-zip', () => ({ fileName: 'WO 12 Deliverables.zip', included: [], missing: [], saved: false }));
    render(DeliverableOrderPanel, { item: ITEM, onopen: () => undefined });
    await user().click(screen.getByRole('button', { name: /^Download folder as zip/ }));
    await waitFor(() => expect(toasts).toEqual([{ tone: 'danger', message: 'That folder has no uploaded file to zip.' }]));
  });
});
