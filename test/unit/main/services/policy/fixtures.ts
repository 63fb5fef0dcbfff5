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

/** One entry of a fake file system: its owner and mode bits, or a link to another path. */
export type FakeEntry = { uid: number; mode: number } | { link: string };

/**
 * `realpath` and `stat` over a POSIX tree given by path (folders included; `/` is root's 0755 unless
 * listed). A link resolves wherever it sits on the way; a path not listed does not exist.
 */
export function fakeFileSystem(entries: Record<string, FakeEntry | Error>) {
  const all: Record<string, FakeEntry | Error> = { '/': { uid: 0, mode: 0o40755 }, ...entries };
  const entry = (path: string) => {
    const found = all[path];
    if (found === undefined) throw missing();
    if (found instanceof Error) throw found;
    return found;
  };
  const realpath = async (path: string): Promise<string> => {
    let resolved = '';
    for (const part of path.split('/').filter(Boolean)) {
      const next = `${resolved}/${part}`;
      const found = entry(next);
      resolved = 'link' in found ? await realpath(found.link) : next;
    }
    return resolved || '/';
  };
  const stat = async (path: string) => {
    const found = entry(await realpath(path));
    if ('link' in found) throw new Error('a resolved path is never a link');
    return found;
  };
  return { realpath, stat };
}
