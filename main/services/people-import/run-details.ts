import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { z } from 'zod';
import type { InviteeEntry } from '../../../preload/contract/models/organisation-admin';

/**
 * What a run sends to whom, kept beside its journal: the journal names addresses only, and a run resumed
 * after a restart must send each person with the admin flag and groups the file gave them.
 */
export interface RunDetails {
  organisationId: number;
  fileName: string;
  people: InviteeEntry[];
}

const detailsSchema = z.object({
  organisationId: z.number().int().positive(),
  fileName: z.string(),
  people: z.array(
    z.object({ email: z.string(), isOrgAdmin: z.boolean(), communityIds: z.array(z.number().int().positive()) }),
  ),
});

export class RunDetailsFile {
  constructor(private readonly path: string) {}

  /** Written whole (temporary name, then rename) before the first batch leaves. */
  write(details: RunDetails): void {
    mkdirSync(dirname(this.path), { recursive: true });
    const temp = `${this.path}.tmp`;
    writeFileSync(temp, JSON.stringify(details), { encoding: 'utf8', flush: true });
    renameSync(temp, this.path);
  }

  /** The details, or undefined when there are none or they cannot be read (then nothing can be resumed). */
  read(): RunDetails | undefined {
    if (!existsSync(this.path)) return undefined;
    try {
      return detailsSchema.parse(JSON.parse(readFileSync(this.path, 'utf8')));
    } catch {
      return undefined;
    }
  }

  clear(): void {
    rmSync(this.path, { force: true });
  }
}
