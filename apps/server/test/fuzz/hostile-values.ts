import fc from 'fast-check';

/**
 * Values that break servers: control characters (PostgreSQL refuses NUL in text), integers at and beyond the int4 and
 * float64-safe limits, number-like strings, wrong types, injections (SQL, NoSQL operators, prototype pollution, template
 * and path tricks), odd unicode, long and deeply nested values.
 */

const INT4_MAX = 2 ** 31 - 1;

const HOSTILE_NUMBERS = [
  INT4_MAX, INT4_MAX + 1, INT4_MAX + 2, -INT4_MAX - 1, -INT4_MAX - 2, 2 ** 32, 2 ** 32 + 1,
  Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER + 1, Number.MAX_SAFE_INTEGER + 3, 2 ** 63, 2 ** 64, 1e21, 1e300, Number.MAX_VALUE,
  -Number.MAX_VALUE, -1, 0, -0, 0.5, 1.5, 1e-7, Number.MIN_VALUE, Number.EPSILON, 32_767, 32_768, 65_536,
];

/** Number-like strings a coercing schema might turn into something unexpected. */
const NUMBER_LIKE_STRINGS = [
  'NaN', 'Infinity', '-Infinity', '1e309', '-1e309', '2147483648', '9007199254740993', '18446744073709551616', '0x7fffffff',
  '0b1', '1e3', ' 1', '1 ', '+1', '-0', '00', '1_000', '1,5', '١٢٣', '１２３', '', ' ', '\t', 'true', 'null', 'undefined', '[]', '{}',
];

const CONTROL_CHARACTERS = Array.from({ length: 32 }, (_, code) => String.fromCharCode(code)).concat('\u007f');

const HOSTILE_STRINGS = [
  '\u0000', 'a\u0000b', '10001001\u0000', '\u0000'.repeat(64), '%00', '\\u0000', '\\x00', 'line\r\nbreak', '\u001b[31mred', '\u0008',
  // unicode: lone surrogates, BOM, zero-width, direction overrides, line separators, combining marks, astral
  '\ud800', '\udfff', 'a\udc00b', '\ufeff', '\u200b', '\u202e' + 'gnp.exe', '\u2028', '\u2029', 'e\u0301\u0301\u0301', '😀', '𝔘𝔫𝔦', 'ß',
  'İ', 'ﬃ', '\uffff', '\ufffe', '中文', 'العربية',
  // SQL
  "'", "''", "' OR '1'='1", "1' OR 1=1--", "1; DROP TABLE orders;--", "' UNION SELECT password_hash FROM users--", '\\', '%', '_', '$1',
  "E'\\x00'", 'pg_sleep(10)', "'; SELECT pg_sleep(5);--",
  // template, path, markup, format strings
  '{{7*7}}', '${7*7}', '<script>alert(1)</script>', '../../../../etc/passwd', '..%2f..%2f', '%s%s%s%n', '%ZZ', 'javascript:alert(1)',
  // prototype names as values
  '__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty',
  // length
  'x'.repeat(65), 'x'.repeat(101), 'x'.repeat(257), 'x'.repeat(4097), '😀'.repeat(600), 'ß'.repeat(300),
];

/** NoSQL operator objects and prototype-pollution payloads (JSON.parse keeps `__proto__` as an own key, as a body would). */
const HOSTILE_OBJECTS: unknown[] = [
  { $gt: '' },
  { $ne: null },
  { $where: 'sleep(1000)' },
  { $regex: '.*' },
  JSON.parse('{"__proto__": {"polluted": "yes"}}'),
  { constructor: { prototype: { polluted: 'yes' } } },
  { toString: 'x', valueOf: 1 },
  [],
  [null],
  [1, 'a'],
  {},
  true,
  false,
  null,
];

/** Nested arrays/objects `depth` levels deep. */
function nested(depth: number, kind: 'array' | 'object'): unknown {
  let value: unknown = 1;
  for (let i = 0; i < depth; i++) value = kind === 'array' ? [value] : { a: value };
  return value;
}

/** A valid-looking string with one control character inside: passes length checks, so it reaches the code behind them. */
const withControlCharacter = fc
  .tuple(fc.string({ maxLength: 8 }), fc.constantFrom(...CONTROL_CHARACTERS), fc.string({ maxLength: 8 }))
  .map(([before, control, after]) => `${before}1${control}${after}`);

const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
  { weight: 3, arbitrary: withControlCharacter },
  { weight: 2, arbitrary: fc.constantFrom(...NUMBER_LIKE_STRINGS) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
);

export const hostileNumber: fc.Arbitrary<number> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_NUMBERS) },
  { weight: 1, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }) },
  { weight: 1, arbitrary: fc.integer({ min: INT4_MAX - 2, max: INT4_MAX + 2 }) },
);

export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 5, arbitrary: hostileString },
  { weight: 4, arbitrary: hostileNumber },
  { weight: 2, arbitrary: fc.constantFrom(...HOSTILE_OBJECTS) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 1, arbitrary: fc.constantFrom(nested(64, 'array'), nested(1000, 'object'), Array.from({ length: 2000 }, (_, i) => i)) },
);

/** Whole request bodies as raw text: malformed JSON, JSON of other shapes, deep nesting, huge, over the body limit. */
export const HOSTILE_RAW_BODIES = [
  '', 'null', 'true', '0', '-1', '"text"', '[]', '[{}]', '{', '{"a":', '{"a":1,}', "{'a':1}", 'undefined', 'NaN', '\u0000', '{"a":"\\u0000"}',
  '{"a":1e400}', '{"id":123456789012345678901234567890}', '{"id":-0}', '{"__proto__":{"polluted":"yes"}}',
  '{"constructor":{"prototype":{"polluted":"yes"}}}', '\ufeff{}', '{"appId":10030,"appId":"x"}', '{"\\ud800":1}', '{"a":"\\ud800"}',
  '['.repeat(20_000) + ']'.repeat(20_000), '{"a":'.repeat(5000) + '1' + '}'.repeat(5000), `[${'1,'.repeat(25_000)}1]`,
  `{${Array.from({ length: 3000 }, (_, i) => `"k${i}":${i}`).join(',')}}`, `"${'x'.repeat(70_000)}"`,
];

export const HOSTILE_CONTENT_TYPES = [
  'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/json; charset=utf-16',
  'application/json; charset=latin1', 'application/xml', 'application/json, text/plain', 'application/vnd.api+json', '*/*',
];

/** Path segments that are not a value: broken percent-encoding, encoded separators, over Fastify's 100-character limit. */
export const HOSTILE_PATH_SEGMENTS = ['%ZZ', '%', '%0', '%00', '%C0%AF', '%E0%80%80', '%2e%2e', '..', '%2F', '1%2F2', 'x'.repeat(101), '1'.repeat(500), ''];

/** Query strings that are not pairs of values. */
export const HOSTILE_QUERY_PAIRS = ['%ZZ=1', 'limit=%ZZ', '__proto__[polluted]=yes', 'constructor[prototype][polluted]=yes', '=', '&&', 'a', 'limit=1&limit=2'];

export const HOSTILE_HEADERS = {
  authorization: [
    'Bearer ', 'Bearer x', `Bearer ${'a'.repeat(5000)}`, 'Basic YTpi', 'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiIxIn0.', 'Bearer null',
    'Bearer undefined', 'bearer', 'Bearer a.b.c',
  ],
  'accept-language': ['*', 'xx', 'de-DE;q=abc', 'zh-Hant-TW,zh;q=0.9', 'x'.repeat(2000), ';;;', 'en;q=NaN'],
};
