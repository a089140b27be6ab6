import { describe, expect, it } from 'vitest';
import { normaliseGameId } from './games';

describe('normaliseGameId', () => {
  it('drops the spaces a paste may bring', () => {
    expect(normaliseGameId('  1003 000001 \n')).toBe('1003000001');
    expect(normaliseGameId('   ')).toBe('');
  });
});
