import { describe, expect, it } from 'vitest';
import { findUploaded, findUploadedVideo, videoTitleFor } from '../../../../../main/services/uploads/reconcile';
import type { RemoteFile, RemoteVideo } from '../../../../../main/services/uploads/remote-file';

const since = Date.parse('2026-03-01T10:00:00Z');
const file = (id: number, name: string, size: number, secondsAfter: number): RemoteFile => ({
  id,
  name,
  size,
  uploadedAt: since + secondsAfter * 1000,
});

describe('finding an uncertain upload in the target list', () => {
  it('matches the same name and size uploaded since the attempt began', () => {
    const remote = [file(1, 'plan.pdf', 100, -3600), file(2, 'plan.pdf', 100, 2), file(3, 'plan.pdf', 99, 3)];
    expect(findUploaded(remote, { fileName: 'plan.pdf', size: 100, since }, new Set(), 0)?.id).toBe(2);
  });

  it('does not take an older copy for the new upload', () => {
    const remote = [file(1, 'plan.pdf', 100, -3600)];
    expect(findUploaded(remote, { fileName: 'plan.pdf', size: 100, since }, new Set(), 30_000)).toBeUndefined();
  });

  it('allows for a service clock a little behind ours', () => {
    const remote = [file(1, 'plan.pdf', 100, -10)];
    expect(findUploaded(remote, { fileName: 'plan.pdf', size: 100, since }, new Set(), 30_000)?.id).toBe(1);
    expect(findUploaded(remote, { fileName: 'plan.pdf', size: 100, since }, new Set(), 5_000)).toBeUndefined();
  });

  it('gives each of two same-named, same-sized files its own copy', () => {
    const remote = [file(7, 'notes.txt', 10, 1)];
    const claimed = new Set<number>();
    expect(findUploaded(remote, { fileName: 'notes.txt', size: 10, since }, claimed, 0)?.id).toBe(7);
    expect(findUploaded(remote, { fileName: 'notes.txt', size: 10, since }, claimed, 0)).toBeUndefined();
  });

  it('compares names as the service stores them', () => {
    const remote = [file(4, 'Lesson plan.pdf', 10, 1)];
    expect(findUploaded(remote, { fileName: '  Lesson plan.pdf ', size: 10, since }, new Set(), 0)?.id).toBe(4);
  });
});

describe('finding a video sent to My files among the teacher’s videos', () => {
  const video = (id: number, title: string, secondsAfter: number | undefined, recordedOnly = false): RemoteVideo => {
    const at = secondsAfter === undefined ? undefined : since + secondsAfter * 1000;
    return { id, title, createdAt: recordedOnly ? undefined : at, recordedAt: recordedOnly ? at : undefined };
  };
  const find = (videos: RemoteVideo[], fileName = 'Lesson 3.mp4', claimed = new Set<number>(), skewMs = 30_000) =>
    findUploadedVideo(videos, { fileName, since }, claimed, skewMs);

  it('names the video as the service does: the file name without its extension', () => {
    expect(videoTitleFor('Lesson 3.mp4')).toBe('Lesson 3');
    expect(videoTitleFor(' Lesson 3.final.mov ')).toBe('Lesson 3.final');
    expect(videoTitleFor('.mp4')).toBe('.mp4');
  });

  it('takes the same-titled video made after the send began, never an older one of the same name', () => {
    expect(find([video(1, 'Lesson 3', -3600), video(2, 'Lesson 3', 4)])).toMatchObject({ id: 2 });
    expect(find([video(1, 'Lesson 3', -3600)])).toBe('absent');
    expect(find([video(3, 'Lesson 4', 4)])).toBe('absent');
  });

  it('reads the recorded time when the service gives no creation time', () => {
    expect(find([video(5, 'Lesson 3', 2, true)])).toMatchObject({ id: 5 });
    expect(find([video(5, 'Lesson 3', -3600, true)])).toBe('absent');
  });

  it('prefers the first video made after the send began over one made in the clock allowance before it', () => {
    const videos = [video(1, 'Lesson 3', -20), video(2, 'Lesson 3', 9), video(3, 'Lesson 3', 3)];
    expect(find(videos)).toMatchObject({ id: 3 });
    expect(find([video(1, 'Lesson 3', -20), video(4, 'Lesson 3', -5)])).toMatchObject({ id: 4 });
  });

  it('gives each of two same-named videos sent together its own video on the service', () => {
    const videos = [video(7, 'Lesson 3', 2), video(8, 'Lesson 3', 3)];
    expect(find(videos, 'Lesson 3.mp4', new Set([7]))).toMatchObject({ id: 8 });
    expect(find(videos, 'Lesson 3.mp4', new Set([7, 8]))).toBe('absent');
  });

  it('also matches a service that keeps the extension in the title', () => {
    expect(find([video(9, 'Lesson 3.mp4', 1)])).toMatchObject({ id: 9 });
  });

  it('cannot decide when a same-titled video carries no time at all, rather than guess', () => {
    expect(find([video(1, 'Lesson 3', undefined)])).toBe('undecidable');
    expect(find([video(1, 'Lesson 3', undefined), video(2, 'Lesson 3', 5)])).toMatchObject({ id: 2 });
  });
});
