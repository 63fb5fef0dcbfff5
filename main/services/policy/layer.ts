import { untrustedText, type CheckFile, type UntrustedReason } from './file-trust';

/**
 * What one source of settings says, before anything is checked: raw values by the names the source
 * used, and the problems met while reading it (a source that could not be read at all says so here
 * and holds nothing). The resolver checks every value against the schema.
 */
export interface PolicyLayer {
  mandatory: Record<string, unknown>;
  recommended: Record<string, unknown>;
  problems: string[];
  /** The file was refused unread: someone besides an administrator could have written it (file-trust.ts). */
  untrusted?: { reason: UntrustedReason; where: string };
}

export const emptyLayer = (): PolicyLayer => ({ mandatory: {}, recommended: {}, problems: [] });

export const unreadableLayer = (problem: string): PolicyLayer => ({
  mandatory: {},
  recommended: {},
  problems: [problem],
});

/** Reads a file's bytes; rejects with `code: 'ENOENT'` when there is no such file (Node's readFile does). */
export type ReadFile = (path: string) => Promise<Uint8Array>;

export interface CommandResult {
  exitCode: number;
  stdout: string;
  stderr: string;
}

/** Runs a program without a shell; rejects only when it could not be run (or ran too long). */
export type RunCommand = (file: string, args: readonly string[]) => Promise<CommandResult>;

export const isMissingFile = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 'ENOENT';

export const reasonOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/** Plain objects only: arrays, dates, plist data and nulls are not a set of policies. */
export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  !(value instanceof Date) &&
  !(value instanceof Uint8Array);

/**
 * Reads one policy file and parses it: no file is no policy; a file that cannot be read is one
 * problem, and nothing from it applies. A file that someone besides an administrator could have written
 * is not read at all (file-trust.ts). Every file source (JSON, property list) reads this way.
 */
export async function readPolicyFile(
  path: string,
  readFile: ReadFile,
  checkFile: CheckFile,
  parse: (bytes: Uint8Array) => PolicyLayer,
): Promise<PolicyLayer> {
  try {
    const trust = await checkFile(path);
    if (trust.status === 'missing') return emptyLayer();
    if (trust.status === 'untrusted') {
      return {
        ...unreadableLayer(`is not trusted: ${untrustedText(trust)}; its policies are ignored.`),
        untrusted: { reason: trust.reason, where: trust.where },
      };
    }
  } catch (error) {
    return unreadableLayer(`could not be checked (${reasonOf(error)}); its policies are ignored.`);
  }
  let bytes: Uint8Array;
  try {
    bytes = await readFile(path);
  } catch (error) {
    if (isMissingFile(error)) return emptyLayer();
    return unreadableLayer(`could not be read (${reasonOf(error)}); its policies are ignored.`);
  }
  return parse(bytes);
}
