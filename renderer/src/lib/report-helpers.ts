import type { OrganisationActivityFilter } from '../../../preload/contract/admin';
import type { GroupActivityRow, ReportWindow, UserActivityRow } from '../../../preload/contract/models/reports';

/** The window a person picks: the last 7, 30 or 90 days, or a date range (ISO dates, both ends included). */
export type WindowChoice = { kind: 'days'; days: 7 | 30 | 90 } | { kind: 'range'; from: string; to: string };

/** A row of either tab, reduced to what the chart and table show. */
export interface ReportRow {
  id: number;
  name: string;
  total: number;
  logins: number;
  posts: number;
  comments: number;
  uploads: number;
  shares: number;
}

const isoDay = /^\d{4}-\d{2}-\d{2}$/;

/** The service's parameters for a choice; an unfinished or reversed range is no window yet (undefined). */
export function windowParams(choice: WindowChoice): ReportWindow | undefined {
  if (choice.kind === 'days') return { days: choice.days };
  if (!isoDay.test(choice.from) || !isoDay.test(choice.to) || choice.from > choice.to) return undefined;
  return { startDate: choice.from, endDate: choice.to };
}

export function activityFilter(
  organisationId: number,
  window: ReportWindow,
  labelIds: number[],
  isActive?: boolean,
): OrganisationActivityFilter {
  return {
    organisationId,
    ...window,
    ...(labelIds.length ? { labelIds: [...labelIds] } : {}),
    ...(isActive !== undefined ? { isActive } : {}),
  };
}

const counts = (r: GroupActivityRow | UserActivityRow) => ({
  total: r.total,
  logins: r.logins,
  posts: r.posts,
  comments: r.comments,
  uploads: r.uploads,
  shares: r.shares,
});

export const groupRows = (rows: GroupActivityRow[]): ReportRow[] =>
  rows.map((r) => ({ id: r.communityId, name: r.communityName, ...counts(r) }));

export const personRows = (rows: UserActivityRow[]): ReportRow[] =>
  rows.map((r) => ({
    id: r.userId,
    name: [r.firstName, r.lastName].filter(Boolean).join(' ') || r.email || `#${r.userId}`,
    ...counts(r),
  }));

/** The busiest `n` rows, most active first; ties by name so the chart does not reorder between loads. */
export function topRows(rows: ReportRow[], n = 20): ReportRow[] {
  return [...rows].sort((a, b) => b.total - a.total || a.name.localeCompare(b.name)).slice(0, n);
}

export interface ChartColours {
  bar: string;
  text: string;
  grid: string;
}

/** Chart.js data for a bar per row (its total). */
export function barChartData(rows: ReportRow[], label: string, colours: ChartColours) {
  return {
    labels: rows.map((r) => r.name),
    datasets: [{ label, data: rows.map((r) => r.total), backgroundColor: colours.bar, borderRadius: 3 }],
  };
}

/** Chart.js data for a line of daily counts, in date order. */
export function lineChartData(daily: { date: string; count: number }[], label: string, colours: ChartColours) {
  const sorted = [...daily].sort((a, b) => a.date.localeCompare(b.date));
  return {
    labels: sorted.map((d) => d.date.slice(0, 10)),
    datasets: [
      { label, data: sorted.map((d) => d.count), borderColor: colours.bar, backgroundColor: colours.bar, tension: 0.2 },
    ],
  };
}

/** A long name shortened for an axis (the tooltip and the table keep it whole). */
export function shortLabel(label: string, max = 24): string {
  return label.length > max ? `${label.slice(0, max - 1).trimEnd()}…` : label;
}

/** Axis and legend colours from the theme, so the chart reads in light and dark alike. */
export function chartOptions(colours: ChartColours, horizontal: boolean) {
  const axis = { ticks: { color: colours.text }, grid: { color: colours.grid } };
  const names = {
    ...axis,
    ticks: {
      color: colours.text,
      callback(this: { getLabelForValue(value: number): string }, value: number | string) {
        return shortLabel(this.getLabelForValue(Number(value)));
      },
    },
  };
  return {
    indexAxis: horizontal ? ('y' as const) : ('x' as const),
    maintainAspectRatio: false,
    animation: false as const,
    plugins: { legend: { display: false }, tooltip: { enabled: true } },
    scales: horizontal
      ? { x: { ...axis, beginAtZero: true }, y: names }
      : { x: axis, y: { ...axis, beginAtZero: true } },
  };
}
