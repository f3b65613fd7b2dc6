import { isUtf8 } from 'node:buffer';
import { Readable } from 'node:stream';
import { parse as parser } from 'csv-parse';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import type { FastifyRequest } from 'fastify';
import { badRequest, tooLarge } from './errors.js';

/** Specification section 9: an import refuses more rows than this (400). */
export const MAX_CSV_ROWS = 100_000;

/** One data row of a CSV file: its 1-based line number in the file and its cells keyed by header. */
export interface CsvRow {
  line: number;
  values: Record<string, string>;
}

export interface ParsedCsv {
  /** Header names as written (trimmed), in file order. */
  headers: string[];
  rows: CsvRow[];
}

export interface CsvUpload extends ParsedCsv {
  filename: string;
  bytes: number;
  /** Plain (non-file) multipart fields sent before the file. */
  fields: Record<string, string>;
}

export interface ParseCsvOptions {
  maxRows?: number;
  /** Header names that must be present (compared case-, space- and underscore-insensitively). */
  requiredHeaders?: string[];
  /** Lower-case the header keys and drop spaces/underscores/dashes ("First Name" → "firstname"). Default false. */
  normaliseHeaders?: boolean;
}

const CSV_TYPES = new Set([
  'text/csv',
  'text/plain',
  'text/x-csv',
  'text/comma-separated-values',
  'application/csv',
  'application/x-csv',
  'application/vnd.ms-excel',
  'application/octet-stream',
  '',
]);

/** "First Name", "first_name", "firstName" → "firstname". */
export const headerKey = (h: string) =>
  h
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, '');

const NOT_CSV = 'Please choose a CSV file (a text file with comma-separated values).';

/**
 * Checks the bytes look like a text CSV without decoding them all: not empty, no binary signature,
 * valid UTF-8 (a BOM is allowed), no binary control characters near the start.
 */
function checkCsvBytes(buffer: Buffer) {
  if (buffer.length === 0) throw badRequest('The file is empty.');
  // Common binary signatures: zip/xlsx (PK), PDF, old Excel (OLE2), PNG, JPEG, GIF.
  const sig = buffer.subarray(0, 8).toString('hex');
  if (/^(504b0304|25504446|d0cf11e0|89504e47|ffd8ff|47494638)/.test(sig)) throw badRequest(NOT_CSV);
  if (!isUtf8(buffer)) throw badRequest(`${NOT_CSV} It must be saved as UTF-8 text.`);
  // Binary control characters (tab, LF and CR excepted) mean this is not a text file. Bytes under
  // 0x20 are never part of a multi-byte UTF-8 character, so the bytes can be read as they are.
  const head = buffer.subarray(0, 65536);
  for (let i = 0; i < head.length; i++) {
    const c = head[i]!;
    if (c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) throw badRequest(NOT_CSV);
  }
}

