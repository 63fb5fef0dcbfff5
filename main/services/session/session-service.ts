import type { ConnectionInfo, ErrorCode, SessionState, VaultNotice } from '../../../preload/contract';
import type { SessionTokens, ServiceHttp } from '../../api/http';
import type { OAuthClient, TokenSet } from '../../api/oauth';
import { buildAuthorizeUrl, createPkce, randomState } from '../../api/oauth';
import { deriveAuthorizeUrl, originOf } from '../../api/service-url';
import { fetchLoginMethods, type LoginMethods } from '../../api/login-method';
import { createMeApi, type MeApi, type Profile } from '../../api/me';
import { AppError } from '../app-error';
import type { Logger } from '../log';
import { startLoopbackReceiver, type LoopbackReceiver } from './sso-loopback';

/** Where the session secret lives: the vault (`main/services/vault`: keychain, or its fallbacks). */
export interface SessionVault {
  saveSession(origin: string, userKey: string, secret: string): Promise<unknown>;
  loadSession(origin: string, userKey: string): Promise<string | undefined>;
  deleteSession(origin: string, userKey: string): Promise<void>;
  /** Which account was last signed in at this service (not secret), to restore it at start. */
  lastAccount(origin: string): Promise<string | undefined>;
  status(): VaultNotice;
  /** Fires when a store fails mid-session and the vault falls back (the app's notice must follow). */
  onStatusChange?(listener: () => void): () => void;
}

export interface SessionDeps {
  connection: () => ConnectionInfo;
  vault: SessionVault;
  oauthFor: (tokenUrl: string) => OAuthClient;
  /** An HTTP connection to the service; with `tokens`, requests carry the session's bearer. */
  httpFor: (serviceUrl: string, tokens?: SessionTokens) => ServiceHttp;
  clientId: string;
  /** Opens the identity provider's page in the system browser. */
  openBrowser: (url: string) => Promise<void>;
  /** Brings the app to the front once single sign-on completes. */
  focusApp: () => void;
  ssoTimeoutMs: number;
  log: Logger;
  now: () => Date;
  /** Tells the renderer (and the tray, later) that the session changed. */
  emit: (state: SessionState) => void;
}

/** What is kept in the vault: the refresh token, or the access token where there is none. */
interface StoredSecret {
  refreshToken?: string;
  accessToken?: string;
}

/** Refresh a little before the service would refuse the token, so requests rarely meet a 401. */
const EXPIRY_MARGIN_MS = 30_000;

/**
 * The signed-in session. It owns the tokens: the access token lives only in this object's memory,
 * the refresh token in the vault. Refreshes are serialised, so parallel requests share one; a
 * refresh the service refuses ends the session cleanly with a reason.
 */
export class SessionService implements SessionTokens {
  private tokens?: { accessToken: string; refreshToken?: string; expiresAt?: Date };
  private profile?: Profile;
  private origin?: string;
  private status: SessionState['status'] = 'signed-out';
  private notice?: { code: ErrorCode; message: string };
  private refreshing?: Promise<string | undefined>;
  private sso?: LoopbackReceiver;
  private authorizedHttp?: ServiceHttp;
  private signingOut = false;
  private readonly listeners = new Set<(state: SessionState) => void>();

  constructor(private readonly deps: SessionDeps) {
    deps.vault.onStatusChange?.(() => this.emit());
  }

  state(): SessionState {
    const connection = this.deps.connection();
    const { backend, persistent, reason, advice } = this.deps.vault.status();
    const vault: VaultNotice = { backend, persistent, ...(reason ? { reason } : {}), ...(advice ? { advice } : {}) };
    const base = { connection, vault, ...(this.notice ? { notice: this.notice } : {}) };
    if (this.status !== 'signed-in' || !this.profile) return { status: this.status, ...base };
    const p = this.profile;
    return {
      status: 'signed-in',
      user: {
        id: p.id,
        firstName: p.firstName,
        lastName: p.lastName,
        email: p.email,
        ...(p.pictureUrl ? { pictureUrl: p.pictureUrl } : {}),
      },
      organisations: p.organisations.map((o) => ({ id: o.id, name: o.name, roles: o.roles, isDefault: o.isDefault })),
      ...(p.defaultOrganisationId !== undefined ? { defaultOrganisationId: p.defaultOrganisationId } : {}),
      hasAcceptedTerms: p.hasAcceptedTerms,
      ...base,
    };
  }

