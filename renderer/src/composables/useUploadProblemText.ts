import { useI18n } from 'vue-i18n';
import type { UploadProblem } from '../../../preload/contract';
import { sourceLocale } from '../../../shared/i18n/locales';
import { formatBytes } from '../components/uploads/format';

/** Parameters of `uploads.problems.*` that are byte counts, formatted here in the page's language. */
const byteParams = new Set(['size', 'limit']);

/**
 * Words an upload problem in the page's language: its catalogue key (`text`) when main gave one;
 * otherwise (the service's own words, or a problem journaled before keys existed) main's sentence
 * in British English, and in another language the catalogue's sentence for its code, then main's.
 */
export function useUploadProblemText(): (problem: UploadProblem) => string {
  const { t, te, locale } = useI18n();
  return (problem) => {
    const text = problem.text;
    if (text && te(text.key)) {
      const params = Object.fromEntries(
        Object.entries(text.params ?? {}).map(([name, value]) => [
          name,
          typeof value === 'number' && byteParams.has(name) ? formatBytes(value, locale.value) : value,
        ]),
      );
      return t(text.key, params);
    }
    if (locale.value === sourceLocale) return problem.message;
    const key = `errors.${problem.code}`;
    return te(key) ? t(key) : problem.message;
  };
}
