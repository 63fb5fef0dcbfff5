import type {
  AboutUpdates,
  ConnectionInfo,
  NotificationsState,
  SessionState,
  VaultNotice,
} from '../../preload/contract';
import { AppError } from './app-error';
import { shownSettingText } from './app-info';
import { redact } from './log';
import type { ManagedConfig } from './policy';

/**
 * "Copy diagnostics" on About (issue #13): one plain-text report a teacher pastes into a message to
 * support, so that support does not have to ask which version, which service, which policy and which
 * keychain. It must be safe to paste anywhere: no token, no password, no secret setting, whatever the
 * inputs hold. Everything passes through the log's `redact`, and a last pass removes anything that
 * still looks like a token (the report is read by people outside the school).
 */

export interface DiagnosticsFacts {
  appName: string;
  appVersion: string;
  versions: Partial<Record<'electron' | 'chrome' | 'node', string>>;
  platform: string;
  /** The operating system's release (`os.release()`), when the host knows it. */
  osRelease?: string;
  arch: string;
  locale: string;
  connection: ConnectionInfo;
  /** Absent when the host runs without a managed configuration. */
  managed?: ManagedConfig;
  vault: VaultNotice;
  updates: AboutUpdates;
  session: Pick<SessionState, 'status' | 'notice' | 'retrying'>;
  notifications: Pick<NotificationsState, 'status' | 'problem' | 'lastSuccessAt'>;
  dataFolder: string;
  logsFolder?: string;
  /** The person's home folder (`os.homedir()`): written `~` wherever a path starts with it. */
  homeFolder?: string;
  now: Date;
  /**
   * The last network check's report (already redacted text), when one ran since start. Copy diagnostics
   * does not run one itself: a check takes up to a minute and uploads a test file, which a copy must not.
   */
  networkReport?: string;
}

const REDACTED = '[redacted]';

/**
 * What still looks like a secret after `redact`: a JWT, a Bearer or Basic header, and any long unbroken
 * run of token characters (opaque access and refresh tokens are 32+ characters; nothing support needs
 * in the report is, apart from folder paths, whose separators break the run).
 */
const tokenLike: RegExp[] = [
  /\beyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*/g,
  /\b(Bearer|Basic)\s+(?!\[redacted\])\S+/gi,
  /[A-Za-z0-9_\-+=]{32,}/g,
];

/** The last pass: nothing token-shaped leaves, even if a new input forgot to go through `redact`. */
export function scrubTokens(text: string): string {
  return tokenLike.reduce((result, pattern) => result.replace(pattern, REDACTED), text);
}

/**
 * Every URL in a text as its address only: `scheme://host[:port]/path`, without user name, password,
 * query or fragment. A query may carry a key, a signature or a person's name, and a policy value or a
 * network check line may hold any URL; support needs where the app went, not what it sent.
 */
