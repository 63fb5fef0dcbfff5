import { useI18n } from 'vue-i18n';
import type { DownloadFileProblem } from '../../../../preload/contract';
import { useErrorText } from '../../composables/useErrorText';

/**
 * A download's problem in the page's language: a refused address, a connection broken mid-file and a
 * disk that would not take the file get their own sentences (the general texts are about typing a service address and reaching it at all);
 * anything else is worded by its code.
 */
export function useDownloadProblemText(): (problem: {
  code: string;
  message: string;
  incomplete?: boolean;
  fileProblem?: DownloadFileProblem;
}) => string {
  const { t } = useI18n();
  const errorText = useErrorText();
  return (problem) => {
    if (problem.code === 'INSECURE_URL') return t('downloads.insecureUrl');
    if (problem.incomplete) return t('downloads.incomplete');
    if (problem.fileProblem) return t(`downloads.fileProblems.${problem.fileProblem}`);
    return errorText(problem);
  };
}
