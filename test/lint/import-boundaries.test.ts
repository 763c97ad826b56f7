import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// Lints code as if it lived at a path in the tree, with the project's real eslint.config.mjs.
const eslint = new ESLint({ cwd: process.cwd() });

async function ruleIds(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((message) => message.ruleId ?? message.message);
}

describe('import boundaries', () => {
  it('fail when src-shared imports node:fs, a Node built-in, or electron', async () => {
    expect(await ruleIds("import { readFileSync } from 'node:fs';\nexport const read = readFileSync;\n", 'src-shared/fixture.ts')).toContain('no-restricted-imports');
    expect(await ruleIds("import { join } from 'path';\nexport const at = join;\n", 'src-shared/fixture.ts')).toContain('no-restricted-imports');
    expect(await ruleIds("import { promises } from 'fs/promises';\nexport const files = promises;\n", 'src-shared/fixture.ts')).toContain('no-restricted-imports');
    expect(await ruleIds("import domain from 'domain';\nexport default domain;\n", 'src-renderer/lib/fixture.ts')).toContain('no-restricted-imports');
    expect(await ruleIds("import { app } from 'electron';\nexport const shell = app;\n", 'src-shared/api/fixture.ts')).toContain('no-restricted-imports');
  });

  it('fail when src-shared touches a DOM or Node global', async () => {
    expect(await ruleIds('export const title = () => document.title;\n', 'src-shared/fixture.ts')).toContain('no-restricted-globals');
    expect(await ruleIds('export const cwd = () => process.cwd();\n', 'src-shared/fixture.ts')).toContain('no-restricted-globals');
  });

  it('fail when the renderer imports node:*, electron or anything from src-main', async () => {
    expect(await ruleIds("import fs from 'node:fs';\nexport default fs;\n", 'src-renderer/lib/fixture.ts')).toContain('no-restricted-imports');
    expect(await ruleIds("import { ipcRenderer } from 'electron';\nexport default ipcRenderer;\n", 'src-renderer/lib/fixture.ts')).toContain('no-restricted-imports');
    expect(await ruleIds("import { createApp } from '../../src-main/app/create-app';\nexport default createApp;\n", 'src-renderer/lib/fixture.ts')).toContain(
      'no-restricted-imports',
    );
  });

  it('fail when main code outside the Electron shell imports electron', async () => {
    expect(await ruleIds("import { app } from 'electron';\nexport default app;\n", 'src-main/app/fixture.ts')).toContain('no-restricted-imports');
    expect(await ruleIds("import { app } from 'electron';\nexport default app;\n", 'src-main/web-host/fixture.ts')).toContain('no-restricted-imports');
  });

  it('fail when main code below the composition root imports it, or a service imports the IPC layer above it', async () => {
    expect(await ruleIds("import type { AppServices } from '../../app/app-services';\nexport type S = AppServices;\n", 'src-main/ipc/handlers/fixture.ts')).toContain('no-restricted-imports');
    expect(await ruleIds("import type { Workspace } from '../app/workspace';\nexport type W = Workspace;\n", 'src-main/attachments/fixture.ts')).toContain('no-restricted-imports');
    expect(await ruleIds("import { createDispatcher } from '../ipc/dispatcher';\nexport default createDispatcher;\n", 'src-main/outbox/fixture.ts')).toContain('no-restricted-imports');
    // What they may use: the services below, and the shared IPC rules.
    expect(await ruleIds("import type { Outbox } from '../../outbox/outbox';\nexport type O = Outbox;\n", 'src-main/ipc/handlers/fixture.ts')).toEqual([]);
    expect(await ruleIds("import { describeIssues } from '../../src-shared/ipc/describe-issues';\nexport default describeIssues;\n", 'src-main/outbox/fixture.ts')).toEqual([]);
    expect(await ruleIds("import type { App } from '../app/create-app';\nexport type A = App;\n", 'src-main/web-host/fixture.ts')).toEqual([]);
  });

  it('fail when a floor of the renderer imports one above it (views → components → state → services → lib)', async () => {
    const upward: [string, string][] = [
      ["import { periodRange } from '../views/insights/period';", 'src-renderer/state/fixture.ts'],
      ["import { SCREENS } from '../screens';", 'src-renderer/state/fixture.ts'],
      ["import Icon from '../components/Icon.svelte';", 'src-renderer/state/fixture.ts'],
      ["import { toasts } from '../state/toasts.svelte';", 'src-renderer/services/fixture.ts'],
      ["import { orderActions } from '../state/order-actions.svelte';", 'src-renderer/lib/fixture.ts'],
      ["import { listOutbox } from '../services/outbox';", 'src-renderer/lib/fixture.ts'],
      ["import { savedLocationChoice } from '../../views/job-form/job-values';", 'src-renderer/lib/import/fixture.ts'],
      ["import WorkOrdersView from '../views/work-orders/WorkOrdersView.svelte';", 'src-renderer/components/fixture.ts'],
    ];
    for (const [line, path] of upward) expect(await ruleIds(`${line}\nexport default 1;\n`, path), `${line} in ${path}`).toContain('no-restricted-imports');
    // Down is fine, skipping floors too.
    expect(await ruleIds("import { outbox } from '../../state/outbox.svelte';\nexport default outbox;\n", 'src-renderer/views/outbox/fixture.ts')).toEqual([]);
    expect(await ruleIds("import { messageOf } from '../lib/errors';\nexport default messageOf;\n", 'src-renderer/state/fixture.ts')).toEqual([]);
    expect(await ruleIds("import { invoke } from '../lib/api';\nexport default invoke;\n", 'src-renderer/services/fixture.ts')).toEqual([]);
  });

  it('allow what each layer may use', async () => {
    // `domain` is also a Node built-in: only the bare name is one.
    expect(await ruleIds("import { mimeTypeOf } from '../../src-shared/domain/attachments';\nexport default mimeTypeOf;\n", 'src-renderer/lib/fixture.ts')).toEqual([]);
    expect(await ruleIds("import { mimeTypeOf } from '../domain/attachments';\nexport default mimeTypeOf;\n", 'src-shared/ipc/fixture.ts')).toEqual([]);
    expect(await ruleIds("import { z } from 'zod';\nexport const Id = z.number();\n", 'src-shared/fixture.ts')).toEqual([]);
    expect(await ruleIds("import { app } from 'electron';\nexport default app;\n", 'src-main/electron/fixture.ts')).toEqual([]);
    expect(await ruleIds("import { contextBridge } from 'electron';\nexport default contextBridge;\n", 'src-main/preload/fixture.ts')).toEqual([]);
    expect(await ruleIds("import { readFileSync } from 'node:fs';\nexport default readFileSync;\n", 'src-main/app/fixture.ts')).toEqual([]);
  });
});
