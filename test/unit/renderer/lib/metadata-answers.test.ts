import { describe, expect, it } from 'vitest';
import type { MetadataField } from '../../../../preload/contract';
import { answersOf, missingRequired } from '../../../../renderer/src/lib/metadata-answers';
import { pickMimeType } from '../../../../renderer/src/lib/live-recorder';

const field = (id: number, name: string, isRequired = false): MetadataField => ({
  id,
  name,
  typeId: 1,
  isRequired,
  options: [],
});
const fields = [field(1, 'Subject', true), field(2, 'Year group'), field(3, 'Room', true)];

describe('answers to the organisation fields', () => {
  it('sends trimmed answers and leaves out empty ones', () => {
    expect(answersOf(fields, { 1: ' Science ', 2: '   ', 3: 'B12' })).toEqual([
      { metadataId: 1, value: 'Science' },
      { metadataId: 3, value: 'B12' },
    ]);
  });

  it('names the required fields left empty (spaces count as empty)', () => {
    expect(missingRequired(fields, { 1: '  ', 2: 'Year 7' }).map((f) => f.name)).toEqual(['Subject', 'Room']);
    expect(missingRequired(fields, { 1: 'Science', 3: 'B12' })).toEqual([]);
  });
});

describe('the recorder format', () => {
  it('prefers VP9 WebM and falls back to MP4 where WebM cannot be recorded', () => {
    expect(pickMimeType(() => true)).toBe('video/webm;codecs=vp9,opus');
    expect(pickMimeType((type) => type === 'video/mp4')).toBe('video/mp4');
    expect(pickMimeType(() => false)).toBeUndefined();
  });
});
