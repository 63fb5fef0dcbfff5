import { describe, expect, it } from 'vitest';
import { uploadTargetLabel } from '../../../../../renderer/src/components/uploads/target-label';
import type { UploadTargetChoice } from '../../../../../preload/contract';

const choices: UploadTargetChoice[] = [
  { target: { kind: 'community', id: 7 }, label: 'Year 9 maths' },
  { target: { kind: 'portfolio', id: 7 }, label: 'My placement' },
  { target: { kind: 'generic', id: 2 }, label: 'Tom Okafor' },
];

describe('where the Uploads list says a file goes', () => {
  it('names groups and portfolios as they were offered, whatever their ids share', () => {
    expect(uploadTargetLabel({ kind: 'community', id: 7 }, choices, 'Group')).toBe('Year 9 maths');
    expect(uploadTargetLabel({ kind: 'portfolio', id: 7 }, choices, 'Portfolio')).toBe('My placement');
  });

  it("calls one's own places by their kind, not by the person's name or id", () => {
    expect(uploadTargetLabel({ kind: 'generic', id: 2 }, choices, 'My files')).toBe('My files');
    expect(uploadTargetLabel({ kind: 'user-picture', id: 2 }, choices, 'Profile picture')).toBe('Profile picture');
  });

  it("names a group's images after the group, and falls back to kind and id for places not offered", () => {
    expect(uploadTargetLabel({ kind: 'community-cover', id: 7 }, choices, 'Group cover')).toBe(
      'Group cover: Year 9 maths',
    );
    expect(uploadTargetLabel({ kind: 'community-profile', id: 8 }, choices, 'Group picture')).toBe('Group picture 8');
    expect(uploadTargetLabel({ kind: 'community', id: 99 }, choices, 'Group')).toBe('Group 99');
  });
});
