import { describe, expect, it } from 'vitest';
import { TOKEN_PATH } from '../../src-shared/api/token';
import { WEBHOOK_TOKEN_HEADER } from '../../src-shared/api/webhook';
import { DEMO_CREDENTIALS } from '../../src-main/local-marketplace/seed/demo-credentials';
import { isEmpty } from '../../src-main/local-marketplace/seed/index';
import { DEMO_PASSWORD_GRANT, testMarketplace } from './support';
import { SANDBOX } from './webhook-service-fixtures';

// Any web page the user opens can reach the marketplace on loopback: by DNS rebinding (its own
// name in Host) or by a cross-site request (its Origin). Both are refused on every route.

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

/** One request of each kind the server answers: token, REST, control plane, webhook service, unknown. */
function everyKindOfRoute(token: string) {
  return [
    { name: 'token', method: 'POST' as const, url: TOKEN_PATH, payload: DEMO_PASSWORD_GRANT },
    { name: 'REST', method: 'GET' as const, url: `/api/rest/v2/workorders?access_token=${token}` },
    { name: 'control', method: 'POST' as const, url: '/__local/reset', payload: { seed: 'none' } },
    { name: 'webhook service', method: 'GET' as const, url: `${SANDBOX}/company/${DEMO_CREDENTIALS.companyId}`, headers: { [WEBHOOK_TOKEN_HEADER]: DEMO_CREDENTIALS.svcToken } },
    { name: 'unknown path', method: 'GET' as const, url: '/no/such/route' },
  ];
}

const restError = (status: number) => ({ code: status, message: expect.any(String), trace: [], fields: '' });

describe('the Host check (DNS rebinding)', () => {
  it('refuses a Host that is not loopback with 421 on every route, before it acts', async () => {
    const { marketplace, token } = await testMarketplace();
    for (const call of everyKindOfRoute(token)) {
      for (const host of ['attacker.example', 'attacker.example:80', 'attacker.example@127.0.0.1', '127.0.0.1.attacker.example']) {
        const answer = await marketplace.app.inject({ ...call, headers: { ...call.headers, host } });
        expect(answer.statusCode, `${call.name} with Host ${host}`).toBe(421);
        expect(answer.json(), call.name).toEqual(call.name === 'webhook service' ? { error: expect.any(String) } : restError(421));
      }
    }
    // The reset above was refused every time.
    expect(isEmpty(marketplace.context)).toBe(false);
  });

  it('answers loopback names on any port', async () => {
    const { marketplace, token } = await testMarketplace();
    for (const host of ['127.0.0.1', '127.0.0.1:8080', 'localhost', 'LocalHost:1', '[::1]:65535']) {
      const answer = await marketplace.app.inject({ method: 'GET', url: `/api/rest/v2/workorders?access_token=${token}`, headers: { host } });
      expect(answer.statusCode, host).toBe(200);
    }
  });

  it('answers the host names the operator allows, and no others', async () => {
    const { marketplace, token } = await testMarketplace({ allowedHosts: ['Market.Test', '10.0.0.5'] });
    const get = (host: string) => marketplace.app.inject({ method: 'GET', url: `/api/rest/v2/workorders?access_token=${token}`, headers: { host } });
    expect((await get('market.test:8080')).statusCode).toBe(200);
    expect((await get('10.0.0.5')).statusCode).toBe(200);
    expect((await get('other.test')).statusCode).toBe(421);
  });

  it('refuses an allowed host that is not a host name', async () => {
    await expect(testMarketplace({ allowedHosts: ['http://market.test'] })).rejects.toThrow(/host name/);
    await expect(testMarketplace({ allowedHosts: ['market.test:80'] })).rejects.toThrow(/host name/);
  });
});

describe('the Origin check (cross-site requests)', () => {
  it('refuses a cross-site form POST to /__local with 403 and does not act on it', async () => {
    const { marketplace } = await testMarketplace();
    for (const origin of ['https://attacker.example', 'http://attacker.example:8080', 'null', 'file://', 'not a url']) {
      const answer = await marketplace.app.inject({ method: 'POST', url: '/__local/reset', headers: { ...FORM, origin }, payload: 'seed=none' });
      expect(answer.statusCode, origin).toBe(403);
      expect(answer.json()).toEqual(restError(403));
    }
    expect(isEmpty(marketplace.context)).toBe(false);
  });

  it('refuses a foreign Origin on every route', async () => {
    const { marketplace, token } = await testMarketplace();
    for (const call of everyKindOfRoute(token)) {
      const answer = await marketplace.app.inject({ ...call, headers: { ...call.headers, origin: 'https://attacker.example' } });
      expect(answer.statusCode, call.name).toBe(403);
      expect(answer.json(), call.name).toEqual(call.name === 'webhook service' ? { error: expect.any(String) } : restError(403));
    }
  });

  it('serves clients without an Origin (curl, the app) and pages on this machine', async () => {
    const { marketplace } = await testMarketplace();
    const clock = (headers: Record<string, string>) => marketplace.app.inject({ method: 'POST', url: '/__local/clock', headers: { ...FORM, ...headers }, payload: 'advance_seconds=1' });
    expect((await clock({})).statusCode).toBe(200);
    for (const origin of ['http://127.0.0.1:5173', 'http://localhost', 'http://[::1]:3000']) expect((await clock({ origin })).statusCode, origin).toBe(200);
    const allowed = await testMarketplace({ allowedHosts: ['market.test'] });
    const fromAllowed = await allowed.marketplace.app.inject({ method: 'GET', url: '/__local/clock', headers: { origin: 'https://market.test' } });
    expect(fromAllowed.statusCode).toBe(200);
  });
});
