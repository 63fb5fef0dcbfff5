import { describe, expect, it } from 'vitest';
import {
  fileProblemKey,
  handledCount,
  mappingOf,
  outcomeLists,
  problemMessage,
  visibleRows,
} from '../../../../renderer/src/lib/import-rows';
import enGB from '../../../../shared/i18n/en-GB';

const outcome = {
  invited: ['a@school.example', 'b@school.example'],
  failed: [],
  alreadyInOrganisation: ['c@school.example'],
  existingUsersAdded: [],
  notSent: [],
  unknown: [],
};

describe('the bulk-invite screen helpers', () => {
  it('names a message that exists for every kind of row problem', () => {
    const problems = [
      { kind: 'missing-email' as const },
      { kind: 'malformed-email' as const, value: 'x' },
      { kind: 'duplicate-email' as const, firstRow: 3 },
      { kind: 'unknown-group' as const, name: 'Year 2' },
      { kind: 'too-many-rows' as const, limit: 2000 },
    ];
    const catalogue = enGB.adminImport.problem as Record<string, string>;
    for (const problem of problems) {
      const { key, params } = problemMessage(problem);
      const message = catalogue[key.replace('adminImport.problem.', '')];
      expect(message, key).toBeDefined();
      for (const name of Object.keys(params)) expect(message).toContain(`{${name}}`);
    }
    expect(problemMessage({ kind: 'duplicate-email', firstRow: 3 }).params).toEqual({ line: 3 });
  });

  it('shows every row, or only those with problems', () => {
    const rows = [
      { line: 2, problems: [] },
      { line: 3, problems: [{ kind: 'missing-email' }] },
    ];
    expect(visibleRows(rows, false).map((r) => r.line)).toEqual([2, 3]);
    expect(visibleRows(rows, true).map((r) => r.line)).toEqual([3]);
  });

  it('leaves a column "not in the file" out of the request', () => {
    expect(mappingOf({ email: 0, admin: null, groups: 2 })).toEqual({ email: 0, groups: 2 });
    expect(mappingOf({ email: null, admin: null, groups: null })).toEqual({});
  });

  it('always shows the four lists of the answer, and the others only when someone is in them', () => {
    expect(outcomeLists(outcome).map((l) => l.list)).toEqual([
      'invited',
      'failed',
      'alreadyInOrganisation',
      'existingUsersAdded',
    ]);
    const withMore = { ...outcome, notSent: [{ email: 'd@school.example', reason: 'No such group' }], unknown: ['e'] };
    expect(outcomeLists(withMore).slice(4)).toEqual([
      { list: 'notSent', emails: ['d@school.example'], reasons: ['No such group'] },
      { list: 'unknown', emails: ['e'] },
    ]);
    expect(handledCount(withMore)).toBe(4);
  });

  it('words a file main could not read by the reason it named, and nothing else', () => {
    const catalogue = enGB.adminImport.fileProblem as Record<string, string>;
    for (const problem of ['too-large', 'unpacks-too-large', 'not-workbook', 'old-excel', 'unreadable', 'empty']) {
      const key = fileProblemKey({ code: 'VALIDATION', message: 'x', details: { problem } });
      expect(key).toBe(`adminImport.fileProblem.${problem}`);
      expect(catalogue[problem], problem).toBeDefined();
    }
    expect(fileProblemKey({ code: 'VALIDATION', message: 'x', details: { problem: 'constructor' } })).toBeUndefined();
    expect(fileProblemKey({ code: 'VALIDATION', message: 'x' })).toBeUndefined();
    expect(fileProblemKey(null)).toBeUndefined();
  });
});