  /** At start: the last account of this service, from the vault, without asking again. */
  async restore(): Promise<SessionState> {
    const { serviceUrl, tokenUrl } = this.deps.connection();
    const origin = originOf(serviceUrl);
    const userKey = await this.deps.vault.lastAccount(origin).catch(() => undefined);
    if (!userKey) return this.state();
    const raw = await this.deps.vault.loadSession(origin, userKey).catch(() => undefined);
    const secret = raw ? parseSecret(raw) : undefined;
    if (!secret) return this.state();
    this.setStatus('restoring');
    try {
      const tokens = secret.refreshToken
        ? await this.deps
            .oauthFor(tokenUrl)
            .refreshGrant({ refreshToken: secret.refreshToken, clientId: this.deps.clientId })
        : { accessToken: secret.accessToken!, tokenType: 'Bearer' };
      await this.establish(origin, tokens);
      this.deps.log.info('Session restored from the vault', { origin });
    } catch (error) {
      const appError = asAppError(error);
      // Offline or the service is down: keep the secret so the next start (or a retry) can restore.
      if (!['UNREACHABLE', 'TIMEOUT', 'SERVER_ERROR', 'TLS'].includes(appError.code)) {
        await this.deps.vault.deleteSession(origin, userKey).catch(() => undefined);
      }
      this.clearMemory();
      this.notice = { code: appError.code, message: restoreMessage(appError) };
      this.setStatus('signed-out');
    }
    return this.state();
  }

  loginMethods(email: string): Promise<LoginMethods> {
    return fetchLoginMethods(this.deps.httpFor(this.deps.connection().serviceUrl), email);
  }

  async signInWithPassword(email: string, password: string): Promise<SessionState> {
    const { serviceUrl, tokenUrl } = this.deps.connection();
    const tokens = await this.deps.oauthFor(tokenUrl).passwordGrant({
      username: email,
      password,
      clientId: this.deps.clientId,
    });
    await this.establish(originOf(serviceUrl), tokens);
    return this.state();
  }

  /** Authorization code with PKCE through the system browser and a loopback redirect (RFC 8252). */
  async signInWithSso(email?: string): Promise<SessionState> {
    this.sso?.cancel();
    const { serviceUrl, tokenUrl } = this.deps.connection();
    const pkce = createPkce();
    const state = randomState();
    const receiver = await startLoopbackReceiver({ state, timeoutMs: this.deps.ssoTimeoutMs });
    this.sso = receiver;
    try {
      const url = buildAuthorizeUrl({
        authorizeUrl: deriveAuthorizeUrl(tokenUrl),
        clientId: this.deps.clientId,
        redirectUri: receiver.redirectUri,
        codeChallenge: pkce.challenge,
        state,
        ...(email ? { loginHint: email } : {}),
      });
      await this.deps.openBrowser(url);
      const { code } = await receiver.result;
      const tokens = await this.deps.oauthFor(tokenUrl).authorizationCodeGrant({
        code,
        redirectUri: receiver.redirectUri,
        codeVerifier: pkce.verifier,
        clientId: this.deps.clientId,
      });
      await this.establish(originOf(serviceUrl), tokens);
      this.deps.focusApp();
      return this.state();
    } finally {
      receiver.cancel();
      if (this.sso === receiver) this.sso = undefined;
    }
  }

  cancelSso(): void {
    this.sso?.cancel();
  }

  /** Advanced: an access token the user pasted (no refresh token; it ends when the token does). */
  async signInWithToken(accessToken: string): Promise<SessionState> {
    const { serviceUrl } = this.deps.connection();
    await this.establish(originOf(serviceUrl), { accessToken: accessToken.trim(), tokenType: 'Bearer' });
    return this.state();
  }

  /** Deletes the secret, forgets the tokens and tells the renderer, which clears every store. */
  async signOut(notice?: { code: ErrorCode; message: string }): Promise<SessionState> {
    const origin = this.origin;
    const userKey = this.profile ? String(this.profile.id) : undefined;
    // Only a sign-out the person asked for tells the service; a session that already ended (a refused
    // refresh, the notice's case) has no token left to say it with.
    if (!notice && this.tokens && this.authorizedHttp) {
      this.signingOut = true;
      try {
        // Best effort: the service records the logout; being offline must not keep anyone signed in.
        await this.authorizedHttp.get('/api/me/logoutnotification', { timeoutMs: 3000 }).catch(() => undefined);
      } finally {
        this.signingOut = false;
      }
    }
    if (origin && userKey) await this.deps.vault.deleteSession(origin, userKey).catch(() => undefined);
    this.clearMemory();
    this.notice = notice;
    this.setStatus('signed-out');
    return this.state();
  }

  // --- SessionTokens, for the HTTP layer ---------------------------------------------------

  async accessToken(): Promise<string | undefined> {
    if (!this.tokens) return undefined;
    const { expiresAt, refreshToken, accessToken } = this.tokens;
    if (refreshToken && expiresAt && expiresAt.getTime() - EXPIRY_MARGIN_MS <= this.deps.now().getTime()) {
      return this.refreshAfter401(accessToken);
    }
    return accessToken;
  }

  /** One refresh for everyone: callers holding the same stale token share the same promise. */
  refreshAfter401(failedToken: string): Promise<string | undefined> {
    // While signing out, a 401 means the session is over: never start a refresh then.
    if (!this.tokens || this.signingOut) return Promise.resolve(undefined);
    if (this.tokens.accessToken !== failedToken) return Promise.resolve(this.tokens.accessToken);
    this.refreshing ??= this.refresh().finally(() => {
      this.refreshing = undefined;
    });
    return this.refreshing;
  }

