import { runWhenIdle, type IdleTask } from './idle-task';

/** CSS-wide keywords say nothing about a size or weight of their own. */
const KEYWORDS = new Set(['inherit', 'initial', 'unset', 'revert', 'revert-layer']);

/** A style sheet, or a rule holding rules (@media, @supports, @layer): anything with `cssRules`. */
interface SheetLike {
  readonly cssRules: Iterable<object>;
}

const rulesIn = (rule: object): Iterable<object> | undefined =>
  'cssRules' in rule ? (rule.cssRules as Iterable<object>) : undefined;
const styleOf = (rule: object): Pick<CSSStyleDeclaration, 'getPropertyValue'> | undefined =>
  'style' in rule ? (rule.style as CSSStyleDeclaration) : undefined;

/**
 * The font sizes and weights the style sheets name, each once and as written (`0.85rem`, `600`,
 * `var(--p-button-sm-font-size)`); warmFonts asks the page what each comes to. Rules inside @media,
 * @supports and @layer count; a sheet whose rules cannot be read is passed over.
 */
export function fontValuesIn(sheets: Iterable<SheetLike>): {
  sizes: string[];
  weights: string[];
} {
  const sizes = new Set<string>();
  const weights = new Set<string>(['400']);
  const visit = (rules: Iterable<object>) => {
    for (const rule of rules) {
      const inner = rulesIn(rule);
      if (inner) visit(inner);
      const size = styleOf(rule)?.getPropertyValue('font-size').trim();
      const weight = styleOf(rule)?.getPropertyValue('font-weight').trim();
      if (size && !KEYWORDS.has(size)) sizes.add(size);
      if (weight && !KEYWORDS.has(weight)) weights.add(weight);
    }
  };
  for (const sheet of sheets) {
    try {
      visit(sheet.cssRules);
    } catch {
      // Another origin's sheet: its rules are not ours to read (and its fonts are loaded when used).
    }
  }
  return { sizes: [...sizes], weights: [...weights] };
}

/** What a value comes to in the page (`0.85rem` or `var(--p-…)` to `12.75px`, `bold` to `700`). */
export type ResolveFontValue = (property: 'fontSize' | 'fontWeight', value: string, probe: HTMLElement) => string;

const computedValue: ResolveFontValue = (property, value, probe) => {
  probe.style[property] = ''; // a value the browser rejects must not leave the last one in place
  probe.style[property] = value;
  return getComputedStyle(probe)[property];
};

/** Each value once, as it comes out in the page: many written forms come to the same size. */
const distinct = (values: string[], resolve: (value: string) => string) => [
  ...new Set(values.map(resolve).filter((value) => value !== '')),
];

/**
 * Chromium loads a font's data for each size and weight the first time it lays text out in them: on
 * Linux through a synchronous request to the browser process, about half a millisecond each and more
 * when that process is busy. A screen's first visit did that for half a dozen sizes in the middle of its
 * first frame (about 3 ms of the comments' layout, and the main thread stalls behind it). Laying two
 * letters out in every size and weight the style sheets name, off-screen and hidden, a slice of at most
 * IDLE_SLICE_MS at a time while the app is idle, leaves those fonts ready. Nothing stays in the page.
 */
export function warmFonts(
  whenIdle: (task: IdleTask) => void,
  sheets: () => Iterable<SheetLike> = () => document.styleSheets,
  resolve: ResolveFontValue = computedValue,
): void {
  whenIdle(() => {
    const host = document.createElement('div');
    host.setAttribute('aria-hidden', 'true');
    host.style.cssText = 'position:absolute;left:-10000px;top:0;width:10px;height:10px;overflow:hidden;contain:strict';
    const probe = document.createElement('span');
    host.append(probe);
    document.body.append(host);
    // Read when the first slice runs: PrimeVue writes its components' sheets while idle too, before this.
    // As written the sheets name about 50 sizes and a dozen weights; in the page they come to 24 and 4.
    const named = fontValuesIn(sheets());
    const sizes = distinct(named.sizes, (value) => resolve('fontSize', value, probe));
    const weights = distinct(named.weights, (value) => resolve('fontWeight', value, probe));
    const pairs = sizes.flatMap((size) => weights.map((weight) => [size, weight] as const));
    const samples = pairs.map(([size, weight]) => () => {
      const sample = document.createElement('span');
      sample.style.fontSize = size;
      sample.style.fontWeight = weight;
      sample.textContent = 'Ag';
      host.replaceChildren(sample);
      void sample.offsetWidth; // lays the letters out, which loads the font for that size and weight
    });
    runWhenIdle(samples, whenIdle, () => host.remove());
  });
}
