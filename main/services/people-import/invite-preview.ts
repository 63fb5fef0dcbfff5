import type { Table } from './read-table';

/** Which column holds what; `undefined` when the file has no such column. */
export interface ColumnMapping {
  email?: number;
  admin?: number;
  groups?: number;
}

const emailShape = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** How many people one import may hold (a programme's intake, not a directory). */
export const MAX_IMPORT_ROWS = 2_000;

const headerNames: Record<keyof ColumnMapping, RegExp> = {
  email: /^(e-?mail|email address|e-?post|e-?postadresse|address)$/i,
  admin: /^(admin|is ?admin|is ?org ?admin|administrator|organisation admin|organization admin)$/i,
  groups: /^(groups?|communities|community|grupper?)$/i,
};

/** A first guess from the header row, which the person can change before anything is sent. */
export function guessMapping(table: Table): ColumnMapping {
  const mapping: ColumnMapping = {};
  for (const key of Object.keys(headerNames) as (keyof ColumnMapping)[]) {
    const index = table.headers.findIndex((h) => headerNames[key].test(h.trim()));
    if (index >= 0) mapping[key] = index;
  }
  // Headers in another language: the column whose first cells look most like addresses.
  if (mapping.email === undefined) {
    const sample = table.rows.slice(0, 20);
    let best = { index: -1, hits: 0 };
    for (let index = 0; index < table.headers.length; index += 1) {
      const hits = sample.filter((row) => emailShape.test((row[index] ?? '').trim())).length;
      if (hits > best.hits) best = { index, hits };
    }
    if (best.index >= 0) mapping.email = best.index;
  }
  return mapping;
}

export type RowProblem =
  | { kind: 'missing-email' }
  | { kind: 'malformed-email'; value: string }
  | { kind: 'duplicate-email'; firstRow: number }
  | { kind: 'unknown-group'; name: string }
  | { kind: 'too-many-rows'; limit: number };

export interface PreviewRow {
  /** 1-based line in the file, counting the header, as a spreadsheet shows it. */
  line: number;
  email: string;
  isOrgAdmin: boolean;
  groupNames: string[];
  communityIds: number[];
  problems: RowProblem[];
}

const yes = /^(1|y|yes|true|x|ja|j|sant)$/i;

/**
 * Every row with what would be sent and what is wrong with it; nothing is sent for a row with a
 * problem. `groupsByName` holds the organisation's groups (names compared without case or outer space).
 */
export function previewInvites(
  table: Table,
  mapping: ColumnMapping,
  groupsByName: ReadonlyMap<string, number>,
  limit = MAX_IMPORT_ROWS,
): PreviewRow[] {
  const seen = new Map<string, number>();
  const groups = new Map([...groupsByName].map(([name, id]) => [name.trim().toLowerCase(), id]));
  return table.rows.map((cells, index) => {
    const line = index + 2;
    const cell = (column: number | undefined) => (column === undefined ? '' : (cells[column] ?? '').trim());
    const email = cell(mapping.email);
    const groupNames = cell(mapping.groups)
      .split(/[;,|]/)
      .map((name) => name.trim())
      .filter(Boolean);
    const problems: RowProblem[] = [];
    if (index >= limit) problems.push({ kind: 'too-many-rows', limit });
    if (email === '') problems.push({ kind: 'missing-email' });
    else if (!emailShape.test(email)) problems.push({ kind: 'malformed-email', value: email });
    else {
      const key = email.toLowerCase();
      const first = seen.get(key);
      if (first !== undefined) problems.push({ kind: 'duplicate-email', firstRow: first });
      else seen.set(key, line);
    }
    const communityIds: number[] = [];
    for (const name of groupNames) {
      const id = groups.get(name.toLowerCase());
      if (id === undefined) problems.push({ kind: 'unknown-group', name });
      else if (!communityIds.includes(id)) communityIds.push(id);
    }
    return { line, email, isOrgAdmin: yes.test(cell(mapping.admin)), groupNames, communityIds, problems };
  });
}
