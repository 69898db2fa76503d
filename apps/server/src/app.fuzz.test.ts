import SwaggerParser from '@apidevtools/swagger-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TENANT_ID } from './db/seed/demo.ts';
import { bearer, createTestApp, testDatabases, type TestApp } from './test/test-app.ts';

/**
 * The fuzzer of issue 11, generated from `/api/openapi.json`: every operation the document lists is called with
 * malformed input — wrong types, missing fields, 1 MB strings, deep nesting, NUL and right-to-left characters,
 * numbers past 2^31 and 2^53, arrays for objects, invalid JSON, wrong content types — as a student and
 * anonymously (and a third of the cases, drawn by the same generator, as the administrator, who passes every
 * permission check so the input reaches the handlers), on SQLite and PostgreSQL. It fails on any 5xx and any stack trace or SQL text in a body; a call that hangs
 * (a pathological pattern, a lost lock) fails it through the test's own time-out. It measures no time: CI's machine
 * is busy, and a slow answer there says nothing about the input.
 *
 * Every operation gets one case of each kind; which field a case hits and which bad value it carries come from a
 * generator seeded by the operation, so a run is repeatable and a failure names the case that reproduces it.
 * Set FUZZ_SEED to draw another sample.
 */

type Schema = {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  minimum?: number;
  minLength?: number;
};
type Parameter = { in: 'query' | 'path' | 'header'; name: string; required?: boolean; schema?: Schema };
type Operation = { parameters?: Parameter[]; requestBody?: { content: Record<string, { schema: Schema }> } };
type Doc = { paths: Record<string, Record<string, Operation>>; components?: { schemas?: Record<string, Schema> } };

/** A call the fuzzer makes: everything light-my-request needs, plus a name to report. */
type Case = {
  kind: string;
  path: Record<string, string>;
  query: Record<string, string | string[]>;
  payload?: string | Buffer;
  contentType?: string;
};

const SEED = Number(process.env.FUZZ_SEED ?? 11);
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);
const MB = 1024 * 1024;
/** Node's HTTP parser takes at most 16 KB of request line and headers, so query and path strings stop there. */
const LONG_URL_STRING = 16 * 1024 - 512;
/** Logging out, or ending the session's CAS validity, would take the student's token away mid-run. */
const SPARE = /\/(loginOut|logout)$|removeSessionValidTime$/;

/** mulberry32: a small, well-known 32-bit generator; enough to draw a repeatable sample. */
function generator(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, pick: <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)]! };
}
const hash = (s: string) => [...s].reduce((h, c) => Math.imul(h ^ c.charCodeAt(0), 16777619) >>> 0, 2166136261 ^ SEED);

const BIG_NUMBERS = [2 ** 31, -(2 ** 31) - 1, 2 ** 32 + 1, 2 ** 53, 2 ** 53 + 2, -(2 ** 53) - 2, 1e308, 1.5];
const BIG_NUMBER_TEXT = [
  '2147483648',
  '-2147483649',
  '9007199254740993',
  '1e308',
  '18446744073709551616',
  'NaN',
  'Infinity',
  '-0',
  '0x10',
  '1.5',
];
const NASTY_TEXT = [
  'a\u0000b',
  '\u0000',
  '\u202eexe.gnp',
  'مرحبا \u200f',
  'שלום\u202b',
  '\u0000\u202e\u2066',
  'x\u0000 OR 1=1',
];
const WRONG_CONTENT: Array<[string, string]> = [
  ['text/plain', 'hello'],
  ['application/xml', '<?xml version="1.0"?><a>1</a>'],
  ['application/x-www-form-urlencoded', 'tenantId=000000&tenantId=111111&a[b][c]=1&=&%00=%00'],
  ['multipart/form-data', '--x\r\nContent-Disposition: form-data; name="file"\r\n\r\nabc\r\n--x--\r\n'],
  ['application/octet-stream', '\u0000\u0001\u0002'],
  ['application/json; charset=latin1', '{"a":1}'],
];
const INVALID_JSON = [
  '{"tenantId": "000000", ',
  '{"a":1}}',
  "{'a': 1}",
  '[1, 2,',
  'undefined',
  '{"a": NaN}',
  '\ufeff{"a":1}{"b":2}',
];

function typesOf(s: Schema): string[] {
  if (s.type) return Array.isArray(s.type) ? s.type : [s.type];
  if (s.properties) return ['object'];
  if (s.items) return ['array'];
  return [];
}

