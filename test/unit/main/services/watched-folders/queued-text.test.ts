import { describe, expect, it } from 'vitest';
import { createTranslator } from '../../../../../main/services/i18n';
import { watchQueuedText } from '../../../../../main/services/watched-folders/queued-text';

const lessons = {
  id: 'f1',
  path: '/home/anna/Videos/Lessons',
  target: { kind: 'generic', id: 5 },
  extensions: [],
} as const;
const card = {
  id: 'card:CANON_SD',
  path: '/media/anna/CANON_SD',
  target: { kind: 'generic', id: 5 },
  extensions: [],
} as const;

describe('the notice when a watched folder queued new recordings', () => {
  it('names the folder and the count, in British English', () => {
    expect(watchQueuedText({ folder: lessons, count: 3 })).toEqual({
      title: 'New recordings queued',
      body: '3 new recordings queued from Lessons',
    });
    expect(watchQueuedText({ folder: card, count: 1 }).body).toBe('1 new recording queued from CANON_SD');
  });

  it('speaks Norwegian when the app does', () => {
    expect(watchQueuedText({ folder: lessons, count: 2 }, createTranslator('nb-NO')).body).toBe(
      '2 nye opptak satt i kø fra Lessons',
    );
  });
});
