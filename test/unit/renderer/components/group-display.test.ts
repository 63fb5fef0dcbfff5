import { describe, expect, it } from 'vitest';
import { initialsOf, safeColour, textOn, typeKey } from '../../../../renderer/src/components/groups/group-display';

describe('how a group is shown', () => {
  it('initials: the first letters of the first two words, skipping punctuation', () => {
    expect(initialsOf('Year 7 Science mentors')).toBe('Y7');
    expect(initialsOf('  phonics cohort ')).toBe('PC');
    expect(initialsOf('<img src=x>')).toBe('IS');
    expect(initialsOf('Ünterricht')).toBe('Ü');
    expect(initialsOf('!!!')).toBe('?');
  });

  it('only a #RRGGBB colour is used, with black or white text, whichever reads better', () => {
    expect(safeColour('#12AB34')).toBe('#12AB34');
    expect(safeColour('red; background:url(x)')).toBeUndefined();
    expect(safeColour(undefined)).toBeUndefined();
    expect(textOn('#ffffff')).toBe('#000000');
    expect(textOn('#1e1b4b')).toBe('#ffffff');
    expect(textOn('#facc15')).toBe('#000000');
  });

  it('the four types have names; anything else is a group', () => {
    expect(typeKey(2)).toBe('groups.types.2');
    expect(typeKey(9)).toBe('groups.types.other');
    expect(typeKey(undefined)).toBe('groups.types.other');
  });
});
