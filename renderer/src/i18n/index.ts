import { createI18n } from 'vue-i18n';
import type { PrimeVueLocaleOptions } from 'primevue/config';
import enGB from '../../../shared/i18n/en-GB';
import { isAppLocale, sourceLocale, type AppLocale, type Translation } from '../../../shared/i18n/locales';

/** The catalogue lives in shared/i18n, where main reads its tray and notification texts too. */
export type MessageSchema = Translation<typeof enGB>;

export const i18n = createI18n<[MessageSchema], AppLocale, false>({
  legacy: false,
  locale: sourceLocale,
  fallbackLocale: sourceLocale,
  // British English ships in the first chunk: it is the fallback, and what most machines show. The
  // typed options want every locale up front; the others are set when chosen (`applyLocale`).
  messages: { 'en-GB': enGB } as Record<AppLocale, MessageSchema>,
});

interface LocaleBundle {
  messages: MessageSchema;
  /** PrimeVue's own texts (a dialog's close button, a list's empty message); its defaults are English. */
  primeVue: PrimeVueLocaleOptions;
}

/** Other languages are fetched when chosen, so a British English start never downloads them. */
const loaders: Record<Exclude<AppLocale, typeof sourceLocale>, () => Promise<LocaleBundle>> = {
  'nb-NO': async () => {
    const [messages, primeVue] = await Promise.all([import('../../../shared/i18n/nb-NO'), import('./primevue-nb-NO')]);
    return { messages: messages.default, primeVue: primeVue.default };
  },
};

export interface AppliedLocale {
  locale: AppLocale;
  /** For PrimeVue's `locale` option; absent for British English (PrimeVue's defaults). */
  primeVue?: PrimeVueLocaleOptions;
}

/**
 * Shows the page in `requested` (what main chose from the OS and policy): its messages, and the
 * document's language, so that screen readers pronounce the text right and dates follow it.
 * Anything else, or messages that cannot be fetched, leaves British English.
 */
export async function applyLocale(requested: unknown): Promise<AppliedLocale> {
  let applied: AppliedLocale = { locale: sourceLocale };
  if (isAppLocale(requested) && requested !== sourceLocale) {
    try {
      const bundle = await loaders[requested]();
      i18n.global.setLocaleMessage(requested, bundle.messages);
      applied = { locale: requested, primeVue: bundle.primeVue };
    } catch {
      // A chunk that failed to load: English is better than a page of message keys.
    }
  }
  i18n.global.locale.value = applied.locale;
  document.documentElement.lang = applied.locale;
  return applied;
}
