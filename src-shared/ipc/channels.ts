import { z } from 'zod';

/** Which marketplace the app talks to. Each has its own credentials and its own cache. */
export const EnvironmentIdSchema = z.enum(['local', 'sandbox', 'production', 'custom']);
export type EnvironmentId = z.infer<typeof EnvironmentIdSchema>;

export const AppInfoSchema = z.object({
  name: z.string(),
  version: z.string(),
  environment: EnvironmentIdSchema,
  dataDir: z.string(),
  logDir: z.string(),
  /** `electron` in the desktop shell, `web` when served to a browser by the web host. */
  host: z.enum(['electron', 'web']),
});
export type AppInfo = z.infer<typeof AppInfoSchema>;

export const ThemeSchema = z.enum(['system', 'light', 'dark']);
export type Theme = z.infer<typeof ThemeSchema>;

export const SettingsSchema = z.object({
  theme: ThemeSchema,
});
export type Settings = z.infer<typeof SettingsSchema>;

export const SettingsUpdateSchema = z.strictObject({
  theme: ThemeSchema.optional(),
});
export type SettingsUpdate = z.infer<typeof SettingsUpdateSchema>;

/** Channels that take nothing refuse anything: a stray argument is a caller bug worth hearing about. */
const NoInput = z.undefined();

/**
 * Every request the renderer can make of main: `domain:verb`, input and output schemas.
 * Main parses the input before a handler sees it, and the output before it leaves.
 */
export const channels = {
  'app:info': { input: NoInput, output: AppInfoSchema },
  'settings:get': { input: NoInput, output: SettingsSchema },
  'settings:update': { input: SettingsUpdateSchema, output: SettingsSchema },
} as const satisfies Record<string, { input: z.ZodType; output: z.ZodType }>;

/** Everything main pushes to the renderer: `domain:did-change` and progress events. */
export const events = {
  'settings:did-change': SettingsSchema,
} as const satisfies Record<string, z.ZodType>;
