import { describe, expect, it } from 'vitest';
import { loadManagedConfig, type LoadManagedConfigOptions } from '../../../../../main/services/policy';
import { fileTrustChecker } from '../../../../../main/services/policy/file-trust';
import { fakeFileSystem, fakeFiles, fakeRegExe, fixture, regOutput, type FakeEntry } from './fixtures';

const HKLM = 'HKEY_LOCAL_MACHINE\\SOFTWARE\\Policies\\VideoCollab\\Desktop';
const HKCU = 'HKEY_CURRENT_USER\\SOFTWARE\\Policies\\VideoCollab\\Desktop';
const MAC_MACHINE = '/Library/Managed Preferences/org.videocollab.desktop.plist';
const MAC_USER = '/Library/Managed Preferences/teacher/org.videocollab.desktop.plist';
const LINUX = '/etc/videocollab-desktop/policy.json';

async function load(options: Partial<LoadManagedConfigOptions> & Pick<LoadManagedConfigOptions, 'platform'>) {
  const lines: string[] = [];
  const config = await loadManagedConfig({
    packaged: true,
    argv: ['app'],
    env: {},
    readFile: fakeFiles({}),
    runCommand: fakeRegExe({}).run,
    checkFile: () => Promise.resolve({ status: 'trusted' }),
    userName: 'teacher',
    log: (line) => lines.push(line),
    ...options,
  });
  return { config, lines };
}

describe('loadManagedConfig on Windows', () => {
  const bothHives = () =>
    fakeRegExe({ [HKLM]: regOutput('reg-query-hklm.txt'), [HKCU]: regOutput('reg-query-hkcu.txt') });

  it('applies machine policy over user policy, and recommended values where nothing stronger is set', async () => {
    const { config } = await load({ platform: 'win32', runCommand: bothHives().run });
    expect(config.get('serviceUrl')).toBe('https://videocollab.school.example');
    expect(config.source('serviceUrl')).toBe('policy-machine');
    expect(config.get('hideAdvancedServiceChoice')).toBe(true);
    expect(config.get('allowedSignInMethods')).toEqual(['sso', 'password']);
    expect(config.get('uploadAllowedFileTypes')).toEqual(['mp4', 'mov', 'pdf']);
    expect(config.get('autoUpdateWindow')).toEqual({ start: '18:00', end: '07:00' });
    expect(config.get('quietHours')).toEqual({ start: '22:00', end: '07:00' });
    expect(config.source('quietHours')).toBe('policy-user');
    expect(config.get('startHidden')).toBe(false);
    expect(config.get('closeToTray')).toBe(false);
    expect(config.locked('closeToTray')).toBe(false);
    // The user hive's mandatory Language beats the recommended one (a policy may fix the language).
    expect(config.get('language')).toBe('en-GB');
    expect(config.source('language')).toBe('policy-user');
    expect(config.locked('language')).toBe(true);
  });

  it('drops the one wrong machine value and lets the next source decide that key', async () => {
    const { config, lines } = await load({ platform: 'win32', runCommand: bothHives().run });
    expect(config.get('uploadConcurrency')).toBe(2);
    expect(config.source('uploadConcurrency')).toBe('recommended');
    expect(lines).toContain(
      'Managed settings: HKLM\\SOFTWARE\\Policies\\VideoCollab\\Desktop: UploadConcurrency ignored: expected a whole number of files from 1 to 16; found 40.',
    );
  });

  it('logs each problem of the fixtures once, one line each', async () => {
    const { lines } = await load({ platform: 'win32', runCommand: bothHives().run });
    const hkcu = 'Managed settings: HKCU\\SOFTWARE\\Policies\\VideoCollab\\Desktop';
    expect(lines).toHaveLength(4);
    expect(lines).toEqual(
      expect.arrayContaining([
        `${hkcu}: AutoUpdate is a REG_BINARY value; policies are REG_SZ or REG_DWORD. Ignored.`,
        `${hkcu}: UploadConcurency is not a setting this version knows. Ignored.`,
        `${hkcu} (recommended): UploadAllowedFileTypes cannot be recommended; set it as mandatory. Ignored.`,
      ]),
    );
  });

  it('still applies the user policy when the machine policy cannot be read at all', async () => {
    const { run } = fakeRegExe({ [HKLM]: new Error('spawn UNKNOWN'), [HKCU]: regOutput('reg-query-hkcu.txt') });
    const { config, lines } = await load({ platform: 'win32', runCommand: run });
    expect(config.get('serviceUrl')).toBe('https://other.example');
    expect(config.source('serviceUrl')).toBe('policy-user');
    expect(lines[0]).toBe(
      'Managed settings: HKLM\\SOFTWARE\\Policies\\VideoCollab\\Desktop: could not run reg.exe (spawn UNKNOWN); these policies are ignored.',
    );
  });

  it('finds reg.exe in the Windows folder the environment names', async () => {
    const regExe = fakeRegExe({});
    await load({ platform: 'win32', runCommand: regExe.run, env: { SystemRoot: 'E:\\WINNT' } });
    expect(regExe.calls.map(([file]) => file)).toEqual([
      'E:\\WINNT\\System32\\reg.exe',
      'E:\\WINNT\\System32\\reg.exe',
    ]);
  });
});

