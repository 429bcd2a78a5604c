/**
 * CSV as spreadsheets read it (RFC 4180): UTF-8 with a byte-order mark, CRLF line ends, a cell quoted
 * when it holds a comma, a quote or a line break. A cell that starts with `=`, `+`, `-`, `@`, a tab
 * or a carriage return is prefixed with `'`, so a spreadsheet never runs what a visitor typed as a
 * formula. Pure.
 */
export const CSV_BOM = "\uFEFF";

export type CsvCell = string | number | boolean | null | undefined;

export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return "";
  let text = String(value);
  if (typeof value === "string" && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvRow(cells: readonly CsvCell[]): string {
  return `${cells.map(csvCell).join(",")}\r\n`;
}
