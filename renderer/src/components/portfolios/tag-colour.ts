/**
 * Tag colours come from the service (any colour an organisation chose). Text on them must stay
 * readable: black or white, whichever contrasts more (WCAG 2 relative luminance). For every colour
 * the better of the two reaches at least 4.5:1.
 */

export interface TagColours {
  background: string;
  text: string;
}

const HEX = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i;

export function parseHex(colour: string | undefined): [number, number, number] | undefined {
  const match = HEX.exec((colour ?? '').trim());
  if (!match) return undefined;
  const hex = match[1]!.length === 3 ? [...match[1]!].map((c) => c + c).join('') : match[1]!;
  return [0, 2, 4].map((at) => parseInt(hex.slice(at, at + 2), 16)) as [number, number, number];
}

export function luminance([r, g, b]: [number, number, number]): number {
  const linear = (value: number) => {
    const c = value / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

export function contrast(a: number, b: number): number {
  const [light, dark] = a > b ? [a, b] : [b, a];
  return (light + 0.05) / (dark + 0.05);
}

/** The tag's own colour with readable text, or undefined when it has no usable colour (theme colours then). */
export function tagColours(colour: string | undefined): TagColours | undefined {
  const rgb = parseHex(colour);
  if (!rgb) return undefined;
  const l = luminance(rgb);
  const hex = `#${rgb.map((c) => c.toString(16).padStart(2, '0')).join('')}`;
  return { background: hex, text: contrast(l, 1) >= contrast(l, 0) ? '#ffffff' : '#000000' };
}
