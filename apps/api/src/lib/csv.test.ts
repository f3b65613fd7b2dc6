import multipart from '@fastify/multipart';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import errors from '../plugins/errors.js';
import { multipartBody } from '../test/multipart.js';
import { csvRows, MAX_CSV_ROWS, neutraliseCell, parseCsv, readCsvUpload, toCsv } from './csv.js';

describe('parseCsv', () => {
  it('keys rows by header with 1-based line numbers (header = line 1), skipping blank lines', () => {
    const { headers, rows } = parseCsv('firstName,lastName,email\r\nAnna,Berg,a@x.io\r\n\r\n"Multi\nLine",Z,z@x.io\nBo,,b@x.io');
    expect(headers).toEqual(['firstName', 'lastName', 'email']);
    expect(rows).toEqual([
      { line: 2, values: { firstName: 'Anna', lastName: 'Berg', email: 'a@x.io' } },
      { line: 4, values: { firstName: 'Multi\nLine', lastName: 'Z', email: 'z@x.io' } },
      { line: 6, values: { firstName: 'Bo', lastName: '', email: 'b@x.io' } },
    ]);
  });

  it('strips a BOM, trims cells, tolerates short rows, normalises headers on request', () => {
    const { rows } = parseCsv('\uFEFFFirst Name , e_mail\n  Ann  \n', { normaliseHeaders: true });
    expect(rows).toEqual([{ line: 2, values: { firstname: 'Ann', email: '' } }]);
  });

  it('refuses missing required headers, duplicate headers, an empty file and broken quoting', () => {
    expect(() => parseCsv('a,b\n1,2', { requiredHeaders: ['email', 'b'] })).toThrow(/misses the column: email/);
    expect(() => parseCsv('a,a\n1,2')).toThrow(/appears twice/);
    expect(() => parseCsv('')).toThrow(/empty/);
    expect(() => parseCsv('a,b\n"1,2\n')).toThrow(/not valid CSV/);
  });

  it('refuses more than the maximum number of rows', () => {
    expect(MAX_CSV_ROWS).toBe(100_000);
    const ok = `e\n${'x\n'.repeat(5)}`;
    expect(parseCsv(ok, { maxRows: 5 }).rows).toHaveLength(5);
    expect(() => parseCsv(`e\n${'x\n'.repeat(6)}`, { maxRows: 5 })).toThrow(expect.objectContaining({ statusCode: 400 }));
  });

  // Its speed is the bench's import scenario to measure, not a timed assertion here.
  it('parses the largest file allowed, 100,000 rows, each with its line number', () => {
    const text = `firstName,lastName,email\n${Array.from({ length: 100_000 }, (_, i) => `F${i},L${i},u${i}@x.io`).join('\n')}`;
    const { rows } = parseCsv(text);
    expect(rows).toHaveLength(100_000);
    expect(rows[99_999]!.line).toBe(100_001);
  });
});

describe('csvRows (one row at a time)', () => {
  const all = async (text: string | Buffer, options?: Parameters<typeof csvRows>[1]) => {
    const rows = [];
    for await (const row of csvRows(Buffer.isBuffer(text) ? text : Buffer.from(text), options)) rows.push(row);
    return rows;
  };

  it('answers the rows and line numbers parseCsv answers, also across the chunks a large file is read in', async () => {
    const small =
      '\uFEFFfirstName,lastName,email\r\nAnna,Berg,a@x.io\r\n\r\n"Multi\nLine",Z,z@x.io\nBo,,b@x.io\n , ,\nCy,"Two\r\nbreaks\nhere",c@x.io';
    expect(await all(small)).toEqual(parseCsv(small).rows);
    // Quoted cells with line breaks and multi-byte characters sit on the 64 KB chunk boundaries.
    const lines = ['First Name,Last Name,E-mail'];
    for (let i = 0; i < 20_000; i++) lines.push(i % 7 === 0 ? `"Ünï\n${i}",Lé${i},u${i}@x.io` : `F${i},"L, ${i}",u${i}@x.io`);
    const text = lines.join('\r\n');
    const streamed = await all(text, { normaliseHeaders: true });
    expect(streamed).toEqual(parseCsv(text, { normaliseHeaders: true }).rows);
    expect(streamed).toHaveLength(20_000);
    // The last row (19,999 = 7 × 2,857) starts after the header, 19,999 rows and 2,857 line breaks inside cells.
    expect(streamed.at(-1)!.line).toBe(1 + 20_000 + 2_857);
  });

  it('makes the same refusals, a fault late in the file included', async () => {
    await expect(all('a,b\n1,2', { requiredHeaders: ['email', 'b'] })).rejects.toThrow(/misses the column: email/);
    await expect(all('a,a\n1,2')).rejects.toThrow(/appears twice/);
    await expect(all('')).rejects.toThrow(/empty/);
    await expect(all('\n\n')).rejects.toThrow(/empty/);
    await expect(all(`a,b\n${'1,2\n'.repeat(30_000)}"3,4\n`)).rejects.toThrow(/not valid CSV \(near line 30002\)/);
    await expect(all(`e\n${'x\n'.repeat(6)}`, { maxRows: 5 })).rejects.toThrow(/more than 5 rows/);
    expect(await all(`e\n${'x\n'.repeat(5)}`, { maxRows: 5 })).toHaveLength(5);
    await expect(all(Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2]))).rejects.toThrow(/CSV file/);
    await expect(all(Buffer.from([0x61, 0x0a, 0xc3, 0x28]))).rejects.toThrow(/UTF-8/);
    await expect(all('a\n\u0001\n')).rejects.toThrow(/CSV file/);
  });
});

