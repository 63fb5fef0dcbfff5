import { describe, expect, it } from 'vitest';
import { booleanSetting, urlSetting } from '../../../../../main/services/policy/kinds';
import { createManagedConfig } from '../../../../../main/services/policy/managed-config';
import { resolveSettings, type SourceInput } from '../../../../../main/services/policy/resolve';

const HKLM = 'HKLM\\SOFTWARE\\Policies\\VideoCollab\\Desktop';
const HKCU = 'HKCU\\SOFTWARE\\Policies\\VideoCollab\\Desktop';

const source = (
  origin: SourceInput['origin'],
  mandatory: Record<string, unknown> = {},
  recommended: Record<string, unknown> = {},
): SourceInput => ({
  origin,
  label: { flag: 'command line', env: 'environment', 'policy-machine': HKLM, 'policy-user': HKCU }[origin],
  layer: { mandatory, recommended, problems: [] },
});

describe('precedence', () => {
  // Highest first. Each tier offers its own value for the same setting.
  const tiers = [
    { name: 'flag', source: 'flag', locked: true },
    { name: 'environment', source: 'env', locked: true },
    { name: 'machine policy', source: 'policy-machine', locked: true },
    { name: 'user policy', source: 'policy-user', locked: true },
    { name: "the person's setting", source: 'user', locked: false },
    { name: 'machine recommended', source: 'recommended', locked: false },
    { name: 'user recommended', source: 'recommended', locked: false },
    { name: 'default', source: 'default', locked: false },
  ] as const;
  const valueOf = (tier: number) => 10 + tier;

  function configWith(present: number[]) {
    const offer = (tier: number) => (present.includes(tier) ? { uploadConcurrency: valueOf(tier) } : {});
    return createManagedConfig(
      [
        source('flag', offer(0)),
        source('env', offer(1)),
        source('policy-machine', offer(2), offer(5)),
        source('policy-user', offer(3), offer(6)),
      ],
      offer(4),
    );
  }

  const pairs = tiers.flatMap((higher, h) =>
    tiers.slice(h + 1).map((lower, offset) => ({ higher: higher.name, lower: lower.name, h, l: h + 1 + offset })),
  );

  it.each(pairs)('$higher wins over $lower', ({ h, l }) => {
    const config = configWith([h, l].filter((tier) => tier < 7));
    expect(config.get('uploadConcurrency')).toBe(tiers[h]!.source === 'default' ? 3 : valueOf(h));
    expect(config.source('uploadConcurrency')).toBe(tiers[h]!.source);
    expect(config.locked('uploadConcurrency')).toBe(tiers[h]!.locked);
  });

  it('covers every pair of the eight tiers', () => {
    expect(pairs).toHaveLength(28);
  });
});

describe('mandatory, recommended and the person’s own setting', () => {
  it('applies a recommended value until the person chooses their own, and never locks it', () => {
    const sources = [source('policy-machine', {}, { QuietHours: '22:00-07:00' })];
    const config = createManagedConfig(sources, {});
    expect(config.get('quietHours')).toEqual({ start: '22:00', end: '07:00' });
    expect(config.locked('quietHours')).toBe(false);
    const chosen = config.withUserSettings({ quietHours: { start: '23:00', end: '06:30' } });
    expect(chosen.get('quietHours')).toEqual({ start: '23:00', end: '06:30' });
    expect(chosen.source('quietHours')).toBe('user');
  });

  it("locks a mandatory value over the person's own setting", () => {
    const config = createManagedConfig([source('policy-user', { CloseToTray: 0 })], { closeToTray: true });
    expect(config.get('closeToTray')).toBe(false);
    expect(config.source('closeToTray')).toBe('policy-user');
    expect(config.locked('closeToTray')).toBe(true);
  });

  it('fixes the language when a mandatory policy names one', () => {
    const config = createManagedConfig([source('policy-machine', { Language: 'nb-NO' })], {});
    expect(config.get('language')).toBe('nb-NO');
    expect(config.locked('language')).toBe(true);
    expect(config.problems).toEqual([]);
  });

  it('refuses to recommend a restriction the person has no control over', () => {
    const config = createManagedConfig([source('policy-machine', {}, { HideAdvancedServiceChoice: 1 })], {});
    expect(config.get('hideAdvancedServiceChoice')).toBe(false);
    expect(config.problems).toEqual([
      `${HKLM} (recommended): HideAdvancedServiceChoice cannot be recommended; set it as mandatory. Ignored.`,
    ]);
  });
});

