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
 * The native notification when the queue needs the user: its records on disk were damaged (what
 * could be read was restored; the user is told where the damaged copy is), the session ended (uploads wait for the next
 * sign-in), files failed (the first one named with its reason, so the user knows what to do without
 * opening the app), or uploads are paused.
 */
export function needsAttentionText(summary: RunSummary): NoticeText {
  const damaged = summary.recordsDamaged;
  if (damaged) {
    const checking =
      damaged.filesToCheck > 0
        ? ` ${plural(damaged.filesToCheck, 'file that may already have arrived is', 'files that may already have arrived are')}` +
          ' looked for on the service before being sent again.'
        : '';
    return {
      title: 'Upload records were damaged',
      body:
        `Some upload records could not be read (${plural(damaged.lines, 'line', 'lines')}); the rest were restored.` +
        (damaged.copiedTo ? ` A copy is kept at ${damaged.copiedTo}.` : ' No copy of them could be kept.') +
        checking,
    };
  }
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
