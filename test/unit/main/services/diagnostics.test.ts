import { describe, expect, it } from 'vitest';
import { buildDiagnosticsReport, SupportService, type DiagnosticsFacts } from '../../../../main/services/diagnostics';
import { createManagedConfig } from '../../../../main/services/policy';

/**
 * "Copy diagnostics" (issue #13): what support reads, and what must never reach them. Secrets are
 * planted in every input a real run could carry one in: the service addresses, a policy file's problem
 * line, the vault's reason, an error message.
 */

const jwt = 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiI1In0.c2lnbmF0dXJlLW9mLXRoZS10b2tlbg';
const opaqueToken = 'rt_9f8e7d6c5b4a39281706f5e4d3c2b1a0ffeeddcc';

function facts(overrides: Partial<DiagnosticsFacts> = {}): DiagnosticsFacts {
  const managed = createManagedConfig(
    [
      {
        origin: 'policy-machine',
        label: 'HKLM\\SOFTWARE\\Policies\\VideoCollab\\Desktop',
        layer: {
          mandatory: {
            ServiceUrl: 'https://video.school.example',
            AutoUpdate: false,
            ProxyPacUrl: 'https://wpad.school.example/proxy.pac?site=north&key=k-7788#main',
          },
          recommended: { UploadConcurrency: 2 },
          problems: [`could not read Authorization: Bearer ${jwt}`],
        },
      },
      {
        origin: 'env',
        label: 'environment',
        layer: { mandatory: { language: 'nb-NO' }, recommended: {}, problems: [] },
      },
    ],
    { quietHours: { start: '22:00', end: '07:00' } },
  );
  return {
    appName: 'Video Collab Desktop',
    appVersion: '1.2.3',
    versions: { electron: '45.0.0', chrome: '140.0.0.0', node: '22.19.0' },
    platform: 'win32',
    osRelease: '10.0.22631',
    arch: 'x64',
    locale: 'nb-NO',
    connection: {
      serviceUrl: 'https://ada:hunter2-secret@video.school.example/',
      tokenUrl: `https://login.school.example/oauth/token?refresh_token=${opaqueToken}`,
      demoMode: false,
      managed: true,
    },
    managed,
    vault: { backend: 'encrypted-file', persistent: true, reason: `keytar said: token=${opaqueToken}` },
    updates: { mode: 'managed-by-organisation', state: 'off' },
    session: {
      status: 'signed-in',
      retrying: { attempt: 2, nextAt: '2026-03-01T10:00:00.000Z', reason: { code: 'TLS', message: `Bearer ${jwt}` } },
    },
    notifications: { status: 'backing-off', problem: { code: 'UNREACHABLE', message: 'offline' } },
    dataFolder: 'C:\\Users\\ada\\AppData\\Roaming\\Video Collab Desktop',
    logsFolder: 'C:\\Users\\ada\\AppData\\Roaming\\Video Collab Desktop\\logs',
    homeFolder: 'C:\\Users\\ada',
    now: new Date('2026-03-01T09:00:00.000Z'),
    ...overrides,
  };
}

describe('diagnostics report', () => {
  it('has every section support asks for, with the service address and each setting’s source', () => {
    const report = buildDiagnosticsReport(facts());
    for (const heading of [
      'Versions',
      'System',
      'Service',
      'Policy',
      'Sign-in storage',
      'Updates',
      'Network',
      'Folders',
    ])
      expect(report).toContain(`## ${heading}\n`);
    expect(report).toContain('App: 1.2.3');
    expect(report).toContain('Electron: 45.0.0');
    expect(report).toContain('OS: win32 10.0.22631 (x64)');
    expect(report).toContain('Language: nb-NO');
    expect(report).toContain('Service address: https://video.school.example/');
    expect(report).toContain('Token address: https://login.school.example/oauth/token');
    expect(report).toMatch(/Sources in use: .*HKLM\\SOFTWARE\\Policies\\VideoCollab\\Desktop;.*; environment\n/);
    expect(report).toContain(
      'ServiceUrl = https://video.school.example [organisation (machine policy): HKLM\\SOFTWARE\\Policies\\VideoCollab\\Desktop, locked]',
    );
    expect(report).toContain('UploadConcurrency = 2 [recommended by organisation');
    expect(report).toContain('QuietHours = 22:00-07:00 [user’s choice]');
    expect(report).toContain('Language = nb-NO [environment: environment, locked]');
    expect(report).toContain('TokenUrl = (unset) [default]');
    expect(report).toContain('Backend: encrypted-file');
    expect(report).toContain('Mode: managed-by-organisation');
    expect(report).toContain('Service reachable: no (TLS)');
    expect(report).toContain('Notifications: backing-off (UNREACHABLE)');
    expect(report).toContain('Logs: ~\\AppData\\Roaming\\Video Collab Desktop\\logs');
  });

  it('never carries a token, a password in a URL or a Bearer header, wherever they were planted', () => {
    const report = buildDiagnosticsReport(facts());
    expect(report).not.toContain(jwt);
    expect(report).not.toContain(jwt.split('.')[0]!);
    expect(report).not.toContain(opaqueToken);
    expect(report).not.toContain('hunter2');
    expect(report).not.toMatch(/Bearer\s+(?!\[redacted\])/);
    // The problem line itself stays, so support still sees that the policy file had one.
    expect(report).toContain('Problem: HKLM\\SOFTWARE\\Policies\\VideoCollab\\Desktop: could not read');
  });

  it('says when the app has no service yet, and when nothing is known about the network', () => {
    const report = buildDiagnosticsReport(
      facts({
        connection: { serviceUrl: '', tokenUrl: '', demoMode: false, needsSetup: true },
        session: { status: 'signed-out' },
        notifications: { status: 'signed-out' },
      }),
    );
    expect(report).toContain('Service address: (not set up yet)');
    expect(report).toContain('Service reachable: not known yet');
  });
});

