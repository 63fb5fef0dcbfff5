import { describe, expect, it } from 'vitest';
import { DroppedPaths } from '../../../../../main/services/uploads/dropped-paths';

describe('drops waiting for the page', () => {
  it('gives the paths of a drop once, for its id only', () => {
    const drops = new DroppedPaths();
    const id = drops.register(['/home/ada/lesson.mp4', '/home/ada/plan.pdf']);
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(() => drops.take('0f8fad5b-d9cb-469f-a165-70867728950e')).toThrow(/no longer known/);
    expect(drops.take(id)).toEqual(['/home/ada/lesson.mp4', '/home/ada/plan.pdf']);
    expect(() => drops.take(id)).toThrow(expect.objectContaining({ code: 'FILE_NOT_ALLOWED' }));
  });

  it('keeps only absolute paths, and refuses a drop with none', () => {
    const drops = new DroppedPaths();
    expect(drops.take(drops.register(['', 'relative/file.txt', '/home/ada/plan.pdf']))).toEqual(['/home/ada/plan.pdf']);
    expect(() => drops.register(['', '../x'])).toThrow(expect.objectContaining({ code: 'FILE_NOT_ALLOWED' }));
  });

  it('forgets a drop after two minutes, the oldest beyond sixteen, and all on clear', () => {
    let now = 0;
    const drops = new DroppedPaths(() => now);
    const old = drops.register(['/a']);
    now = 2 * 60_000 + 1;
    expect(() => drops.take(old)).toThrow(/no longer known/);
    const ids = Array.from({ length: 17 }, (_, i) => drops.register([`/f${i}`]));
    expect(() => drops.take(ids[0]!)).toThrow(/no longer known/);
    expect(drops.take(ids[16]!)).toEqual(['/f16']);
    drops.clear();
    expect(() => drops.take(ids[15]!)).toThrow(/no longer known/);
  });
});
