import {
  importFileProblems,
  type BridgeError,
  type ImportColumnMapping,
  type ImportOutcome,
  type ImportPreviewRow,
  type ImportRowProblem,
} from '../../../preload/contract';

/** A problem as a message key under `adminImport.problem` and its parameters. */
export function problemMessage(problem: ImportRowProblem): { key: string; params: Record<string, string | number> } {
  switch (problem.kind) {
    case 'missing-email':
      return { key: 'adminImport.problem.missingEmail', params: {} };
    case 'malformed-email':
      return { key: 'adminImport.problem.malformedEmail', params: { value: problem.value } };
    case 'duplicate-email':
      return { key: 'adminImport.problem.duplicateEmail', params: { line: problem.firstRow } };
    case 'unknown-group':
      return { key: 'adminImport.problem.unknownGroup', params: { name: problem.name } };
    case 'too-many-rows':
      return { key: 'adminImport.problem.tooManyRows', params: { limit: problem.limit } };
  }
}

/** The message key for why main could not read the chosen file, when it said (`details.problem`). */
export function fileProblemKey(error: BridgeError | null): string | undefined {
  const problem = importFileProblems.find((known) => known === error?.details?.problem);
  return problem ? `adminImport.fileProblem.${problem}` : undefined;
}

/** The addresses a run would make organisation administrators: ready rows marked as admin, in file order. */
export function adminsToBe(rows: readonly ImportPreviewRow[]): string[] {
  return rows.filter((row) => row.isOrgAdmin && row.problems.length === 0).map((row) => row.email);
}

/** The rows a preview shows: all, or only those with problems. */
export function visibleRows<T extends { problems: unknown[] }>(rows: readonly T[], onlyProblems: boolean): T[] {
  return onlyProblems ? rows.filter((row) => row.problems.length > 0) : [...rows];
}

/**
 * The mapping as the page's Selects hold it (null: "not in the file") turned into the request's, which
 * leaves out what is not in the file.
 */
export function mappingOf(selected: { email: number | null; admin: number | null; groups: number | null }) {
  const mapping: ImportColumnMapping = {};
  if (selected.email !== null) mapping.email = selected.email;
  if (selected.admin !== null) mapping.admin = selected.admin;
  if (selected.groups !== null) mapping.groups = selected.groups;
  return mapping;
}

/** The lists of an outcome in the order the page shows them; the last two only when they hold someone. */
export type OutcomeList = 'invited' | 'failed' | 'alreadyInOrganisation' | 'existingUsersAdded' | 'notSent' | 'unknown';

export function outcomeLists(outcome: ImportOutcome): { list: OutcomeList; emails: string[]; reasons?: string[] }[] {
  return [
    { list: 'invited' as const, emails: outcome.invited },
    { list: 'failed' as const, emails: outcome.failed },
    { list: 'alreadyInOrganisation' as const, emails: outcome.alreadyInOrganisation },
    { list: 'existingUsersAdded' as const, emails: outcome.existingUsersAdded },
    ...(outcome.notSent.length > 0
      ? [
          {
            list: 'notSent' as const,
            emails: outcome.notSent.map((entry) => entry.email),
            reasons: outcome.notSent.map((entry) => entry.reason),
          },
        ]
      : []),
    ...(outcome.unknown.length > 0 ? [{ list: 'unknown' as const, emails: outcome.unknown }] : []),
  ];
}

/** People an interrupted run has an answer for (any of the lists), for the resume banner. */
export function handledCount(outcome: ImportOutcome): number {
  return (
    outcome.invited.length +
    outcome.failed.length +
    outcome.alreadyInOrganisation.length +
    outcome.existingUsersAdded.length +
    outcome.notSent.length
  );
}
