import { describe, expect, it } from 'vitest';
import { SheetRowCut, closingTags } from '../../../../../main/services/people-import/sheet-row-cut';

const bytes = (text: string) => new TextEncoder().encode(text);

/** Feeds the text in chunks of `size` bytes; the offset of the cut, if any. */
function cutOf(text: string, keepRows: number, size: number): number | undefined {
  const cut = new SheetRowCut(keepRows);
  const all = bytes(text);
  for (let at = 0; at < all.length; at += size) if (cut.observe(all.subarray(at, at + size))) break;
  return cut.cutAt;
}

describe('cutting a worksheet after its rows', () => {
  const sheet =
    '<x:worksheet xmlns:x="urn:x"><x:sheetData>' +
    '<x:row r="1"><x:c r="A1" t="inlineStr"><x:is><x:t>Åse Ødegård</x:t></x:is></x:c></x:row>' +
    '<x:row r="2"/>' +
    '<x:row r="3"><x:c r="A3"><x:v>3</x:v></x:c></x:row>' +
    '<x:rowBreaks/></x:sheetData></x:worksheet>';
  const third = bytes(sheet.slice(0, sheet.indexOf('<x:row r="3"'))).length;

  it('finds the first row past those kept, by its byte offset, however the chunks fall', () => {
    for (const size of [1, 2, 3, 7, 64, 4096]) expect(cutOf(sheet, 2, size)).toBe(third);
  });

  it('does not cut a sheet with no more rows than kept (rowBreaks is not a row)', () => {
    expect(cutOf(sheet, 3, 5)).toBeUndefined();
  });

  it('closes the cut sheet with the prefixes it opened with', () => {
    const head = bytes(sheet).subarray(0, third);
    expect(closingTags(head)).toBe('</x:sheetData></x:worksheet>');
    expect(closingTags(bytes('<worksheet xmlns="urn:x"><sheetData><row>'))).toBe('</sheetData></worksheet>');
  });
});