describe('loadManagedConfig on macOS', () => {
  it('reads the machine and the per-user managed preferences, binary or XML', async () => {
    const readFile = fakeFiles({
      [MAC_MACHINE]: fixture('managed-preferences.binary.plist'),
      [MAC_USER]: fixture('managed-preferences-user.xml.plist'),
    });
    const { config, lines } = await load({ platform: 'darwin', readFile });
    expect(config.get('serviceUrl')).toBe('https://videocollab.school.example');
    expect(config.get('startAtLogin')).toBe(true);
    expect(config.source('startAtLogin')).toBe('policy-user');
    expect(config.get('uploadConcurrency')).toBe(2);
    expect(config.locked('uploadConcurrency')).toBe(false);
    expect(config.get('notificationIntervalSeconds')).toBe(60);
    expect(lines).toEqual([
      `Managed settings: ${MAC_MACHINE}: NotificationIntervalSeconds ignored: expected a whole number of seconds from 1 to 3600; found "five minutes".`,
    ]);
  });
});

describe('loadManagedConfig on Linux', () => {
  it('reads /etc/videocollab-desktop/policy.json', async () => {
    const { config, lines } = await load({
      platform: 'linux',
      readFile: fakeFiles({ [LINUX]: fixture('policy.json') }),
    });
    expect(config.get('serviceUrl')).toBe('https://videocollab.school.example');
    expect(config.locked('serviceUrl')).toBe(true);
    expect(config.get('uploadAllowedFileTypes')).toEqual(['mp4', 'mov']);
    expect(config.get('uploadConcurrency')).toBe(2);
    expect(config.source('uploadConcurrency')).toBe('recommended');
    expect(lines).toEqual([]);
  });

  it('in a run from source, lets a flag and the environment override policy (npm start, tests)', async () => {
    const { config } = await load({
      packaged: false,
      platform: 'linux',
      readFile: fakeFiles({ [LINUX]: fixture('policy.json') }),
      argv: ['app', '--service-url=http://127.0.0.1:4010'],
      env: { VC_SERVICE_URL: 'https://env.example', VC_UPLOAD_CONCURRENCY: '6' },
    });
    expect(config.get('serviceUrl')).toBe('http://127.0.0.1:4010');
    expect(config.source('serviceUrl')).toBe('flag');
    expect(config.get('uploadConcurrency')).toBe(6);
    expect(config.source('uploadConcurrency')).toBe('env');
  });

  it('installed: a mandatory policy wins over flags and the environment for every key it sets (issue 28)', async () => {
    const { config, lines } = await load({
      platform: 'linux',
      readFile: fakeFiles({ [LINUX]: fixture('policy.json') }),
      argv: ['app', '--service-url=https://look-alike.example', '--hide-advanced-service-choice=false', '--no-sandbox'],
      env: { VC_SERVICE_URL: 'https://look-alike.example', VC_AUTO_UPDATE: 'false', VC_UPLOAD_CONCURRENCY: '6' },
    });
    expect(config.get('serviceUrl')).toBe('https://videocollab.school.example');
    expect(config.source('serviceUrl')).toBe('policy-machine');
    expect(config.get('hideAdvancedServiceChoice')).toBe(true);
    // Not set by the policy: still not taken from the switches (the default, or the person's choice).
    expect(config.get('autoUpdate')).toBe(true);
    expect(config.source('autoUpdate')).toBe('default');
    expect(config.source('uploadConcurrency')).toBe('recommended');
    const ignored =
      ' ignored: an installed app takes its settings from the organisation’s policy and from the app itself, not from how it is started.';
    expect(lines).toEqual([
      `Managed settings: command line: --service-url${ignored}`,
      `Managed settings: command line: --hide-advanced-service-choice${ignored}`,
      `Managed settings: environment: VC_SERVICE_URL${ignored}`,
      `Managed settings: environment: VC_AUTO_UPDATE${ignored}`,
      `Managed settings: environment: VC_UPLOAD_CONCURRENCY${ignored}`,
    ]);
  });

  it('installed without any policy: the switches are ignored as well, and the person’s own settings apply', async () => {
    const { config } = await load({
      platform: 'linux',
      argv: ['app', '--upload-concurrency=9', '--allowed-sign-in-methods=password'],
      env: { VC_QUIET_HOURS: '21:00-06:00' },
      userSettings: { uploadConcurrency: 4 },
    });
    expect(config.get('uploadConcurrency')).toBe(4);
    expect(config.source('uploadConcurrency')).toBe('user');
    expect(config.locked('uploadConcurrency')).toBe(false);
    expect(config.source('allowedSignInMethods')).toBe('default');
    expect(config.source('quietHours')).toBe('default');
  });

  it('ignores a policy.json that is not JSON with one line, and everything else still applies', async () => {
    const { config, lines } = await load({
      packaged: false,
      platform: 'linux',
      readFile: fakeFiles({ [LINUX]: fixture('policy-malformed.json.txt') }),
      env: { VC_QUIET_HOURS: '21:00-06:00' },
    });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^Managed settings: \/etc\/videocollab-desktop\/policy\.json: is not valid JSON \(.+\); its policies are ignored\.$/,
    );
    expect(config.get('serviceUrl')).toBe('http://127.0.0.1:4010');
    expect(config.source('serviceUrl')).toBe('default');
    expect(config.get('quietHours')).toEqual({ start: '21:00', end: '06:00' });
  });

  it('shows every setting with its policy name, value, source and lock for diagnostics', async () => {
    const { config } = await load({ platform: 'linux', readFile: fakeFiles({ [LINUX]: fixture('policy.json') }) });
    const all = config.all();
    expect(all.map(({ policyName }) => policyName)).toContain('UploadSizeLimitMB');
    expect(all.find(({ key }) => key === 'hideAdvancedServiceChoice')).toEqual({
      key: 'hideAdvancedServiceChoice',
      policyName: 'HideAdvancedServiceChoice',
      value: true,
      source: 'policy-machine',
      locked: true,
      from: LINUX,
    });
  });
});

