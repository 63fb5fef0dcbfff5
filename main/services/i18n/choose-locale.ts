import { isAppLocale, sourceLocale, type AppLocale } from '../../../shared/i18n/locales';

/**
 * The language the app speaks: the one a policy fixes, else the first of the person's preferred
 * languages (most preferred first, as the OS lists them) that the app ships, else British English.
 *
 * - Any English is British English: the only English the app has.
 * - Norwegian in any form is Bokmål: `nb`, the macrolanguage `no`, and `nn` (Nynorsk). Every Nynorsk
 *   reader reads Bokmål at school, so Bokmål serves them better than English until a Nynorsk
 *   translation exists.
 * - A language the app lacks is skipped, so a German teacher who also lists Norwegian gets Norwegian.
 *
 * Tags come as the OS spells them: `nb-NO`, `nb_NO.UTF-8` (POSIX), `no@euro`, `en`, `C` (none).
 */
export function chooseLocale(preferred: readonly string[], policyLanguage?: string): AppLocale {
  // The policy says 'system' to follow the OS; anything it cannot mean is ignored the same way.
  if (isAppLocale(policyLanguage)) return policyLanguage;
  for (const tag of preferred) {
    const language = primaryLanguage(tag);
    if (language === 'en') return 'en-GB';
    if (language === 'nb' || language === 'no' || language === 'nn') return 'nb-NO';
  }
  return sourceLocale;
}

/** `nb_NO.UTF-8` → `nb`; `C`, `POSIX` and empty → undefined. */
function primaryLanguage(tag: string): string | undefined {
  const language = tag
    .trim()
    .split(/[-_.@]/)[0]
    ?.toLowerCase();
  return language && /^[a-z]{2,3}$/.test(language) ? language : undefined;
}
