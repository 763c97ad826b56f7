import { describe, expect, it } from 'vitest';
import {
  RestErrorSchema,
  SimpleErrorSchema,
  TokenErrorSchema,
  WebhookServiceErrorSchema,
  errorFieldNames,
  indicatesExpiredToken,
} from '../../../src-shared/api/errors';

describe('error bodies', () => {
  it('reads the REST error body with a trace', () => {
    const error = RestErrorSchema.parse({
      code: 400,
      message: 'Can not revert: work order is Assigned',
      trace: [
        { file: 'a.php', line: 3, function: 'f', class: 'C', object: {}, type: '->', args: [{ status_code: 400, message: 'x' }] },
      ],
      fields: '',
    });
    expect(error.trace?.[0]?.args?.[0]?.status_code).toBe(400);
  });

  it('reads the 401 of decisions §4', () => {
    expect(
      RestErrorSchema.safeParse({ code: 401, message: 'Request could not be authenticated', trace: [], fields: '' }).success,
    ).toBe(true);
  });

  it('reads the simpler and the webhook service forms', () => {
    expect(SimpleErrorSchema.safeParse({ status_code: 400, message: 'Bad request' }).success).toBe(true);
    expect(WebhookServiceErrorSchema.safeParse({ error: 'A token is required.' }).success).toBe(true);
  });

  it('reads token errors of decisions §4 only', () => {
    expect(
      TokenErrorSchema.safeParse({ error: 'invalid_client', error_description: 'The client credentials are invalid' }).success,
    ).toBe(true);
    for (const error of ['invalid_grant', 'unsupported_grant_type', 'invalid_request']) {
      expect(TokenErrorSchema.safeParse({ error }).success).toBe(true);
    }
    expect(TokenErrorSchema.safeParse({ error: 'teapot' }).success).toBe(false);
  });
});

describe('helpers', () => {
  it('treats a 401 and a 400 saying Expired token as an expired token', () => {
    expect(indicatesExpiredToken(401, {})).toBe(true);
    expect(indicatesExpiredToken(400, { code: 400, message: 'Expired token', trace: [], fields: '' })).toBe(true);
    expect(indicatesExpiredToken(400, { status_code: 400, message: 'expired token' })).toBe(true);
    expect(indicatesExpiredToken(400, { code: 400, message: 'Title is required', fields: 'title' })).toBe(false);
    expect(indicatesExpiredToken(403, { code: 403, message: 'Expired token' })).toBe(false);
  });

  it('splits the fields at fault', () => {
    expect(errorFieldNames('types_of_work, location,schedule.service_window')).toEqual([
      'types_of_work',
      'location',
      'schedule.service_window',
    ]);
    expect(errorFieldNames('')).toEqual([]);
    expect(errorFieldNames(null)).toEqual([]);
  });
});
