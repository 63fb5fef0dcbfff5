import { describe, expect, it } from 'vitest';
import { safeColour, textOn, typeKey } from '../../../../renderer/src/components/groups/group-display';

describe('how a group is shown', () => {
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
