import { readFileSync } from 'node:fs';
import type { CommandResult, ReadFile, RunCommand } from '../../../../../main/services/policy/layer';

/** Fixtures under test/fixtures/policy, and fakes of the file and process access the readers use. */

export const fixture = (name: string): Buffer =>
  readFileSync(new URL(`../../../../fixtures/policy/${name}`, import.meta.url));

export const fixtureText = (name: string): string => fixture(name).toString('utf8');

export const missing = (): Error => Object.assign(new Error('ENOENT: no such file or directory'), { code: 'ENOENT' });

/** Files by path; an Error value is thrown on read; any other path does not exist. */
export function fakeFiles(files: Record<string, Uint8Array | Error>): ReadFile {
  return async (path) => {
    const file = files[path];
    if (file === undefined) throw missing();
    if (file instanceof Error) throw file;
    return file;
  };
}

/** reg.exe that answers by the key queried; a key not listed does not exist (exit code 1, nothing on stdout). */
export function fakeRegExe(byKey: Record<string, CommandResult | Error>, calls: [string, readonly string[]][] = []) {
  const run: RunCommand = async (file, args) => {
    calls.push([file, args]);
    const answer = byKey[args[1] ?? ''];
    if (answer instanceof Error) throw answer;
    return (
      answer ?? {
        exitCode: 1,
        stdout: '',
        stderr: 'ERROR: The system was unable to find the specified registry key or value.\r\n',
      }
    );
  };
  return { run, calls };
}

export const regOutput = (name: string): CommandResult => ({ exitCode: 0, stdout: fixtureText(name), stderr: '' });
