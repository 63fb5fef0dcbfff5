import { describe, expect, it } from 'vitest';
import { leadsToRecordings } from '../../../../../renderer/src/components/uploads/recording-link';

describe('a finished upload leading to My recordings', () => {
  const video = { state: 'done' as const, target: { kind: 'generic' as const, id: 0 }, contentType: 'video/mp4' };

  it('a video uploaded to My files, once done', () => {
    expect(leadsToRecordings(video)).toBe(true);
    expect(leadsToRecordings({ ...video, contentType: 'Video/QuickTime' })).toBe(true);
  });

  it('not before it is done, not a document, not a video sent to a group', () => {
    expect(leadsToRecordings({ ...video, state: 'uploading' })).toBe(false);
    expect(leadsToRecordings({ ...video, contentType: 'application/pdf' })).toBe(false);
    expect(leadsToRecordings({ ...video, target: { kind: 'community', id: 4 } })).toBe(false);
  });
});
