/**
 * Local times are shown at the service location (spec, Timestamps). Neither side has a geocoder, so
 * the zone comes from the state or province, else the country, else UTC: the marketplace answers
 * with it, and the job form enters a new site's schedule in it before the marketplace has said.
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

/** The IANA zone of an address; states and provinces are read as their postal abbreviations. */
export function timeZoneFor(address: { state?: string | null; country?: string | null } | undefined): string {
  const country = address?.country?.trim().toUpperCase() ?? '';
  const state = address?.state?.trim().toUpperCase() ?? '';
  if (country === 'US' && US_STATE_ZONES[state]) return US_STATE_ZONES[state];
  if (country === 'CA' && CANADIAN_PROVINCE_ZONES[state]) return CANADIAN_PROVINCE_ZONES[state];
  return COUNTRY_ZONES[country] ?? 'UTC';
}
