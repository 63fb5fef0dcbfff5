import { runWhenIdle, type IdleTask } from '../lib/idle-task';
import { i18n } from './index';

/** The keys of every message in a catalogue (nested objects of strings), dotted. */
export function messageKeys(messages: unknown, prefix = ''): string[] {
  if (typeof messages !== 'object' || messages === null) return [];
  return Object.entries(messages).flatMap(([name, value]) =>
    typeof value === 'string' ? [`${prefix}${name}`] : messageKeys(value, `${prefix}${name}.`),
  );
}

/**
 * vue-i18n compiles a message the first time it is shown and keeps the result. A screen's first visit
 * compiled all its texts in the middle of drawing it (about 4 ms of the comments' first rows). Translating
 * every key once while the app is idle, a slice at a time (lib/idle-task.ts), moves that work out of the way;
 * nothing is shown.
 */
export function warmMessages(
  whenIdle: (task: IdleTask) => void,
  keys = messageKeys(i18n.global.getLocaleMessage(i18n.global.locale.value)),
  translate: (key: string) => unknown = (key) => i18n.global.t(key),
): void {
  // A message that cannot be compiled is passed over: it fails the same way when shown.
  runWhenIdle(
    keys.map((key) => () => translate(key)),
    whenIdle,
  );
}
