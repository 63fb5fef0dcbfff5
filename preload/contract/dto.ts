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
}

export interface NavigateRequest {
  /** An in-app route path, e.g. "/about". */
  path: string;
}

/** The service the app talks to. Not secret. */
export interface ConnectionInfo {
  serviceUrl: string;
  tokenUrl: string;
  demoMode: boolean;
}

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
