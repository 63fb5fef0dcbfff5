// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { applyLocale, i18n } from '../../../../renderer/src/i18n';

/** The page takes the language main chose: its words, its <html lang> (for screen readers), PrimeVue's words. */
describe('the page’s language', () => {
  afterEach(async () => {
    await applyLocale('en-GB');
  });

  it('switches to Norwegian Bokmål when main says nb-NO', async () => {
    const applied = await applyLocale('nb-NO');
    expect(applied.locale).toBe('nb-NO');
    expect(i18n.global.t('nav.groups')).toBe('Grupper');
    expect(i18n.global.t('groups.count', 3)).toBe('3 grupper');
    expect(document.documentElement.lang).toBe('nb-NO');
    // A dialog's close button, read out by a screen reader, is PrimeVue's own word.
    expect(applied.primeVue?.aria?.close).toBe('Lukk');
  });

  it('stays British English for anything it does not ship, or when main did not say', async () => {
    await applyLocale('nb-NO');
    for (const requested of ['de-DE', undefined, 42]) {
      const applied = await applyLocale(requested);
      expect(applied).toEqual({ locale: 'en-GB' });
      expect(i18n.global.t('nav.groups')).toBe('Groups');
      expect(document.documentElement.lang).toBe('en-GB');
    }
  });
});
