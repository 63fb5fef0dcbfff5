import { z } from 'zod';
import type { PeopleImportInvoke } from '../../../preload/contract/people-import';
import type { PeopleImportService } from '../../services/people-import/import-service';
import type { AreaHandlers } from '../handler';

export interface PeopleImportServices {
  peopleImport: PeopleImportService;
}

const id = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
/** A column of the file (0-based); a spreadsheet of people has a few dozen at most. */
const column = z.number().int().min(0).max(999);

const importRequest = z.strictObject({
  token: z.uuid(),
  organisationId: id,
  mapping: z.strictObject({ email: column.optional(), admin: column.optional(), groups: column.optional() }),
});

/** Bulk invitation from a file: validated here, then the service checks the roles before anything else. */
export function createPeopleImportHandlers({ peopleImport }: PeopleImportServices): AreaHandlers<PeopleImportInvoke> {
  return {
    'people-import:choose-file': { args: z.tuple([]), run: () => peopleImport.chooseFile() },
    'people-import:preview': { args: z.tuple([importRequest]), run: (request) => peopleImport.preview(request) },
    'people-import:start': { args: z.tuple([importRequest]), run: (request) => peopleImport.start(request) },
    'people-import:pending': { args: z.tuple([]), run: () => peopleImport.pending() },
    'people-import:resume': { args: z.tuple([]), run: () => peopleImport.resume() },
    'people-import:discard': { args: z.tuple([]), run: () => peopleImport.discard() },
    'people-import:save-results': { args: z.tuple([]), run: () => peopleImport.saveResults() },
  };
}
