import { statusById, WORK_ORDER_STATUSES } from '../../../src-shared/api/status';
import type { DurationGroup, DurationRow, Insights } from '../../../src-shared/ipc/insights';
import { formatDuration, formatMoney } from '../../lib/format';

/** One bar series: its key in the chart rows, its legend label, a colour from the theme. */
export interface FigureSeries {
  key: string;
  label: string;
  color: string;
}

/**
 * A chart and the same figures as a table: the chart for the eye, the table for reading exact
 * numbers and for screen readers. `rows` feed the chart; `table` holds the formatted cells.
 */
export interface Figure {
  id: string;
  title: string;
  /** What is counted, and how: every figure says its definition. */
  definition: string;
  /** The chart's accessible name: what it shows in a sentence. */
  summary: string;
  /** The category of each chart row (`label` of rows). */
  axisLabel: string;
  valueLabel: string;
  orientation: 'vertical' | 'horizontal';
  layout: 'stack' | 'group';
  series: FigureSeries[];
  rows: Record<string, string | number>[];
  /** Formats an axis value for ticks. */
  format: (value: number) => string;
  table: { caption: string; columns: string[]; rows: { key: string; cells: string[] }[] };
}

export const HOUR_S = 3600;
const hours = (seconds: number) => Math.round((seconds / HOUR_S) * 10) / 10;
// One formatter each: toLocaleString with options builds a new one per call, and ticks call it often.
const WEEK_FORMAT = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric' });
const COUNT_FORMAT = new Intl.NumberFormat('en-US');
const weekLabel = (weekStart: number) => WEEK_FORMAT.format(weekStart);
const count = (value: number) => COUNT_FORMAT.format(value);
/** Ticks of a count: whole numbers only (a scale of 0 to 2 would tick at 0.5). */
const countTick = (value: number) => (Number.isInteger(value) ? count(value) : '');
const plural = (value: number, one: string, many = `${one}s`) => `${count(value)} ${value === 1 ? one : many}`;

/** A colour per status, from the theme's variables, so both themes read. */
const STATUS_COLORS: Readonly<Record<string, string>> = {
  created: 'var(--border-control)',
  published: 'var(--accent)',
  routed: 'var(--accent-strong)',
  assigned: 'var(--warning-strong)',
  workdone: 'var(--success-strong)',
  approved: 'color-mix(in srgb, var(--success-strong) 55%, var(--surface))',
  paid: 'var(--text-muted)',
  canceled: 'var(--danger-strong)',
};

export function statusFigure(insights: Insights): Figure {
  const present = WORK_ORDER_STATUSES.filter((status) => insights.statusByWeek.some((row) => row.statusId === status.id));
  const unknown = insights.statusByWeek.some((row) => row.statusId === null || !statusById(row.statusId));
  const series: FigureSeries[] = present.map((status) => ({ key: status.slug, label: status.name, color: STATUS_COLORS[status.slug] ?? 'var(--text-muted)' }));
  if (unknown) series.push({ key: 'other', label: 'Other', color: 'var(--border)' });
  const rows = insights.weeks.map((weekStart) => {
    const row: Record<string, string | number> = { label: weekLabel(weekStart), total: 0 };
    for (const entry of series) row[entry.key] = 0;
    for (const entry of insights.statusByWeek.filter((candidate) => candidate.weekStart === weekStart)) {
      const key = (entry.statusId === null ? undefined : statusById(entry.statusId)?.slug) ?? 'other';
      row[key] = (row[key] as number) + entry.count;
      row.total = (row.total as number) + entry.count;
    }
    return row;
  });
  const busiest = rows.reduce<Record<string, string | number> | undefined>((best, row) => (best === undefined || (row.total as number) > (best.total as number) ? row : best), undefined);
  return {
    id: 'status',
    title: 'Work orders by status, per week',
    definition: 'Each order counted once, in the week of its service date (schedule start), by the status it has now.',
    summary: `Stacked bars: ${plural(insights.orders, 'order')} over ${plural(rows.length, 'week')}${busiest && (busiest.total as number) > 0 ? `, most in the week of ${busiest.label} (${count(busiest.total as number)})` : ''}.`,
    axisLabel: 'Week of',
    valueLabel: 'Orders',
    orientation: 'vertical',
    layout: 'stack',
    series,
    rows,
    format: countTick,
    table: {
      caption: 'Work orders by week of service date and current status',
      columns: ['Week of', ...series.map((entry) => entry.label), 'Total'],
      rows: rows.map((row) => ({ key: String(row.label), cells: [String(row.label), ...series.map((entry) => count(row[entry.key] as number)), count(row.total as number)] })),
    },
  };
}


