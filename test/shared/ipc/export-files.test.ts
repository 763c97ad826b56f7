import { describe, expect, it } from 'vitest';
import { EXPORT_MAX_BYTES } from '../../../src-shared/domain/export-files';
import { channels } from '../../../src-shared/ipc/channels';

const input = channels['files:save'].input;
const bytes = new Uint8Array([1, 2, 3]);

describe('files:save', () => {
  it('takes a plain name of a kind the app writes, and the bytes', () => {
    expect(input.safeParse({ name: 'work-orders-all-2026-11-27.csv', bytes }).success).toBe(true);
    expect(input.safeParse({ name: 'WO 10021 Deliverables.zip', bytes }).success).toBe(true);
  });

  it('refuses a path, a hidden or control character, another kind, an empty or oversized file, or more keys', () => {
    const refused = [
      { name: '../evil.csv', bytes },
      { name: 'C:\\evil.csv', bytes },
      // Each refused for its character alone: the name ends in a kind the app writes.
      { name: 'evil\u202Evsc.csv', bytes },
      { name: 'list\u0007.csv', bytes },
      { name: '.hidden.csv', bytes },
      { name: 'run.exe', bytes },
      { name: 'list.csv', bytes: new Uint8Array(0) },
      { name: 'list.csv', bytes: new Uint8Array(EXPORT_MAX_BYTES + 1) },
      { name: 'list.csv', bytes: 'text' },
      { name: 'list.csv', bytes, path: '/tmp/x' },
    ];
    for (const given of refused) expect(input.safeParse(given).success, JSON.stringify(given.name)).toBe(false);
  });
});

describe('a folder’s zip', () => {
  it('names an order and a folder by positive ids, nothing else', () => {
    const ref = channels['deliverables:prepare-zip'].input;
    expect(ref.safeParse({ workOrderId: 10021, folderId: 3 }).success).toBe(true);
    expect(ref.safeParse({ workOrderId: 10021, folderId: 0 }).success).toBe(false);
    expect(ref.safeParse({ workOrderId: 10021 }).success).toBe(false);
    expect(ref.safeParse({ workOrderId: 10021, folderId: 3, path: '/' }).success).toBe(false);
  });
});
