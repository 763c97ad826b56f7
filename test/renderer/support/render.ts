/**
 * What every component and view test needs beside the fake of `lib/api` (./fake-api.ts):
 *
 * - Testing Library's setup and cleanup around each test (vitest runs without globals here, so
 *   `@testing-library/svelte` cannot register them itself);
 * - the native modal `<dialog>` as Chromium runs it (./dialog.ts): happy-dom opens and closes one
 *   but neither moves focus nor answers Escape, which is all our Modal leaves to the platform;
 * - the one global key handler App.svelte installs (`<svelte:window onkeydown>`), so the keys a
 *   view registers answer as they do in the app;
 * - `user()`: a userEvent session that types like a person (keydown, keypress, input, keyup).
 *
 * A test file that renders components runs in happy-dom: its first line is
 * `// @vitest-environment happy-dom` (the project's default environment has no DOM).
 */
import { act, cleanup, setup } from '@testing-library/svelte';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach } from 'vitest';
import { handleShortcut } from '../../../src-renderer/lib/shortcuts';
import { emulateModalDialogs } from './dialog';

if (typeof document === 'undefined') throw new Error('support/render: this test needs a DOM: start its file with `// @vitest-environment happy-dom`');

emulateModalDialogs(window);
window.addEventListener('keydown', handleShortcut);

beforeEach(async () => {
  await setup();
});

afterEach(async () => {
  await act();
  cleanup();
});

/** A person at the keyboard and mouse. */
export function user() {
  return userEvent.setup();
}

export { fireEvent, render, screen, waitFor, within } from '@testing-library/svelte';
