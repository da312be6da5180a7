import fc from 'fast-check';
import { formatDay } from './schema-values.js';

/**
 * The classes of bad input an outside attacker sends (issue 8, finding 12), each in the two forms a
 * request carries: `json`, raw JSON text for a body (so nesting and numbers JSON.stringify cannot
 * write survive), and `text`, percent-encoded occurrences for a query string or a path segment.
 * A class that has no meaning in one form leaves it out.
 */
export interface Hostile {
  kind: string;
  json?: string;
  text?: string[];
  /** The query key to carry it under when the target is the query string as a whole. */
  key?: string;
}

/** Percent-encoding that also writes lone surrogates (as the bytes a careless client would send). */
export function percent(value: string): string {
  // Fast path: encodeURIComponent refuses only lone surrogates.
  if (!/[\ud800-\udfff]/.test(value.replace(/[\ud800-\udbff][\udc00-\udfff]/g, ''))) {
    return encodeURIComponent(value);
  }
  let out = '';
  for (const char of value) {
    const code = char.codePointAt(0)!;
    if (code >= 0xd800 && code <= 0xdfff) {
      out +=
        `%${(0xe0 | (code >> 12)).toString(16)}%${(0x80 | ((code >> 6) & 0x3f)).toString(16)}%${(0x80 | (code & 0x3f)).toString(16)}`.toUpperCase();
    } else out += encodeURIComponent(char);
  }
  return out;
}

const both =
  (kind: string) =>
  (value: string): Hostile => ({
    kind,
    json: JSON.stringify(value),
    text: [percent(value)],
  });

/** Keys every plain object inherits: a lookup `map[clientKey]` finds them. */
export const PROTOTYPE_KEYS = [
  '__proto__',
  'constructor',
  'toString',
  'hasOwnProperty',
  'valueOf',
  'isPrototypeOf',
  'propertyIsEnumerable',
  'toLocaleString',
  '__defineGetter__',
  '__lookupSetter__',
] as const;

const prototypeKey = fc.constantFrom(...PROTOTYPE_KEYS).map(both('prototype key'));

const nul = fc
  .tuple(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }))
  .map(([a, b]) => `${a}\u0000${b}`)
  .map(both('NUL'));

/** Above 2^63 - 1 (and a few other non-ids), as strings and as bare JSON numbers. */
export const OUT_OF_RANGE_IDS = [
  '9223372036854775808',
  '9999999999999999999',
  '18446744073709551615',
  '18446744073709551616',
  '99999999999999999999',
  '0',
  '-1',
  '01300000000001',
];
const outOfRangeId = fc
  .oneof(
    fc.constantFrom(...OUT_OF_RANGE_IDS),
    fc.bigInt({ min: 2n ** 63n, max: 10n ** 19n - 1n }).map(String),
  )
  .chain((id) =>
    fc.constantFrom<Hostile>(
      { kind: 'out-of-range id', json: JSON.stringify(id), text: [id] },
      { kind: 'out-of-range id', json: id, text: [id] },
    ),
  );

/** Days and times that do not exist, including leap seconds, which JavaScript's Date refuses. */
export const IMPOSSIBLE_DATES = [
  '2001-02-29',
  '2100-02-29',
  '2023-04-31',
  '2023-13-01',
  '2023-00-10',
  '2023-01-00',
  '0000-01-01',
  '2001-02-29T00:00:00Z',
  '2016-12-31T23:59:60Z',
  '2015-06-30T23:59:60.5+00:00',
  '2016-12-31T15:59:60-08:00',
  '2023-13-01T00:00:00Z',
  '2023-01-01T24:00:00Z',
  '2023-01-01T12:60:00Z',
  '2023-01-01T12:00:00+24:00',
  '0000-01-01T00:00:00Z',
];
const impossibleDay = fc
  .tuple(fc.integer({ min: 0, max: 9999 }), fc.integer({ min: 0, max: 19 }), fc.integer({ min: 0, max: 39 }))
  .filter(([y, m, d]) => {
    const date = new Date(Date.UTC(y, m - 1, d));
    return y === 0 || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d;
  })
  .map(([y, m, d]) => formatDay(y, m, d));
const impossibleDate = fc
  .oneof(
    fc.constantFrom(...IMPOSSIBLE_DATES),
    impossibleDay,
    impossibleDay.map((d) => `${d}T00:00:00Z`),
    fc
      .tuple(
        fc.integer({ min: 0, max: 25 }),
        fc.integer({ min: 0, max: 61 }),
        fc.integer({ min: 0, max: 61 }),
      )
      .filter(([h, m, s]) => h > 23 || m > 59 || s > 59)
      .map(
        ([h, m, s]) =>
          `2024-03-01T${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}Z`,
      ),
  )
  .map(both('impossible date'));