const groupName = (row: DurationRow, group: DurationGroup) => row.name ?? (row.id === null ? (group === 'client' ? 'No client' : 'No type of work') : `${group === 'client' ? 'Client' : 'Type'} ${row.id}`);

/** `sampledEvery`: the durations were estimated from every Nth order of the period (a very large one). */
export function durationFigure(kind: 'dispatch' | 'workdone', rows: readonly DurationRow[], group: DurationGroup, sampledEvery?: number): Figure {
  const estimate = sampledEvery === undefined ? '' : ` Estimated from every ${ordinal(sampledEvery)} order by number: the period holds too many to read each.`;
  const what = kind === 'dispatch' ? 'Time to dispatch' : 'Time to work done';
  const by = group === 'client' ? 'client' : 'type of work';
  const slowest = rows.reduce<DurationRow | undefined>((best, row) => (best === undefined || row.medianSeconds > best.medianSeconds ? row : best), undefined);
  return {
    id: kind,
    title: `${what} by ${by}`,
    definition:
      kind === 'dispatch'
        ? `From publishing (or creation, for an order assigned without publishing) to assignment, from the milestones cached with each order.${estimate}`
        : `From assignment to work done, from the milestones cached with each order.${estimate}`,
    summary: rows.length === 0 ? `${what}: no order in the period has these milestones cached.` : `Bars of median and 90th percentile hours for ${plural(rows.length, by === 'client' ? 'client' : 'type of work', by === 'client' ? 'clients' : 'types of work')}; slowest median: ${groupName(slowest as DurationRow, group)}, ${formatDuration((slowest as DurationRow).medianSeconds)}.`,
    axisLabel: by === 'client' ? 'Client' : 'Type of work',
    valueLabel: 'Hours',
    orientation: 'horizontal',
    layout: 'group',
    series: [
      { key: 'median', label: 'Median', color: 'var(--accent)' },
      { key: 'p90', label: '90th percentile', color: 'var(--warning-strong)' },
    ],
    rows: rows.map((row) => ({ label: groupName(row, group), median: hours(row.medianSeconds), p90: hours(row.p90Seconds) })),
    format: (value) => `${value} h`,
    table: {
      caption: `${what} by ${by}: median and 90th percentile`,
      columns: [by === 'client' ? 'Client' : 'Type of work', sampledEvery === undefined ? 'Orders' : 'Orders sampled', 'Median', '90th percentile'],
      rows: rows.map((row) => ({ key: String(row.id), cells: [groupName(row, group), count(row.count), formatDuration(row.medianSeconds), formatDuration(row.p90Seconds)] })),
    },
  };
}

const ordinal = (value: number) => `${value}${value % 10 === 1 && value % 100 !== 11 ? 'st' : value % 10 === 2 && value % 100 !== 12 ? 'nd' : value % 10 === 3 && value % 100 !== 13 ? 'rd' : 'th'}`;

export function problemsFigure(insights: Insights): Figure {
  const name = (row: Insights['problems'][number]) => row.name ?? (row.typeId === null ? 'Unknown type' : `Type ${row.typeId}`);
  const open = insights.problems.reduce((sum, row) => sum + row.open, 0);
  const resolved = insights.problems.reduce((sum, row) => sum + row.resolved, 0);
  return {
    id: 'problems',
    title: 'Problems by type',
    definition: `Problems reported on the period's orders whose details are cached; ${plural(insights.ordersWithOpenProblems, 'order has', 'orders have')} an open problem now.`,
    summary: insights.problems.length === 0 ? 'No problems reported on the period’s orders.' : `Stacked bars: ${plural(open, 'open problem')} and ${count(resolved)} resolved, over ${plural(insights.problems.length, 'type')}.`,
    axisLabel: 'Problem type',
    valueLabel: 'Problems',
    orientation: 'horizontal',
    layout: 'stack',
    series: [
      { key: 'open', label: 'Open', color: 'var(--danger-strong)' },
      { key: 'resolved', label: 'Resolved', color: 'var(--success-strong)' },
    ],
    rows: insights.problems.map((row) => ({ label: name(row), open: row.open, resolved: row.resolved })),
    format: countTick,
    table: {
      caption: 'Problems by type: open and resolved',
      columns: ['Problem type', 'Open', 'Resolved'],
      rows: insights.problems.map((row) => ({ key: String(row.typeId), cells: [name(row), count(row.open), count(row.resolved)] })),
    },
  };
}

