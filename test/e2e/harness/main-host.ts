import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readFileSync } from 'node:fs';
import { compose } from '../../../main/composition';
import { loadConfig } from '../../../main/config';
import { createLogger } from '../../../main/services/log';
import type { HandlerTable } from '../../../main/ipc/handler-table';

const pkg = JSON.parse(readFileSync(join(process.cwd(), 'package.json'), 'utf8')) as {
  productName: string;
  version: string;
};

export interface LogLine {
  level: string;
  message: string;
  meta?: Record<string, unknown>;
}

export interface MainHost {
  table: HandlerTable;
  dataFolder: string;
  /** Links the app asked the OS to open (shell.openExternal in Electron). */
  openedLinks: string[];
  logLines: LogLine[];
}

/**
 * The main process as the harness runs it: the real composition in plain Node, with the
 * Electron-only pieces (shell, paths) replaced by recorders and a temporary data folder.
 */
export function startMainHost(env: Record<string, string | undefined> = {}): MainHost {
  const dataFolder = mkdtempSync(join(tmpdir(), 'vc-e2e-data-'));
  const openedLinks: string[] = [];
  const logLines: LogLine[] = [];
  const log = createLogger((level, message, meta) => logLines.push({ level, message, ...(meta ? { meta } : {}) }));
  const { table } = compose({
    config: loadConfig(env),
    log,
    appName: pkg.productName,
    appVersion: pkg.version,
    versions: { node: process.versions.node },
    platform: process.platform,
    arch: process.arch,
    dataFolder,
    openExternal: async (url) => {
      openedLinks.push(url);
    },
  });
  return { table, dataFolder, openedLinks, logLines };
}
