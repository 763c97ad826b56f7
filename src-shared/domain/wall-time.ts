/**
 * Wall-clock times in a named zone, read back to instants. The marketplace speaks of a provider's
 * booked time as dates and times of day in their own zone (`upcoming_schedule`); the board needs
 * instants. Written on Intl alone so main and the renderer read it the same way.
 */

const DAY = 86_400_000;
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(zone: string): Intl.DateTimeFormat {
  let found = formatters.get(zone);
  if (!found) {
    found = new Intl.DateTimeFormat('en-US', { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' });
    formatters.set(zone, found);
  }
  return found;
}

/** How far the zone's clocks are ahead of UTC at `epoch`, in milliseconds. */
function offsetAt(epoch: number, zone: string): number {
  const parts: Record<string, number> = {};
  for (const part of formatterOf(zone).formatToParts(new Date(epoch))) if (part.type !== 'literal') parts[part.type] = Number(part.value);
  const wall = Date.UTC(parts.year ?? 1970, (parts.month ?? 1) - 1, parts.day ?? 1, parts.hour ?? 0, parts.minute ?? 0, parts.second ?? 0);
  return wall - (epoch - (((epoch % 1000) + 1000) % 1000));
}

/**
 * The instant a zone's clocks show `date` (`YYYY-MM-DD`) at `time` (`HH:MM`, `24:00` the next
 * midnight); undefined for text that is not a date and time or a zone Intl does not know. A time
 * a spring change skips reads as that much after the gap (02:30 as 03:30), a repeated one as the first.
 */
export function epochAtWallTime(date: string, time: string, zone: string): number | undefined {
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const clock = /^(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(time);
  if (!day || !clock) return undefined;
  const wall = Date.UTC(Number(day[1]), Number(day[2]) - 1, Number(day[3]), Number(clock[1]), Number(clock[2]), Number(clock[3] ?? 0));
  if (Number.isNaN(wall)) return undefined;
  try {
    // Offsets a day either side: at most one change lies between, so each candidate is one of these.
    const before = wall - offsetAt(wall - DAY, zone);
    const after = wall - offsetAt(wall + DAY, zone);
    const shows = (epoch: number) => epoch + offsetAt(epoch, zone) === wall;
    if (shows(before)) return before;
    if (shows(after)) return after;
    // In a gap neither shows it: read with the offset before the change, it lands after the gap.
    return before;
  } catch {
    return undefined;
  }
}
