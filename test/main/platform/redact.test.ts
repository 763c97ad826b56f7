import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../../../src-main/platform/logger';
import { REDACTED, redact, redactText } from '../../../src-main/platform/redact';
import { temporaryDir } from '../../support/temporary-dir';

const SECRETS = ['tok-123', 'ref-456', 'sec-789', 'hunter2', 'svc-000'];

describe('redaction', () => {
  it('replaces secret keys at any depth and keeps the rest', () => {
    const value = {
      client_id: 'public-id',
      client_secret: 'sec-789',
      nested: [{ password: 'hunter2', refresh_token: 'ref-456' }],
      headers: { 'svc-token': 'svc-000' },
    };
    expect(redact(value)).toEqual({
      client_id: 'public-id',
      client_secret: REDACTED,
      nested: [{ password: REDACTED, refresh_token: REDACTED }],
      headers: { 'svc-token': REDACTED },
    });
  });

  it('knows a secret key in camelCase too: the Credentials object must not reach a log', () => {
    const credentials = { clientId: 'public-id', clientSecret: 'sec-789', username: 'ann', password: 'hunter2' };
    expect(redact({ credentials, refreshToken: 'ref-456', accessToken: 'tok-123', Authorization: 'Bearer tok-123' })).toEqual({
      credentials: { clientId: 'public-id', clientSecret: REDACTED, username: 'ann', password: REDACTED },
      refreshToken: REDACTED,
      accessToken: REDACTED,
      Authorization: REDACTED,
    });
  });

  it('redacts a quoted value whole, spaces included', () => {
    expect(redactText('{"password":"correct horse battery","ok":1}')).toBe(`{"password":"${REDACTED}","ok":1}`);
    expect(redactText("{'clientSecret': 'two words'}")).toBe(`{'clientSecret': '${REDACTED}'}`);
    expect(redactText('{"password":"say \\"hi\\" there"}')).toBe(`{"password":"${REDACTED}"}`);
  });

  it('replaces secrets in URLs, form bodies and JSON text', () => {
    expect(redactText('GET /api/rest/v2/workorders?access_token=tok-123&page=2')).toBe(`GET /api/rest/v2/workorders?access_token=${REDACTED}&page=2`);
    expect(redactText('grant_type=password&username=ann&password=hunter2')).toBe(`grant_type=password&username=ann&password=${REDACTED}`);
    expect(redactText('{"refresh_token":"ref-456","ok":1}')).toBe(`{"refresh_token":"${REDACTED}","ok":1}`);
  });

  it('redacts error messages and stacks, and survives cycles', () => {
    const error = new Error('failed: https://x/token?client_secret=sec-789');
    const cyclic: Record<string, unknown> = { error };
    cyclic.self = cyclic;
    const text = JSON.stringify(redact(cyclic));
    expect(text).not.toContain('sec-789');
    expect(text).toContain('[circular]');
  });

  it('never writes a secret to the log file', () => {
    const logDir = temporaryDir();
    const logger = createLogger({ logDir, echo: false });
    logger.info('token refreshed access_token=tok-123', { refresh_token: 'ref-456', body: 'password=hunter2', client_secret: 'sec-789', headers: { 'svc-token': 'svc-000' } });
    const text = readFileSync(join(logDir, 'main.log'), 'utf8');
    expect(text).toContain('token refreshed');
    for (const secret of SECRETS) expect(text).not.toContain(secret);
  });
});
