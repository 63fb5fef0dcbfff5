import { execFile } from 'node:child_process';
import { readFile, realpath, stat } from 'node:fs/promises';
import { fileTrustChecker, type CheckFile } from '../file-trust';
import type { CommandResult, ReadFile, RunCommand } from '../layer';

/** The real file and process access behind the readers; tests give them fixtures instead. */

export const nodeReadFile: ReadFile = (path) => readFile(path);

/** This computer's files, held to the administrators-only rule (file-trust.ts). */
export const nodeCheckFile = (platform: string): CheckFile => fileTrustChecker({ platform, realpath, stat });

/** reg.exe answers in well under a second; a hung one must not hold up the app's start for long. */
const COMMAND_TIMEOUT_MS = 10_000;

export const nodeRunCommand: RunCommand = (file, args) =>
  new Promise<CommandResult>((resolve, reject) => {
    execFile(
      file,
      [...args],
      { windowsHide: true, timeout: COMMAND_TIMEOUT_MS, maxBuffer: 4 * 1024 * 1024, encoding: 'utf8' },
      (error, stdout, stderr) => {
        // A number is the program's exit code; anything else (ENOENT, killed on timeout) means it did not run.
        if (error && typeof error.code !== 'number') reject(error);
        else resolve({ exitCode: error ? Number(error.code) : 0, stdout, stderr });
      },
    );
  });