export function delaysFigure(insights: Insights): Figure {
  const { delays } = insights;
  const entries = [
    { key: 'late', label: 'Late now', value: delays.lateNow, note: 'assigned, the window has passed and nobody checked in, or the marketplace says delayed' },
    { key: 'risk', label: 'At risk now', value: delays.atRiskNow, note: 'starts within two hours and nobody is on the way, or the marketplace says at risk' },
    { key: 'done-late', label: 'Work done late', value: delays.workDoneLate, note: `work done after the window closed, of ${count(delays.workDoneMeasured)} done orders with a window end` },
  ];
  return {
    id: 'delays',
    title: 'Delays',
    definition: 'Late and at risk are the Needs attention rules, now; work done late compares the work done milestone with the end of the service window.',
    summary: `Bars: ${entries.map((entry) => `${entry.label.toLowerCase()} ${count(entry.value)}`).join(', ')}.`,
    axisLabel: 'Delay',
    valueLabel: 'Orders',
    orientation: 'horizontal',
    layout: 'stack',
    series: [{ key: 'value', label: 'Orders', color: 'var(--warning-strong)' }],
    rows: entries.map((entry) => ({ label: entry.label, value: entry.value })),
    format: countTick,
    table: {
      caption: 'Delays: orders late, at risk, and done late',
      columns: ['Delay', 'Orders', 'What counts'],
      rows: entries.map((entry) => ({ key: entry.key, cells: [entry.label, count(entry.value), entry.note] })),
    },
  };
}

const PAY_DEFINITION = 'The labour committed (pay at most: fixed, or rate × units) by orders assigned, work done or approved, by service date.';

export function payByWeekFigure(insights: Insights): Figure {
  const rows = insights.weeks.map((weekStart) => {
    const week = insights.pay.byWeek.find((row) => row.weekStart === weekStart);
    return { label: weekLabel(weekStart), amount: week?.amount ?? 0, orders: week?.orders ?? 0 };
  });
  return {
    id: 'pay-week',
    title: 'Pay committed per week',
    definition: PAY_DEFINITION,
    summary: `Bars: ${formatMoney(insights.pay.total)} committed by ${plural(insights.pay.orders, 'order')} over ${plural(rows.length, 'week')}.`,
    axisLabel: 'Week of',
    valueLabel: 'Pay (USD)',
    orientation: 'vertical',
    layout: 'stack',
    series: [{ key: 'amount', label: 'Pay committed', color: 'var(--accent)' }],
    rows,
    format: (value) => formatMoney(value),
    table: {
      caption: 'Pay committed per week of service date',
      columns: ['Week of', 'Orders', 'Pay committed'],
      rows: rows.map((row) => ({ key: row.label, cells: [row.label, count(row.orders), formatMoney(row.amount)] })),
    },
  };
}

export function payByClientFigure(insights: Insights): Figure {
  const name = (row: Insights['pay']['byClient'][number]) => row.name ?? (row.clientId === null ? 'No client' : `Client ${row.clientId}`);
  return {
    id: 'pay-client',
    title: 'Pay committed by client',
    definition: PAY_DEFINITION,
    summary: insights.pay.byClient.length === 0 ? 'No pay committed in the period.' : `Bars: ${formatMoney(insights.pay.total)} committed across ${plural(insights.pay.byClient.length, 'client')}; most by ${name(insights.pay.byClient[0] as Insights['pay']['byClient'][number])}.`,
    axisLabel: 'Client',
    valueLabel: 'Pay (USD)',
    orientation: 'horizontal',
    layout: 'stack',
    series: [{ key: 'amount', label: 'Pay committed', color: 'var(--accent)' }],
    rows: insights.pay.byClient.map((row) => ({ label: name(row), amount: row.amount })),
    format: (value) => formatMoney(value),
    table: {
      caption: 'Pay committed by client',
      columns: ['Client', 'Orders', 'Pay committed'],
      rows: insights.pay.byClient.map((row) => ({ key: String(row.clientId), cells: [name(row), count(row.orders), formatMoney(row.amount)] })),
    },
  };
}

/** Characters a line beside a horizontal bar holds: about 150 px of 12 px axis text in a wide sans (DejaVu, as Linux draws it). */
const LABEL_LINE = 20;

/** A category's name in lines of at most `LABEL_LINE` characters, broken at spaces, two lines at most (the second cut with "…", at a space where it can). */
export function wrapLabel(text: string): string {
  const lines: string[] = [];
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const last = lines.at(-1);
    if (last !== undefined && `${last} ${word}`.length <= LABEL_LINE) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  const [first = '', second, ...rest] = lines.map((line) => (line.length > LABEL_LINE ? `${line.slice(0, LABEL_LINE - 1)}…` : line));
  if (second === undefined) return first;
  return `${first}\n${rest.length > 0 ? shortened(second) : second}`;
}

/** A line with more after it: cut at a space where one leaves room for the "…", else at the letter. */
function shortened(line: string): string {
  const room = line.slice(0, LABEL_LINE - 1);
  const space = room.lastIndexOf(' ');
  return `${(space > 0 ? room.slice(0, space) : room).replace(/[\s-]+$/, '')}…`;
}
