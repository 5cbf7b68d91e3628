import { describe, expect, it } from 'vitest';
import { API_PATHS, filePath } from './paths.ts';
import { EntityId, Id, MAX_ID } from './http.ts';

describe('filePath', () => {
  it('puts a storage key under API_PATHS.file, each segment encoded', () => {
    expect(filePath('documents/0b1c.pdf')).toBe('/user/files/documents/0b1c.pdf');
    expect(filePath('a b/c#d.pdf')).toBe('/user/files/a%20b/c%23d.pdf');
    expect(API_PATHS.file.replace('*', 'documents/0b1c.pdf')).toBe(filePath('documents/0b1c.pdf'));
  });
});

describe('ids', () => {
  it('are positive PostgreSQL integers', () => {
    expect(Id.parse('42')).toBe(42);
    expect(Id.safeParse(String(MAX_ID + 1)).success).toBe(false);
    expect(EntityId.safeParse(MAX_ID).success).toBe(true);
    expect(EntityId.safeParse(0).success).toBe(false);
  });
});
