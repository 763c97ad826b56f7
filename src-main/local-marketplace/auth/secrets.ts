import { createHash, randomBytes, scryptSync, timingSafeEqual } from 'node:crypto';

/** Tokens are stored as hashes: a copied database file holds no usable token. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

// Low scrypt cost on purpose: this is an emulator that signs in on every test, not a vault.
const SCRYPT = { N: 1024, r: 8, p: 1 };

export function hashPassword(password: string, salt = randomBytes(16).toString('hex')): string {
  return `scrypt:${salt}:${scryptSync(password, salt, 32, SCRYPT).toString('hex')}`;
}

export function verifyPassword(password: string, stored: string | null | undefined): boolean {
  const [scheme, salt, expected] = (stored ?? '').split(':');
  if (scheme !== 'scrypt' || !salt || !expected) return false;
  const actual = scryptSync(password, salt, 32, SCRYPT);
  const wanted = Buffer.from(expected, 'hex');
  return actual.length === wanted.length && timingSafeEqual(actual, wanted);
}

/** Compares two secrets in constant time. */
export function sameSecret(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}
