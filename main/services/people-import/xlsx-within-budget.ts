import { Inflate, Unzip, UnzipPassThrough, zipSync, type FlateError, type UnzipDecoder, type UnzipFile } from 'fflate';
import { SheetRowCut, closingTags } from './sheet-row-cut';

/**
 * An .xlsx is a zip of XML files, and a few kilobytes of zip can inflate to gigabytes ("66 KB became 64 MB,
 * 70 s and 1.3 GB"). read-excel-file inflates and parses every XML part whole and has no limit to give, so
 * the workbook is first inflated here, a few kilobytes at a time with a running count:
 * - past `budgetBytes` of XML in all, it is refused (a list of people is far smaller);
 * - a worksheet stops being inflated after `keepRows` rows (the import's row cap), and is closed there.
 * What is kept is zipped again, stored (no compression), for read-excel-file, which then reads at most the
 * budget and the kept rows: parsing stays as small as the import it serves.
 */
export interface XlsxLimits {
  budgetBytes: number;
  keepRows: number;
}

export type BoundedXlsx =
  | { ok: true; zip: Uint8Array; cut: boolean }
  | { ok: false; reason: 'over-budget'; inflatedBytes: number }
  | { ok: false; reason: 'unreadable' };

/** The parts read-excel-file reads (its own filter): everything else (images, printer settings) is skipped. */
const wanted = (name: string) => name.endsWith('.xml') || name.endsWith('.xml.rels');
const isWorksheet = (name: string) => /(^|\/)worksheets\/[^/]+\.xml$/i.test(name);
/** Deflate expands at most about 1,032 times: a 4 KB push yields at most about 4 MB before it is counted. */
const pushBytes = 4 * 1024;

interface Part {
  chunks: Uint8Array[];
  done: boolean;
  rows?: SheetRowCut;
}

export function unpackXlsxWithinBudget(bytes: Uint8Array, limits: XlsxLimits): BoundedXlsx {
  const parts = new Map<string, Part>();
  let inflated = 0;
  let broken = false;
  const stop = () => broken || inflated > limits.budgetBytes;

  // Inflates one part unless the whole read has stopped or this sheet has reached its rows.
  class BoundedInflate implements UnzipDecoder {
    static readonly compression = 8;
    ondata!: UnzipDecoder['ondata'];
    private readonly inflate = new Inflate((chunk, final) => this.ondata(null, chunk, final));
    constructor(private readonly name: string) {}
    push(chunk: Uint8Array, final: boolean): void {
      if (stop() || parts.get(this.name)?.rows?.cutAt !== undefined) return;
      try {
        this.inflate.push(chunk, final);
      } catch (error) {
        this.ondata(error as FlateError, new Uint8Array(0), final);
      }
    }
  }

  const unzip = new Unzip((file: UnzipFile) => {
    if (!wanted(file.name) || parts.has(file.name)) return;
    const part: Part = {
      chunks: [],
      done: false,
      ...(isWorksheet(file.name) ? { rows: new SheetRowCut(limits.keepRows) } : {}),
    };
    parts.set(file.name, part);
    file.ondata = (error, chunk, final) => {
      if (error) {
        broken = true;
        return;
      }
      if (part.rows?.cutAt !== undefined) return;
      inflated += chunk.byteLength;
      if (stop()) return;
      part.chunks.push(chunk);
      part.rows?.observe(chunk);
      if (final) part.done = true;
    };
    try {
      file.start();
    } catch {
      broken = true; // a compression method other than stored or deflate
    }
  });
  unzip.register(UnzipPassThrough);
  unzip.register(BoundedInflate);
  try {
    for (let at = 0; at < bytes.byteLength && !stop(); at += pushBytes) {
      const end = Math.min(at + pushBytes, bytes.byteLength);
      unzip.push(bytes.subarray(at, end), end === bytes.byteLength);
    }
  } catch {
    broken = true; // not a zip, or cut short
  }
  if (inflated > limits.budgetBytes) return { ok: false, reason: 'over-budget', inflatedBytes: inflated };
  if (broken || parts.size === 0) return { ok: false, reason: 'unreadable' };

  const kept: Record<string, Uint8Array> = {};
  let cut = false;
  for (const [name, part] of parts) {
    const whole = Buffer.concat(part.chunks);
    const cutAt = part.rows?.cutAt;
    if (cutAt !== undefined) {
      const head = whole.subarray(0, cutAt);
      kept[name] = Buffer.concat([head, Buffer.from(closingTags(head), 'latin1')]);
      cut = true;
    } else if (part.done) kept[name] = whole;
    else return { ok: false, reason: 'unreadable' };
  }
  return { ok: true, zip: zipSync(kept, { level: 0 }), cut };
}
