import { describe, expect, it } from 'vitest';
import { NOT_AUTHENTICATED_MESSAGE } from '../../src-shared/api/errors';
import { TOKEN_PATH, TokenResponseSchema } from '../../src-shared/api/token';
import { DEMO_CREDENTIALS } from '../../src-main/local-marketplace/seed/demo-credentials';
import { DEMO_PASSWORD_GRANT, testMarketplace } from './support';

describe('the token endpoint', () => {
  it('answers a password grant, as JSON or as a form', async () => {
    const { marketplace } = await testMarketplace();
    const json = await marketplace.app.inject({ method: 'POST', url: TOKEN_PATH, payload: DEMO_PASSWORD_GRANT });
    expect(json.statusCode).toBe(200);
    const token = TokenResponseSchema.parse(json.json());
    expect(token).toMatchObject({ expires_in: 3600, token_type: 'Bearer', scope: 'viewprofile', user: { id: DEMO_CREDENTIALS.userId } });
    expect(json.headers['cache-control']).toBe('no-store');

    const form = await marketplace.app.inject({
      method: 'POST',
      url: TOKEN_PATH,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(DEMO_PASSWORD_GRANT).toString(),
    });
    expect(form.statusCode).toBe(200);
    expect(form.json().access_token).not.toBe(token.access_token);
  });

  it('answers each error of decisions §4 with its status and body', async () => {
    const { marketplace } = await testMarketplace();
    const post = (payload: unknown) => marketplace.app.inject({ method: 'POST', url: TOKEN_PATH, payload: payload as object });
    const cases: [unknown, number, string][] = [
      [{ ...DEMO_PASSWORD_GRANT, client_secret: 'wrong' }, 401, 'invalid_client'],
      [{ ...DEMO_PASSWORD_GRANT, client_id: 'nobody' }, 401, 'invalid_client'],
      [{ ...DEMO_PASSWORD_GRANT, password: 'wrong' }, 400, 'invalid_grant'],
      [{ ...DEMO_PASSWORD_GRANT, username: 'someone@else.example' }, 400, 'invalid_grant'],
      [{ ...DEMO_PASSWORD_GRANT, grant_type: 'client_credentials' }, 400, 'unsupported_grant_type'],
      [{ ...DEMO_PASSWORD_GRANT, password: undefined }, 400, 'invalid_request'],
      [{ client_id: DEMO_CREDENTIALS.clientId }, 400, 'invalid_request'],
      [{ ...DEMO_PASSWORD_GRANT, grant_type: 'refresh_token' }, 400, 'invalid_request'],
      [{ ...DEMO_PASSWORD_GRANT, grant_type: 'refresh_token', refresh_token: 'made-up' }, 400, 'invalid_grant'],
    ];
    for (const [payload, status, error] of cases) {
      const answer = await post(payload);
      expect({ status: answer.statusCode, error: answer.json().error }).toEqual({ status, error });
      expect(typeof answer.json().error_description).toBe('string');
    }
    const bad = await post({ ...DEMO_PASSWORD_GRANT, client_secret: 'wrong' });
    expect(bad.json()).toEqual({ error: 'invalid_client', error_description: 'The client credentials are invalid' });
    const malformed = await marketplace.app.inject({ method: 'POST', url: TOKEN_PATH, headers: { 'content-type': 'application/json' }, payload: '{"grant_type":' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error).toBe('invalid_request');
  });

  it('trades a refresh token for a new pair once; the old pair stops working', async () => {
    const { marketplace } = await testMarketplace();
    const first = (await marketplace.app.inject({ method: 'POST', url: TOKEN_PATH, payload: DEMO_PASSWORD_GRANT })).json();
    const refresh = { grant_type: 'refresh_token', client_id: DEMO_CREDENTIALS.clientId, client_secret: DEMO_CREDENTIALS.clientSecret, refresh_token: first.refresh_token };
    const second = await marketplace.app.inject({ method: 'POST', url: TOKEN_PATH, payload: refresh });
    expect(second.statusCode).toBe(200);
    expect(second.json().access_token).not.toBe(first.access_token);
    expect((await marketplace.app.inject({ method: 'POST', url: TOKEN_PATH, payload: refresh })).json().error).toBe('invalid_grant');
    const old = await marketplace.app.inject({ method: 'GET', url: `/api/rest/v2/types-of-work?access_token=${first.access_token}` });
    expect(old.statusCode).toBe(401);
  });
});

describe('access_token on REST routes', () => {
  it('answers 401 with the body of decisions §4 when missing, unknown or expired', async () => {
    const { marketplace, token } = await testMarketplace({ tokenLifetimeSeconds: 60 });
    const expected = { code: 401, message: NOT_AUTHENTICATED_MESSAGE, trace: [], fields: '' };
    for (const query of ['', '?access_token=', '?access_token=nope', '?access_token[]=a']) {
      const answer = await marketplace.app.inject({ method: 'GET', url: `/api/rest/v2/workorders${query}` });
      expect(answer.statusCode).toBe(401);
      expect(answer.json()).toEqual(expected);
    }
    marketplace.context.clock.advance(61);
    const expired = await marketplace.app.inject({ method: 'GET', url: `/api/rest/v2/workorders?access_token=${token}` });
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toEqual(expected);
  });

  it('answers an unknown path with the REST 404 body', async () => {
    const { rest } = await testMarketplace();
    const answer = await rest('GET', 'no-such-thing');
    expect(answer.status).toBe(404);
    expect(answer.body).toMatchObject({ code: 404, trace: [], fields: '' });
  });
});
