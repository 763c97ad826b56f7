import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { OutboxEntry } from '../../../src-shared/ipc/outbox-channels';
import { temporaryDir } from '../../support/temporary-dir';
import { MemorySecretStore } from '../../../src-main/platform/memory-secret-store';
import { appUnderTest } from '../app/support';
import { until } from './support';

describe('staged files at launch', () => {
  it('keeps the copies a waiting upload names and removes the ones nothing names', async () => {
    const dataDir = temporaryDir();
    const file = join(temporaryDir(), 'invoice.pdf');
    writeFileSync(file, 'a scanned invoice');
    const secretStore = new MemorySecretStore();
    const first = appUnderTest({ dataDir, secretStore });
    await first.call('connectivity:set-offline', { offline: true });
    // An order nobody has: the upload waits in the outbox (refused once sent), its copy with it.
    await first.upload({ workOrderId: 987_654, path: file });
    const [waiting] = (await first.call<{ entries: OutboxEntry[] }>('outbox:list')).entries;
    const orphan = await first.app.attachmentStaging.stageFromPath(file);
    const staged = (id: string) => existsSync(join(dataDir, 'staging', id));
    await first.app.close();
    expect(staged(orphan.id)).toBe(true);

    const second = appUnderTest({ dataDir, secretStore });
    await until(async () => staged(orphan.id) || staged(`${orphan.id}.json`), (present) => !present, 'the orphan copy and its sidecar removed');
    // The waiting upload's copy is the one left, with its sidecar.
    const left = readdirSync(join(dataDir, 'staging'));
    expect(left).toHaveLength(2);
    const [kept] = left.filter((name) => !name.endsWith('.json'));
    expect(second.app.attachmentStaging.get(kept ?? '')?.name).toBe('invoice.pdf');
    const [still] = (await second.call<{ entries: OutboxEntry[] }>('outbox:list')).entries;
    expect(still?.id).toBe(waiting?.id);
  });
});
