import { constants, deflateRawSync } from 'node:zlib';
import { Zip, ZipPassThrough, strToU8, zipSync } from 'fflate';

/**
 * Writes a minimal one-sheet .xlsx in memory, as Excel lays one out, so the import's reader meets a real
 * workbook: strings inline, numbers plain, and `{ date: Date }` as Excel stores dates (a day number
 * with the built-in date format 14).
 */
export type XlsxCell = string | number | boolean | { date: Date } | null;

const excelEpoch = Date.UTC(1899, 11, 30);
const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function column(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

function cellXml(value: XlsxCell, ref: string): string {
  if (value === null) return '';
  if (typeof value === 'number') return `<c r="${ref}"><v>${value}</v></c>`;
  if (typeof value === 'boolean') return `<c r="${ref}" t="b"><v>${value ? 1 : 0}</v></c>`;
  if (typeof value === 'object') {
    const days = (value.date.getTime() - excelEpoch) / 86_400_000;
    return `<c r="${ref}" s="1"><v>${days}</v></c>`;
  }
  return `<c r="${ref}" t="inlineStr"><is><t xml:space="preserve">${escape(value)}</t></is></c>`;
}

const ns = 'http://schemas.openxmlformats.org';
const sheetOpen = `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${ns}/spreadsheetml/2006/main"><sheetData>`;
const sheetClose = '</sheetData></worksheet>';

/** Every part of the workbook but its one sheet. */
function partsAroundTheSheet(): Record<string, Uint8Array> {
  return {
    '[Content_Types].xml': strToU8(
      `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="${ns}/package/2006/content-types">` +
        `<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>` +
        `<Default Extension="xml" ContentType="application/xml"/>` +
        `<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>` +
        `<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>` +
        `<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>` +
        `</Types>`,
    ),
    '_rels/.rels': strToU8(
      `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${ns}/package/2006/relationships">` +
        `<Relationship Id="rId1" Type="${ns}/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/>` +
        `</Relationships>`,
    ),
    'xl/workbook.xml': strToU8(
      `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${ns}/spreadsheetml/2006/main" xmlns:r="${ns}/officeDocument/2006/relationships">` +
        `<sheets><sheet name="People" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    ),
    'xl/_rels/workbook.xml.rels': strToU8(
      `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${ns}/package/2006/relationships">` +
        `<Relationship Id="rId1" Type="${ns}/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/>` +
        `<Relationship Id="rId2" Type="${ns}/officeDocument/2006/relationships/styles" Target="styles.xml"/>` +
        `</Relationships>`,
    ),
    'xl/styles.xml': strToU8(
      `<?xml version="1.0" encoding="UTF-8"?><styleSheet xmlns="${ns}/spreadsheetml/2006/main">` +
        `<cellXfs count="2"><xf numFmtId="0"/><xf numFmtId="14" applyNumberFormat="1"/></cellXfs></styleSheet>`,
    ),
  };
}

/** The XML of one row, as Excel writes it. */
export function rowXml(row: XlsxCell[], index: number): string {
  return `<row r="${index + 1}">${row.map((v, c) => cellXml(v, `${column(c)}${index + 1}`)).join('')}</row>`;
}

export function xlsxBytes(rows: XlsxCell[][]): Uint8Array {
  const sheetRows = rows.map(rowXml).join('');
  return zipSync({
    ...partsAroundTheSheet(),
    'xl/worksheets/sheet1.xml': strToU8(`${sheetOpen}${sheetRows}${sheetClose}`),
  });
}

/**
 * A zip bomb in the shape of a workbook: its sheet is `head` (after `<sheetData>`), then `piece` `times`
 * times, then `tail`, deflated as it is written, each repeat from one compressed copy (64 MB of rows come
 * to a few hundred KB). Nothing large is ever held in memory here, and the file is a valid zip.
 */
export function xlsxBomb(sheet: { head: string; piece: string; times: number; tail: string }): Uint8Array {
  const chunks: Uint8Array[] = [];
  const zip = new Zip((error, chunk) => {
    if (error) throw error;
    chunks.push(chunk);
  });
  for (const [name, bytes] of Object.entries(partsAroundTheSheet())) {
    const part = new ZipPassThrough(name);
    zip.add(part);
    part.push(bytes, true);
  }
  const piece = strToU8(sheet.piece);
  const pieceDeflated = deflateRawSync(piece, { level: 9, finishFlush: constants.Z_FULL_FLUSH });
  // Stored entries would hold the bytes themselves: this part deflates each pushed chunk on its own
  // (full flushes keep the segments joinable) and reuses the one compressed piece.
  class Deflated extends ZipPassThrough {
    constructor(name: string) {
      super(name);
      this.compression = 8;
    }
    override process(chunk: Uint8Array, final: boolean): void {
      const segment =
        chunk === piece && !final
          ? pieceDeflated
          : deflateRawSync(chunk, { finishFlush: final ? constants.Z_FINISH : constants.Z_FULL_FLUSH });
      this.ondata(null, segment, final);
    }
  }
  const sheetPart = new Deflated('xl/worksheets/sheet1.xml');
  zip.add(sheetPart);
  sheetPart.push(strToU8(`${sheetOpen}${sheet.head}`), false);
  for (let i = 0; i < sheet.times; i += 1) sheetPart.push(piece, false);
  sheetPart.push(strToU8(`${sheet.tail}${sheetClose}`), true);
  zip.end();
  return Buffer.concat(chunks);
}
