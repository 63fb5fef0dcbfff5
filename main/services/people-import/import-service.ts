import { createHash } from 'node:crypto';
import { join } from 'node:path';
import type { SessionState } from '../../../preload/contract/dto';
import type { SavedReport } from '../../../preload/contract/admin';
import type {
  ChosenImportFile,
  ImportFileProblem,
  ImportOutcome,
  ImportPreview,
  ImportProgress,
  ImportRequest,
  PendingImport,
} from '../../../preload/contract/people-import';
import type { InviteeEntry } from '../../../preload/contract/models/organisation-admin';
import type { ServiceHttp } from '../../api/http';
import { createCommunitiesApi } from '../../api/communities';
import { createOrganisationAdminApi } from '../../api/organisation-admin';
import { AppError } from '../app-error';
import { administeredOrganisations, requireOrganisationAdmin, requireSomeAdministration } from '../admin/admin-access';
import { defaultReportName, saveReport } from '../admin/report-file';
import { ChosenFiles, type ChosenFile } from './chosen-files';
import { InviteJournal } from './invite-journal';
import { MAX_IMPORT_ROWS, guessMapping, previewInvites, type PreviewRow } from './invite-preview';
import { createInviteRun } from './invite-run';
import { readTableFile } from './read-table';
import { resultCsv } from './result-csv';
import { RunDetailsFile } from './run-details';

export interface PeopleImportDeps {
  http(): ServiceHttp;
  state(): SessionState;
  /** Who is signed in: each account has its own journal, so nobody resumes another's run. */
  account(): { origin: string; userId: string } | undefined;
  /** The open dialog for .csv and .xlsx files; undefined when closed. */
  chooseOpenPath(): Promise<string | undefined>;
  /** The save dialog (HostDeps `fileShell`); without one the results cannot be saved. */
  chooseSavePath?: (fileName: string) => Promise<string | undefined>;
  /** Where journals live (`<data>/people-import`). */
  folder: string;
  emit(progress: ImportProgress): void;
  now?: () => Date;
}

/** Never settles: what a send answers once the app is quitting (the process ends before it would). */
const quitting = new Promise<never>(() => undefined);

/** Rows the page sees for its preview table. */
const sampleSize = 5;

/**
 * The bulk invitation behind the screen: the file is chosen and read in main, previewed against the
 * organisation's groups, and sent in journaled batches (invite-run.ts). Every call checks the roles first.
 */
