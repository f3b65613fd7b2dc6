import { describe, expect, it } from 'vitest';
import { IMPORT_COLUMNS, importTemplateCsv } from './vault-constants.js';

const lines = (csv: string) => csv.split('\r\n').filter(Boolean);
const packageColumn = IMPORT_COLUMNS.indexOf('package');

describe('importTemplateCsv', () => {
  it("names the portal's own packages in its example rows, one row each, at most three", () => {
    const csv = importTemplateCsv(['Basic', 'Family Plus', 'Business', 'Premium']);
    const [header, ...rows] = lines(csv);
    expect(header).toBe(IMPORT_COLUMNS.join(','));
    expect(rows.map((r) => r.split(',')[packageColumn])).toEqual(['Basic', 'Family Plus', 'Business']);
    expect(csv).not.toMatch(/Gold/);
  });

  it('quotes a package name holding a comma or a quote, so the file reads back as written', () => {
    const [, row] = lines(importTemplateCsv(['Gold, "plus"']));
    expect(row).toContain('"Gold, ""plus"""');
  });

  it('leaves the package empty for a portal without packages', () => {
    const [, row, more] = lines(importTemplateCsv([]));
    expect(row!.split(',')[packageColumn]).toBe('');
    expect(more).toBeUndefined();
  });
});
