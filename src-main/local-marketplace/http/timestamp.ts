/** Formats a moment as the service's timestamp object: UTC, and local time at the service location. */
export interface ApiTimestamp {
  utc: string;
  local: { date: string; time: string };
}

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

function parts(ms: number, timeZone: string): { date: string; time: string } {
  const values: Record<string, string> = {};
  for (const part of formatter(timeZone).formatToParts(ms)) values[part.type] = part.value;
  return { date: `${values.year}-${values.month}-${values.day}`, time: `${values.hour}:${values.minute}:${values.second}` };
}

export function apiTimestamp(ms: number, timeZone = 'UTC'): ApiTimestamp {
  const utc = parts(ms, 'UTC');
  return { utc: `${utc.date} ${utc.time}`, local: parts(ms, timeZone) };
}

/** Reads `YYYY-MM-DD HH:MM:SS` (UTC) into epoch milliseconds. */
export function parseUtc(text: string): number {
  return Date.parse(`${text.replace(' ', 'T')}Z`);
}
