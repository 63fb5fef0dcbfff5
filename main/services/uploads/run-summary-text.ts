import type { RunSummary } from './types';

export interface NoticeText {
  title: string;
  body: string;
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** The native notification when a batch has ended with every file on the service. */
export function batchFinishedText(summary: RunSummary): NoticeText {
  return { title: 'Uploads finished', body: `${plural(summary.done, 'file is', 'files are')} on the service.` };
}

/**
 * The native notification when a batch needs the user: the session ended (uploads wait for the next
 * sign-in), files failed (the first one named with its reason, so the user knows what to do without
 * opening the app), or uploads are paused.
 */
export function needsAttentionText(summary: RunSummary): NoticeText {
  if (summary.waitingForSignIn) {
    return {
      title: 'Uploads are waiting for you to sign in',
      body: 'Sign in again and they carry on where they stopped; nothing is lost.',
    };
  }
  const first = summary.failures[0];
  if (summary.failed === 0 || !first) {
    return { title: 'Uploads need your attention', body: 'Some uploads are paused. Open the app to carry on.' };
  }
  const others = summary.failed - 1;
  return {
    title: `${plural(summary.failed, 'upload', 'uploads')} failed`,
    body:
      `${first.displayPath}: ${first.problem.message}` +
      (others > 0 ? ` And ${plural(others, 'other file', 'other files')}.` : '') +
      (summary.done > 0 ? ` ${plural(summary.done, 'file is', 'files are')} on the service.` : ''),
  };
}