const longString = fc
  .tuple(fc.constantFrom('x', 'é', '😀', 'İ', '%'), fc.integer({ min: 65, max: 20_000 }))
  .map(([char, n]) => char.repeat(n))
  .map(both('long string'));

const wrongType = fc.oneof(
  fc
    .constantFrom(
      '123',
      '-1',
      '0',
      '1.5',
      'true',
      'false',
      'null',
      '[]',
      '{}',
      '["a"]',
      '{"a":1}',
      '""',
      '[null]',
      '[[]]',
    )
    .map((json): Hostile => ({ kind: 'wrong type', json, text: [percent(json)] })),
  // A query key given twice is an array where one value was declared.
  fc.constant<Hostile>({ kind: 'wrong type', text: ['1', '2'] }),
  fc.constant<Hostile>({ kind: 'wrong type', text: [''] }),
);

const deepNesting = fc
  .tuple(fc.integer({ min: 100, max: 50_000 }), fc.boolean())
  .map(([depth, arrays]): Hostile => ({
    kind: 'deep nesting',
    json: arrays
      ? `${'['.repeat(depth)}${']'.repeat(depth)}`
      : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`,
  }));

const hugeNumber = fc
  .oneof(
    fc.constantFrom(
      '1e308',
      '1e309',
      '-1e309',
      '1e400',
      '123456789012345678901234567890',
      '9007199254740993',
      '-9223372036854775809',
      '5e-324',
      '-0',
      '0.1e1',
      '1E2',
    ),
    fc.double({ noNaN: true }).map((n) => (Number.isFinite(n) ? String(n) : '1e999')),
  )
  .map((json): Hostile => ({ kind: 'huge number', json, text: [json] }));

const unicode = fc
  .oneof(
    fc.constantFrom(
      '\ud800',
      '\udfff',
      'a\ud83d',
      '\ufeffa',
      '\u202eabc',
      '\u200b',
      '\uffff',
      '\ufffe',
      'İ'.repeat(64),
      'ß'.repeat(64),
      'ﬃ'.repeat(40),
      '😀'.repeat(64),
      'e\u0301'.repeat(40),
      '１２３',
      '\u0085\u2028\u2029',
      '\x7f\x1b[31m',
      '\r\n\t',
    ),
    fc.string({ unit: 'binary', maxLength: 16 }),
  )
  .map(both('unicode'));

/** Encodings a query string or path segment should not be able to break the server with. */
const badPercent = fc
  .constantFrom('%', '%zz', '%C0%AF', '%FF%FE', '%E0%A4%A', '%ED%A0%80', '%F4%90%80%80', '%u0000')
  .map((text): Hostile => ({ kind: 'bad percent-encoding', text: [text] }));

/** Objects that try to pollute a prototype when merged (JSON bodies only). */
const pollution = fc
  .constantFrom(
    '{"__proto__":{"polluted":1}}',
    '{"constructor":{"prototype":{"polluted":1}}}',
    '[{"__proto__":{"polluted":1}}]',
    '{"a\\u0000b":1}',
  )
  .map((json): Hostile => ({ kind: 'pollution', json }));

/** Whether raw JSON text is a string literal (a multipart name can only be text). */
const isStringJson = (json: string | undefined) => json !== undefined && json.startsWith('"');

/** Request bodies that are not JSON at all, or JSON of any shape (what the old fuzz sent). */
const malformed = fc
  .oneof(
    fc.string(),
    fc.jsonValue().map((v) => JSON.stringify(v)),
    fc.constantFrom('{"account":', '', 'null', '{"a":1,"a":2}', '\ufeff{}'),
  )
  .map((json): Hostile => ({ kind: 'malformed', json }));

/** A key nobody declared, for a query string. */
const strangeKey = fc.oneof(fc.constantFrom(...PROTOTYPE_KEYS), fc.string({ maxLength: 12 }));

export type HostilePart = 'body' | 'querystring' | 'params' | 'multipart';

/** Every class, for the part of the request it goes into. */
export function hostileValue(part: HostilePart): fc.Arbitrary<Hostile> {
  const shared = [
    prototypeKey,
    nul,
    outOfRangeId,
    impossibleDate,
    longString,
    wrongType,
    hugeNumber,
    unicode,
  ];
  if (part === 'multipart') return fc.oneof(...shared).filter((h) => isStringJson(h.json));
  if (part === 'body') {
    return fc.oneof(...shared, deepNesting, pollution, malformed).filter((h) => h.json !== undefined);
  }
  const flat = fc.oneof(...shared, badPercent).filter((h) => h.text !== undefined);
  return part === 'querystring' ? fc.tuple(flat, strangeKey).map(([h, key]) => ({ ...h, key })) : flat;
}