export function addressesOnly(text: string): string {
  return text.replace(/\b([a-z][a-z0-9+.-]*:\/\/)(?:[^\s/?#@]*@)?([^\s?#]*)(?:[?#][^\s)\]"'<>]*)?/gi, '$1$2');
}

/**
 * The home folder as `~`: `C:\Users\ada\AppData` becomes `~\AppData`, in either slash direction and
 * any case (Windows and macOS folders are case-insensitive). Only a whole folder name matches, so
 * `/home/ada` leaves `/home/adam` alone.
 */
export function homeAsTilde(text: string, homeFolder: string | undefined): string {
  const home = homeFolder?.replace(/[\\/]+$/, '');
  if (!home || home.length < 3) return text;
  const spellings = new Set([home, home.replace(/\\/g, '/')]);
  return [...spellings].reduce(
    (result, spelling) => result.replace(new RegExp(`${escapeRegExp(spelling)}(?=[\\\\/\\s"'\\]),;:]|$)`, 'gim'), '~'),
    text,
  );
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A URL without user name, password, query or fragment: the address support needs, no credentials. */
function addressOnly(url: string): string {
  if (url === '') return '(none)';
  try {
    const parsed = new URL(url);
    parsed.username = '';
    parsed.password = '';
    parsed.search = '';
    parsed.hash = '';
    return parsed.toString();
  } catch {
    return '(not a valid address)';
  }
}

const sourceWords: Record<string, string> = {
  flag: 'command line',
  env: 'environment',
  'policy-machine': 'organisation (machine policy)',
  'policy-user': 'organisation (user policy)',
  recommended: 'recommended by organisation',
  user: 'user’s choice',
  default: 'default',
};

function section(title: string, lines: string[]): string {
  return [`## ${title}`, ...lines.map((line) => `- ${line}`)].join('\n');
}

function reachability(facts: DiagnosticsFacts): string {
  const { session, notifications } = facts;
  const problem = session.retrying?.reason ?? notifications.problem;
  if (problem) return `no (${problem.code})`;
  if (notifications.lastSuccessAt) return `yes (last answered ${notifications.lastSuccessAt})`;
  return 'not known yet (not signed in, or no check since start)';
}

/** Builds the report. Pure: the caller gathers the facts, so tests can plant secrets in any of them. */
export function buildDiagnosticsReport(facts: DiagnosticsFacts): string {
  const { versions, connection, vault, updates, session, notifications } = facts;
  const settings = facts.managed?.all() ?? [];
  const policySources = [
    ...new Set(settings.filter((s) => s.source !== 'default' && s.source !== 'user').map((s) => s.from)),
  ];
  const sections = [
    `# ${facts.appName} diagnostics`,
    `Created ${facts.now.toISOString()}. Tokens, passwords and secret settings are left out.`,
    section('Versions', [
      `App: ${facts.appVersion}`,
      `Electron: ${versions.electron ?? 'not running in Electron'}`,
      `Chrome: ${versions.chrome ?? 'not running in Electron'}`,
      `Node: ${versions.node ?? 'unknown'}`,
    ]),
    section('System', [
      `OS: ${facts.platform}${facts.osRelease ? ` ${facts.osRelease}` : ''} (${facts.arch})`,
      `Language: ${facts.locale}`,
    ]),
    section('Service', [
      `Service address: ${connection.needsSetup ? '(not set up yet)' : addressOnly(connection.serviceUrl)}`,
      `Token address: ${connection.needsSetup ? '(not set up yet)' : addressOnly(connection.tokenUrl)}`,
      `Demo service: ${connection.demoMode ? 'yes' : 'no'}`,
      `Address fixed by policy: ${connection.managed ? 'yes' : 'no'}`,
    ]),
    section('Policy', [
      `Sources in use: ${policySources.length > 0 ? policySources.join('; ') : facts.managed ? 'none' : 'not read'}`,
      ...settings.map(
        (s) =>
          `${s.policyName} = ${shownSettingText(s, connection.demoMode) || '(unset)'} [${sourceWords[s.source] ?? s.source}` +
          `${s.source === 'default' || s.source === 'user' ? '' : `: ${s.from}`}${s.locked ? ', locked' : ''}]`,
      ),
      ...(facts.managed?.problems ?? []).map((problem) => `Problem: ${problem}`),
    ]),
    section('Sign-in storage', [
      `Backend: ${vault.backend}${vault.persistent ? '' : ' (this session only)'}`,
      ...(vault.reason ? [`Why: ${vault.reason}`] : []),
    ]),
    section('Updates', [
      `Mode: ${updates.mode}`,
      `State: ${updates.state}${updates.version ? ` (${updates.version})` : ''}`,
    ]),
    section('Network', [
      `Service reachable: ${reachability(facts)}`,
      `Session: ${session.status}${session.notice ? ` (last problem: ${session.notice.code})` : ''}`,
      `Notifications: ${notifications.status}${notifications.problem ? ` (${notifications.problem.code})` : ''}`,
    ]),
    section('Folders', [`Data: ${facts.dataFolder}`, ...(facts.logsFolder ? [`Logs: ${facts.logsFolder}`] : [])]),
    facts.networkReport?.trimEnd() ??
      section('Network check', ['Not run since the app started (About → Network check).']),
  ];
  const text = homeAsTilde(addressesOnly(`${sections.join('\n\n')}\n`), facts.homeFolder);
  return scrubTokens(redact(text) as string);
}

export interface SupportDeps {
  facts: () => DiagnosticsFacts;
  /** Electron's clipboard.writeText; absent where there is no clipboard. */
  writeClipboard?: (text: string) => void;
  logsFolder?: string;
  /** Electron's shell.openPath: resolves to an error message, empty on success. */
  openPath?: (path: string) => Promise<string>;
}

/** The support buttons on About. */
export class SupportService {
  constructor(private readonly deps: SupportDeps) {}

  copyDiagnostics(): { characters: number } {
    if (!this.deps.writeClipboard) throw new AppError('UNAVAILABLE', 'The clipboard cannot be used here.');
    const report = buildDiagnosticsReport(this.deps.facts());
    this.deps.writeClipboard(report);
    return { characters: report.length };
  }

  async openLogsFolder(): Promise<null> {
    const { logsFolder, openPath } = this.deps;
    if (!logsFolder || !openPath) throw new AppError('UNAVAILABLE', 'The logs folder cannot be opened here.');
    const problem = await openPath(logsFolder);
    // shell.openPath reports failure in its answer, not by rejecting: the page must hear of it.
    if (problem) throw new AppError('UNAVAILABLE', `The logs folder could not be opened: ${problem}`);
    return null;
  }
}
