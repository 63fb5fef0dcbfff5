import type { TagInstance } from '../../../../preload/contract';

/** Pure arithmetic of the tag timeline: where a tag sits on the bar, and how times read. */

/** A tag without an end is a moment: shown this long so it can be seen and clicked. */
export const MOMENT_SECONDS = 0.5;
/** The thinnest a segment is drawn, in percent of the bar (a 0.1 s tag on an hour-long video stays visible). */
export const MIN_WIDTH_PERCENT = 0.6;

export interface TimelineSegment {
  tag: TagInstance;
  /** Percent of the bar from its left edge. */
  left: number;
  /** Percent of the bar. */
  width: number;
  start: number;
  end: number;
  /** Row of the bar it is drawn in, so overlapping tags stay apart (0 is the top row). */
  lane: number;
}

/**
 * The length the bar stands for: the video's duration when known, else (or when a tag runs past it,
 * as a rounded-down duration can make it) the latest tag end. Never zero.
 */
export function timelineLength(durationSeconds: number | undefined, tags: TagInstance[]): number {
  const lastTag = Math.max(0, ...tags.map((tag) => Math.max(tag.startSeconds, tag.endSeconds ?? 0)));
  const known = durationSeconds !== undefined && Number.isFinite(durationSeconds) && durationSeconds > 0;
  const length = Math.max(known ? durationSeconds : 0, lastTag);
  return length > 0 ? length : 1;
}

const clamp = (value: number, min: number, max: number) => Math.min(Math.max(value, min), max);

/** Percent of the bar for a time (clamped to the bar). */
export function percentAt(seconds: number, length: number): number {
  if (!(length > 0) || !Number.isFinite(seconds)) return 0;
  return clamp((seconds / length) * 100, 0, 100);
}

/** The tag's end as drawn: its own end, or a short moment after its start. */
export function endOf(tag: TagInstance, length: number): number {
  const end =
    tag.endSeconds !== undefined && tag.endSeconds > tag.startSeconds
      ? tag.endSeconds
      : tag.startSeconds + MOMENT_SECONDS;
  return Math.min(end, length);
}

/** Segments in timeline order, each in the first lane where it overlaps nothing already placed. */
export function layoutSegments(tags: TagInstance[], length: number): TimelineSegment[] {
  const ordered = [...tags].sort((a, b) => a.startSeconds - b.startSeconds || a.id - b.id);
  const laneEnds: number[] = [];
  return ordered.map((tag) => {
    const start = clamp(tag.startSeconds, 0, length);
    const end = Math.max(start, endOf(tag, length));
    let lane = laneEnds.findIndex((laneEnd) => laneEnd <= start);
    if (lane === -1) lane = laneEnds.length;
    laneEnds[lane] = end;
    const left = percentAt(start, length);
    const width = Math.min(Math.max(percentAt(end, length) - left, MIN_WIDTH_PERCENT), 100 - left);
    return { tag, left, width, start, end, lane };
  });
}

export const laneCount = (segments: TimelineSegment[]): number => Math.max(1, ...segments.map((s) => s.lane + 1));

/** 42 -> "0:42", 65 -> "1:05", 3723 -> "1:02:03" (whole seconds, rounded down). */
export function formatTime(seconds: number): string {
  const whole = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const secs = String(whole % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${secs}` : `${minutes}:${secs}`;
}

/** Time at a point of the bar clicked or keyed (0..1 of its width). */
export const timeAtFraction = (fraction: number, length: number): number => clamp(fraction, 0, 1) * length;

/** The tags under the playhead (a moment counts for MOMENT_SECONDS). */
export function activeTagIds(segments: TimelineSegment[], currentSeconds: number): Set<number> {
  return new Set(
    segments
      .filter((s) => currentSeconds >= s.start && currentSeconds < Math.max(s.end, s.start + MOMENT_SECONDS))
      .map((s) => s.tag.id),
  );
}

/** A colour the service sent, when it is one CSS can be trusted with (#RGB or #RRGGBB); else the theme's. */
export function safeColour(colour: string | undefined): string | undefined {
  return colour && /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i.test(colour) ? colour : undefined;
}

/** Black or white text, whichever reads better on the colour (WCAG relative luminance). */
export function textOn(colour: string | undefined): '#000000' | '#ffffff' {
  const hex = safeColour(colour);
  if (!hex) return '#ffffff';
  const full = hex.length === 4 ? hex.replace(/^#(.)(.)(.)$/, '#$1$1$2$2$3$3') : hex;
  const channel = (offset: number) => {
    const value = parseInt(full.slice(offset, offset + 2), 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
  return luminance > 0.179 ? '#000000' : '#ffffff';
}

/** Steps a ruler may use, in seconds: whole, readable numbers. */
const TICK_STEPS = [1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200];

/** Ruler marks at a readable step (0:00, 0:02, 0:04 … for a short clip), at most `maxTicks` of them, plus the end. */
export function rulerTicks(length: number, maxTicks = 6): { seconds: number; left: number }[] {
  const step = TICK_STEPS.find((candidate) => length / candidate <= maxTicks - 1) ?? Math.ceil(length / (maxTicks - 1));
  const ticks: { seconds: number; left: number }[] = [];
  for (let seconds = 0; seconds < length - step * 0.4; seconds += step)
    ticks.push({ seconds, left: percentAt(seconds, length) });
  ticks.push({ seconds: length, left: 100 });
  return ticks;
}
