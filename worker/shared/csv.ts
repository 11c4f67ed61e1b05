import { countIn, saidNow } from "./said.ts";

/** A decimal number as a program writes one: no sign but a minus, no exponent, no spaces. */
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

/**
 * One CSV cell (RFC 4180): always quoted, quotes doubled, and neutralised with a leading `'` when a
 * spreadsheet would read it as a formula (= + - @ tab CR at the start). A plain decimal number
 * (a longitude west of Greenwich, -88.15) is a number, not a formula: kept as it is, so a file
 * written here reads back in.
 */
export function csvCell(value: string | number | null): string {
  let text = value === null ? "" : String(value);
  if (/^[=+\-@\t\r]/.test(text) && !PLAIN_NUMBER.test(text)) text = `'${text}`;
  return `"${text.replaceAll('"', '""')}"`;
}

/** A whole CSV document: a header and rows, CRLF line ends. */
export function csvDocument(header: readonly string[], rows: readonly (readonly (string | number | null)[])[]): string {
  return `${[header, ...rows].map((row) => row.map(csvCell).join(",")).join("\r\n")}\r\n`;
}

/** A CSV file read (RFC 4180): its records as fields, or why it cannot be read. */
export type ParsedCsv = { records: CsvRecord[] } | { error: string };
/** One record and the line of the file it starts on (a quoted field may span lines). */
export type CsvRecord = { line: number; fields: string[] };

export const CSV_PARSE_MESSAGES = {
  unterminated: (line: number) =>
    saidNow(`Line ${line}: a quoted field is not closed`, {
      .../*i18n*/ { id: "csv.unterminated", message: "Line {line}: a quoted field is not closed" },
      values: { line },
    }),
  strayQuote: (line: number) =>
    saidNow(`Line ${line}: a quote inside a field that is not quoted`, {
      .../*i18n*/ { id: "csv.strayQuote", message: "Line {line}: a quote inside a field that is not quoted" },
      values: { line },
    }),
  tooManyRecords: (max: number) =>
    saidNow(`The file has more than ${max.toLocaleString("en-US")} rows`, {
      .../*i18n*/ { id: "csv.tooManyRecords", message: "The file has more than {max} rows" },
      values: { max: countIn(max) },
    }),
} as const;

/**
 * Reads CSV text (RFC 4180): fields separated by commas, records by CRLF, LF or CR; a field in
 * double quotes may hold commas, line breaks and doubled quotes. A leading byte-order mark is
 * dropped, blank records are skipped, every value is kept as typed (a leading `=` stays: the
 * data is stored, `csvCell` neutralises it on the way out). Stops past a header and `maxRows` rows.
 */
export function parseCsv(text: string, maxRows: number): ParsedCsv {
  const records: CsvRecord[] = [];
  let record: string[] = [];
  let field = "";
  let quoted = false;
  let line = 1;
  let fieldLine = 1;
  let recordLine = 1;
  let index = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const endRecord = () => {
    record.push(field);
    field = "";
    if (!(record.length === 1 && record[0] === "")) records.push({ line: recordLine, fields: record });
    record = [];
  };
  while (index < text.length) {
    const char = text[index]!;
    if (quoted) {
      if (char === '"') {
        if (text[index + 1] === '"') {
          field += '"';
          index += 2;
          continue;
        }
        quoted = false;
        const next = text[index + 1];
        if (next !== undefined && next !== "," && next !== "\r" && next !== "\n")
          return { error: CSV_PARSE_MESSAGES.strayQuote(line) };
      } else {
        if (char === "\n" || (char === "\r" && text[index + 1] !== "\n")) line++;
        field += char;
      }
      index++;
      continue;
    }
    if (char === '"') {
      if (field !== "") return { error: CSV_PARSE_MESSAGES.strayQuote(line) };
      quoted = true;
      fieldLine = line;
    } else if (char === ",") {
      record.push(field);
      field = "";
    } else if (char === "\r" || char === "\n") {
      if (char === "\r" && text[index + 1] === "\n") index++;
      endRecord();
      line++;
      recordLine = line;
      if (records.length > maxRows + 1) return { error: CSV_PARSE_MESSAGES.tooManyRecords(maxRows) };
    } else field += char;
    index++;
  }
  if (quoted) return { error: CSV_PARSE_MESSAGES.unterminated(fieldLine) };
  if (field !== "" || record.length > 0) endRecord();
  if (records.length > maxRows + 1) return { error: CSV_PARSE_MESSAGES.tooManyRecords(maxRows) };
  return { records };
}
