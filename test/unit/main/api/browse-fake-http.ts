import type { ServiceHttp } from '../../../../main/api/http';

export interface RecordedCall {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  body?: unknown;
  params?: Record<string, unknown>;
}

/**
 * A stand-in for the HTTP layer that records what an area module asks for and answers from a
 * script (already camelCase-agnostic: the modules read through the tolerant reader either way).
 */
export function fakeHttp(answer: (call: RecordedCall) => unknown = () => null): {
  http: ServiceHttp;
  calls: RecordedCall[];
} {
  const calls: RecordedCall[] = [];
  const record = async (call: RecordedCall) => {
    calls.push(call);
    const value = answer(call);
    if (value instanceof Error) throw value;
    return value;
  };
  const http = {
    get: (path: string, o?: { params?: Record<string, unknown> }) =>
      record({ method: 'GET', path, ...(o?.params ? { params: o.params } : {}) }),
    post: (path: string, body?: unknown, o?: { params?: Record<string, unknown> }) =>
      record({ method: 'POST', path, body, ...(o?.params ? { params: o.params } : {}) }),
    put: (path: string, body?: unknown) => record({ method: 'PUT', path, body }),
    del: (path: string) => record({ method: 'DELETE', path }),
  } as unknown as ServiceHttp;
  return { http, calls };
}