describe('support service', () => {
  it('puts the report on the clipboard and answers its length', () => {
    const written: string[] = [];
    const support = new SupportService({ facts, writeClipboard: (text) => written.push(text) });
    const { characters } = support.copyDiagnostics();
    expect(written).toHaveLength(1);
    expect(characters).toBe(written[0]!.length);
    expect(written[0]).toContain('https://video.school.example/');
  });

  it('opens the logs folder, and says so when the file manager could not', async () => {
    const opened: string[] = [];
    let answer = '';
    const support = new SupportService({
      facts,
      logsFolder: '/home/ada/.config/Video Collab Desktop/logs',
      openPath: async (path) => {
        opened.push(path);
        return answer;
      },
    });
    await expect(support.openLogsFolder()).resolves.toBeNull();
    expect(opened).toEqual(['/home/ada/.config/Video Collab Desktop/logs']);
    answer = 'No application is registered for folders';
    await expect(support.openLogsFolder()).rejects.toMatchObject({ code: 'UNAVAILABLE' });
  });
});

describe('the network check in the diagnostics', () => {
  it('includes the last network check, or says none ran and where to run one', () => {
    const withCheck = buildDiagnosticsReport(
      facts({
        networkReport: '## Network check\n- [OK] Clock: This computer’s clock is within 1 s of the service’s.\n',
      }),
    );
    expect(withCheck).toContain('- [OK] Clock: This computer’s clock is within 1 s');
    expect(buildDiagnosticsReport(facts())).toContain('Not run since the app started (About → Network check).');
  });
});

describe('addresses and folders in the diagnostics (issue 28 item 11)', () => {
  it('shows every address without its query or fragment, wherever it appears', () => {
    const report = buildDiagnosticsReport(
      facts({
        networkReport:
          '## Network check\n- [OK] Upload: sent to https://files.school.example/up/a.bin?sv=2024&sp=w&school=ada-lovelace.\n',
      }),
    );
    expect(report).toContain('ProxyPacUrl = https://wpad.school.example/proxy.pac [organisation (machine policy)');
    expect(report).toContain('sent to https://files.school.example/up/a.bin');
    for (const gone of ['site=north', 'k-7788', '#main', 'sp=w', 'ada-lovelace']) expect(report).not.toContain(gone);
  });

  it('writes the home folder as ~, in any case and either slash, and leaves other folders alone', () => {
    const report = buildDiagnosticsReport(
      facts({
        dataFolder: 'c:\\users\\ADA\\AppData\\Roaming\\Video Collab Desktop',
        networkReport: '## Network check\n- CA file: file:///C:/Users/ada/certs/web-filter.pem; C:\\Users\\adam\\x\n',
      }),
    );
    expect(report).toContain('Data: ~\\AppData\\Roaming\\Video Collab Desktop');
    expect(report).toContain('CA file: file:///~/certs/web-filter.pem');
    expect(report).toContain('C:\\Users\\adam\\x');
    expect(report).not.toMatch(/Users[\\/]ada\b/i);
  });

  it('handles a macOS or Linux home, and no home at all', () => {
    const mac = buildDiagnosticsReport(
      facts({ homeFolder: '/Users/ada/', dataFolder: '/Users/ada/Library/Application Support/Video Collab Desktop' }),
    );
    expect(mac).toContain('Data: ~/Library/Application Support/Video Collab Desktop');
    const { homeFolder: _none, ...withoutHome } = facts();
    expect(buildDiagnosticsReport(withoutHome)).toContain('Logs: C:\\Users\\ada\\AppData');
  });
});
