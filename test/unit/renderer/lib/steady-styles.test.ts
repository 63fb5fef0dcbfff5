// @vitest-environment happy-dom
import { beforeAll, describe, expect, it } from 'vitest';
import { skipUnchangedStyleWrites } from '../../../../renderer/src/lib/steady-styles';

/** The changes a MutationObserver sees on `element` while `write` runs. */
async function mutationsDuring(element: Node, write: () => void): Promise<number> {
  const records: MutationRecord[] = [];
  const observer = new MutationObserver((found) => records.push(...found));
  observer.observe(element, { childList: true, characterData: true, subtree: true });
  write();
  await new Promise((resolve) => setTimeout(resolve, 0));
  records.push(...observer.takeRecords());
  observer.disconnect();
  return records.length;
}

/** A `<style>` element in the page, holding `text`. */
function styleWith(text: string): HTMLStyleElement {
  const style = document.createElement('style');
  document.head.append(style);
  style.textContent = text;
  return style;
}

describe('skipUnchangedStyleWrites', () => {
  beforeAll(() => {
    skipUnchangedStyleWrites();
    skipUnchangedStyleWrites(); // twice (a second app in the page, a test re-run) wraps nothing twice
  });

  it('leaves a style element alone when the same text is written into it again', async () => {
    const style = styleWith('.p-button { color: red; }');
    expect(await mutationsDuring(style, () => (style.textContent = '.p-button { color: red; }'))).toBe(0);
    expect(style.textContent).toBe('.p-button { color: red; }');
  });

  it('writes new text as before, and null empties the element', async () => {
    const style = styleWith('.a { color: red; }');
    expect(await mutationsDuring(style, () => (style.textContent = '.a { color: blue; }'))).toBeGreaterThan(0);
    expect(style.textContent).toBe('.a { color: blue; }');
    style.textContent = null;
    expect(style.textContent).toBe('');
  });

  it('changes nothing for other elements', async () => {
    const paragraph = document.createElement('p');
    paragraph.textContent = 'Same';
    expect(await mutationsDuring(paragraph, () => (paragraph.textContent = 'Same'))).toBeGreaterThan(0);
  });
});
