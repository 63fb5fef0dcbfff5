import type { UploadTarget } from '../contract/uploads';
import type { BridgeCall } from './call';
import { groupsBridge } from './groups-api';
import { groupContentBridge } from './group-content-api';
import { portfoliosBridge } from './portfolios-api';
import { portfolioCommentsBridge } from './portfolio-comments-api';
import { taggedVideosBridge } from './tagged-videos-api';
import { recordingBridge } from './recording-api';
import { adminBridge } from './admin-api';
import { organisationSettingsBridge } from './organisation-settings-api';
import { peopleImportBridge } from './people-import-api';
import { mediaBridge } from './media-api';
import { watchedFoldersBridge } from './watched-folders-api';
import {
  isEventChannel,
  type EventChannel,
  type EventContract,
  type InvokeChannel,
  type InvokeContract,
} from '../contract';

/**
 * How the bridge reaches main. In Electron it is ipcRenderer; in the end-to-end harness it is a
 * Playwright binding to the same handler table. Everything else about the bridge is shared.
 */
export interface BridgeTransport {
  invoke(channel: InvokeChannel, args: unknown[]): Promise<unknown>;
  /** Subscribes to a main->renderer event; returns an unsubscribe function. */
  subscribe(channel: EventChannel, listener: (payload: unknown) => void): () => void;
  /**
   * The id main gave the real drop these files came in (trusted-drops.ts), or undefined: files made by
   * page script, kept from an earlier drop, or never dropped name no drop, and so no path.
   */
  dropIdFor?(files: readonly unknown[]): Promise<string | undefined>;
}

/** What the page gets for files that were not in a real drop: no call to main at all. */
const notDropped = {
  ok: false,
  error: { code: 'FILE_NOT_ALLOWED', message: 'Only files and folders dropped from your computer can be uploaded.' },
} as const;

/**
 * Builds the object the page sees: grouped named functions, one per contract channel, and `on`
 * for events. Never a generic invoke, never the transport itself.
 */
export function buildApi(transport: BridgeTransport) {
  const call: BridgeCall =
    <C extends InvokeChannel>(channel: C) =>
    (...args: Parameters<InvokeContract[C]>): ReturnType<InvokeContract[C]> =>
      transport.invoke(channel, args) as ReturnType<InvokeContract[C]>;

  return {
    app: {
      about: call('app:about'),
      openExternal: call('app:open-external'),
      pageReady: call('app:page-ready'),
      copyDiagnostics: call('app:copy-diagnostics'),
      openLogsFolder: call('app:open-logs-folder'),
    },
    network: {
      diagnose: call('network:diagnose'),
      copyReport: call('network:copy-report'),
    },
    session: {
      get: call('session:get'),
      loginMethods: call('session:login-methods'),
      signInWithPassword: call('session:sign-in-password'),
      signInWithSso: call('session:sign-in-sso'),
      cancelSso: call('session:cancel-sso'),
      signInWithToken: call('session:sign-in-token'),
      signOut: call('session:sign-out'),
    },
    connection: {
      set: call('connection:set'),
    },
    uploads: {
      targets: call('uploads:targets'),
      choose: call('uploads:choose'),
      /**
       * Files dropped on a page: the preload saw the drop itself and main holds its paths; main is told
       * which drop, never a path.
       */
      drop: async (target: UploadTarget, files: unknown[]): ReturnType<InvokeContract['uploads:drop']> => {
        const dropId = await transport.dropIdFor?.(Array.isArray(files) ? files : []);
        if (dropId === undefined) return notDropped;
        return transport.invoke('uploads:drop', [{ target, dropId }]) as ReturnType<InvokeContract['uploads:drop']>;
      },
      confirm: call('uploads:confirm'),
      discard: call('uploads:discard'),
      list: call('uploads:list'),
      control: call('uploads:control'),
      clearHistory: call('uploads:clear-history'),
      getSettings: call('uploads:get-settings'),
      setSettings: call('uploads:set-settings'),
    },
    downloads: {
      start: call('downloads:start'),
      list: call('downloads:list'),
      control: call('downloads:control'),
      clearHistory: call('downloads:clear-history'),
    },
    notifications: {
      get: call('notifications:get'),
      refresh: call('notifications:refresh'),
      markSeen: call('notifications:mark-seen'),
      dismiss: call('notifications:dismiss'),
      dismissAll: call('notifications:dismiss-all'),
      getSettings: call('notifications:get-settings'),
      setSettings: call('notifications:set-settings'),
    },
    account: {
      profile: call('account:profile'),
      updateProfile: call('account:update-profile'),
      stats: call('account:stats'),
      acceptTerms: call('account:accept-terms'),
    },
    proxy: {
      signIn: call('proxy:sign-in'),
    },
    ...groupsBridge(call),
    ...groupContentBridge(call),
    ...portfoliosBridge(call),
    ...portfolioCommentsBridge(call),
    ...taggedVideosBridge(call),
    ...recordingBridge(call),
    ...adminBridge(call),
    ...organisationSettingsBridge(call),
    ...peopleImportBridge(call),
    ...mediaBridge(call),
    ...watchedFoldersBridge(call),
    on<E extends EventChannel>(channel: E, listener: (payload: EventContract[E]) => void): () => void {
      if (!isEventChannel(channel)) throw new Error(`Unknown event channel: ${String(channel)}`);
      return transport.subscribe(channel, (payload) => listener(payload as EventContract[E]));
    },
  };
}

export type BridgeApi = ReturnType<typeof buildApi>;
