import type { ErrorCode } from './result';

/** Shapes that cross the bridge. Plain data only: structured-clone safe, no secrets. */

export interface AboutInfo {
  appName: string;
  appVersion: string;
  /** Undefined when the main-process code runs outside Electron (the end-to-end harness). */
  electronVersion?: string;
  chromeVersion?: string;
  nodeVersion: string;
  platform: string;
  arch: string;
  dataFolder: string;
  /** The service the app talks to, and whether it is the local demo sandbox. */
  serviceUrl: string;
  demoMode: boolean;
  /**
   * The language main chose (the OS's, or the one a policy fixes); the page shows itself in it, as
   * main shows the tray and native notifications. Main always fills it; optional like `updates`.
   * The contract imports nothing, so shared/i18n/locales.ts's list is spelled out here: main
   * handing over a locale missing from it does not compile.
   */
  locale?: 'en-GB' | 'nb-NO';
  /**
   * How this copy of the app is updated, and where an update stands. Main always fills it; it is
   * optional so that a page built before it existed (and fixtures of that time) still type-check.
   */
  updates?: AboutUpdates;
  /**
   * Every setting IT can manage (issue #13): its value as shown, where it came from and whether the
   * person can change it. Absent when main runs without a managed configuration (the harness, tests).
   */
  settings?: AboutSetting[];
  /**
   * Files IT named that the app refused to use because someone besides an administrator could have
   * written them (issue 28): a policy file, or the CaCertificateFile. Absent when there are none.
   */
  untrustedFiles?: AboutUntrustedFile[];
}

/** A refused file, and why (main/services/policy/file-trust.ts). */
export interface AboutUntrustedFile {
  /** The file as named: the policy file's place, or the policy's value. */
  path: string;
  /** `policy` for a policy file; otherwise the policy that named the file, e.g. `CaCertificateFile`. */
  use: string;
  /** Owned by someone who is not an administrator, or writable by users other than administrators. */
  reason: 'owner' | 'writable';
  /** The file itself, or the folder above it that broke the rule. */
  where: string;
}

/**
 * Where a setting's value came from, highest first: a command-line flag, an environment variable, a
 * mandatory machine policy, a mandatory user policy, the person's own choice, a recommended policy,
 * the default. Spelled out here because the contract imports nothing (main/services/policy's
 * `SettingSource` must stay assignable to it: app-info.ts does not compile otherwise).
 */
export type AboutSettingSource = 'flag' | 'env' | 'policy-machine' | 'policy-user' | 'user' | 'recommended' | 'default';

export interface AboutSetting {
  /** The app's key, e.g. `uploadConcurrency`. */
  key: string;
  /** The name IT uses in the registry, a profile or policy.json, e.g. `UploadConcurrency`. */
  policyName: string;
  /** Shown as text: a list joined with commas, a time window as 22:00-07:00, empty when unset; never a secret. */
  value: string;
  source: AboutSettingSource;
  /** The person cannot change it in the app (a flag, the environment or a mandatory policy set it). */
  locked: boolean;
}

// --- Updates (issue #13): what About says about updates. ---

/**
 * Why updates do or do not apply here: the app updates itself; the organisation installed it for the
 * whole computer (MSI, Program Files, the macOS pkg) and updates it; the system's package manager
 * does (deb, rpm); a policy switched them off; a development run; this copy cannot update itself (an
 * unpacked folder, a build without an update feed); or the person updates it by hand (an AppImage,
 * whose updates carry no signature the app could check).
 */
export type UpdatesMode =
  | 'automatic'
  | 'managed-by-organisation'
  | 'package-manager'
  | 'off-by-policy'
  | 'development'
  | 'unsupported'
  | 'manual';

/** What an update downloaded and ready waits for before it is installed. */
export type UpdatesWait = 'quit' | 'window' | 'uploads';

export interface AboutUpdates {
  mode: UpdatesMode;
  /** `off` whenever mode is not automatic. */
  state: 'off' | 'idle' | 'checking' | 'downloading' | 'ready' | 'installing' | 'error';
  /** downloading: percent done, 0-100. */
  percent?: number;
  /** ready and installing: the version downloaded. */
  version?: string;
  /** ready: what it waits for. */
  waitingFor?: UpdatesWait;
  /** The organisation's installation window (24-hour clock, local time), when one is set. */
  window?: { start: string; end: string };
}
// --- end of updates ---

export interface NavigateRequest {
  /** An in-app route path, e.g. "/about". */
  path: string;
}

/** The service the app talks to. Not secret. */
export interface ConnectionInfo {
  serviceUrl: string;
  tokenUrl: string;
  demoMode: boolean;
  /**
   * First run of an installed app: no address from policy or the build, none chosen yet. The
   * addresses are empty; the page shows only the "Connect to your organisation" screen.
   */
  needsSetup?: true;
  /** The organisation fixed the address by policy: the page shows it, and main refuses another. */
  managed?: true;
  /** The ways of signing in the organisation allows, when it limits them; absent: every way. */
  allowedSignInMethods?: SignInMethod[];
  /** The organisation hides Advanced (another service, a pasted token) on the sign-in page. */
  advancedHidden?: true;
}

/** The ways of signing in: a password, single sign-on in the browser, or a pasted access token. */
export type SignInMethod = 'password' | 'sso' | 'token';

/** Where the session secret is kept, and why, when it is not the system keychain. */
export interface VaultNotice {
  backend: 'keychain' | 'encrypted-file' | 'memory';
  /** False when the session will not survive a restart (memory only). */
  persistent: boolean;
  /** Why the app fell back from the keychain, in plain words. */
  reason?: string;
  /** What to install or do to use the keychain. */
  advice?: string;
}

export interface UserSummary {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  pictureUrl?: string;
}

export interface OrganisationSummary {
  id: number;
  name: string;
  /** Role ids in this organisation: 4 user, 2 organisation admin, 8 site admin. */
  roles: number[];
  isDefault: boolean;
}

/**
 * What the renderer knows about the session: who, where, in which organisations. Never a token.
 */
export interface SessionState {
  status: 'signed-out' | 'restoring' | 'signed-in';
  user?: UserSummary;
  organisations?: OrganisationSummary[];
  defaultOrganisationId?: number;
  /** False when the profile says terms and privacy policy are still to be accepted. */
  hasAcceptedTerms?: boolean;
  connection: ConnectionInfo;
  vault: VaultNotice;
  /** Why the last session ended or could not be restored (shown on the sign-in screen). */
  notice?: { code: ErrorCode; message: string };
  /**
   * Offline, retrying: the service could not be asked for a fresh sign-in token just now (status
   * `restoring` at start, or `signed-in` with an expired token). The saved sign-in is kept; the app
   * tries again at `nextAt` (ISO 8601) on its own.
   */
  retrying?: { attempt: number; nextAt: string; reason: { code: ErrorCode; message: string } };
}

export interface LoginMethods {
  password: boolean;
  sso: boolean;
}

export interface PasswordSignIn {
  email: string;
  password: string;
}

export interface ConnectionSettings {
  serviceUrl: string;
  /** Optional: derived from the service URL when left out. */
  tokenUrl?: string;
}

export interface AccountProfile extends UserSummary {
  jobTitle: string;
  bio: string;
}

export interface ProfilePatch {
  firstName?: string;
  lastName?: string;
  jobTitle?: string;
  bio?: string;
}

/** Counts from the profile statistics, keyed by what they count (videos, portfolios, ...). */
export type ProfileStats = Record<string, number>;