describe('malformed and unknown policies', () => {
  it('drops a wrong value for that key only, in one line naming source and key; the rest still applies', () => {
    const config = createManagedConfig(
      [
        source('policy-machine', { UploadConcurrency: 40, ServiceUrl: 'https://vc.school.example' }),
        source('policy-user', { UploadConcurrency: 4 }),
      ],
      {},
    );
    expect(config.get('serviceUrl')).toBe('https://vc.school.example');
    expect(config.get('uploadConcurrency')).toBe(4);
    expect(config.source('uploadConcurrency')).toBe('policy-user');
    expect(config.problems).toEqual([
      `${HKLM}: UploadConcurrency ignored: expected a whole number of files from 1 to 16; found 40.`,
    ]);
  });

  it('names a wrong flag or variable as it was typed', () => {
    const config = createManagedConfig(
      [source('flag', { quietHours: '10pm-7am' }), source('env', { uploadSizeLimitMB: 'lots' })],
      {},
    );
    expect(config.problems).toEqual([
      'command line: --quiet-hours ignored: expected a time window HH:MM-HH:MM on the 24-hour clock, e.g. 22:00-07:00, or empty for none; found "10pm-7am".',
      'environment: VC_UPLOAD_SIZE_LIMIT_MB ignored: expected a whole number of MB from 1 to 65536; found "lots".',
    ]);
  });

  it('never writes the value of a secret setting to the log', () => {
    const table = {
      proxyUrl: {
        ...urlSetting({
          title: 'Proxy',
          description: 'A proxy.',
          category: 'connection',
          default: 'https://proxy.example',
          example: 'https://proxy.example',
          exampleLevel: 'mandatory',
          lockable: true,
          recommendable: false,
          userSetting: null,
        }),
        secret: true,
      },
    };
    const { problems } = resolveSettings(table, [source('policy-machine', { ProxyUrl: 'ftp://s3cr3t' })], {});
    expect(problems).toEqual([
      `${HKLM}: ProxyUrl ignored: expected a web address starting with https:// (http:// only for this computer) (value not shown).`,
    ]);
  });

  it('never writes a password found in a refused address', () => {
    const config = createManagedConfig(
      [source('policy-machine', { ServiceUrl: 'http://head:hunter2@vc.example' })],
      {},
    );
    expect(config.problems).toHaveLength(1);
    expect(config.problems[0]).toContain('found "http://[redacted]@vc.example"');
    expect(config.problems[0]).not.toContain('hunter2');
  });

  it('reports an unknown policy once, however many sources hold it', () => {
    const config = createManagedConfig(
      [
        source('policy-machine', { UploadConcurency: 2 }),
        source('policy-user', { uploadconcurency: 2 }, { UploadConcurency: 2 }),
      ],
      {},
    );
    expect(config.problems).toEqual([`${HKLM}: UploadConcurency is not a setting this version knows. Ignored.`]);
  });

  it('passes on each problem a source had while being read, prefixed with where', () => {
    const unreadable: SourceInput = {
      ...source('policy-machine'),
      layer: {
        mandatory: {},
        recommended: {},
        problems: ['could not run reg.exe (spawn EACCES); these policies are ignored.'],
      },
    };
    const config = createManagedConfig([unreadable, source('policy-user', { StartHidden: 0 })], {});
    expect(config.get('startHidden')).toBe(false);
    expect(config.problems).toEqual([`${HKLM}: could not run reg.exe (spawn EACCES); these policies are ignored.`]);
  });
});

