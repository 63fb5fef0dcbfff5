import log from 'electron-log/node';
import type { LogSink } from '../services/log';

export interface LogTarget {
  file: string;
  appName: string;
}

/**
 * electron-log's file transport, used from main alone. Its Electron entry (`electron-log/main`) is not
 * used: loading it registers an `ipcMain` listener and handler for pages (outside the bridge's sender
 * check), pushes main's log lines to every window in development, and its `initialize()` adds a
 * preload to every session (writing it into the data folder when bundled). The Node entry has none
 * of that; it is told where the file is (Electron's logs folder, as electron-log/main would) and the
 * app's name (which it would otherwise look for in a package.json). Our Logger has already redacted
 * the values.
 */
export function electronLogSink(target: LogTarget): LogSink {
  log.transports.file.setAppName(target.appName);
  log.transports.file.resolvePathFn = () => target.file;
  log.transports.file.level = 'info';
  return (level, message, meta) => {
    if (meta === undefined) log[level](message);
    else log[level](message, meta);
  };
}
