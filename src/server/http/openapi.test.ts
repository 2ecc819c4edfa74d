import { beforeAll, expect, it } from 'vitest';
import { useTestApp } from '../testing/app';
import { OPEN_AUTH_ROUTES } from '../auth/routes';
import { servedRoutes } from '../testing/routes';

// Issue 13: the OpenAPI document at /api/openapi.json, made from the contracts, describes every route the
// API serves, so the network's other tools can use it.

/** Not part of the API: health checks, pages, the admin command line's loopback calls, the document itself. */
const NOT_API = (route: string) => !route.split(' ')[1]!.startsWith('/api/') || route === 'GET /api/openapi.json';

type OpenApiDocument = {
  openapi: string;
  paths: Record<string, Record<string, { summary?: string; responses: Record<string, unknown>; tags?: string[] }>>;
};

let doc: OpenApiDocument;
const t = useTestApp({ appOptions: { controlToken: 'openapi-test' } });
beforeAll(async () => {
  const res = await t.client().get('/api/openapi.json');
  expect(res.status).toBe(200);
  doc = (await res.json()) as OpenApiDocument;
});

/** "GET /api/posts/:id" for each operation of the document. */
function documented(): string[] {
  return Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.keys(ops).map((method) => `${method.toUpperCase()} /api${path.replaceAll(/\{(\w+)\}/g, ':$1')}`),
  );
}

it('is OpenAPI 3.1, each operation with a summary, a tag and its answers', () => {
  expect(doc.openapi).toBe('3.1.0');
  for (const [path, ops] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(ops)) {
      expect(op.summary, `${method} ${path}`).toBeTruthy();
      expect(op.tags?.length, `${method} ${path}`).toBe(1);
      expect(
        Object.keys(op.responses).some((s) => s.startsWith('2')),
        `${method} ${path}`,
      ).toBe(true);
    }
  }
});

it('describes every route the API serves', () => {
  const inDoc = new Set(documented());
  const served = servedRoutes(t.app).filter((r) => !NOT_API(r));
  expect(
    served.filter((r) => !inDoc.has(r)),
    'served, but not described',
  ).toEqual([]);
  expect(
    [...inDoc].filter((r) => !served.includes(r)),
    'described, but not served',
  ).toEqual([]);
});

it('describes the forum with its request and response schemas', () => {
  const getPost = doc.paths['/posts/{id}']?.get as unknown as {
    parameters: Array<{ name: string; in: string }>;
    responses: Record<string, unknown>;
  };
  expect(getPost.parameters).toContainEqual(expect.objectContaining({ name: 'id', in: 'path' }));
  // 503 is every endpoint's: the database may be away (issue 15).
  expect(Object.keys(getPost.responses).sort()).toEqual(['200', '404', '503']);
  expect(JSON.stringify(doc)).toContain('"PostDetail"');
});

it('describes each path parameter with its shape: serial ids in digits, uuids, account ids', () => {
  type Param = { name: string; in: string; schema: { type?: string; pattern?: string; format?: string } };
  const paramOf = (path: string, method: string) =>
    (doc.paths[path]?.[method] as unknown as { parameters: Param[] }).parameters.find((p) => p.in === 'path');
  expect(paramOf('/posts/{id}', 'get')?.schema).toMatchObject({ type: 'string', pattern: '^\\d{1,10}$' });
  expect(paramOf('/post-categories/{id}/follow', 'put')?.schema).toMatchObject({ type: 'string', pattern: '^\\d{1,10}$' });
  expect(paramOf('/notifications/{id}/read', 'post')?.schema).toMatchObject({ type: 'string', format: 'uuid' });
  expect(paramOf('/admin/mail/{id}', 'get')?.schema).toMatchObject({ type: 'string', format: 'uuid' });
  expect(paramOf('/admin/profiles/{uid}/role', 'put')?.schema).toMatchObject({ type: 'string', pattern: '^[A-Za-z0-9_-]{1,64}$' });
});

it("describes Better Auth's open routes under Auth, with the bodies they read", () => {
  for (const route of OPEN_AUTH_ROUTES) {
    const [method, action] = route.split(' ') as [string, string];
    const op = doc.paths[`/auth${action}`]?.[method.toLowerCase()] as unknown as { tags: string[]; requestBody?: unknown } | undefined;
    expect(op?.tags, route).toEqual(['Auth']);
    if (method === 'POST' && action !== '/sign-out') expect(op?.requestBody, route).toBeDefined();
  }
});

it("says who may call each operation as an extension field, since OpenAPI has no 'access' of its own", () => {
  const operations = Object.values(doc.paths).flatMap((item) => Object.values(item as Record<string, Record<string, unknown>>));
  expect(operations.filter((op) => 'access' in op)).toEqual([]);
  const getPost = doc.paths['/posts/{id}']?.get as unknown as Record<string, unknown>;
  expect(getPost['x-access']).toBe('anyone');
  const updateState = doc.paths['/admin/states/{code}']?.put as unknown as Record<string, unknown>;
  expect(updateState['x-access']).toBe('admin');
});

it('declares a 400 wherever the input is checked: a query, or a body', () => {
  type Op = { parameters?: Array<{ in: string }>; requestBody?: unknown; responses: Record<string, unknown> };
  const undeclared = Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops as Record<string, Op>)
      .filter(([, op]) => (op.requestBody || op.parameters?.some((p) => p.in === 'query')) && !('400' in op.responses))
      .map(([method]) => `${method.toUpperCase()} ${path}`),
  );
  expect(undeclared).toEqual([]);
});