export function createPeopleImportService(deps: PeopleImportDeps) {
  const files = new ChosenFiles();
  const now = () => (deps.now ?? (() => new Date()))();
  let last: ImportOutcome | undefined;
  let running = false;
  let stopping = false;

  const accountFolder = () => {
    const account = deps.account();
    if (!account) throw new AppError('UNAUTHENTICATED', 'You are signed out. Please sign in again.');
    const key = createHash('sha256').update(`${account.origin}\n${account.userId}`).digest('hex').slice(0, 16);
    return join(deps.folder, key);
  };
  const journalPath = () => join(accountFolder(), 'invite-journal.jsonl');
  const details = () => new RunDetailsFile(join(accountFolder(), 'run.json'));
  const runner = () =>
    createInviteRun({
      journalPath: journalPath(),
      send: async (organisationId, people) => {
        // Quitting: nothing more leaves, and a request cut off by the quit is not recorded as failed (its
        // answer is simply lost), so the journal reads as after a crash and the next start offers the rest.
        if (stopping) return quitting;
        try {
          return await createOrganisationAdminApi(deps.http()).inviteMany(organisationId, people);
        } catch (error) {
          if (stopping) return quitting;
          throw error;
        }
      },
      onProgress: (progress) => deps.emit(progress),
    });

  function fileOf(token: string): ChosenFile {
    const file = files.get(token);
    if (!file) throw new AppError('NOT_FOUND', 'That file is no longer open here. Choose it again.');
    return file;
  }

  async function groupsByName(organisationId: number): Promise<Map<string, number>> {
    const list = await createCommunitiesApi(deps.http()).organisationCommunities(organisationId);
    const byName = new Map<string, number>();
    // Two groups of one name: the first listed; the preview shows which name matched, not which group.
    for (const group of list.slice(0, list.length)) if (!byName.has(group.name)) byName.set(group.name, group.id);
    return byName;
  }

  async function previewRows(request: ImportRequest): Promise<{ file: ChosenFile; rows: PreviewRow[] }> {
    requireOrganisationAdmin(deps.state(), request.organisationId);
    const file = fileOf(request.token);
    const columns = file.table.headers.length;
    for (const column of Object.values(request.mapping)) {
      if (column !== undefined && column >= columns) {
        throw new AppError('VALIDATION', `The file has ${columns} columns; choose one of them.`);
      }
    }
    if (request.mapping.email === undefined)
      throw new AppError('VALIDATION', 'Choose the column with the email addresses.');
    const groups =
      request.mapping.groups === undefined ? new Map<string, number>() : await groupsByName(request.organisationId);
    return { file, rows: previewInvites(file.table, request.mapping, groups) };
  }

  async function finished(send: () => Promise<ImportOutcome>): Promise<ImportOutcome> {
    if (running) throw new AppError('CONFLICT', 'Invitations are being sent already. Wait for them to finish.');
    running = true;
    try {
      const outcome = await send();
      last = outcome;
      // Every batch has an answer, a failure or is "not known": the results are on screen and can be saved.
      runner().discard();
      details().clear();
      return outcome;
    } finally {
      running = false;
    }
  }

  return {
    async chooseFile(): Promise<ChosenImportFile> {
      requireSomeAdministration(deps.state());
      const path = await deps.chooseOpenPath();
      if (!path) return { cancelled: true };
      // The reader's errors name the path; the page is told the reason only.
      const table = await readTableFile(path).catch((error: unknown) => {
        if (!(error instanceof AppError)) throw error;
        const problem = error.details?.problem;
        throw new AppError(error.code, error.message, problem ? { problem } : undefined);
      });
      if (table.headers.length === 0) {
        const problem: ImportFileProblem = 'empty';
        throw new AppError('VALIDATION', 'The file is empty: it has no header row.', { problem });
      }
      const { token, file } = files.add(path, table);
      return {
        file: {
          token,
          fileName: file.fileName,
          headers: table.headers,
          sampleRows: table.rows.slice(0, sampleSize),
          rowCount: table.rows.length,
          rowLimit: MAX_IMPORT_ROWS,
          truncated: table.truncated,
          guess: guessMapping(table),
        },
      };
    },

    async preview(request: ImportRequest): Promise<ImportPreview> {
      const { rows } = await previewRows(request);
      const ready = rows.filter((row) => row.problems.length === 0).length;
      return {
        rows: rows.map(({ line, email, isOrgAdmin, groupNames, problems }) => ({
          line,
          email,
          isOrgAdmin,
          groupNames,
          problems,
        })),
        ready,
        withProblems: rows.length - ready,
      };
    },

    async start(request: ImportRequest): Promise<ImportOutcome> {
      const { file, rows } = await previewRows(request);
      const people: InviteeEntry[] = rows
        .filter((row) => row.problems.length === 0)
        .map(({ email, isOrgAdmin, communityIds }) => ({ email, isOrgAdmin, communityIds }));
      if (people.length === 0) throw new AppError('VALIDATION', 'No row is ready to send: every row has a problem.');
      if (running) throw new AppError('CONFLICT', 'Invitations are being sent already. Wait for them to finish.');
      const run = runner();
      if (run.pending()) {
        throw new AppError('CONFLICT', 'An earlier invitation run is not finished: resume or discard it first.');
      }
      details().write({ organisationId: request.organisationId, fileName: file.fileName, people });
      return finished(() => run.run(request.organisationId, people));
    },

    async pending(): Promise<PendingImport | null> {
      const state = deps.state();
      requireSomeAdministration(state);
      // Still being sent (the page was left and opened again): not something to resume; a new start says so.
      if (running) return null;
      const journal = new InviteJournal(journalPath()).read();
      const left = runner().pending();
      if (!journal || !left) return null;
      const organisation = administeredOrganisations(state).find((o) => o.id === journal.organisationId);
      // No longer an administrator there: the run cannot be resumed by this person.
      if (!organisation) return null;
      const fileName = details().read()?.fileName;
      return {
        organisationId: organisation.id,
        organisationName: organisation.name,
        ...(fileName ? { fileName } : {}),
        outcome: left.outcome,
        remainingBatches: left.remaining,
      };
    },

    async resume(): Promise<ImportOutcome> {
      requireSomeAdministration(deps.state());
      const journal = new InviteJournal(journalPath()).read();
      if (!journal) throw new AppError('NOT_FOUND', 'There is no invitation run to resume.');
      requireOrganisationAdmin(deps.state(), journal.organisationId);
      const saved = details().read();
      if (!saved || saved.organisationId !== journal.organisationId) {
        throw new AppError(
          'VALIDATION',
          'The details of that run could not be read. Discard it and send the file again.',
        );
      }
      return finished(() => runner().resume(saved.people));
    },

    async discard(): Promise<null> {
      requireSomeAdministration(deps.state());
      if (running) throw new AppError('CONFLICT', 'Invitations are being sent. Wait for them to finish.');
      runner().discard();
      details().clear();
      return null;
    },

    async saveResults(): Promise<SavedReport> {
      requireSomeAdministration(deps.state());
      if (!last) throw new AppError('NOT_FOUND', 'There are no results to save yet.');
      if (!deps.chooseSavePath) throw new AppError('FILE_PROBLEM', 'This app cannot show a save dialog here.');
      return saveReport(deps.chooseSavePath, defaultReportName('invitations', 'csv', now()), resultCsv(last), {
        asCsv: true,
      });
    },

    /** The app is quitting: a run under way stops where it is, to be resumed at the next start. */
    stop(): void {
      stopping = true;
    },

    /** Signed out: the next person sees none of these files or results. */
    signedOut(): void {
      files.clear();
      last = undefined;
    },
  };
}

export type PeopleImportService = ReturnType<typeof createPeopleImportService>;
