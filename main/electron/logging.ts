import log from 'electron-log/main';
import type { LogSink } from '../services/log';

/** electron-log writes to the OS's usual log folder; our Logger has already redacted the values. */
export function electronLogSink(): LogSink {
  log.initialize();
  log.transports.file.level = 'info';
  return (level, message, meta) => {
    if (meta === undefined) log[level](message);
    else log[level](message, meta);
  };
}
