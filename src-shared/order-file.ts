// Reads a shop's order file into a header row and rows of text by header, the same in the desk and in the station
// (POST /orders/import, the watched folder): CSV or tab-separated text with Papa Parse (the delimiter found from
// the file), Excel workbooks (.xlsx, told by their zip signature) with exceljs, loaded only when a workbook comes.
// Text is UTF-8 (a byte-order mark dropped), or Windows-1252 when it is not valid UTF-8, as older shop exports
// are. Cells are read as the sheet shows them: a formula by its result, a date as YYYY-MM-DD, a number without
// Excel's float noise.
import Papa from 'papaparse';

export interface OrderTable {
  headers: string[];
  rows: Record<string, string>[];
}

/**
 * The name a sheet's column without a header is known by: its number after a space. A header cell's text is trimmed,
 * so no header is named so; the screen says it as "Column 3" in the packer's language, as it shows it.
 */
export const unnamedColumn = (number: number): string => ` ${number}`;

/** The number of a column without a header (unnamedColumn), or undefined for a column with one. */
export function unnamedColumnNumber(header: string): number | undefined {
  return /^ \d+$/.test(header) ? Number(header.slice(1)) : undefined;
}

/** Why a file is not a table of orders: thrown by readOrderTable, worded by whoever shows it. */
export class UnreadableOrderFile extends Error {
  readonly reason: 'workbook' | 'text';
  constructor(reason: 'workbook' | 'text', detail: string) {
    super(detail);
    this.reason = reason;
  }
}

/** A zip archive's first bytes: an .xlsx workbook is one. */
const isWorkbook = (bytes: Uint8Array) => bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;

/** The file's text: UTF-8 without its byte-order mark, or Windows-1252 when the bytes are not UTF-8. */
function decodeText(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

function readText(bytes: Uint8Array): OrderTable {
  const text = decodeText(bytes);
  if (text.includes('\u0000')) throw new UnreadableOrderFile('text', 'the file is neither text nor an Excel workbook');
  const parsed = Papa.parse<Record<string, string>>(text, {
    header: true,
    skipEmptyLines: 'greedy',
    // Tabs first: Amazon's reports are tab-separated and their addresses hold commas.
    delimitersToGuess: ['\t', ',', ';', '|'],
    transformHeader: (header) => header.trim(),
  });
  const headers = (parsed.meta.fields ?? []).filter((header) => header !== '');
  // A row shorter than the header leaves its last cells undefined: an empty cell, as a spreadsheet shows it.
  const rows = parsed.data.map((row) => Object.fromEntries(headers.map((header) => [header, String(row[header] ?? '')])));
  return { headers, rows };
}

/** A cell's value as text: what the sheet shows, not how Excel stores it. */
function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return String(Number(value.toPrecision(15)));
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    const cell = value as { result?: unknown; richText?: { text: string }[]; text?: unknown; error?: string };
    if ('result' in cell) return cellText(cell.result);
    if (cell.richText) return cell.richText.map((run) => run.text).join('');
    if ('text' in cell) return cellText(cell.text);
    if (cell.error) return '';
  }
  return String(value);
}

async function readWorkbook(bytes: Uint8Array): Promise<OrderTable> {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
  } catch (error) {
    throw new UnreadableOrderFile('workbook', (error as Error).message);
  }
  // The first sheet that has anything on it: shops' exports often start with an empty or a notes sheet.
  const sheet = workbook.worksheets.find((candidate) => candidate.actualRowCount > 0);
  if (!sheet) return { headers: [], rows: [] };
  const headers: string[] = [];
  const rows: Record<string, string>[] = [];
  sheet.eachRow({ includeEmpty: false }, (row) => {
    const cells: string[] = [];
    row.eachCell({ includeEmpty: true }, (cell, column) => (cells[column - 1] = cellText(cell.value).trim()));
    if (headers.length === 0) {
      headers.push(...Array.from(cells, (text) => text ?? '').map((text, index) => text || unnamedColumn(index + 1)));
      return;
    }
    if (cells.every((text) => !text)) return;
    rows.push(Object.fromEntries(headers.map((header, index) => [header, cells[index] ?? ''])));
  });
  return { headers, rows };
}

/** A file's bytes as a table: a workbook by its signature, otherwise text. */
export async function readOrderTable(bytes: Uint8Array): Promise<OrderTable> {
  return isWorkbook(bytes) ? readWorkbook(bytes) : readText(bytes);
}
