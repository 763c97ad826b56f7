import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// The workflow cannot run here; this checks it parses and keeps its promises (README, "The desktop
// app and packages"). js-yaml is electron-builder's own YAML reader.
const root = resolve(__dirname, '..', '..');
const require = createRequire(import.meta.url);
const fromBuilder = createRequire(join(dirname(require.resolve('electron-builder/package.json')), 'package.json'));
const yaml = createRequire(fromBuilder.resolve('app-builder-lib/package.json'))('js-yaml') as { load: (text: string) => unknown };

interface Step {
  name?: string;
  if?: string;
  run?: string;
  uses?: string;
}
interface Workflow {
  on: { push: { tags: string[] } };
  jobs: Record<string, { 'runs-on': string; strategy?: { matrix: { os: string[] } }; steps: Step[]; needs?: string }>;
}

const workflow = yaml.load(readFileSync(join(root, '.github/workflows/release.yml'), 'utf8')) as Workflow;
const scripts = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;

describe('the release workflow', () => {
  const steps = workflow.jobs.package?.steps ?? [];
  const runs = steps.map((step) => step.run ?? '').join('\n');

  it('runs on Linux, Windows and macOS runners', () => {
    expect(workflow.jobs.package?.strategy?.matrix.os.map((os) => os.split('-')[0])).toEqual(['ubuntu', 'windows', 'macos']);
  });

  it('installs, tests, packages and smoke-tests, in that order, with npm scripts that exist', () => {
    const order = ['npm ci', 'npm test', 'npm run dist', 'npm run smoke'].map((command) => runs.indexOf(command));
    expect(order.every((index) => index >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    for (const script of ['test', 'dist', 'smoke']) expect(scripts[script], script).toBeDefined();
  });

  it('runs the Linux tests and smoke test under a virtual display, and the tests with a real keychain', () => {
    const linux = steps.filter((step) => step.if === "runner.os == 'Linux'").map((step) => step.run ?? '');
    expect(linux.some((run) => /dbus-run-session -- \.ci\/with-keyring xvfb-run .*npm test/.test(run))).toBe(true);
    expect(linux.some((run) => /xvfb-run .*npm run smoke/.test(run))).toBe(true);
  });

  it('keeps the packages and drafts a release from a tag after every OS passed', () => {
    expect(steps.some((step) => step.uses?.startsWith('actions/upload-artifact@'))).toBe(true);
    expect(workflow.on.push.tags).toEqual(['v*']);
    expect(workflow.jobs.release?.needs).toBe('package');
  });
});