/** Checks the bytes look like a text CSV (see checkCsvBytes) and decodes them. */
function decodeCsvText(buffer: Buffer): string {
  checkCsvBytes(buffer);
  const text = buffer.toString('utf8');
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

const PARSE_OPTIONS = {
  bom: true,
  relax_column_count: true,
  record_delimiter: ['\r\n', '\n', '\r'],
  skip_empty_lines: true,
  info: true,
};

const notValidCsv = (err: unknown) => {
  const line = (err as { lines?: number }).lines;
  return badRequest(`The file is not valid CSV${line ? ` (near line ${line})` : ''}: ${(err as Error).message.split('\n')[0]}`);
};

/** The header line's checks; answers the keys the cells of each row are stored under ('' = ignored column). */
function headerKeys(record: string[], options: ParseCsvOptions): { headers: string[]; keys: string[] } {
  const headers = record.map((h) => h.trim());
  if (headers.every((h) => h === '')) throw badRequest('The first line of the file must name the columns.');
  const keys = options.normaliseHeaders ? headers.map(headerKey) : headers;
  const seen = new Set<string>();
  for (const k of keys) {
    if (k && seen.has(k)) throw badRequest(`The column "${k}" appears twice in the first line.`);
    seen.add(k);
  }
  if (options.requiredHeaders?.length) {
    const present = new Set(headers.map(headerKey));
    const missing = options.requiredHeaders.filter((h) => !present.has(headerKey(h)));
    if (missing.length) throw badRequest(`The file misses the column${missing.length > 1 ? 's' : ''}: ${missing.join(', ')}.`);
  }
  return { headers, keys };
}

const tooManyRows = (maxRows: number) =>
  badRequest(`The file has more than ${maxRows.toLocaleString('en-US')} rows. Please split it into smaller files.`);

/** One data record as a row, or null when every cell is blank. */
function toRow(keys: string[], record: string[], endLine: number): CsvRow | null {
  if (record.every((c) => c.trim() === '')) return null;
  const values: Record<string, string> = {};
  keys.forEach((k, j) => {
    if (k) values[k] = (record[j] ?? '').trim();
  });
  // info.lines is the line on which the record ends; a record with embedded newlines starts earlier.
  const embedded = record.reduce((n, c) => n + (c.match(/\r\n|\r|\n/g)?.length ?? 0), 0);
  return { line: endLine - embedded, values };
}

/**
 * The rows of a CSV file one at a time, parsed as they are read: a large file never exists as one
 * string nor as all its rows at once (memory stays flat whatever the file's size). The same checks,
 * messages and line numbers as parseCsv; a fault is thrown when reached, so a caller that stores rows
 * as they come does so in a transaction.
 */
export async function* csvRows(buffer: Buffer, options: ParseCsvOptions = {}): AsyncGenerator<CsvRow, void, undefined> {
  const maxRows = options.maxRows ?? MAX_CSV_ROWS;
  checkCsvBytes(buffer);
  const slices = function* () {
    for (let i = 0; i < buffer.length; i += 65536) yield buffer.subarray(i, i + 65536);
  };
  const records = Readable.from(slices()).pipe(parser(PARSE_OPTIONS));
  let keys: string[] | null = null;
  let count = 0;
  try {
    const it = records[Symbol.asyncIterator]() as AsyncIterator<{ record: string[]; info: { lines: number } }>;
    for (;;) {
      let next: IteratorResult<{ record: string[]; info: { lines: number } }>;
      try {
        next = await it.next();
      } catch (err) {
        throw notValidCsv(err);
      }
      if (next.done) break;
      const { record, info } = next.value;
      if (!keys) {
        keys = headerKeys(record, options).keys;
        continue;
      }
      if (++count > maxRows) throw tooManyRows(maxRows);
      const row = toRow(keys, record, info.lines);
      if (row) yield row;
    }
  } finally {
    records.destroy();
  }
  if (!keys) throw badRequest('The file is empty.');
}

/** Parses CSV text (or bytes) into header-keyed rows with their 1-based line numbers (the header is line 1). */
export function parseCsv(input: string | Buffer, options: ParseCsvOptions = {}): ParsedCsv {
  const maxRows = options.maxRows ?? MAX_CSV_ROWS;
  const text = typeof input === 'string' ? (input.charCodeAt(0) === 0xfeff ? input.slice(1) : input) : decodeCsvText(input);
  let records: { record: string[]; info: { lines: number } }[];
  try {
    // One more than allowed so "too many" is detectable without parsing a huge file to the end.
    records = parse(text, { ...PARSE_OPTIONS, to: maxRows + 2 }) as never;
  } catch (err) {
    throw notValidCsv(err);
  }
  if (records.length === 0) throw badRequest('The file is empty.');
  const { headers, keys } = headerKeys(records[0]!.record, options);
  if (records.length - 1 > maxRows) throw tooManyRows(maxRows);
  const rows: CsvRow[] = [];
  for (let i = 1; i < records.length; i++) {
    const row = toRow(keys, records[i]!.record, records[i]!.info.lines);
    if (row) rows.push(row);
  }
  return { headers, rows };
}

const isTooLarge = (err: unknown) => (err as { code?: string })?.code === 'FST_REQ_FILE_TOO_LARGE';
/** The multipart limits on parts (files: 1, fields: 10) answer 413 too, but the file is not what is too large. */
const isTooManyParts = (err: unknown) =>
  ['FST_FILES_LIMIT', 'FST_FIELDS_LIMIT', 'FST_PARTS_LIMIT'].includes((err as { code?: string })?.code ?? '');
/** What went wrong reading a multipart upload, as the error the client gets. */
function unreadable(err: unknown) {
  if (isTooLarge(err)) return tooLarge('The file is larger than 10 MB.');
  if (isTooManyParts(err)) return badRequest('The upload holds more than one file or too many fields: send one CSV file.');
  return badRequest('The upload could not be read.');
}

/** The one file of a multipart upload, read but not parsed (at most the multipart limit, 10 MB). */
export interface CsvFile {
  buffer: Buffer;
  filename: string;
  bytes: number;
  /** Plain (non-file) multipart fields sent before the file. */
  fields: Record<string, string>;
}

/**
 * Reads the one file of a multipart upload. Files over the multipart limit (10 MB) → 413; not
 * multipart, no file, not a CSV by name or type → 400. The content is checked when parsed.
 */
export async function readCsvFile(request: FastifyRequest): Promise<CsvFile> {
  if (!request.isMultipart()) throw badRequest('Please upload the file as multipart/form-data.');
  let file: Awaited<ReturnType<FastifyRequest['file']>>;
  try {
    file = await request.file();
  } catch (err) {
    throw unreadable(err);
  }
  if (!file) throw badRequest('Please choose a file to upload.');
  let buffer: Buffer;
  try {
    buffer = await file.toBuffer();
  } catch (err) {
    throw unreadable(err);
  }
  if (file.file.truncated) throw tooLarge('The file is larger than 10 MB.');
  const filename = file.filename ?? '';
  const type = (file.mimetype ?? '').toLowerCase().split(';')[0]!.trim();
  if (!/\.(csv|txt)$/i.test(filename) || !CSV_TYPES.has(type)) throw badRequest(NOT_CSV);
  const fields: Record<string, string> = {};
  for (const [name, field] of Object.entries(file.fields ?? {})) {
    const f = Array.isArray(field) ? field[0] : field;
    if (f && f.type === 'field' && typeof f.value === 'string') fields[name] = f.value;
  }
  return { buffer, filename, bytes: buffer.length, fields };
}

/**
 * Reads the one file of a multipart upload (readCsvFile) and parses it as CSV: not parseable or
 * more than `maxRows` rows → 400. For large files prefer readCsvFile and csvRows.
 */
export async function readCsvUpload(request: FastifyRequest, options: ParseCsvOptions = {}): Promise<CsvUpload> {
  const { buffer, ...file } = await readCsvFile(request);
  return { ...parseCsv(buffer, options), ...file };
}

/** A column of an export: the key read from each row and the header written. */
export interface CsvColumn<T> {
  key: keyof T & string;
  header: string;
  /** Optional formatter; the default writes strings, numbers, booleans and ISO dates. */
  format?: (value: unknown, row: T) => unknown;
}

/** Prefixes a cell a spreadsheet would run as a formula (= + - @ tab CR) with a single quote. */
export function neutraliseCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  const s = value instanceof Date ? value.toISOString() : String(value);
  return /^[=+\-@\t\r]/.test(s) ? `'${s}` : s;
}

/**
 * Writes rows to CSV text (CRLF line ends), every cell neutralised against formula injection.
 * `header: false` leaves the header line out, for the later batches of a streamed export.
 */
export function toCsv<T extends Record<string, unknown>>(
  rows: readonly T[],
  columns: readonly (CsvColumn<T> | (keyof T & string))[],
  { header = true }: { header?: boolean } = {},
): string {
  const cols = columns.map((c) => (typeof c === 'string' ? { key: c, header: c } : c)) as CsvColumn<T>[];
  const records = rows.map((row) => cols.map((c) => neutraliseCell(c.format ? c.format(row[c.key], row) : row[c.key])));
  if (header) records.unshift(cols.map((c) => neutraliseCell(c.header)));
  return stringify(records, { record_delimiter: '\r\n', quoted_match: /[\r\n]/ });
}
