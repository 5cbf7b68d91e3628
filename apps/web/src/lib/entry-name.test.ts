import { describe, expect, it } from 'vitest';
import { entryName } from './entry-name.ts';

describe('entryName', () => {
  it('names an entry by its name, and one without a name by its kind and id rather than a blank', () => {
    expect(entryName({ id: 11, name: 'Newark Cross-Dock' }, 'warehouse')).toBe('Newark Cross-Dock');
    expect(entryName({ id: 11, name: '' }, 'warehouse')).toBe('Warehouse 11 (no name)');
    expect(entryName({ id: 4, name: '   ' }, 'trucker')).toBe('Trucker 4 (no name)');
  });
});