describe('toCsv', () => {
  it('neutralises cells that a spreadsheet would run as formulas', () => {
    for (const v of ['=1+1', '+1', '-1', '@SUM(A1)', '\tx', '\rx']) expect(neutraliseCell(v)).toBe(`'${v}`);
    expect(neutraliseCell('a=b')).toBe('a=b');
    expect(neutraliseCell(null)).toBe('');
    expect(neutraliseCell(new Date('2026-01-02T03:04:05Z'))).toBe('2026-01-02T03:04:05.000Z');
  });

  it('writes a header line and quoted cells, with column formatters', () => {
    const csv = toCsv(
      [
        { id: 1, name: 'Berg, Anna', note: 'say "hi"', formula: '=HYPERLINK("x")', active: true },
        { id: 2, name: 'Bo', note: 'two\nlines', formula: null, active: false },
      ],
      [
        'id',
        { key: 'name', header: 'Name' },
        'note',
        'formula',
        { key: 'active', header: 'Status', format: (v) => (v ? 'Active' : 'Inactive') },
      ],
    );
    expect(csv).toBe(
      'id,Name,note,formula,Status\r\n1,"Berg, Anna","say ""hi""","\'=HYPERLINK(""x"")",Active\r\n2,Bo,"two\nlines",,Inactive\r\n',
    );
    // Round trip through the parser.
    expect(parseCsv(csv).rows[0]!.values.Name).toBe('Berg, Anna');
  });
});

describe('readCsvUpload', () => {
  const app = Fastify();
  beforeAll(async () => {
    await app.register(multipart, { limits: { fileSize: 1024, files: 1, fields: 10 } });
    await app.register(errors);
    app.post('/upload', async (request) => {
      const up = await readCsvUpload(request, { maxRows: 3 });
      return { filename: up.filename, bytes: up.bytes, fields: up.fields, headers: up.headers, rows: up.rows };
    });
    await app.ready();
  });
  afterAll(() => app.close());

  const send = (file: Parameters<typeof multipartBody>[0], fields?: Record<string, string>) =>
    app.inject({ method: 'POST', url: '/upload', ...multipartBody(file, fields) });

  it('reads the file and the fields sent before it', async () => {
    const res = await send({ name: 'holders.csv', content: 'email\na@x.io\n' }, { sponsorId: '7' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      filename: 'holders.csv',
      fields: { sponsorId: '7' },
      rows: [{ line: 2, values: { email: 'a@x.io' } }],
    });
  });

  it('accepts the types browsers send for CSV files', async () => {
    for (const type of ['application/vnd.ms-excel', 'text/plain', 'application/octet-stream']) {
      expect((await send({ name: 'a.CSV', type, content: 'email\na@x.io\n' })).statusCode).toBe(200);
    }
  });

  it('answers too many fields with what is wrong, not with the size limit', async () => {
    // Twenty plain fields and no file: the multipart field limit (10) is reached before a file.
    const boundary = 'fields-only';
    const payload = `${Array.from({ length: 20 }, (_, i) => `--${boundary}\r\nContent-Disposition: form-data; name="f${i}"\r\n\r\nx\r\n`).join('')}--${boundary}--\r\n`;
    const res = await app.inject({
      method: 'POST',
      url: '/upload',
      payload,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The upload holds more than one file or too many fields: send one CSV file.');
  });

  it('refuses a file over the size limit with 413', async () => {
    const res = await send({ name: 'big.csv', content: `email\n${'a@x.io\n'.repeat(400)}` });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toMatch(/larger than 10 MB/);
  });

  it('refuses non-CSV by name, type and content with 400', async () => {
    expect((await send({ name: 'a.xlsx', content: 'email\na@x.io' })).statusCode).toBe(400);
    expect((await send({ name: 'a.csv', type: 'image/png', content: 'email\na@x.io' })).statusCode).toBe(400);
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
    expect((await send({ name: 'a.csv', content: png })).json().message).toMatch(/CSV file/);
    const zip = Buffer.from('PK\u0003\u0004xxxxxxxxxxxxxx', 'latin1');
    expect((await send({ name: 'a.csv', content: zip })).statusCode).toBe(400);
    expect((await send({ name: 'a.csv', content: Buffer.from([0x65, 0x0a, 0xff, 0xfe, 0x00]) })).statusCode).toBe(400);
    expect((await send({ name: 'a.csv', content: 'email\nab\u0001c\n' })).statusCode).toBe(400);
  });

  it('refuses too many rows, an empty file, no file and a non-multipart request with 400', async () => {
    expect((await send({ name: 'a.csv', content: 'e\n1\n2\n3\n4\n' })).json().message).toMatch(/more than 3 rows/);
    expect((await send({ name: 'a.csv', content: '' })).statusCode).toBe(400);
    const json = await app.inject({ method: 'POST', url: '/upload', payload: { a: 1 } });
    expect(json.statusCode).toBe(400);
    const boundary = 'xx';
    const noFile = await app.inject({
      method: 'POST',
      url: '/upload',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--${boundary}--\r\n`,
    });
    expect(noFile.statusCode).toBe(400);
  });
});
