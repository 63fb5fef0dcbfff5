import type { ConnectionInfo, ErrorCode, SessionState, SignInMethod, VaultNotice } from '../../../preload/contract';
import type { SessionTokens, ServiceHttp } from '../../api/http';
import type { OAuthClient, TokenSet } from '../../api/oauth';
import { buildAuthorizeUrl, createPkce, randomState } from '../../api/oauth';
import { deriveAuthorizeUrl, originOf } from '../../api/service-url';
import { fetchLoginMethods, type LoginMethods } from '../../api/login-method';
import { createMeApi, type MeApi, type Profile } from '../../api/me';
import { AppError } from '../app-error';
import type { Logger } from '../log';
import {
  judgeProfileFailure,
  judgeRefreshFailure,
  retryDelayMs,
  retryReason,
  type RefreshVerdict,
} from './refresh-policy';
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

/** Timers for retrying a refresh; tests inject their own so nothing sleeps. */
export interface SessionTimers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const realTimers: SessionTimers = {
  setTimeout(callback, ms) {
    const handle = setTimeout(callback, ms);
    // A retry waiting for the network must never be what keeps a quitting app (or a test run) alive.
    handle.unref();
    return handle;
  },
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export interface SessionDeps {
  /** The ways of signing in the organisation allows (policy `AllowedSignInMethods`); absent: every way. */
  allowedSignInMethods?: readonly SignInMethod[];
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
  /** Default: Node's, unref'd. */
  timers?: SessionTimers;
  /** In [0, 1), for the retry jitter. Default: Math.random. */
  random?: () => number;
  /**
   * Removes what the app kept on disk of an account (its offline lists) when it signs out; awaited,
   * so that once signOut() answers nothing of the account is left. Not called when a restore is only
   * abandoned (another service was chosen): that sign-in stays saved, and so do its lists.
   */
  forgetAccountData?: (account: { origin: string; userId: string }) => Promise<void>;
}

/** What is kept in the vault: the refresh token, or the access token where there is none. */
interface StoredSecret {
  refreshToken?: string;
  accessToken?: string;
}

/** Refresh a little before the service would refuse the token, so requests rarely meet a 401. */
const EXPIRY_MARGIN_MS = 30_000;

const sessionEnded = { code: 'UNAUTHENTICATED', message: 'Your session has ended. Please sign in again.' } as const;

/** A saved sign-in being restored that has not got through yet: what the next try starts from. */
interface PendingRestore {
  /** The addresses at the start: this refresh token is never sent to any other token address. */
  serviceUrl: string;
  tokenUrl: string;
  secret: StoredSecret;
  /** Tokens from a refresh that went through while the profile read did not: tried first next time. */
  tokens?: TokenSet;
}

/**
 * The signed-in session. It owns the tokens: the access token lives only in this object's memory,
 * the refresh token in the vault. Refreshes are serialised, so parallel requests share one. Only the
 * token endpoint's own refusal of the refresh token ends the session (and deletes the saved one);
 * when the service is unreachable, busy, failing or answering nonsense, the session is kept and the
 * refresh is retried with backoff (see refresh-policy.ts), and the state says so (`retrying`).
 */
export class SessionService implements SessionTokens {
  private tokens?: { accessToken: string; refreshToken?: string; expiresAt?: Date };
  private profile?: Profile;
  private origin?: string;
  /** The vault's key for the account (the profile id), known from the vault before the profile when restoring. */
  private userKey?: string;
  private pending?: PendingRestore;
  private retry?: {
    attempt: number;
    nextAt: Date;
    reason: { code: ErrorCode; message: string };
    error: AppError;
    timer: unknown;
    /** Makes the try (once: by its timer, or earlier when the network comes back). */
    fire: () => void;
    /** The try is under way: its outcome replaces this record (or ends the retrying). */
    fired: boolean;
  };
  /**
   * Bumped whenever the session changes hands (a sign-in, a sign-out, the app stopping): a restore or
   * refresh that started before then finds it changed when its answer arrives, and leaves things be.
   */
  private epoch = 0;
  private readonly timers: SessionTimers;
  private status: SessionState['status'] = 'signed-out';
  private notice?: { code: ErrorCode; message: string };
  private refreshing?: Promise<string | undefined>;
  private sso?: LoopbackReceiver;
  private authorizedHttp?: ServiceHttp;
  private signingOut = false;
  private readonly listeners = new Set<(state: SessionState) => void>();

