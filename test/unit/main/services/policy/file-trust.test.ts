import { describe, expect, it } from 'vitest';
import { fileTrustChecker, untrustedText } from '../../../../../main/services/policy/file-trust';
import { fakeFileSystem, type FakeEntry } from './fixtures';

const ROOT_FOLDER: FakeEntry = { uid: 0, mode: 0o40755 };
const ROOT_FILE: FakeEntry = { uid: 0, mode: 0o100644 };
const TEACHER = 1000;

/** /etc/videocollab-desktop/policy.json as IT writes it, with `changes` on top. */
function linux(changes: Record<string, FakeEntry | Error> = {}, platform = 'linux') {
  const files = fakeFileSystem({
    '/etc': ROOT_FOLDER,
    '/etc/videocollab-desktop': ROOT_FOLDER,
    '/etc/videocollab-desktop/policy.json': ROOT_FILE,
    ...changes,
  });
  return fileTrustChecker({ platform, ...files });
}
const POLICY = '/etc/videocollab-desktop/policy.json';

describe('who may have written a policy or certificate file (issue 28, item 12)', () => {
  it('trusts a file root owns and only root can write, in folders only root can write', async () => {
    expect(await linux()(POLICY)).toEqual({ status: 'trusted' });
  });

  it.each([
    ['world-writable (0666)', 0o100666],
    ['group-writable (0664)', 0o100664],
    ['writable by others only (0646)', 0o100646],
  ])('refuses a file that is %s', async (_, mode) => {
    const check = linux({ [POLICY]: { uid: 0, mode } });
    expect(await check(POLICY)).toEqual({ status: 'untrusted', reason: 'writable', where: POLICY });
  });

  it('refuses a file another user owns, even if only they can write it', async () => {
    const check = linux({ [POLICY]: { uid: TEACHER, mode: 0o100600 } });
    expect(await check(POLICY)).toEqual({ status: 'untrusted', reason: 'owner', where: POLICY });
  });

  it('refuses a good file in a folder someone else owns or can write: they could swap the file', async () => {
    expect(await linux({ '/etc/videocollab-desktop': { uid: TEACHER, mode: 0o40755 } })(POLICY)).toEqual({
      status: 'untrusted',
      reason: 'owner',
      where: '/etc/videocollab-desktop',
    });
    expect(await linux({ '/etc': { uid: 0, mode: 0o40777 } })(POLICY)).toEqual({
      status: 'untrusted',
      reason: 'writable',
      where: '/etc',
    });
  });

  it('accepts a shared folder with the sticky bit (/tmp): nobody else can rename or remove what is in it', async () => {
    const check = fileTrustChecker({
      platform: 'linux',
      ...fakeFileSystem({ '/tmp': { uid: 0, mode: 0o41777 }, '/tmp/ca.pem': ROOT_FILE }),
    });
    expect(await check('/tmp/ca.pem')).toEqual({ status: 'trusted' });
  });

  it('follows links: judges the file they lead to, and the folders on both ways', async () => {
    const toHome = linux({
      [POLICY]: { link: '/home/teacher/policy.json' },
      '/home': ROOT_FOLDER,
      '/home/teacher': { uid: TEACHER, mode: 0o40755 },
      '/home/teacher/policy.json': { uid: TEACHER, mode: 0o100644 },
    });
    expect(await toHome(POLICY)).toEqual({
      status: 'untrusted',
      reason: 'owner',
      where: '/home/teacher/policy.json',
    });
    // A link in a folder anyone can write leads to a good file; the link itself could be replaced.
    const fromShared = fileTrustChecker({
      platform: 'linux',
      ...fakeFileSystem({
        '/srv': ROOT_FOLDER,
        '/srv/shared': { uid: 0, mode: 0o40777 },
        '/srv/shared/ca.pem': { link: '/etc/ssl/school-ca.pem' },
        '/etc': ROOT_FOLDER,
        '/etc/ssl': ROOT_FOLDER,
        '/etc/ssl/school-ca.pem': ROOT_FILE,
      }),
    });
    expect(await fromShared('/srv/shared/ca.pem')).toEqual({
      status: 'untrusted',
      reason: 'writable',
      where: '/srv/shared',
    });
  });

  it('says a file is missing (no policy), and rejects when a file cannot be looked at', async () => {
    expect(await linux()('/etc/videocollab-desktop/other.json')).toEqual({ status: 'missing' });
    const denied = Object.assign(new Error('EACCES: permission denied'), { code: 'EACCES' });
    await expect(linux({ '/etc/videocollab-desktop': denied })(POLICY)).rejects.toThrow('EACCES');
  });

  it('holds macOS managed preferences to the same rule (folders with spaces, the admin group)', async () => {
    const path = '/Library/Managed Preferences/org.videocollab.desktop.plist';
    const mac = (file: FakeEntry) =>
      fileTrustChecker({
        platform: 'darwin',
        ...fakeFileSystem({ '/Library': ROOT_FOLDER, '/Library/Managed Preferences': ROOT_FOLDER, [path]: file }),
      });
    expect(await mac(ROOT_FILE)(path)).toEqual({ status: 'trusted' });
    // Writable by the admin group: any administrator's account, and whatever runs as one, could change it.
    expect(await mac({ uid: 0, mode: 0o100664 })(path)).toMatchObject({ status: 'untrusted', reason: 'writable' });
  });

  it('on Windows, stat says nothing: unchecked without an access-list check, or that check’s answer', async () => {
    const stat = () => Promise.reject(new Error('stat must not decide on Windows'));
    const realpath = stat;
    const path = 'C:\\ProgramData\\School\\filter-ca.pem';
    expect(await fileTrustChecker({ platform: 'win32', stat, realpath })(path)).toEqual({
      status: 'unchecked',
      why: 'who may change files is not checked on Windows yet',
    });
    const windowsAcl = async (asked: string) =>
      ({ status: 'untrusted', reason: 'writable', where: asked.replace(/\\[^\\]+$/, '') }) as const;
    expect(await fileTrustChecker({ platform: 'win32', stat, realpath, windowsAcl })(path)).toEqual({
      status: 'untrusted',
      reason: 'writable',
      where: 'C:\\ProgramData\\School',
    });
  });

  it('counts the owners it is told are administrators (a test standing in for root)', async () => {
    const check = fileTrustChecker({
      platform: 'linux',
      administrators: [0, TEACHER],
      ...fakeFileSystem({
        '/home': ROOT_FOLDER,
        '/home/ci': { uid: TEACHER, mode: 0o40700 },
        '/home/ci/ca.pem': { uid: TEACHER, mode: 0o100644 },
      }),
    });
    expect(await check('/home/ci/ca.pem')).toEqual({ status: 'trusted' });
  });

  it('says why in one sentence for the log', () => {
    expect(untrustedText({ reason: 'owner', where: '/etc/x' })).toBe('/etc/x is not owned by an administrator (root)');
    expect(untrustedText({ reason: 'writable', where: '/etc/x' })).toBe(
      '/etc/x can be changed by users other than administrators',
    );
  });
});
