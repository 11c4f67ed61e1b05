/**
 * One CSV cell (RFC 4180): always quoted, quotes doubled, and neutralised with a leading `'` when a
 * spreadsheet would read it as a formula (= + - @ tab CR at the start).
 */
export function csvCell(value: string | number | null): string {
  let text = value === null ? "" : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return `"${text.replaceAll('"', '""')}"`;
}

/** A whole CSV document: a header and rows, CRLF line ends. */
export function csvDocument(header: readonly string[], rows: readonly (readonly (string | number | null)[])[]): string {
  return `${[header, ...rows].map((row) => row.map(csvCell).join(",")).join("\r\n")}\r\n`;
}
