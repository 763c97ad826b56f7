/**
 * A date and time as a sheet holds it, as the job form holds it: `YYYY-MM-DDTHH:MM` at the site.
 * Read: ISO (`2026-12-01 09:00`, `2026-12-01T09:00:00`) and the US order (`12/1/2026 9:00 AM`).
 * Undefined for anything else, and for a date without a time (a job needs its hour).
 */
export function siteDateTime(text: string): string | undefined {
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})[T\s]+(\d{1,2}):(\d{2})(?::\d{2}(?:\.\d+)?)?\s*([ap]\.?m\.?)?$/i.exec(text.trim());
  const us = iso ? undefined : /^(\d{1,2})\/(\d{1,2})\/(\d{4})[,\s]+(\d{1,2}):(\d{2})(?::\d{2})?\s*([ap]\.?m\.?)?$/i.exec(text.trim());
  const parts = iso ? [iso[1], iso[2], iso[3], iso[4], iso[5], iso[6]] : us ? [us[3], us[1], us[2], us[4], us[5], us[6]] : undefined;
  if (!parts) return undefined;
  const [year, month, day, hourText, minute, meridiem] = parts as [string, string, string, string, string, string | undefined];
  let hour = Number(hourText);
  if (meridiem) {
    if (hour < 1 || hour > 12) return undefined;
    hour = (hour % 12) + (meridiem.toLowerCase().startsWith('p') ? 12 : 0);
  }
  const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  // 2026-02-30 is no day: Date would roll it into March.
  if (date.getUTCMonth() !== Number(month) - 1 || date.getUTCDate() !== Number(day) || hour > 23 || Number(minute) > 59) return undefined;
  const pad = (value: number | string) => String(value).padStart(2, '0');
  return `${year}-${pad(month)}-${pad(day)}T${pad(hour)}:${minute}`;
}
