import { useI18n } from 'vue-i18n';
import { useErrorText } from '../../composables/useErrorText';

/**
 * A download's problem in the page's language: a refused address gets its own sentence (the general
 * INSECURE_URL text is about typing a service address); anything else is worded by its code.
 */
export function useDownloadProblemText(): (problem: { code: string; message: string }) => string {
  const { t } = useI18n();
  const errorText = useErrorText();
  return (problem) => (problem.code === 'INSECURE_URL' ? t('downloads.insecureUrl') : errorText(problem));
}
