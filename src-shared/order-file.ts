// Reads a shop's order file into a header row and rows of text by header: CSV with Papa Parse, Excel workbooks
// (.xlsx) with exceljs, loaded only when an Excel file is chosen. Cells are read as the sheet shows them: a
// formula by its result, a date as YYYY-MM-DD, a number without Excel's float noise.
import Papa from 'papaparse';

export interface OrderFile {
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

function isWorkbook(file: File): boolean {
  return /\.xlsx$/i.test(file.name) || file.type === 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
}

function readCsv(file: File): Promise<OrderFile> {
  return new Promise((resolve, reject) =>
    Papa.parse<Record<string, string>>(file, {
      header: true,
      skipEmptyLines: 'greedy',
      complete: (parsed) => resolve({ headers: parsed.meta.fields ?? [], rows: parsed.data }),
      error: reject,
    }),
  );
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

async function readWorkbook(file: File): Promise<OrderFile> {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(await file.arrayBuffer());
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

export function readOrderFile(file: File): Promise<OrderFile> {
  return isWorkbook(file) ? readWorkbook(file) : readCsv(file);
}