  private async refresh(): Promise<string | undefined> {
    const refreshToken = this.tokens?.refreshToken;
    if (!refreshToken) {
      await this.signOut({ code: 'UNAUTHENTICATED', message: 'Your session has ended. Please sign in again.' });
      return undefined;
    }
    try {
      const next = await this.deps.oauthFor(this.deps.connection().tokenUrl).refreshGrant({
        refreshToken,
        clientId: this.deps.clientId,
      });
      await this.keepTokens(next);
      return next.accessToken;
    } catch (error) {
      const appError = asAppError(error);
      // A network problem is not the end of the session: the caller sees it and can retry.
      if (['UNREACHABLE', 'TIMEOUT', 'SERVER_ERROR', 'TLS', 'RATE_LIMITED'].includes(appError.code)) throw appError;
      this.deps.log.warn('Refresh refused; signing out', { code: appError.code });
      await this.signOut({ code: 'UNAUTHENTICATED', message: 'Your session has ended. Please sign in again.' });
      return undefined;
    }
  }

  // --- For the other services ---------------------------------------------------------------

  /** The signed-in connection (bearer, refresh on 401). */
  http(): ServiceHttp {
    if (this.status !== 'signed-in' || !this.authorizedHttp) {
      throw new AppError('UNAUTHENTICATED', 'You are signed out. Please sign in again.');
    }
    return this.authorizedHttp;
  }

  me(): MeApi {
    return createMeApi(this.http());
  }

  /** Re-reads the profile (after switching organisation, accepting terms, a new picture). */
  async reloadProfile(): Promise<SessionState> {
    this.profile = await this.me().getProfile();
    this.emit();
    return this.state();
  }

  // --- Internals ----------------------------------------------------------------------------

  /** Tokens in hand: read the profile with them, keep the secret in the vault, announce. */
  private async establish(origin: string, tokens: TokenSet): Promise<void> {
    const previous = { tokens: this.tokens, http: this.authorizedHttp };
    this.tokens = { accessToken: tokens.accessToken, refreshToken: tokens.refreshToken, expiresAt: tokens.expiresAt };
    this.authorizedHttp = this.deps.httpFor(this.deps.connection().serviceUrl, this);
    let profile: Profile;
    try {
      profile = await createMeApi(this.authorizedHttp).getProfile();
    } catch (error) {
      this.tokens = previous.tokens;
      this.authorizedHttp = previous.http;
      const appError = asAppError(error);
      if (appError.code === 'UNAUTHENTICATED') {
        throw new AppError('INVALID_CREDENTIALS', 'The service did not accept that token.');
      }
      throw appError;
    }
    this.profile = profile;
    this.origin = origin;
    this.notice = undefined;
    await this.persist();
    previous.http?.dispose();
    this.setStatus('signed-in');
  }

  private async keepTokens(tokens: TokenSet): Promise<void> {
    this.tokens = {
      accessToken: tokens.accessToken,
      // Rotating refresh tokens: keep the new one; some services keep the old one valid and send none.
      refreshToken: tokens.refreshToken ?? this.tokens?.refreshToken,
      expiresAt: tokens.expiresAt,
    };
    await this.persist();
  }

  private async persist(): Promise<void> {
    if (!this.origin || !this.profile || !this.tokens) return;
    const secret: StoredSecret = this.tokens.refreshToken
      ? { refreshToken: this.tokens.refreshToken }
      : { accessToken: this.tokens.accessToken };
    await this.deps.vault.saveSession(this.origin, String(this.profile.id), JSON.stringify(secret));
  }

  private clearMemory(): void {
    this.tokens = undefined;
    this.profile = undefined;
    this.origin = undefined;
    this.authorizedHttp?.dispose();
    this.authorizedHttp = undefined;
  }

  private setStatus(status: SessionState['status']): void {
    this.status = status;
    this.emit();
  }

  /** Other parts of main (uploads, notifications) follow sign-in and sign-out through this. */
  onChange(listener: (state: SessionState) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private emit(): void {
    const state = this.state();
    this.deps.emit(state);
    for (const listener of this.listeners) listener(state);
  }
}

function parseSecret(raw: string): StoredSecret | undefined {
  try {
    const value = JSON.parse(raw) as StoredSecret;
    return value.refreshToken || value.accessToken ? value : undefined;
  } catch {
    return undefined;
  }
}

function asAppError(error: unknown): AppError {
  return error instanceof AppError ? error : new AppError('INTERNAL', 'Something went wrong while signing in.');
}

function restoreMessage(error: AppError): string {
  if (['UNREACHABLE', 'TIMEOUT', 'SERVER_ERROR', 'TLS'].includes(error.code)) {
    return `Could not reach the service to restore your session: ${error.message}`;
  }
  return 'Your saved session has ended. Please sign in again.';
}
