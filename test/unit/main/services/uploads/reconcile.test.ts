import { describe, expect, it } from 'vitest';
import { findUploaded } from '../../../../../main/services/uploads/reconcile';
import type { RemoteFile } from '../../../../../main/services/uploads/remote-file';

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
