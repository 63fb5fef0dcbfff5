import { describe, expect, it } from 'vitest';
import { loadManagedConfig, type LoadManagedConfigOptions } from '../../../../../main/services/policy';
import { fakeFiles, fakeRegExe, fixture, regOutput } from './fixtures';

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