/** The schema behind a $ref, and the first non-null branch of a union. */
function resolve(doc: Doc, s: Schema | undefined, depth = 0): Schema {
  if (!s || depth > 8) return {};
  if (s.$ref) return resolve(doc, doc.components?.schemas?.[s.$ref.replace('#/components/schemas/', '')], depth + 1);
  const branches = s.anyOf ?? s.oneOf;
  if (branches) return resolve(doc, branches.find((b) => !typesOf(b).includes('null')) ?? branches[0], depth + 1);
  if (s.allOf?.length)
    return resolve(doc, Object.assign({}, ...s.allOf.map((b) => resolve(doc, b, depth + 1))) as Schema, depth + 1);
  return s;
}

/** A plausible value of a schema: what a well-behaved client would send. Mutations start from here. */
function plausible(doc: Doc, raw: Schema | undefined, depth = 0): unknown {
  const s = resolve(doc, raw);
  if (s.const !== undefined) return s.const;
  if (s.enum?.length) return s.enum[0];
  if (s.default !== undefined) return s.default;
  const type = typesOf(s).find((t) => t !== 'null');
  switch (type) {
    case 'string':
      return 'a'.repeat(Math.max(1, s.minLength ?? 1));
    case 'integer':
    case 'number':
      return Math.max(1, s.minimum ?? 1);
    case 'boolean':
      return true;
    case 'array':
      return [];
    case 'object': {
      if (depth > 4) return {};
      const out: Record<string, unknown> = {};
      for (const key of s.required ?? []) out[key] = plausible(doc, s.properties?.[key], depth + 1);
      return out;
    }
    default:
      return 'a';
  }
}

/** A value of another type than the schema asks for. */
function wrongTypeFor(s: Schema, rng: ReturnType<typeof generator>): unknown {
  const type = typesOf(s)[0];
  const byType: Record<string, unknown[]> = {
    string: [12345, { $ne: 1 }, ['a', 'b'], true, null],
    integer: ['12', 'x', { n: 1 }, [1], 1.5, true],
    number: ['1e3', { n: 1 }, [1], false],
    boolean: ['true', 1, 'yes', [true]],
    array: ['a,b', { 0: 'a' }, 7, null],
    object: ['a=1', 7, [{}], true],
  };
  return rng.pick(byType[type ?? 'string'] ?? ['x', 7, [], {}]);
}

const nested = (depth: number, open: string, close: string, inner: string) =>
  open.repeat(depth) + inner + close.repeat(depth);

