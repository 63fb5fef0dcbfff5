import { basename } from 'node:path';
import { createTranslator, type Translator } from '../i18n';
import type { NoticeText } from '../uploads/run-summary-text';
import type { WatchQueuedEvent } from './types';

/** The folder's last part, or a card's label: what the person recognises. */
export function sourceName(folder: { id: string; path: string }): string {
  return folder.id.startsWith('card:') ? folder.id.slice('card:'.length) : basename(folder.path) || folder.path;
}

/** The tray's notice: "3 new recordings queued from Lessons", in the app's language. */
export function watchQueuedText(event: WatchQueuedEvent, t: Translator = createTranslator()): NoticeText {
  const folder = sourceName(event.folder);
  return {
    title: t('uploads.watched.queuedTitle'),
    body: t('uploads.watched.queued', { folder, count: event.count }, event.count),
  };
}
