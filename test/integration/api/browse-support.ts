import { createServiceHttp, type ServiceHttp } from '../../../main/api/http';
import type { Logger } from '../../../main/services/log';
import { signIn } from './support';

/** One HTTP connection per demo account, signed in through the real token endpoint. */
export async function connectAs(url: string, email: string, log: Logger, opened: ServiceHttp[]): Promise<ServiceHttp> {
  const { session } = await signIn(url, email, log);
  const http = createServiceHttp({ serviceUrl: url, session, log });
  opened.push(http);
  return http;
}

/** The same connection asking for XML on every call, to run the real API functions over XML answers. */
export function askingForXml(http: ServiceHttp): ServiceHttp {
  const xml = { Accept: 'application/xml' };
  return {
    ...http,
    get: (path, options = {}) => http.get(path, { ...options, headers: { ...options.headers, ...xml } }),
    post: (path, body, options = {}) => http.post(path, body, { ...options, headers: { ...options.headers, ...xml } }),
    put: (path, body, options = {}) => http.put(path, body, { ...options, headers: { ...options.headers, ...xml } }),
    del: (path, options = {}) => http.del(path, { ...options, headers: { ...options.headers, ...xml } }),
  };
}
