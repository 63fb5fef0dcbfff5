/**
 * Finds where a worksheet's XML has had `keepRows` rows, as it is inflated chunk by chunk, so the rest of a
 * long (or endlessly repeated) sheet is never inflated at all. Rows are `<row …>` elements, with or without
 * a namespace prefix (`<x:row>`); the chunks are read as latin1, one character a byte, so positions are byte
 * offsets whatever UTF-8 the cells hold. A look-alike inside a comment or CDATA section can only make the
 * cut come early; what then fails to parse is refused as unreadable.
 */
const rowStart = /<(?:[A-Za-z_][\w.-]*:)?row[\s/>]/g;
/** Enough of the previous chunk to find a tag split between two chunks. */
const overlap = 64;

export class SheetRowCut {
  private seen = 0;
  private offset = 0;
  private carry = '';
  private lastCounted = -1;
  /** Byte offset of the first row past `keepRows`, once it has been met. */
  cutAt: number | undefined;

  constructor(private readonly keepRows: number) {}

  /** Reads the next chunk; true once the cut is found (the rest of the sheet is not needed). */
  observe(chunk: Uint8Array): boolean {
    if (this.cutAt !== undefined) return true;
    const start = this.offset - this.carry.length;
    const text = this.carry + Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength).toString('latin1');
    this.offset += chunk.byteLength;
    this.carry = text.slice(-overlap);
    for (const match of text.matchAll(rowStart)) {
      const at = start + match.index;
      if (at <= this.lastCounted) continue;
      this.lastCounted = at;
      this.seen += 1;
      if (this.seen > this.keepRows) {
        this.cutAt = at;
        return true;
      }
    }
    return false;
  }
}

/**
 * The closing tags a sheet cut after its last kept row needs (`</sheetData></worksheet>`), with the prefixes
 * its opening tags used.
 */
export function closingTags(head: Uint8Array): string {
  const text = Buffer.from(head.buffer, head.byteOffset, head.byteLength).toString('latin1');
  const prefixOf = (element: string) => new RegExp(`<([A-Za-z_][\\w.-]*:)?${element}[\\s>]`).exec(text)?.[1] ?? '';
  return `</${prefixOf('sheetData')}sheetData></${prefixOf('worksheet')}worksheet>`;
}
