import { z } from 'zod';

// The marketplaces the app can talk to, as the renderer may see them: never their secrets.

/** Which marketplace the app talks to. Each has its own credentials and its own cache. */
export const EnvironmentIdSchema = z.enum(['local', 'sandbox', 'production', 'custom']);
export type EnvironmentId = z.infer<typeof EnvironmentIdSchema>;

/** The environments whose addresses the user gives; local's come from the embedded marketplace. */
export const RemoteEnvironmentIdSchema = EnvironmentIdSchema.exclude(['local']);
export type RemoteEnvironmentId = z.infer<typeof RemoteEnvironmentIdSchema>;

/**
 * An address as typed. Main checks it is a proper http(s) address, so the refusal carries
 * ENVIRONMENT_INVALID_URL; the cap only keeps a pasted document out of the settings file.
 */
const UrlTextSchema = z.string().max(2048);

export const EnvironmentUrlsSchema = z.object({
  /** `{base_url}`: the REST API root, ending in `/api/rest/v2`. */
  baseUrl: UrlTextSchema,
  /** `{auth_url}`: the token path is appended to it. */
  authUrl: UrlTextSchema,
  /** `{webhook_url}`: host root of the webhook registration service. */
  webhookUrl: UrlTextSchema,
});
export type EnvironmentUrls = z.infer<typeof EnvironmentUrlsSchema>;

/** An environment as the renderer may see it: flags about its secrets, never their values. */
export const EnvironmentSummarySchema = z.object({
  id: EnvironmentIdSchema,
  label: z.string(),
  urls: EnvironmentUrlsSchema.nullable(),
  editable: z.boolean(),
  configured: z.boolean(),
  credentialsStored: z.boolean(),
  signedIn: z.boolean(),
  active: z.boolean(),
  cacheFile: z.string(),
});
export type EnvironmentSummary = z.infer<typeof EnvironmentSummarySchema>;
export const EnvironmentListSchema = z.array(EnvironmentSummarySchema);

export const CredentialTextSchema = z.string().min(1).max(4096);

export const SignInStateSchema = z.object({
  environment: EnvironmentIdSchema,
  state: z.enum(['signed-out', 'signing-in', 'signed-in']),
});
export type SignInState = z.infer<typeof SignInStateSchema>;
