import { describe, expect, it } from 'vitest';
import type { TagInstance } from '../../../../../preload/contract';
import {
  activeTagIds,
  formatTime,
  laneCount,
  layoutSegments,
  MIN_WIDTH_PERCENT,
  percentAt,
  rulerTicks,
  safeColour,
  textOn,
  timeAtFraction,
  timelineLength,
} from '../../../../../renderer/src/components/videos/timeline';

const tag = (id: number, startSeconds: number, endSeconds?: number, name = `Tag ${id}`): TagInstance => ({
  id,
  tagId: id,
  name,
  startSeconds,
  ...(endSeconds !== undefined ? { endSeconds } : {}),
});

describe('the tag timeline', () => {
  it('formats times as m:ss, or h:mm:ss past an hour, rounding down', () => {
    expect(formatTime(0)).toBe('0:00');
    expect(formatTime(42)).toBe('0:42');
    expect(formatTime(65)).toBe('1:05');
    expect(formatTime(59.99)).toBe('0:59');
    expect(formatTime(3723)).toBe('1:02:03');
    expect(formatTime(-3)).toBe('0:00');
    expect(formatTime(Number.NaN)).toBe('0:00');
  });

  it('the bar is as long as the video, or the last tag when one runs past it, and never zero', () => {
    expect(timelineLength(120, [tag(1, 10, 20)])).toBe(120);
    expect(timelineLength(6, [tag(1, 2, 6.4)])).toBe(6.4);
    expect(timelineLength(undefined, [tag(1, 30, 45), tag(2, 50)])).toBe(50);
    expect(timelineLength(0, [])).toBe(1);
    expect(timelineLength(Number.POSITIVE_INFINITY, [tag(1, 5, 9)])).toBe(9);
  });

  it('places a segment at its start and sizes it by its length, in percent of the bar', () => {
    const [segment] = layoutSegments([tag(1, 42, 65)], 200);
    expect(segment).toMatchObject({ left: 21, start: 42, end: 65, lane: 0 });
    expect(segment!.width).toBeCloseTo(11.5);
  });

  it('keeps a very short tag or a moment without an end visible, and never past the bar’s end', () => {
    const [tiny, moment, last] = layoutSegments([tag(1, 10, 10.01), tag(2, 1000), tag(3, 3599.9, 3600)], 3600);
    expect(tiny!.width).toBe(MIN_WIDTH_PERCENT);
    expect(moment!.end).toBeCloseTo(1000.5);
    expect(moment!.width).toBe(MIN_WIDTH_PERCENT);
    expect(last!.left + last!.width).toBeLessThanOrEqual(100);
  });

  it('puts overlapping tags in separate lanes, reusing a lane once it is free', () => {
    const segments = layoutSegments([tag(1, 0, 10), tag(2, 5, 15), tag(3, 12, 20), tag(4, 6, 8)], 20);
    const lanes = Object.fromEntries(segments.map((s) => [s.tag.id, s.lane]));
    expect(lanes).toEqual({ 1: 0, 2: 1, 4: 2, 3: 0 });
    expect(laneCount(segments)).toBe(3);
    expect(laneCount([])).toBe(1);
  });

  it('orders segments by start, whatever order the tags came in', () => {
    expect(layoutSegments([tag(2, 9, 10), tag(1, 1, 2)], 10).map((s) => s.tag.id)).toEqual([1, 2]);
  });

  it('clamps positions to the bar', () => {
    expect(percentAt(-5, 60)).toBe(0);
    expect(percentAt(30, 60)).toBe(50);
    expect(percentAt(90, 60)).toBe(100);
    expect(timeAtFraction(0.25, 60)).toBe(15);
    expect(timeAtFraction(2, 60)).toBe(60);
  });

  it('knows which tags are under the playhead', () => {
    const segments = layoutSegments([tag(1, 0, 10), tag(2, 5, 15), tag(3, 20)], 30);
    expect([...activeTagIds(segments, 7)].sort()).toEqual([1, 2]);
    expect([...activeTagIds(segments, 10)]).toEqual([2]);
    expect([...activeTagIds(segments, 20.2)]).toEqual([3]);
    expect([...activeTagIds(segments, 25)]).toEqual([]);
  });

  it('trusts only hex colours from the service, and picks readable text on them', () => {
    expect(safeColour('#22aa55')).toBe('#22aa55');
    expect(safeColour('#fff')).toBe('#fff');
    expect(safeColour('red; background: url(x)')).toBeUndefined();
    expect(safeColour(undefined)).toBeUndefined();
    expect(textOn('#ffeb3b')).toBe('#000000');
    expect(textOn('#1a237e')).toBe('#ffffff');
    expect(textOn('#fff')).toBe('#000000');
  });
});

describe('the ruler under the timeline', () => {
  it('marks whole, readable steps and the end', () => {
    expect(rulerTicks(6).map((tick) => tick.seconds)).toEqual([0, 2, 4, 6]);
    expect(rulerTicks(6.4).map((tick) => tick.seconds)).toEqual([0, 2, 4, 6.4]);
    expect(rulerTicks(1800).map((tick) => tick.seconds)).toEqual([0, 600, 1200, 1800]);
    const long = rulerTicks(5 * 3600);
    expect(long.length).toBeLessThanOrEqual(7);
    expect(long.at(-1)).toEqual({ seconds: 5 * 3600, left: 100 });
    expect(long.every((tick, i) => i === 0 || tick.left > long[i - 1]!.left)).toBe(true);
  });
});
