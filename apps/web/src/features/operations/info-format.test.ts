import { describe, expect, it } from 'vitest';
import { formatValue, infoOf, label } from './info-format';

describe('audit entry info', () => {
  it('parses logJson (a JSON string) into info, tolerating anything else', () => {
    expect(infoOf('{"email":"a@b.c","statusId":{"from":2,"to":1}}')).toEqual({ email: 'a@b.c', statusId: { from: 2, to: 1 } });
    expect(infoOf('[1,2]')).toEqual({ value: [1, 2] });
    expect(infoOf('not json')).toEqual({ text: 'not json' });
  });

  it('writes changes, lists, flags and nested objects readably', () => {
    expect(formatValue({ from: 2, to: 1 })).toBe('2 → 1');
    expect(formatValue(['read_vaults', 'read_audit'])).toBe('read_vaults, read_audit');
    expect(formatValue(true)).toBe('yes');
    expect(formatValue(null)).toBe('—');
    expect(formatValue({ url: 'https://x', events: [] })).toBe('Url: https://x; Events: —');
    expect(label('statusId')).toBe('Status id');
    expect(label('file_name')).toBe('File name');
  });
});
