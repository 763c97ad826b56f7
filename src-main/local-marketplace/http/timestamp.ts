/** Formats a moment as the service's timestamp object: UTC, and local time at the service location. */
// A type, not an interface: it must be assignable to the loose TimestampSchema type.
export type ApiTimestamp = {
  utc: string;
  local: { date: string; time: string };
};

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, format);
  }
  return format;
}

const LOCAL_TEXT = /^(\d{4}-\d{2}-\d{2}), (\d{2}:\d{2}:\d{2})$/;

function utcParts(ms: number): { date: string; time: string } {
  const iso = new Date(ms).toISOString();
  return { date: iso.slice(0, 10), time: iso.slice(11, 19) };
}

// format() is several times cheaper than formatToParts(), and every order shows many timestamps.
function localParts(ms: number, timeZone: string): { date: string; time: string } {
  if (timeZone === 'UTC') return utcParts(ms);
  const match = LOCAL_TEXT.exec(formatter(timeZone).format(ms));
  if (match?.[1] && match[2]) return { date: match[1], time: match[2] };
  const values: Record<string, string> = {};
  for (const part of formatter(timeZone).formatToParts(ms)) values[part.type] = part.value;
  return { date: `${values.year}-${values.month}-${values.day}`, time: `${values.hour}:${values.minute}:${values.second}` };
}

export function apiTimestamp(ms: number, timeZone = 'UTC'): ApiTimestamp {
  const utc = utcParts(ms);
  return { utc: `${utc.date} ${utc.time}`, local: localParts(ms, timeZone) };
}

/** Reads `YYYY-MM-DD HH:MM:SS` (UTC) into epoch milliseconds. */
export function parseUtc(text: string): number {
  return Date.parse(`${text.replace(' ', 'T')}Z`);
}