describe('files others could have written are not trusted (issue 28, item 12)', () => {
  const folders = { '/etc': { uid: 0, mode: 0o40755 }, '/etc/videocollab-desktop': { uid: 0, mode: 0o40755 } };
  const checkWith = (entries: Record<string, FakeEntry>) =>
    fileTrustChecker({ platform: 'linux', ...fakeFileSystem({ ...folders, ...entries }) });

  it('ignores a policy.json anyone can write: none of its policies apply, and it is listed', async () => {
    const { config, lines } = await load({
      platform: 'linux',
      readFile: fakeFiles({ [LINUX]: fixture('policy.json') }),
      checkFile: checkWith({ [LINUX]: { uid: 0, mode: 0o100666 } }),
    });
    expect(config.source('serviceUrl')).toBe('default');
    expect(config.get('hideAdvancedServiceChoice')).toBe(false);
    expect(lines).toEqual([
      `Managed settings: ${LINUX}: is not trusted: ${LINUX} can be changed by users other than administrators; its policies are ignored.`,
    ]);
    expect(config.untrustedFiles).toEqual([{ path: LINUX, use: 'policy', reason: 'writable', where: LINUX }]);
  });

  it('ignores a CaCertificateFile another user owns, and keeps the rest of the policy', async () => {
    const policy = {
      mandatory: { ServiceUrl: 'https://vc.school.example', CaCertificateFile: '/home/teacher/filter-ca.pem' },
    };
    const { config, lines } = await load({
      platform: 'linux',
      readFile: fakeFiles({ [LINUX]: new TextEncoder().encode(JSON.stringify(policy)) }),
      checkFile: checkWith({
        [LINUX]: { uid: 0, mode: 0o100644 },
        '/home': { uid: 0, mode: 0o40755 },
        '/home/teacher': { uid: 1000, mode: 0o40755 },
        '/home/teacher/filter-ca.pem': { uid: 1000, mode: 0o100644 },
      }),
    });
    expect(config.get('caCertificateFile')).toBeNull();
    expect(config.get('serviceUrl')).toBe('https://vc.school.example');
    expect(lines).toEqual([
      `Managed settings: ${LINUX}: CaCertificateFile ignored: /home/teacher/filter-ca.pem is not trusted: /home/teacher/filter-ca.pem is not owned by an administrator (root).`,
    ]);
    expect(config.untrustedFiles).toEqual([
      {
        path: '/home/teacher/filter-ca.pem',
        use: 'CaCertificateFile',
        reason: 'owner',
        where: '/home/teacher/filter-ca.pem',
      },
    ]);
    // The person's own settings later on keep the list.
    expect(config.withUserSettings({ uploadConcurrency: 4 }).untrustedFiles).toHaveLength(1);
  });

  it('keeps a CaCertificateFile that only root can change, and one that does not exist (the trust store says so)', async () => {
    const policy = { mandatory: { CaCertificateFile: '/etc/videocollab-desktop/filter-ca.pem' } };
    const readFile = fakeFiles({ [LINUX]: new TextEncoder().encode(JSON.stringify(policy)) });
    const good = await load({
      platform: 'linux',
      readFile,
      checkFile: checkWith({
        [LINUX]: { uid: 0, mode: 0o100644 },
        '/etc/videocollab-desktop/filter-ca.pem': { uid: 0, mode: 0o100644 },
      }),
    });
    expect(good.config.get('caCertificateFile')).toBe('/etc/videocollab-desktop/filter-ca.pem');
    expect(good.config.untrustedFiles).toEqual([]);
    const gone = await load({
      platform: 'linux',
      readFile,
      checkFile: checkWith({ [LINUX]: { uid: 0, mode: 0o100644 } }),
    });
    expect(gone.config.get('caCertificateFile')).toBe('/etc/videocollab-desktop/filter-ca.pem');
  });

  it('on Windows, where access lists are not checked yet, reads the file as before and logs that', async () => {
    const { run } = fakeRegExe({
      [HKLM]: {
        exitCode: 0,
        stdout: `\r\n${HKLM}\r\n    CaCertificateFile    REG_SZ    C:\\ProgramData\\School\\filter-ca.pem\r\n`,
        stderr: '',
      },
    });
    const stat = () => Promise.reject(new Error('not on Windows'));
    const { config, lines } = await load({
      platform: 'win32',
      runCommand: run,
      checkFile: fileTrustChecker({ platform: 'win32', stat, realpath: stat }),
    });
    expect(config.get('caCertificateFile')).toBe('C:\\ProgramData\\School\\filter-ca.pem');
    expect(lines).toEqual([
      'Managed settings: CaCertificateFile C:\\ProgramData\\School\\filter-ca.pem: who may change files is not checked on Windows yet.',
    ]);
  });
});
