import type { Result } from './result';
import { uploadsEventChannels, uploadsInvokeChannels, type UploadsEvents, type UploadsInvoke } from './uploads';
import {
  watchedFoldersEventChannels,
  watchedFoldersInvokeChannels,
  type WatchedFoldersEvents,
  type WatchedFoldersInvoke,
} from './watched-folders';
import {
  downloadsEventChannels,
  downloadsInvokeChannels,
  type DownloadsEvents,
  type DownloadsInvoke,
} from './downloads';
import {
  notificationsEventChannels,
  notificationsInvokeChannels,
  type NotificationsEvents,
  type NotificationsInvoke,
} from './notifications';
import { groupsInvokeChannels, type GroupsInvoke } from './groups';
import { mediaEventChannels, mediaInvokeChannels, type MediaEvents, type MediaInvoke } from './media';
import { groupContentInvokeChannels, type GroupContentInvoke } from './group-content';
import { portfoliosInvokeChannels, type PortfoliosInvoke } from './portfolios';
import { portfolioCommentsInvokeChannels, type PortfolioCommentsInvoke } from './portfolio-comments';
import { taggedVideosInvokeChannels, type TaggedVideosInvoke } from './tagged-videos';
import {
  recordingEventChannels,
  recordingInvokeChannels,
  type RecordingEvents,
  type RecordingInvoke,
} from './recording';
import { appShellInvokeChannels, type AppShellInvoke } from './app-shell';
import { adminInvokeChannels, type AdminInvoke } from './admin';
import { organisationSettingsInvokeChannels, type OrganisationSettingsInvoke } from './organisation-settings';
import {
  peopleImportEventChannels,
  peopleImportInvokeChannels,
  type PeopleImportEvents,
  type PeopleImportInvoke,
} from './people-import';
import { proxyEventChannels, proxyInvokeChannels, type ProxyEvents, type ProxyInvoke } from './proxy';
import {
  networkDoctorEventChannels,
  networkDoctorInvokeChannels,
  type NetworkDoctorEvents,
  type NetworkDoctorInvoke,
} from './network-doctor';
import type {
  AboutInfo,
  AccountProfile,
  ConnectionInfo,
  ConnectionSettings,
  LoginMethods,
  NavigateRequest,
  PasswordSignIn,
  ProfilePatch,
  ProfileStats,
  SessionState,
} from './dto';

/** The app, the session, the connection and the account. Other areas have their own files. */
export interface CoreInvoke {
  'app:about': () => Promise<Result<AboutInfo>>;
  /** Opens an https: link in the system browser, after main has parsed and checked it. */
  'app:open-external': (url: string) => Promise<Result<null>>;

  'session:get': () => Promise<Result<SessionState>>;
  /** What the email's organisation allows: password, single sign-on, or both. */
  'session:login-methods': (email: string) => Promise<Result<LoginMethods>>;
  'session:sign-in-password': (input: PasswordSignIn) => Promise<Result<SessionState>>;
  /** Opens the organisation's sign-in page in the system browser and waits for it. */
  'session:sign-in-sso': (input: { email?: string }) => Promise<Result<SessionState>>;
  'session:cancel-sso': () => Promise<Result<null>>;
  /** Advanced: use an access token pasted by the user. */
  'session:sign-in-token': (input: { accessToken: string }) => Promise<Result<SessionState>>;
  'session:sign-out': () => Promise<Result<SessionState>>;
  /** Points the app at another service (signed out only). */
  'connection:set': (input: ConnectionSettings) => Promise<Result<ConnectionInfo>>;

  'account:profile': () => Promise<Result<AccountProfile>>;
  'account:update-profile': (patch: ProfilePatch) => Promise<Result<AccountProfile>>;
  'account:stats': () => Promise<Result<ProfileStats>>;
  'account:accept-terms': () => Promise<Result<SessionState>>;
  /** Opens a file dialog in main and uploads the chosen image; null when the dialog was cancelled. */
}

