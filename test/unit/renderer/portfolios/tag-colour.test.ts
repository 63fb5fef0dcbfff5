import { describe, expect, it } from 'vitest';
import { contrast, luminance, parseHex, tagColours } from '../../../../renderer/src/components/portfolios/tag-colour';

describe('tag colours', () => {
  it('reads #rgb and #rrggbb in any case, and nothing else', () => {
    expect(parseHex('#2563EB')).toEqual([0x25, 0x63, 0xeb]);
    expect(parseHex('fa0')).toEqual([0xff, 0xaa, 0x00]);
    expect(parseHex('red')).toBeUndefined();
    expect(parseHex('#12345')).toBeUndefined();
    expect(parseHex(undefined)).toBeUndefined();
  });

  it('puts white on dark tags and black on light ones', () => {
    expect(tagColours('#1E3A8A')).toEqual({ background: '#1e3a8a', text: '#ffffff' });
    expect(tagColours('#FDE68A')).toEqual({ background: '#fde68a', text: '#000000' });
    expect(tagColours('not a colour')).toBeUndefined();
  });

  it('keeps text readable (at least 4.5:1) on every colour, checked across the whole range', () => {
    let worst = Infinity;
    for (let r = 0; r <= 255; r += 15) {
      for (let g = 0; g <= 255; g += 15) {
        for (let b = 0; b <= 255; b += 15) {
          const hex = `#${[r, g, b].map((c) => c.toString(16).padStart(2, '0')).join('')}`;
          const { text } = tagColours(hex)!;
          const ratio = contrast(luminance([r, g, b]), luminance(parseHex(text)!));
          worst = Math.min(worst, ratio);
        }
      }
    }
    expect(worst).toBeGreaterThanOrEqual(4.5);
  });
});
