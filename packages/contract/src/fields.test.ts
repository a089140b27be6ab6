import { describe, expect, it } from 'vitest';
import { entityId, freeText, gameIdText, INT4_MAX, int4Id, plainString, text } from './fields.ts';

const CONTROL_CHARACTERS = [...Array.from({ length: 32 }, (_, code) => String.fromCharCode(code)), '\u007f'];

describe('shared field schemas', () => {
  it('refuse NUL and every other control character inside a single-line string', () => {
    for (const schema of [plainString(), text(64), gameIdText]) {
      for (const control of CONTROL_CHARACTERS) {
        expect(schema.safeParse(`10001${control}001`).success, JSON.stringify(control)).toBe(false);
      }
      expect(schema.safeParse('  Ünïcødé 名前 😀  ').success).toBe(true);
    }
  });

  it('trim before checking, so surrounding whitespace and line breaks are still accepted and removed', () => {
    expect(plainString().parse(' \t10001001\r\n')).toBe('10001001');
    expect(gameIdText.parse(' 10001 ')).toBe('10001');
    expect(gameIdText.parse(10001)).toBe('10001');
  });

  it('let free text keep tabs and line breaks but refuse the other control characters', () => {
    expect(freeText(500).parse('Charged twice.\r\n\tOrder 123')).toBe('Charged twice.\r\n\tOrder 123');
    for (const control of CONTROL_CHARACTERS.filter((c) => !'\t\n\r'.includes(c))) {
      expect(freeText(500).safeParse(`rea${control}son`).success, JSON.stringify(control)).toBe(false);
    }
  });

  it('bound ids of int4 columns to 2^31-1 and bigserial ids to 2^53-1', () => {
    expect(int4Id.parse(INT4_MAX)).toBe(2_147_483_647);
    expect(int4Id.parse('1011')).toBe(1011);
    for (const value of [INT4_MAX + 1, '2147483648', 2 ** 53, 0, -1, 1.5, 'NaN', 'Infinity']) {
      expect(int4Id.safeParse(value).success, String(value)).toBe(false);
    }
    expect(entityId.parse(Number.MAX_SAFE_INTEGER)).toBe(Number.MAX_SAFE_INTEGER);
    expect(entityId.safeParse(Number.MAX_SAFE_INTEGER + 1).success).toBe(false);
    expect(entityId.safeParse('9007199254740993').success).toBe(false);
  });
});