describe('types as each OS stores them', () => {
  const machine = (policies: Record<string, unknown>) => createManagedConfig([source('policy-machine', policies)], {});

  it('reads a DWORD 1 or 0 as on or off, and refuses any other number', () => {
    expect(machine({ StartHidden: 0, AutoUpdate: 1 }).get('startHidden')).toBe(false);
    expect(machine({ StartHidden: 0, AutoUpdate: 1 }).get('autoUpdate')).toBe(true);
    const config = machine({ AutoUpdate: 2 });
    expect(config.get('autoUpdate')).toBe(true);
    expect(config.source('autoUpdate')).toBe('default');
    expect(config.problems).toHaveLength(1);
  });

  it('reads HH:MM-HH:MM windows, across midnight too, and an empty one as none', () => {
    expect(machine({ AutoUpdateWindow: '22:00-06:00' }).get('autoUpdateWindow')).toEqual({
      start: '22:00',
      end: '06:00',
    });
    expect(machine({ AutoUpdateWindow: '7:30 - 16:00' }).get('autoUpdateWindow')).toEqual({
      start: '07:30',
      end: '16:00',
    });
    const off = machine({ QuietHours: '' });
    expect(off.get('quietHours')).toBeNull();
    expect(off.locked('quietHours')).toBe(true);
  });

  it.each(['22:00-22:00', '24:00-07:00', '22:00', '22:00-7'])('refuses the window %j', (window) => {
    const config = machine({ AutoUpdateWindow: window });
    expect(config.get('autoUpdateWindow')).toBeNull();
    expect(config.problems).toHaveLength(1);
  });

  it('reads a list of file types from a list or a comma-separated text, in one spelling each', () => {
    expect(machine({ UploadAllowedFileTypes: ['MP4', '.mov', 'mp4'] }).get('uploadAllowedFileTypes')).toEqual([
      'mp4',
      'mov',
    ]);
    expect(machine({ UploadAllowedFileTypes: 'mp4, pdf ,,docx' }).get('uploadAllowedFileTypes')).toEqual([
      'mp4',
      'pdf',
      'docx',
    ]);
    expect(machine({ UploadAllowedFileTypes: ['mp4', 'my video'] }).problems).toHaveLength(1);
  });

  it('refuses a sign-in list that would leave nobody able to sign in, or names an unknown method', () => {
    expect(machine({ AllowedSignInMethods: ['SSO'] }).get('allowedSignInMethods')).toEqual(['sso']);
    expect(machine({ AllowedSignInMethods: [] }).get('allowedSignInMethods')).toEqual(['password', 'sso', 'token']);
    expect(machine({ AllowedSignInMethods: ['sso', 'smartcard'] }).source('allowedSignInMethods')).toBe('default');
  });

  it('reads whole numbers written as text (flags, environment) and refuses fractions', () => {
    expect(createManagedConfig([source('env', { uploadConcurrency: '5' })], {}).get('uploadConcurrency')).toBe(5);
    expect(createManagedConfig([source('env', { uploadConcurrency: '5.5' })], {}).source('uploadConcurrency')).toBe(
      'default',
    );
  });

  it('normalises a service address as the sign-in page does, and refuses plain http to another computer', () => {
    expect(machine({ ServiceUrl: 'vc.school.example/' }).get('serviceUrl')).toBe('https://vc.school.example');
    expect(machine({ ServiceUrl: 'http://vc.school.example' }).source('serviceUrl')).toBe('default');
  });

  it('reads a language in any case', () => {
    const config = createManagedConfig([source('policy-machine', {}, { Language: 'EN-gb' })], {});
    expect(config.get('language')).toBe('en-GB');
  });

  it('checks the person’s own settings too, so a damaged settings file cannot slip in a wrong value', () => {
    const config = createManagedConfig([], { uploadConcurrency: 99, startAtLogin: true });
    expect(config.get('uploadConcurrency')).toBe(3);
    expect(config.get('startAtLogin')).toBe(true);
    expect(config.problems).toEqual([
      'user settings: uploadConcurrency ignored: expected a whole number of files from 1 to 16; found 99.',
    ]);
  });
});

describe('booleanSetting', () => {
  it('accepts the words people type in flags and variables', () => {
    const { type } = booleanSetting({
      title: 't',
      description: 'd',
      category: 'general',
      default: false,
      example: true,
      exampleLevel: 'mandatory',
      lockable: true,
      recommendable: true,
      userSetting: null,
    });
    expect(['true', 'YES', 'on', '1'].map((word) => type.parse(word))).toEqual([true, true, true, true]);
    expect(['false', 'No', 'off', '0'].map((word) => type.parse(word))).toEqual([false, false, false, false]);
    expect(type.safeParse('maybe').success).toBe(false);
  });
});
