// The inbox's exports: the same cells as CSV (streamed) and as an Excel workbook. The columns are
// the kind's fields (a field may export as several columns: the country as its name and calling
// code, the number also as E.164), then the image, the consent, where the visitor came from (a
// column per attribution key), a demo request's booked meeting (issue 29) and the honeypot flag. The CSV guards every cell against formulas.
import type { Readable } from 'node:stream';
import writeExcelFile from 'write-excel-file/node';
import { type InboxKind, KIND_LABELS, STATUS_LABELS } from '../../../common/inbox.ts';
import type { InboxRepository, ListFilter, StoredSubmission } from '../../db/repositories/inbox.ts';
import { ATTRIBUTION_EXPORT_HEADERS, attributionCells } from '../../submission-kinds/attribution.ts';
import { SUBMISSION_KINDS } from '../../submission-kinds/index.ts';
import { localIsoAt } from '../booking/zoned-time.ts';
import { csvStream } from '../csv.ts';
import { primedRows } from '../primed-rows.ts';
import { imageFileName, shownValue } from './formatting.ts';

/** A demo request's booked meeting: its start in UTC and on the visitor's clock, their zone, and
 * the staff member it is booked with (who may differ from the request's owner). */
const MEETING_HEADERS = ['Meeting (UTC)', 'Meeting (visitor’s time)', 'Visitor’s time zone', 'Meeting owner'];
const meetingCells = (meeting: StoredSubmission['meeting']) =>
  meeting
    ? [meeting.start, localIsoAt(meeting.start, meeting.time_zone), meeting.time_zone, meeting.owner]
    : ['', '', '', ''];

export type ExportTable = { header: string[]; rows: () => AsyncGenerator<string[]> };

/** The header and the rows (read in chunks) of every submission `filter` matches. */
export function exportTable(repo: InboxRepository, kind: InboxKind, filter: ListFilter): ExportTable {
  const description = SUBMISSION_KINDS[kind];
  const header = [
    'ID',
    'Received (UTC)',
    'Status',
    'Owner',
    ...description.fields.flatMap((field) => field.exportAs?.headers ?? [field.label]),
    ...(description.image ? ['Image name', 'Image type', 'Image size (bytes)'] : []),
    ...(description.consent ? ['Marketing consent version', 'Marketing consent at'] : []),
    ...ATTRIBUTION_EXPORT_HEADERS,
    ...(description.bookable ? MEETING_HEADERS : []),
    'Honeypot filled',
  ];
  const cells = (row: StoredSubmission) => [
    String(row.id),
    row.createdAt,
    STATUS_LABELS[row.status],
    row.owner ?? '',
    ...description.fields.flatMap((field) => {
      const value = row.values[field.name] ?? null;
      return field.exportAs ? field.exportAs.cells(value, row.values) : [shownValue(field, value)];
    }),
    ...(row.image ? [imageFileName(kind, row.id, row.image.type), row.image.type, String(row.image.size)] : []),
    ...(description.consent ? [row.consent?.version ?? '', row.consent?.at ?? ''] : []),
    ...attributionCells(row.attribution?.values ?? null, row.attribution?.source ?? null),
    ...(description.bookable ? meetingCells(row.meeting) : []),
    row.isSpam ? 'yes' : 'no',
  ];
  async function* rows() {
    for await (const row of repo.iterate(kind, filter)) yield cells(row);
  }
  return { header, rows };
}

const fileName = (kind: InboxKind, day: string, extension: string) => `haulora-${kind}-${day}.${extension}`;

/** As CSV, dated `day` (UTC). The first query runs (and may fail) before the answer starts
 * (primed-rows.ts), so a failed export is an error answer, not a cut connection. */
export async function exportCsv(
  table: ExportTable,
  kind: InboxKind,
  day: string,
): Promise<{ fileName: string; stream: Readable }> {
  return { fileName: fileName(kind, day, 'csv'), stream: csvStream(table.header, await primedRows(table.rows())) };
}

/** As an Excel workbook, every cell typed as text: a spreadsheet never runs one as a formula, so
 * no guard character is needed. Built in memory (a workbook is a zip). */
export async function exportXlsx(
  table: ExportTable,
  kind: InboxKind,
  day: string,
): Promise<{ fileName: string; bytes: Buffer }> {
  const text = (value: string) => ({ type: String, value });
  const data: { type: StringConstructor; value: string; fontWeight?: 'bold' }[][] = [
    table.header.map((title) => ({ ...text(title), fontWeight: 'bold' as const })),
  ];
  for await (const row of table.rows()) data.push(row.map(text));
  const bytes = await writeExcelFile(data, { sheet: KIND_LABELS[kind], stickyRowsCount: 1 }).toBuffer();
  return { fileName: fileName(kind, day, 'xlsx'), bytes };
}
