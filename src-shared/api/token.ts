import { z } from 'zod';

/** Appended to {auth_url}; the token endpoint is outside the versioned REST path. */
export const TOKEN_PATH = '/authentication/api/oauth/token';

/** Access token lifetime the service states; the answer's `expires_in` is authoritative. */
export const ACCESS_TOKEN_LIFETIME_SECONDS = 3600;

const ClientCredentialsShape = {
  client_id: z.string().min(1),
  client_secret: z.string().min(1),
};

export const PasswordGrantRequestSchema = z.strictObject({
  grant_type: z.literal('password'),
  ...ClientCredentialsShape,
  username: z.string().min(1),
  password: z.string().min(1),
});
export type PasswordGrantRequest = z.infer<typeof PasswordGrantRequestSchema>;

/**
 * Decisions §4. The real service may not honour it, so a client falls back to
 * the password grant with the stored credentials.
 */
export const RefreshTokenGrantRequestSchema = z.strictObject({
  grant_type: z.literal('refresh_token'),
  ...ClientCredentialsShape,
  refresh_token: z.string().min(1),
});
export type RefreshTokenGrantRequest = z.infer<typeof RefreshTokenGrantRequestSchema>;

/** Body of the token request, JSON or form-encoded. */
export const TokenRequestSchema = z.discriminatedUnion('grant_type', [
  PasswordGrantRequestSchema,
  RefreshTokenGrantRequestSchema,
]);
export type TokenRequest = z.infer<typeof TokenRequestSchema>;

export const TokenUserSchema = z.looseObject({
  id: z.number().int(),
  first_name: z.string().nullish(),
  last_name: z.string().nullish(),
  email: z.string().nullish(),
});
export type TokenUser = z.infer<typeof TokenUserSchema>;

export const TokenResponseSchema = z.looseObject({
  access_token: z.string().min(1),
  expires_in: z.number().int().positive(),
  /** `Bearer`; compared case-insensitively by OAuth clients, so not pinned here. */
  token_type: z.string(),
  scope: z.string().nullish(),
  refresh_token: z.string().nullish(),
  /** Added by decisions §4; the real service may leave it out. */
  user: TokenUserSchema.nullish(),
});
export type TokenResponse = z.infer<typeof TokenResponseSchema>;
