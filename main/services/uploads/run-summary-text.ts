import { createTranslator, type Translator } from '../i18n';
import type { RunSummary, UploadProblem } from './types';

export interface NoticeText {
  title: string;
  body: string;
}

/** The native notification when a batch has ended with every file on the service. */
export function batchFinishedText(summary: RunSummary, t: Translator = createTranslator()): NoticeText {
  return { title: t('main.uploads.finishedTitle'), body: t('main.uploads.onService', summary.done) };
}

/**
 * What went wrong with a file. Main words its problems in British English (they go to the log as
 * well); in another language the notice says the catalogue's sentence for the problem's code rather
 * than drop an English sentence into a Norwegian one.
 */
function problemText(problem: UploadProblem, t: Translator): string {
  return t.locale === 'en-GB' ? problem.message : t(`errors.${problem.code}`);
}

/**
 * The native notification when the queue needs the user: its records on disk were damaged (what
 * could be read was restored; the user is told where the damaged copy is), the session ended (uploads wait for the next
 * sign-in), files failed (the first one named with its reason, so the user knows what to do without
 * opening the app), or uploads are paused. In the app's language (`t`; British English when none is given).
 */
export function needsAttentionText(summary: RunSummary, t: Translator = createTranslator()): NoticeText {
  const damaged = summary.recordsDamaged;
  if (damaged) {
    const sentences = [
      t('main.uploads.damagedBody', damaged.lines),
      damaged.copiedTo ? t('main.uploads.copyKept', { path: damaged.copiedTo }) : t('main.uploads.noCopy'),
      ...(damaged.filesToCheck > 0 ? [t('main.uploads.checking', damaged.filesToCheck)] : []),
    ];
    return { title: t('main.uploads.damagedTitle'), body: sentences.join(' ') };
  }
  if (summary.waitingForSignIn) {
    return { title: t('main.uploads.waitingTitle'), body: t('main.uploads.waitingBody') };
  }
  const first = summary.failures[0];
  if (summary.failed === 0 || !first) {
    return { title: t('main.uploads.attentionTitle'), body: t('main.uploads.attentionBody') };
  }
  const others = summary.failed - 1;
  const sentences = [
    `${first.displayPath}: ${problemText(first.problem, t)}`,
    ...(others > 0 ? [t('main.uploads.others', others)] : []),
    ...(summary.done > 0 ? [t('main.uploads.onService', summary.done)] : []),
  ];
  return { title: t('main.uploads.failedTitle', summary.failed), body: sentences.join(' ') };
}
