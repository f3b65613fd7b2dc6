import { describe, expect, it } from 'vitest';
import { exampleCsv } from './import-example';

const NOW = Date.parse('2026-11-26T10:00:00Z');

describe('the invitation import example', () => {
  it("names one of the portal's packages and expires a month ahead", () => {
    const lines = exampleCsv({ id: 7, name: 'Family Office' }, NOW).split('\n');
    expect(lines[0]).toBe('type,email,firstName,lastName,inviteCode,max,expireTime,packageId,localize,testAccount');
    expect(lines[1]).toBe('strict,jane@example.com,Jane,Doe,,,2026-12-26,Family Office,en,false');
    expect(lines[2]).toBe('open,,,,SPRING26,100,2026-12-26,Family Office,en,false');
  });

  it('gives the package id where the name would need CSV quoting', () => {
    expect(exampleCsv({ id: 7, name: 'Gold, annual' }, NOW)).toContain(',2026-12-26,7,en,false');
  });
});
