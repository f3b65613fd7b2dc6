import { describe, expect, it } from 'vitest';
import { permissionWords } from './permission-words';

describe('permissionWords', () => {
  it('says a code in words', () => {
    expect(permissionWords('view_documents')).toBe('View documents');
    expect(permissionWords('invite-holders')).toBe('Invite holders');
    expect(permissionWords('reports')).toBe('Reports');
  });

  it('leaves a category already in words as it is', () => {
    expect(permissionWords('Estate planning')).toBe('Estate planning');
    expect(permissionWords('CRM')).toBe('CRM');
  });
});