/**
 * Renderer -> main requests. Each channel is `'area:action'` mapped to the function the renderer
 * calls. Main implements each with a validated handler; the preload exposes each as a named function.
 */
export interface InvokeContract
  extends
    CoreInvoke,
    AppShellInvoke,
    NetworkDoctorInvoke,
    UploadsInvoke,
    DownloadsInvoke,
    NotificationsInvoke,
    GroupsInvoke,
    GroupContentInvoke,
    PortfoliosInvoke,
    PortfolioCommentsInvoke,
    TaggedVideosInvoke,
    RecordingInvoke,
    ProxyInvoke,
    AdminInvoke,
    OrganisationSettingsInvoke,
    PeopleImportInvoke,
    MediaInvoke,
    WatchedFoldersInvoke {}

export interface CoreEvents {
  /**
   * Main asks the page to show a route (menu, tray, notification clicks). Sent only to a page that
   * said `app:page-ready`; a route asked for before that is handed over in its answer.
   */
  'app:navigate': NavigateRequest;
  /** Signed in, signed out, restored, or the session's details changed. */
  'session:changed': SessionState;
}

/** Main -> renderer pushes. */
export interface EventContract
  extends
    CoreEvents,
    UploadsEvents,
    DownloadsEvents,
    NotificationsEvents,
    ProxyEvents,
    NetworkDoctorEvents,
    PeopleImportEvents,
    MediaEvents,
    RecordingEvents,
    WatchedFoldersEvents {}

export type InvokeChannel = keyof InvokeContract;
export type EventChannel = keyof EventContract;
export type InvokeArgs<C extends InvokeChannel> = Parameters<InvokeContract[C]>;
export type InvokeData<C extends InvokeChannel> =
  Awaited<ReturnType<InvokeContract[C]>> extends Result<infer T> ? T : never;

/**
 * The runtime allowlist. `satisfies` makes a channel missing here a compile error, and the
 * preload and main both refuse anything not listed.
 */
export const invokeChannels = {
  ...appShellInvokeChannels,
  ...networkDoctorInvokeChannels,
  ...uploadsInvokeChannels,
  ...downloadsInvokeChannels,
  ...notificationsInvokeChannels,
  ...groupsInvokeChannels,
  ...groupContentInvokeChannels,
  ...portfoliosInvokeChannels,
  ...portfolioCommentsInvokeChannels,
  ...taggedVideosInvokeChannels,
  ...recordingInvokeChannels,
  ...proxyInvokeChannels,
  ...adminInvokeChannels,
  ...organisationSettingsInvokeChannels,
  ...peopleImportInvokeChannels,
  ...mediaInvokeChannels,
  ...watchedFoldersInvokeChannels,
  'app:about': true,
  'app:open-external': true,
  'session:get': true,
  'session:login-methods': true,
  'session:sign-in-password': true,
  'session:sign-in-sso': true,
  'session:cancel-sso': true,
  'session:sign-in-token': true,
  'session:sign-out': true,
  'connection:set': true,
  'account:profile': true,
  'account:update-profile': true,
  'account:stats': true,
  'account:accept-terms': true,
} as const satisfies Record<InvokeChannel, true>;

export const eventChannels = {
  ...uploadsEventChannels,
  ...downloadsEventChannels,
  ...networkDoctorEventChannels,
  ...notificationsEventChannels,
  ...proxyEventChannels,
  ...peopleImportEventChannels,
  ...mediaEventChannels,
  ...recordingEventChannels,
  ...watchedFoldersEventChannels,
  'app:navigate': true,
  'session:changed': true,
} as const satisfies Record<EventChannel, true>;

export const isInvokeChannel = (value: unknown): value is InvokeChannel =>
  typeof value === 'string' && Object.hasOwn(invokeChannels, value);

export const isEventChannel = (value: unknown): value is EventChannel =>
  typeof value === 'string' && Object.hasOwn(eventChannels, value);

/** The name under which the preload exposes the bridge on `window`. */
export const BRIDGE_GLOBAL = 'videoCollab';
