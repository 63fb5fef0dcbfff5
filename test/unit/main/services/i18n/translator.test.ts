import { describe, expect, it } from 'vitest';
import { createI18n } from 'vue-i18n';
import enGB from '../../../../../shared/i18n/en-GB';
import nbNO from '../../../../../shared/i18n/nb-NO';
import { createTranslator, type MessageKey } from '../../../../../main/services/i18n';

/**
 * Main formats its texts (tray, native notifications) without vue-i18n, from the same catalogue as
 * the page. If the two read a message differently, a teacher sees "1 files" in the tray where the
 * page says "1 file", or a name missing from a notification.
 */

function keysOf(node: unknown, prefix = ''): string[] {
  return Object.entries(node as Record<string, unknown>).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : keysOf(value, `${prefix}${key}.`),
  );
}

const placeholders = (message: string) => [...new Set([...message.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!))];

describe('main’s translator', () => {
  it('formats every message of every language exactly as vue-i18n does, plurals and placeholders included', () => {
    const i18n = createI18n({
      legacy: false,
      locale: 'en-GB',
      fallbackLocale: 'en-GB',
      messages: { 'en-GB': enGB, 'nb-NO': nbNO },
      missingWarn: false,
      fallbackWarn: false,
    });
    const keys = keysOf(enGB) as MessageKey[];
    let compared = 0;
    for (const locale of ['en-GB', 'nb-NO'] as const) {
      i18n.global.locale.value = locale;
      const vue = i18n.global.t as (key: string, ...rest: unknown[]) => string;
      const ours = createTranslator(locale);
      for (const key of keys) {
        // A fresh object per call: vue-i18n writes `count` and `n` into the one it is given.
        const named = () =>
          Object.fromEntries(placeholders(i18n.global.tm(key) as string).map((name) => [name, `‹${name}›`]));
        expect(ours(key, named()), `${locale} ${key}`).toBe(vue(key, named()));
        for (const count of [0, 1, 2, 7]) {
          expect(ours(key, count), `${locale} ${key} ${count}`).toBe(vue(key, count));
          expect(ours(key, named(), count), `${locale} ${key} ${count} named`).toBe(vue(key, named(), count));
          const counted = () => ({ ...named(), count });
          expect(ours(key, counted()), `${locale} ${key} count=${count}`).toBe(vue(key, counted()));
        }
        compared++;
      }
    }
    expect(compared).toBe(keys.length * 2);
  });

  it('speaks Norwegian when asked, and British English by default', () => {
    expect(createTranslator().locale).toBe('en-GB');
    expect(createTranslator()('main.tray.unreadCount', 3)).toBe('3 unread notifications');
    const nb = createTranslator('nb-NO');
    expect(nb.locale).toBe('nb-NO');
    expect(nb('main.tray.unreadCount', 0)).toBe('Ingen uleste varsler');
    expect(nb('main.tray.unreadCount', 1)).toBe('1 ulest varsel');
    expect(nb('main.tray.unreadCount', 3)).toBe('3 uleste varsler');
    expect(nb('main.tray.open', { appName: 'Video Collab' })).toBe('Åpne Video Collab');
  });

  it('puts values in as text: a title with braces or a bar is not read as a message', () => {
    const t = createTranslator('en-GB');
    expect(t('main.tray.unread', { title: 'Plan {count} | week 2' })).toBe('Unread: Plan {count} | week 2');
  });
});
