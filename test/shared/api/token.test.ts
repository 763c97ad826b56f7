import { describe, expect, it } from 'vitest';
import { TokenRequestSchema, TokenResponseSchema } from '../../../src-shared/api/token';

const credentials = { client_id: 'id', client_secret: 'secret' };

describe('TokenRequestSchema', () => {
  it('accepts the password grant', () => {
    const request = TokenRequestSchema.parse({ ...credentials, grant_type: 'password', username: 'u', password: 'p' });
    expect(request.grant_type).toBe('password');
  });

  it('accepts the refresh_token grant', () => {
    expect(TokenRequestSchema.safeParse({ ...credentials, grant_type: 'refresh_token', refresh_token: 'r' }).success).toBe(true);
  });

  it('rejects missing fields, other grants and fields of the other grant', () => {
    expect(TokenRequestSchema.safeParse({ ...credentials, grant_type: 'password', username: 'u' }).success).toBe(false);
    expect(TokenRequestSchema.safeParse({ ...credentials, grant_type: 'client_credentials' }).success).toBe(false);
    expect(
      TokenRequestSchema.safeParse({ ...credentials, grant_type: 'refresh_token', refresh_token: 'r', password: 'p' }).success,
    ).toBe(false);
    expect(TokenRequestSchema.safeParse({ grant_type: 'password', username: 'u', password: 'p' }).success).toBe(false);
  });
});

describe('TokenResponseSchema', () => {
  it('reads the answer of decisions §4 with its user', () => {
    const token = TokenResponseSchema.parse({
      access_token: 'a',
      expires_in: 3600,
      token_type: 'Bearer',
      scope: 'viewprofile',
      refresh_token: 'r',
      user: { id: 12, first_name: 'Pat', last_name: 'Lee', email: 'pat@example.com' },
    });
    expect(token.user?.id).toBe(12);
  });

  it('reads the spec answer without a user, keeping unknown keys', () => {
    expect(
      TokenResponseSchema.parse({ access_token: 'a', expires_in: 3600, token_type: 'Bearer', scope: 'viewprofile', refresh_token: 'r', jti: 'x' }),
    ).toMatchObject({ jti: 'x' });
  });

  it('needs an access token and its lifetime', () => {
    expect(TokenResponseSchema.safeParse({ token_type: 'Bearer', expires_in: 3600 }).success).toBe(false);
    expect(TokenResponseSchema.safeParse({ access_token: 'a', token_type: 'Bearer' }).success).toBe(false);
  });
});