  constructor(private readonly deps: SessionDeps) {
    this.timers = deps.timers ?? realTimers;
    deps.vault.onStatusChange?.(() => this.emit());
  }

  state(): SessionState {
    const connection = this.deps.connection();
    const { backend, persistent, reason, advice } = this.deps.vault.status();
    const vault: VaultNotice = { backend, persistent, ...(reason ? { reason } : {}), ...(advice ? { advice } : {}) };
    const retrying = this.retry
      ? { attempt: this.retry.attempt, nextAt: this.retry.nextAt.toISOString(), reason: this.retry.reason }
      : undefined;
    const base = {
      connection,
      vault,
      ...(this.notice ? { notice: this.notice } : {}),
      ...(retrying ? { retrying } : {}),
    };
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

  /**
   * Whose data the app may show: the signed-in account, or the one whose saved sign-in is being
   * restored (known from the vault before the service answers). Never a token.
   */
  account(): { origin: string; userId: string } | undefined {
    if (this.status === 'signed-out' || !this.origin || !this.userKey) return undefined;
    return { origin: this.origin, userId: this.userKey };
  }

  /**
   * The computer says the network is back (it came online, or woke up): a sign-in waiting for its
   * next try makes it now instead of after the rest of its backoff. If that try fails too, the
   * backoff carries on from where it was. Nothing happens when nothing is waiting.
   */
  networkBack(): void {
    const retry = this.retry;
    // A try already under way is not doubled: two restores at once would spend a rotating refresh
    // token twice, and the service would refuse the second as reused.
    if (!retry || retry.fired) return;
    this.deps.log.info('The network is back; trying the sign-in now', { attempt: retry.attempt });
    retry.fire();
  }

  /**
   * At start: the last account of this service, from the vault, without asking again. Answers once
   * the first try is over: signed in, signed out (the service refused the saved sign-in), or
   * `restoring` with `retrying` (the service could not be asked; the app tries again on its own).
   */
  async restore(): Promise<SessionState> {
    if (this.status !== 'signed-out') return this.state();
    const { serviceUrl, tokenUrl } = this.deps.connection();
    const origin = originOf(serviceUrl);
    const userKey = await this.deps.vault.lastAccount(origin).catch(() => undefined);
    if (!userKey) return this.state();
    const raw = await this.deps.vault.loadSession(origin, userKey).catch(() => undefined);
    const secret = raw ? parseSecret(raw) : undefined;
    if (!secret || this.status !== 'signed-out') return this.state();
    this.epoch += 1;
    this.origin = origin;
    this.userKey = userKey;
    this.pending = { serviceUrl, tokenUrl, secret };
    this.setStatus('restoring');
    await this.tryRestore(this.epoch);
    return this.state();
  }

  /** One try at restoring; on a transient failure it schedules the next one. */
  private async tryRestore(epoch: number): Promise<void> {
    const pending = this.pending;
    const origin = this.origin;
    const userKey = this.userKey;
    if (epoch !== this.epoch || !pending || !origin || !userKey) return;
    const { serviceUrl, tokenUrl } = this.deps.connection();
    if (serviceUrl !== pending.serviceUrl || tokenUrl !== pending.tokenUrl) {
      // Pointed at another service meanwhile: this sign-in belongs to the first one and stays saved for it.
      this.abandonRestore();
      return;
    }
    let step: 'refresh' | 'profile' = 'profile';
    try {
      let tokens = pending.tokens && !expiresSoon(pending.tokens, this.deps.now()) ? pending.tokens : undefined;
      if (!tokens && pending.secret.refreshToken) {
        step = 'refresh';
        const next = await this.deps
          .oauthFor(tokenUrl)
          .refreshGrant({ refreshToken: pending.secret.refreshToken, clientId: this.deps.clientId });
        // Signed out (or in as someone else) meanwhile: this answer belongs to nobody now.
        if (epoch !== this.epoch) return;
        tokens = next;
        pending.tokens = next;
        if (next.refreshToken && next.refreshToken !== pending.secret.refreshToken) {
          // Refresh tokens rotate: the saved one is spent now. Save the new one before anything else
          // can fail (the profile read below), or a 503 there would strand the sign-in for good.
          pending.secret = { refreshToken: next.refreshToken };
          await this.deps.vault
            .saveSession(origin, userKey, JSON.stringify(pending.secret))
            // The vault already falls back store by store; if even that failed, signing in still
            // saves it again, and the token is in memory for the next try until then.
            .catch((error: unknown) =>
              this.deps.log.warn('Could not save the rotated refresh token', { error: describe(error) }),
            );
        }
        step = 'profile';
      }
      tokens ??= { accessToken: pending.secret.accessToken ?? '', tokenType: 'Bearer' };
      const profile = await this.readProfile(serviceUrl, tokens.accessToken);
      if (epoch !== this.epoch) return;
      await this.commit(origin, tokens, profile);
      this.deps.log.info('Session restored from the vault', { origin });
    } catch (error) {
      if (epoch !== this.epoch) return;
      const verdict =
        step === 'refresh'
          ? judgeRefreshFailure(error)
          : judgeProfileFailure(error, pending.secret.refreshToken !== undefined);
      if (verdict.kind === 'rejected') {
        this.deps.log.warn('Saved session refused; signing out', { code: verdict.error.code });
        await this.signOut({ code: verdict.error.code, message: restoreMessage(verdict.error) });
        return;
      }
      // A token the service refused just now: refresh first on the next try.
      if (step === 'profile' && verdict.error.code === 'UNAUTHENTICATED') pending.tokens = undefined;
      this.scheduleRetry(verdict, () => {
        this.tryRestore(epoch).catch((failure: unknown) =>
          this.deps.log.error('Restoring the session failed unexpectedly', { error: describe(failure) }),
        );
      });
    }
  }

  /** The profile, read with `accessToken` alone (no refresh on a 401: the caller decides what comes next). */
  private async readProfile(serviceUrl: string, accessToken: string): Promise<Profile> {
    const http = this.deps.httpFor(serviceUrl, {
      accessToken: () => Promise.resolve(accessToken),
      refreshAfter401: () => Promise.resolve(undefined),
    });
    try {
      return await createMeApi(http).getProfile();
    } finally {
      http.dispose();
    }
  }

  private abandonRestore(): void {
    this.epoch += 1;
    this.clearRetry();
    this.pending = undefined;
    this.clearMemory();
    this.setStatus('signed-out');
  }

  /**
   * What the service offers this person, less what the organisation does not allow on this computer.
   */
  async loginMethods(email: string): Promise<LoginMethods> {
    const offered = await fetchLoginMethods(this.deps.httpFor(this.deps.connection().serviceUrl), email);
    return {
      ...offered,
      password: offered.password && this.allows('password'),
      sso: offered.sso && this.allows('sso'),
    };
  }

  private allows(method: SignInMethod): boolean {
    return this.deps.allowedSignInMethods?.includes(method) ?? true;
  }

  /** The page hides a way the organisation forbids; main refuses it too, whatever asks. */
  private requireAllowed(method: SignInMethod): void {
    if (!this.allows(method)) {
      throw new AppError('FORBIDDEN', 'Your organisation does not allow signing in this way.', {
        managed: true,
        method,
      });
    }
  }

  async signInWithPassword(email: string, password: string): Promise<SessionState> {
    this.requireAllowed('password');
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
    this.requireAllowed('sso');
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
    this.requireAllowed('token');
    const { serviceUrl } = this.deps.connection();
    await this.establish(originOf(serviceUrl), { accessToken: accessToken.trim(), tokenType: 'Bearer' });
    return this.state();
  }

  /**
   * Deletes the secret, forgets the tokens and tells the renderer, which clears every store. Also
   * ends a restore that is still retrying: signing out means the saved sign-in goes too.
   */
  async signOut(notice?: { code: ErrorCode; message: string }): Promise<SessionState> {
    this.epoch += 1;
    this.clearRetry();
    this.pending = undefined;
    const origin = this.origin;
    const userKey = this.userKey;
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
    if (origin && userKey) {
      await this.deps.vault.deleteSession(origin, userKey).catch(() => undefined);
      await this.deps
        .forgetAccountData?.({ origin, userId: userKey })
        .catch((error: unknown) =>
          this.deps.log.warn('Could not remove the account’s offline lists', { error: describe(error) }),
        );
    }
    this.clearMemory();
    this.notice = notice;
    this.setStatus('signed-out');
    return this.state();
  }

  /**
   * The app is quitting: no retry may fire any more, and an answer still on its way changes nothing.
   * The session (and the saved sign-in) stay as they are for the next start.
   */
  stop(): void {
    this.epoch += 1;
    this.clearRetry();
    this.pending = undefined;
    this.sso?.cancel();
  }

  // --- SessionTokens, for the HTTP layer ---------------------------------------------------

  async accessToken(): Promise<string | undefined> {
    if (!this.tokens) return undefined;
    const { expiresAt, refreshToken, accessToken } = this.tokens;
    // While a refresh waits to be retried, let the service judge the token it has (it may still have
    // a few seconds left); a 401 then ends in refreshAfter401, which says "retrying".
    if (refreshToken && !this.retry && expiresSoon({ expiresAt }, this.deps.now())) {
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

  /**
   * Refreshes the running session's tokens. A transient failure keeps everything and schedules a
   * retry; until it fires, callers get that failure at once rather than a new request to a token
   * endpoint that is down or asking the app to slow down.
   */
  private async refresh(fromRetry = false): Promise<string | undefined> {
    const refreshToken = this.tokens?.refreshToken;
    if (!refreshToken) {
      await this.signOut(sessionEnded);
      return undefined;
    }
    if (this.retry && !fromRetry) throw this.retry.error;
    const epoch = this.epoch;
    let next: TokenSet;
    try {
      next = await this.deps.oauthFor(this.deps.connection().tokenUrl).refreshGrant({
        refreshToken,
        clientId: this.deps.clientId,
      });
    } catch (error) {
      if (epoch !== this.epoch) return undefined;
      const verdict = judgeRefreshFailure(error);
      if (verdict.kind === 'rejected') {
        this.deps.log.warn('Refresh refused; signing out', { code: verdict.error.code });
        await this.signOut(sessionEnded);
        return undefined;
      }
      this.scheduleRetry(verdict, () => this.retryRefresh(epoch));
      throw verdict.error;
    }
    if (epoch !== this.epoch) return undefined;
    await this.keepTokens(next);
    if (this.retry) {
      this.clearRetry();
      this.deps.log.info('Refresh went through after retrying');
      this.emit();
    }
    return next.accessToken;
  }

  private retryRefresh(epoch: number): void {
    if (epoch !== this.epoch) return;
    // Through `refreshing`, so a request meeting a 401 meanwhile shares this refresh.
    this.refreshing ??= this.refresh(true).finally(() => {
      this.refreshing = undefined;
    });
    // Its failure is already in the state (and scheduled again); nobody is waiting for it here.
    this.refreshing.catch(() => undefined);
  }

  private scheduleRetry(verdict: Extract<RefreshVerdict, { kind: 'transient' }>, run: () => void): void {
    const attempt = (this.retry?.attempt ?? 0) + 1;
    this.clearRetry();
    const delay = retryDelayMs(attempt, verdict.retryAfterMs, this.deps.random ?? Math.random);
    const fire = (): void => {
      const retry = this.retry;
      if (retry?.fire !== fire || retry.fired) return;
      retry.fired = true;
      this.timers.clearTimeout(retry.timer);
      run();
    };
    const timer = this.timers.setTimeout(fire, delay);
    this.retry = {
      attempt,
      nextAt: new Date(this.deps.now().getTime() + delay),
      reason: retryReason(verdict.error),
      error: verdict.error,
      timer,
      fire,
      fired: false,
    };
    this.deps.log.warn('Could not refresh the sign-in; the saved one is kept and retried', {
      code: verdict.error.code,
      attempt,
      retryInMs: delay,
    });
    this.emit();
  }

  private clearRetry(): void {
    if (this.retry) this.timers.clearTimeout(this.retry.timer);
    this.retry = undefined;
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

  /** Tokens in hand from a sign-in: read the profile with them, then make them the session. */
  private async establish(origin: string, tokens: TokenSet): Promise<void> {
    let profile: Profile;
    try {
      profile = await this.readProfile(this.deps.connection().serviceUrl, tokens.accessToken);
    } catch (error) {
      const appError = asAppError(error);
      if (appError.code === 'UNAUTHENTICATED') {
        throw new AppError('INVALID_CREDENTIALS', 'The service did not accept that token.');
      }
      throw appError;
    }
    await this.commit(origin, tokens, profile);
  }

  /**
   * Makes `tokens` and `profile` the session in one step, so a restore still retrying and a sign-in
   * finishing at the same time cannot mix their tokens: whichever commits last is the session, and
   * the other's retries end here.
   */
  private async commit(origin: string, tokens: TokenSet, profile: Profile): Promise<void> {
    this.epoch += 1;
    this.clearRetry();
    this.pending = undefined;
    const previousHttp = this.authorizedHttp;
    this.tokens = { accessToken: tokens.accessToken, refreshToken: tokens.refreshToken, expiresAt: tokens.expiresAt };
    this.profile = profile;
    this.origin = origin;
    this.userKey = String(profile.id);
    this.authorizedHttp = this.deps.httpFor(this.deps.connection().serviceUrl, this);
    this.notice = undefined;
    await this.persist();
    previousHttp?.dispose();
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
    if (!this.origin || !this.userKey || !this.tokens) return;
    const secret: StoredSecret = this.tokens.refreshToken
      ? { refreshToken: this.tokens.refreshToken }
      : { accessToken: this.tokens.accessToken };
    await this.deps.vault.saveSession(this.origin, this.userKey, JSON.stringify(secret));
  }

  private clearMemory(): void {
    this.tokens = undefined;
    this.profile = undefined;
    this.origin = undefined;
    this.userKey = undefined;
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

function expiresSoon(tokens: { expiresAt?: Date | undefined }, now: Date): boolean {
  return tokens.expiresAt !== undefined && tokens.expiresAt.getTime() - EXPIRY_MARGIN_MS <= now.getTime();
}

/** For logs: a class and code, never a message that could quote a request. */
function describe(error: unknown): string {
  if (error instanceof AppError) return error.code;
  return error instanceof Error ? error.name : typeof error;
}

function asAppError(error: unknown): AppError {
  return error instanceof AppError ? error : new AppError('INTERNAL', 'Something went wrong while signing in.');
}

function restoreMessage(error: AppError): string {
  // A locked or inactive account says so; anything else the service refused is simply over.
  if (error.code === 'ACCOUNT_LOCKED' || error.code === 'ACCOUNT_INACTIVE') return error.message;
  return 'Your saved session has ended. Please sign in again.';
}
