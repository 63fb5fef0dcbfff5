// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { fontValuesIn, warmFonts } from '../../../../renderer/src/lib/warm-fonts';

type IdleTask = (deadline?: { timeRemaining(): number }) => void;

/** A rule as the CSSOM gives it: its declarations, and for @media / @layer the rules inside. */
const rule = (declarations: Record<string, string>, inner?: object[]) => ({
  style: { getPropertyValue: (name: string) => declarations[name] ?? '' },
  ...(inner ? { cssRules: inner } : {}),
});
const sheet = (...rules: object[]) => ({ cssRules: rules });

describe('loading the fonts in every size while the app is idle', () => {
  it('finds each size and weight the style sheets name once, inside @media and @layer too', () => {
    const unreadable = {
      get cssRules(): object[] {
        throw new DOMException('Cannot access rules', 'SecurityError');
      },
    };
    const values = fontValuesIn([
      sheet(rule({ 'font-size': '0.85rem', 'font-weight': '600' }), rule({ 'font-size': 'inherit' })),
      unreadable,
      sheet({ cssRules: [rule({ 'font-size': ' var(--p-button-sm-font-size) ' }), rule({ 'font-size': '0.85rem' })] }),
      sheet(rule({ color: 'red' }, [rule({ 'font-weight': 'unset' }), rule({ 'font-size': '2rem' })])),
    ]);
    expect(values.sizes).toEqual(['0.85rem', 'var(--p-button-sm-font-size)', '2rem']);
    expect(values.weights).toEqual(['400', '600']); // plain text's weight, whether or not a sheet names it
  });

  it('lays two letters out in every size and weight once, hidden, a slice at a time, and leaves nothing behind', async () => {
    const idle: IdleTask[] = [];
    const laidOut: string[] = [];
    const observer = new MutationObserver((records) => {
      for (const record of records)
        for (const node of record.addedNodes)
          if (node instanceof HTMLSpanElement && node.textContent === 'Ag') {
            expect(node.parentElement!.getAttribute('aria-hidden')).toBe('true');
            laidOut.push(`${node.style.fontSize} ${node.style.fontWeight}`);
          }
    });
    observer.observe(document.body, { childList: true, subtree: true });
    const before = document.body.innerHTML;
    // What the page makes of each written value: two ways of writing 12px, and `bold` for 700.
    const inPage: Record<string, string> = {
      '0.8rem': '12px',
      'var(--p-small-font-size)': '12px',
      '1.5rem': '22.5px',
      '400': '400',
      '700': '700',
      bold: '700',
    };

    warmFonts(
      (task) => idle.push(task),
      () => [
        sheet(
          rule({ 'font-size': '0.8rem', 'font-weight': '700' }),
          rule({ 'font-size': 'var(--p-small-font-size)', 'font-weight': 'bold' }),
          rule({ 'font-size': '1.5rem' }),
        ),
      ],
      (_property, value) => inPage[value] ?? '',
    );
    let slices = 0;
    while (idle.length > 0) {
      idle.shift()!({ timeRemaining: () => 0 }); // no time left: still one sample a slice
      slices++;
      await new Promise((resolve) => setTimeout(resolve, 0)); // the observer sees each sample while it is shown
    }
    observer.disconnect();

    expect(laidOut.sort()).toEqual(['12px 400', '12px 700', '22.5px 400', '22.5px 700']);
    expect(slices).toBe(1 + 4); // reading the sheets, then one sample each
    expect(document.body.innerHTML).toBe(before);
  });

  it('asks the page, on an element in it, what each written value comes to', () => {
    const idle: IdleTask[] = [];
    const asked: string[] = [];
    warmFonts(
      (task) => idle.push(task),
      () => [sheet(rule({ 'font-size': '14px', 'font-weight': '600' }))],
      (property, value, probe) => {
        asked.push(`${property}=${value}`);
        expect(probe.isConnected).toBe(true);
        return value;
      },
    );
    idle.shift()!();
    expect(asked.sort()).toEqual(['fontSize=14px', 'fontWeight=400', 'fontWeight=600']);
    while (idle.length > 0) idle.shift()!();
  });

  it('adds nothing to the page when no sheet names a size', () => {
    const idle: IdleTask[] = [];
    const before = document.body.innerHTML;
    warmFonts(
      (task) => idle.push(task),
      () => [sheet(rule({ color: 'red' }))],
    );
    while (idle.length > 0) idle.shift()!();
    expect(document.body.innerHTML).toBe(before);
  });
});