/** One case of each kind for one operation. */
function casesFor(doc: Doc, method: string, op: Operation, rng: ReturnType<typeof generator>): Case[] {
  const params = op.parameters ?? [];
  const pathParams = params.filter((p) => p.in === 'path');
  const queryParams = params.filter((p) => p.in === 'query');
  const basePath = Object.fromEntries(pathParams.map((p) => [p.name, String(plausible(doc, p.schema))]));
  const baseQuery: Record<string, string> = Object.fromEntries(
    queryParams.filter((p) => p.required).map((p) => [p.name, String(plausible(doc, p.schema))]),
  );
  const bodySchema = resolve(doc, op.requestBody?.content['application/json']?.schema);
  const hasBody = method !== 'get';
  const props = Object.entries(bodySchema.properties ?? {}).map(([k, v]) => [k, resolve(doc, v)] as const);
  const base = (hasBody ? plausible(doc, bodySchema) : undefined) as Record<string, unknown> | undefined;
  const baseObject = base && typeof base === 'object' && !Array.isArray(base) ? base : {};
  const propOf = (want?: (s: Schema) => boolean) => {
    const fit = props.filter(([, s]) => !want || want(s));
    return fit.length
      ? rng.pick(fit)
      : ([rng.pick(['tenantId', 'id', 'keyword', 'name']), { type: 'string' }] as const);
  };
  const json = (kind: string, body: unknown, extra: Partial<Case> = {}): Case => ({
    kind,
    path: basePath,
    query: baseQuery,
    payload: JSON.stringify(body),
    contentType: 'application/json',
    ...extra,
  });
  const urlCase = (kind: string, query: Record<string, string | string[]>, path = basePath): Case => ({
    kind,
    path,
    query,
    ...(hasBody ? { payload: JSON.stringify(baseObject), contentType: 'application/json' } : {}),
  });
  const out: Case[] = [];

  // Query and path: missing, wrong type, long, NUL and RTL, big numbers, repeated keys.
  const queryName = queryParams.length ? rng.pick(queryParams).name : rng.pick(['current', 'size', 'id', 'tenantId']);
  out.push(urlCase('query: nothing', {}));
  out.push(urlCase('query: a big number', { ...baseQuery, [queryName]: rng.pick(BIG_NUMBER_TEXT) }));
  out.push(urlCase('query: NUL and RTL', { ...baseQuery, [queryName]: rng.pick(NASTY_TEXT) }));
  out.push(urlCase('query: a long string', { ...baseQuery, [queryName]: '长'.repeat(LONG_URL_STRING / 9) }));
  out.push(urlCase('query: an array for a value', { ...baseQuery, [queryName]: ['1', '2'], 'a[b]': 'c' }));
  if (pathParams.length) {
    const name = rng.pick(pathParams).name;
    for (const value of [rng.pick(NASTY_TEXT), rng.pick(BIG_NUMBER_TEXT), 'x'.repeat(199), '..%2F..%2Fetc%2Fpasswd']) {
      out.push(
        urlCase(`path ${name}: ${JSON.stringify(value.slice(0, 12))}`, baseQuery, { ...basePath, [name]: value }),
      );
    }
  }
  if (!hasBody) return out;

  // Bodies.
  out.push(json('body: missing fields', {}));
  out.push({ kind: 'body: none at all', path: basePath, query: baseQuery });
  out.push(json('body: null', null));
  {
    const [name, s] = propOf();
    out.push(json(`body ${name}: wrong type`, { ...baseObject, [name]: wrongTypeFor(s, rng) }));
  }
  out.push(
    json('body: every field a wrong type', Object.fromEntries(props.map(([k, s]) => [k, wrongTypeFor(s, rng)]))),
  );
  {
    const [name] = propOf((s) => typesOf(s).includes('string'));
    out.push(
      json(`body ${name}: a 1 MB string`, { ...baseObject, [name]: rng.pick(['x', '成', '\u202e']).repeat(MB / 3) }),
    );
  }
  {
    const [name] = propOf();
    const depth = rng.pick([1_000, 5_000, 20_000]);
    const deep = rng.next() < 0.5 ? nested(depth, '[', ']', '1') : nested(depth, '{"a":', '}', '1');
    const payload = JSON.stringify({ ...baseObject, [name]: 0 }).replace(/:0([,}])/, `:${deep}$1`);
    out.push({
      kind: `body ${name}: nested ${depth} deep`,
      path: basePath,
      query: baseQuery,
      payload,
      contentType: 'application/json',
    });
  }
  out.push(
    json(
      'body: NUL and RTL in every string',
      Object.fromEntries(
        [...Object.entries(baseObject), ...(props.map(([k]) => [k, '']) as Array<[string, unknown]>)].map(([k, v]) => [
          k,
          typeof v === 'string' || v === '' ? rng.pick(NASTY_TEXT) : v,
        ]),
      ),
    ),
  );
  {
    // One numeric field at a time (the others plausible), so the big number is what the route has to deal with.
    const numeric = props.filter(([, s]) => typesOf(s).some((t) => t === 'integer' || t === 'number')).map(([k]) => k);
    const chosen = numeric.length
      ? [...numeric].sort(() => rng.next() - 0.5).slice(0, 3)
      : [rng.pick(['id', 'current', 'size', 'seq'])];
    for (const name of chosen) {
      const value = rng.pick(BIG_NUMBERS);
      out.push(json(`body ${name}: ${value}`, { ...baseObject, [name]: value }));
    }
  }
  out.push(json('body: an array for the object', [baseObject, baseObject]));
  {
    const [name] = propOf((s) => typesOf(s).includes('object') || typesOf(s).includes('array'));
    out.push(json(`body ${name}: an array of objects for a value`, { ...baseObject, [name]: [{ [name]: [] }, null] }));
  }
  out.push(
    json(
      'body: prototype keys',
      JSON.parse('{"__proto__": {"polluted": 1}, "constructor": {"prototype": {"polluted": 1}}}'),
    ),
  );
  out.push({
    kind: 'body: invalid JSON',
    path: basePath,
    query: baseQuery,
    payload: rng.pick(INVALID_JSON),
    contentType: 'application/json',
  });
  {
    const boundary = `fuzz${Math.floor(rng.next() * 1e9)}`;
    const name = rng.pick([
      'a\u0000b.png',
      'pic\u0000.xlsx',
      '\u202egnp.exe',
      'x\u0007.txt',
      `${'长'.repeat(300)}.pdf`,
    ]);
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: image/png\r\n\r\n`;
    const body = Buffer.concat([Buffer.from(head), PNG, Buffer.from(`\r\n--${boundary}--\r\n`)]);
    out.push({
      kind: `body: multipart, file ${JSON.stringify(name.slice(0, 12))}`,
      path: basePath,
      query: baseQuery,
      payload: body,
      contentType: `multipart/form-data; boundary=${boundary}`,
    });
  }
  {
    const [type, body] = rng.pick(WRONG_CONTENT);
    out.push({ kind: `body: sent as ${type}`, path: basePath, query: baseQuery, payload: body, contentType: type });
  }
  return out;
}

const STACK = /\bat .+[.](?:ts|js|mjs|cjs):\d+|^\s+at\s|node:internal|node_modules\//m;
const SQL =
  /\b(?:select\s.+\sfrom|insert\s+into|update\s.+\sset|delete\s+from)\b|SQLITE_[A-Z]|syntax error at or near|violates (?:not-null|foreign key|unique|check) constraint|duplicate key value|relation "|column "[^"]+" (?:of|does)|invalid input syntax for|out of range for type|invalid byte sequence|unsupported Unicode escape/i;

describe.each(testDatabases)('the fuzzer from /api/openapi.json on %s', (engine) => {
  let t: TestApp;
  let doc: Doc;
  let student: string;
  let admin: string;

  beforeAll(async () => {
    t = await createTestApp(engine);
    student = (await t.login('student01')).access_token;
    admin = (await t.login('admin')).access_token;
    doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as Doc;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('serves a valid OpenAPI 3.1 document whose every $ref resolves', async () => {
    const api = (await SwaggerParser.validate(structuredClone(doc) as never)) as { openapi: string };
    expect(api.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths).length).toBeGreaterThan(200);
  });

  it('takes 2^31, -2^31 - 1 and 2^53 in every integer field of every operation without a 5xx (32-bit columns on PostgreSQL)', async () => {
    const failures: string[] = [];
    for (const [template, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        if (SPARE.test(template)) continue;
        const url = template.replace(/\{[^}]+\}/g, 'x');
        const bodySchema = resolve(doc, op.requestBody?.content['application/json']?.schema);
        const base = (method === 'get' ? {} : plausible(doc, bodySchema)) as Record<string, unknown>;
        const numericBody = Object.entries(bodySchema.properties ?? {}).filter(([, v]) =>
          typesOf(resolve(doc, v)).some((t) => t === 'integer' || t === 'number'),
        );
        const numericQuery = (op.parameters ?? []).filter(
          (p) => p.in === 'query' && typesOf(resolve(doc, p.schema)).some((t) => t === 'integer' || t === 'number'),
        );
        for (const value of [2 ** 31, -(2 ** 31) - 1, 2 ** 53]) {
          const calls = [
            ...numericBody.map(([name]) => ({ name, query: {}, payload: JSON.stringify({ ...base, [name]: value }) })),
            ...numericQuery.map((p) => ({
              name: p.name,
              query: { [p.name]: String(value) },
              payload: method === 'get' ? undefined : JSON.stringify(base),
            })),
          ];
          for (const c of calls) {
            const res = await t.app.inject({
              method: method.toUpperCase() as 'GET',
              url,
              query: c.query,
              headers: { ...bearer(admin), ...(c.payload ? { 'content-type': 'application/json' } : {}) },
              ...(c.payload ? { payload: c.payload } : {}),
            });
            if (res.statusCode >= 500)
              failures.push(
                `${method.toUpperCase()} ${template} ${c.name}=${value} → ${res.statusCode} ${res.body.slice(0, 200)}`,
              );
          }
        }
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);

  it('answers every operation, malformed every way, with a 4xx or a success: no 5xx, no stack, no SQL', async () => {
    const failures: string[] = [];
    let calls = 0;
    for (const [template, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        if (SPARE.test(template)) continue;
        const rng = generator(hash(`${method} ${template}`));
        for (const c of casesFor(doc, method, op, rng)) {
          const url = template.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(c.path[name] ?? 'x'));
          const callers =
            rng.next() < 1 / 3 ? (['student', 'anonymous', 'admin'] as const) : (['student', 'anonymous'] as const);
          for (const who of callers) {
            const headers: Record<string, string> =
              who === 'student'
                ? bearer(student)
                : who === 'admin'
                  ? bearer(admin)
                  : rng.next() < 0.7
                    ? { 'tenant-id': DEMO_TENANT_ID }
                    : {};
            if (c.contentType) headers['content-type'] = c.contentType;
            const res = await t.app.inject({
              method: method.toUpperCase() as 'GET',
              url,
              query: c.query,
              headers,
              ...(c.payload === undefined ? {} : { payload: c.payload }),
            });
            calls += 1;
            const where = `${method.toUpperCase()} ${template} [${c.kind}] as ${who}`;
            if (res.statusCode >= 500) failures.push(`${where} → ${res.statusCode} ${res.body.slice(0, 200)}`);
            else if (template !== '/api/openapi.json' && (STACK.test(res.body) || SQL.test(res.body)))
              failures.push(`${where} → leaks ${res.body.slice(0, 300)}`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
    expect(calls).toBeGreaterThan(5_000);
    // The callers were who they were to the end: nothing in the run took a session away.
    for (const [token, account] of [
      [student, 'student01'],
      [admin, 'admin'],
    ] as const) {
      const me = await t.app.inject({ method: 'GET', url: '/api/blade-user/user/getUserInfo', headers: bearer(token) });
      expect(me.json()).toMatchObject({ status: 1000, result: { account } });
    }
  }, 300_000);
});
