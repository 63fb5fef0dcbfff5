import type { AppConfig } from './config';
import { AppInfoService } from './services/app-info';
import { ExternalLinks } from './services/external-links';
import type { Logger } from './services/log';
import { createHandlerTable, type HandlerTable } from './ipc/handler-table';

/** What the host (Electron, or the end-to-end harness in plain Node) provides. */
export interface HostDeps {
  config: AppConfig;
  log: Logger;
  appName: string;
  appVersion: string;
  versions: Partial<Record<'electron' | 'chrome' | 'node', string>>;
  platform: string;
  arch: string;
  dataFolder: string;
  openExternal: (url: string) => Promise<void>;
}

export interface Composition {
  table: HandlerTable;
}

/**
 * Builds every service by hand from the host's dependencies. Electron's entry and the
 * end-to-end harness both call this, so the harness exercises the real handler table.
 */
export function compose(host: HostDeps): Composition {
  const appInfo = new AppInfoService({
    appName: host.appName,
    appVersion: host.appVersion,
    versions: host.versions,
    platform: host.platform,
    arch: host.arch,
    dataFolder: host.dataFolder,
    serviceUrl: host.config.serviceUrl,
    demoMode: host.config.demoMode,
  });
  const externalLinks = new ExternalLinks({ openExternal: host.openExternal });
  return { table: createHandlerTable({ appInfo, externalLinks }) };
}
