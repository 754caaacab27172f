// CSV for spreadsheets: UTF-8 with a BOM (so Excel reads the accents right), RFC 4180 quoting and
// CRLF line ends, and every cell that a spreadsheet would run as a formula (starting with =, +, -,
// @, tab or CR, or their full-width forms) prefixed with ' so it shows as text. csv-stringify does
// the quoting and the prefixing (escape_formulas); every cell is passed as a string, so a
// negative number is prefixed too.
import { Readable } from 'node:stream';
import { type Options, stringify } from 'csv-stringify';
import { stringify as stringifySync } from 'csv-stringify/sync';

export type CsvCell = string | number | null | undefined;

const OPTIONS: Options = {
  bom: true,
  escape_formulas: true,
  record_delimiter: 'windows',
  // A lone CR or LF inside a cell is quoted too (the library only does so by default when
  // the record delimiter is left unset).
  quote_record_delimiter: true,
  quote: '"',
  escape: '"',
};

const asText = (row: readonly CsvCell[]) =>
  row.map((cell) => (cell === null || cell === undefined ? '' : String(cell)));

/** The whole document as one string: the header row, then the rows. */
export function toCsv(header: readonly string[], rows: Iterable<readonly CsvCell[]>): string {
  return stringifySync([asText(header), ...Array.from(rows, asText)], OPTIONS);
}

/** The same document as a stream, pulling rows from the iterable as the client reads. */
export function csvStream(
  header: readonly string[],
  rows: Iterable<readonly CsvCell[]> | AsyncIterable<readonly CsvCell[]>,
): Readable {
  async function* records() {
    yield asText(header);
    for await (const row of rows) yield asText(row);
  }
  const source = Readable.from(records());
  const stringifier = stringify(OPTIONS);
  // A failure while reading rows ends the download with an error instead of a truncated file.
  source.on('error', (error) => stringifier.destroy(error));
  return source.pipe(stringifier);
}
