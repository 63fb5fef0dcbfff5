import { Notification, powerSaveBlocker } from 'electron';
import type { RecordingSummary } from '../../preload/contract';
import type { Translator } from '../services/i18n';
import type { PowerBlocker } from '../services/uploads/types';

/**
 * What recording a lesson needs from the OS: the computer kept awake while it records (a blocker of its
 * own, so an upload batch ending does not let a lesson's recording sleep), and a native notification when
 * the tagged video is ready, opening it on the tagging page.
 */
export function createRecordingShell(ui: { showRoute(route: string): void; translator: Translator }): {
  keepAwake: PowerBlocker;
  ready(summary: RecordingSummary): void;
} {
  let blocker: number | undefined;
  // Kept referenced until clicked or closed: a garbage-collected Notification no longer delivers its click.
  const shown = new Set<Notification>();
  return {
    keepAwake: {
      start() {
        // The display may sleep (the camera keeps recording); the system must not suspend.
        if (blocker === undefined) blocker = powerSaveBlocker.start('prevent-app-suspension');
      },
      stop() {
        if (blocker !== undefined) powerSaveBlocker.stop(blocker);
        blocker = undefined;
      },
    },
    ready(summary) {
      if (!Notification.isSupported() || !summary.videoId || !summary.taggedVideoId) return;
      const note = new Notification({
        title: ui.translator('recording.ready.title'),
        body: ui.translator('recording.ready.body', { title: summary.title }),
      });
      const route = `/videos/${summary.videoId}/tagged/${summary.taggedVideoId}`;
      note.on('click', () => {
        shown.delete(note);
        ui.showRoute(route);
      });
      note.on('close', () => shown.delete(note));
      shown.add(note);
      note.show();
    },
  };
}
