import { describe, expect, it } from 'vitest';
import { words } from './ServerMessageView';

describe('server answers in words', () => {
  it('turns field names into words', () => {
    expect(words('migrationStatus')).toBe('Migration status');
    expect(words('hasManageMfaAccess')).toBe('Has manage mfa access');
    expect(words('import_message')).toBe('Import message');
  });
});
