import { DEFAULT_SETTINGS, type AppInfo, type Settings, type SettingsUpdate, type Theme } from '../../src-shared/ipc/channels';
import { AppError } from '../../src-shared/errors';
import { invoke, on } from './api';

/** What every screen shares: who we are (`app:info`) and the user's preferences. */
class AppState {
  info = $state<AppInfo | undefined>();
  settings = $state<Settings>({ ...DEFAULT_SETTINGS });
  /** A problem to show in the frame, as `{code, message}` from main. */
  error = $state<{ code: string; message: string } | undefined>();
  #systemDark = $state(false);

  /** The theme actually applied: `system` follows the OS. */
  resolvedTheme = $derived<'light' | 'dark'>(
    this.settings.theme === 'system' ? (this.#systemDark ? 'dark' : 'light') : this.settings.theme,
  );

  /**
   * Loads what every screen shares and follows its changes (OS colour scheme, settings changed
   * elsewhere). Returns what stops following, so a remount never doubles the listeners.
   */
  start(): () => void {
    const media = window.matchMedia('(prefers-color-scheme: dark)');
    const followScheme = (event: MediaQueryListEvent) => (this.#systemDark = event.matches);
    this.#systemDark = media.matches;
    media.addEventListener('change', followScheme);
    const stopSettings = on('settings:did-change', (settings) => (this.settings = settings));
    // The environment in use is part of app:info: a switch (Settings, or another window) re-reads it.
    const stopEnvironments = on('environments:did-change', () => void this.#load());
    void this.#load();
    return () => {
      media.removeEventListener('change', followScheme);
      stopSettings();
      stopEnvironments();
    };
  }

  async #load(): Promise<void> {
    try {
      const [info, settings] = await Promise.all([invoke('app:info'), invoke('settings:get')]);
      this.info = info;
      this.settings = settings;
      this.error = undefined;
    } catch (error) {
      this.error = toProblem(error);
    }
  }

  setTheme(theme: Theme): Promise<void> {
    return this.updateSettings({ theme });
  }

  /** Shown at once, kept when main agrees, put back (with the problem in the frame) when it does not. */
  async updateSettings(change: SettingsUpdate): Promise<void> {
    const previous = this.settings;
    this.settings = { ...previous, ...change };
    try {
      this.settings = await invoke('settings:update', change);
    } catch (error) {
      this.settings = previous;
      this.error = toProblem(error);
    }
  }
}

function toProblem(error: unknown): { code: string; message: string } {
  if (error instanceof AppError) return { code: error.code, message: error.message };
  return { code: 'INTERNAL', message: 'Something went wrong inside the app.' };
}

export const appState = new AppState();
