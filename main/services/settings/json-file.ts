import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { z } from 'zod';

/**
 * A small JSON file read through a zod schema (a damaged or hand-edited file falls back to the
 * defaults instead of crashing) and written crash-safely: temporary file, then rename.
 */
export class JsonFile<S extends z.ZodType> {
  constructor(
    private readonly path: string,
    private readonly schema: S,
    private readonly fallback: z.output<S>,
  ) {}

  read(): z.output<S> {
    try {
      const parsed = this.schema.safeParse(JSON.parse(readFileSync(this.path, 'utf8')));
      return parsed.success ? parsed.data : this.fallback;
    } catch {
      return this.fallback;
    }
  }

  write(value: z.output<S>): void {
    mkdirSync(dirname(this.path), { recursive: true });
    const temporary = `${this.path}.${process.pid}.tmp`;
    writeFileSync(temporary, JSON.stringify(value, null, 2), { mode: 0o600 });
    renameSync(temporary, this.path);
  }
}
