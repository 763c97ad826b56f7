import { z } from 'zod';

export const RestErrorTraceArgumentSchema = z.looseObject({
  status_code: z.number().int().nullish(),
  message: z.string().nullish(),
});
export type RestErrorTraceArgument = z.infer<typeof RestErrorTraceArgumentSchema>;

export const RestErrorTraceSchema = z.looseObject({
  file: z.string().nullish(),
  line: z.number().int().nullish(),
  function: z.string().nullish(),
  class: z.string().nullish(),
  object: z.unknown().optional(),
  type: z.string().nullish(),
  args: z.array(RestErrorTraceArgumentSchema).nullish(),
});
export type RestErrorTrace = z.infer<typeof RestErrorTraceSchema>;

/** Error body of the REST API; `code` equals the HTTP status (decisions §5). */
export const RestErrorSchema = z.looseObject({
  code: z.number().int(),
  message: z.string(),
  trace: z.array(RestErrorTraceSchema).nullish(),
  /** Comma-separated names of the fields at fault; read with `errorFieldNames`. */
  fields: z.string().nullish(),
});
export type RestError = z.infer<typeof RestErrorSchema>;

/** The simpler error form, seen as a 400 of locations/location-types. */
export const SimpleErrorSchema = z.looseObject({
  status_code: z.number().int(),
  message: z.string(),
});
export type SimpleError = z.infer<typeof SimpleErrorSchema>;

/**
 * Token endpoint error codes: the four decisions §4 assigns, plus the other two
 * of RFC 6749 §5.2 so that a real service using them is still understood.
 */
export const TOKEN_ERROR_CODES = [
  'invalid_client',
  'invalid_grant',
  'unsupported_grant_type',
  'invalid_request',
  'unauthorized_client',
  'invalid_scope',
] as const;
export const TokenErrorCodeSchema = z.enum(TOKEN_ERROR_CODES);
export type TokenErrorCode = z.infer<typeof TokenErrorCodeSchema>;

export const TokenErrorSchema = z.looseObject({
  error: TokenErrorCodeSchema,
  error_description: z.string().nullish(),
});
export type TokenError = z.infer<typeof TokenErrorSchema>;

/** Error body of the webhook service, for example `{"error":"A token is required."}`. */
export const WebhookServiceErrorSchema = z.looseObject({ error: z.string() });
export type WebhookServiceError = z.infer<typeof WebhookServiceErrorSchema>;

/** Message of the 401 a REST call without a valid `access_token` receives. */
export const NOT_AUTHENTICATED_MESSAGE = 'Request could not be authenticated';
export const INVALID_CLIENT_DESCRIPTION = 'The client credentials are invalid';

/**
 * Whether a REST error answer means the access token must be renewed: a 401,
 * or a 400 whose message says `Expired token` (decisions §4).
 */
export function indicatesExpiredToken(httpStatus: number, body: unknown): boolean {
  if (httpStatus === 401) return true;
  if (httpStatus !== 400) return false;
  const error = z.union([RestErrorSchema, SimpleErrorSchema]).safeParse(body);
  return error.success && /expired token/i.test(error.data.message);
}

export function errorFieldNames(fields: string | null | undefined): string[] {
  return (fields ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name.length > 0);
}
