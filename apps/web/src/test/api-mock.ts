import { vi } from 'vitest';

export interface MockCall {
  method: string;
  url: URL;
  body: unknown;
}

type Reply = unknown | Response | Promise<unknown | Response>;
export type MockHandler = (call: MockCall) => Reply;

/**
 * Stubs `fetch` at the api-client seam: each handler is keyed `'<METHOD> <path>'` (path under
 * /api/v1, no query) and returns the `data` to wrap in `{ data }`, or a Response. Unmatched calls
 * answer 404. Returns the list of calls for assertions.
 */
export function mockApi(handlers: Record<string, MockHandler>) {
  const calls: MockCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const call = { method, url, body };
    calls.push(call);
    const handler = handlers[`${method} ${url.pathname.replace(/^\/api\/v1/, '')}`];
    if (!handler) return Response.json({ status: 404, code: 'NOT_FOUND', message: `No mock for ${method} ${url.pathname}` }, { status: 404 });
    const reply = await handler(call);
    return reply instanceof Response ? reply : Response.json({ data: reply });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}

/** An error response in the API's one error contract. */
export function apiError(status: number, message: string, code = 'ERROR'): Response {
  return Response.json({ status, code, message }, { status });
}

/** A zero-based page of `content` out of `totalElements`. */
export function page<T>(content: T[], { page: index = 0, size = 50, totalElements = content.length } = {}) {
  return { content, page: index, size, totalElements, totalPages: Math.max(1, Math.ceil(totalElements / size)) };
}

/** A promise that never settles (a request still in flight). */
export function pending(): Promise<never> {
  return new Promise<never>(() => {});
}

/**
 * happy-dom lays nothing out: give every element a viewport height so the virtualiser
 * renders rows. Returns a restore function.
 */
export function stubElementHeight(clientHeight = 720): () => void {
  const descriptor = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientHeight');
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => clientHeight });
  return () => {
    if (descriptor) Object.defineProperty(HTMLElement.prototype, 'clientHeight', descriptor);
    else delete (HTMLElement.prototype as { clientHeight?: number }).clientHeight;
  };
}
