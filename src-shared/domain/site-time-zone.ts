import tzLookup from '@photostructure/tz-lookup';
import type { Coordinates } from './distance';

/**
 * Local times are shown at the service location (spec, Timestamps), so every side must name the
 * same zone for a site: the marketplace answers with it, and the job form enters a new site's
 * schedule in it before the marketplace has said. One rule: the zone at the site's coordinates
 * (`geo-point.ts` finds them), since zones split states (El Paso keeps Mountain time in Texas,
 * Pensacola Central time in Florida, north Idaho Pacific time). Only an address no point can be
 * found for falls back to its state or province, else its country, else UTC.
 */

const US_STATE_ZONES: Readonly<Record<string, string>> = {
  ...zoneFor('America/New_York', ['CT', 'DC', 'DE', 'FL', 'GA', 'KY', 'MA', 'MD', 'ME', 'NC', 'NH', 'NJ', 'NY', 'OH', 'PA', 'RI', 'SC', 'VA', 'VT', 'WV']),
  ...zoneFor('America/Detroit', ['MI']),
  ...zoneFor('America/Indiana/Indianapolis', ['IN']),
  ...zoneFor('America/Chicago', ['AL', 'AR', 'IA', 'IL', 'KS', 'LA', 'MN', 'MO', 'MS', 'ND', 'NE', 'OK', 'SD', 'TN', 'TX', 'WI']),
  ...zoneFor('America/Denver', ['CO', 'ID', 'MT', 'NM', 'UT', 'WY']),
  ...zoneFor('America/Phoenix', ['AZ']),
  ...zoneFor('America/Los_Angeles', ['CA', 'NV', 'OR', 'WA']),
  ...zoneFor('America/Anchorage', ['AK']),
  ...zoneFor('Pacific/Honolulu', ['HI']),
};

const CANADIAN_PROVINCE_ZONES: Readonly<Record<string, string>> = {
  BC: 'America/Vancouver',
  AB: 'America/Edmonton',
  SK: 'America/Regina',
  MB: 'America/Winnipeg',
  ON: 'America/Toronto',
  QC: 'America/Toronto',
  NB: 'America/Moncton',
  NS: 'America/Halifax',
  PE: 'America/Halifax',
  NL: 'America/St_Johns',
  YT: 'America/Whitehorse',
  NT: 'America/Yellowknife',
  NU: 'America/Iqaluit',
};

/** One zone per accepted country: its capital's, or its most populous zone for the large ones. */
const COUNTRY_ZONES: Readonly<Record<string, string>> = {
  US: 'America/New_York',
  AT: 'Europe/Vienna',
  BE: 'Europe/Brussels',
  BR: 'America/Sao_Paulo',
  CA: 'America/Toronto',
  CL: 'America/Santiago',
  CN: 'Asia/Shanghai',
  CZ: 'Europe/Prague',
  DE: 'Europe/Berlin',
  DK: 'Europe/Copenhagen',
  EE: 'Europe/Tallinn',
  ES: 'Europe/Madrid',
  FI: 'Europe/Helsinki',
  FR: 'Europe/Paris',
  GB: 'Europe/London',
  GR: 'Europe/Athens',
  HR: 'Europe/Zagreb',
  HU: 'Europe/Budapest',
  IE: 'Europe/Dublin',
  IT: 'Europe/Rome',
  KR: 'Asia/Seoul',
  LT: 'Europe/Vilnius',
  LU: 'Europe/Luxembourg',
  LV: 'Europe/Riga',
  MT: 'Europe/Malta',
  MX: 'America/Mexico_City',
  NL: 'Europe/Amsterdam',
  NO: 'Europe/Oslo',
  PH: 'Asia/Manila',
  PL: 'Europe/Warsaw',
  PT: 'Europe/Lisbon',
  RO: 'Europe/Bucharest',
  SE: 'Europe/Stockholm',
  SI: 'Europe/Ljubljana',
  SK: 'Europe/Bratislava',
  CH: 'Europe/Zurich',
};

function zoneFor(zone: string, regions: readonly string[]): Record<string, string> {
  return Object.fromEntries(regions.map((region) => [region, zone]));
}

/**
 * The IANA zone at a point: a small pure-JS table (@photostructure/tz-lookup, a few tens of kB, no
 * files to read) so the renderer bundle can run it too. Undefined for a point that is not one.
 */
export function timeZoneAt(point: Coordinates): string | undefined {
  try {
    return tzLookup(point.latitude, point.longitude);
  } catch {
    return undefined;
  }
}

/**
 * The IANA zone of a site: at its point when there is one, else from the address, states and
 * provinces read as their postal abbreviations.
 */
export function timeZoneFor(address: { state?: string | null; country?: string | null } | undefined, point?: Coordinates | null): string {
  const atPoint = point ? timeZoneAt(point) : undefined;
  if (atPoint) return atPoint;
  return zoneOfRegion(address);
}

/** The fallback: the state's or province's zone, else the country's, else UTC. */
function zoneOfRegion(address: { state?: string | null; country?: string | null } | undefined): string {
  const country = address?.country?.trim().toUpperCase() ?? '';
  const state = address?.state?.trim().toUpperCase() ?? '';
  if (country === 'US' && US_STATE_ZONES[state]) return US_STATE_ZONES[state];
  if (country === 'CA' && CANADIAN_PROVINCE_ZONES[state]) return CANADIAN_PROVINCE_ZONES[state];
  return COUNTRY_ZONES[country] ?? 'UTC';
}
