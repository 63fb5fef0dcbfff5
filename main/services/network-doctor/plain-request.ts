import { Agent as HttpsAgent } from 'node:https';
import axios from 'axios';
import type { Trust } from '../../api/trust';

/** An HTTP answer as the doctor reads it: any status, headers with lower-case names, the text. */
export interface PlainAnswer {
  status: number;
  headers: Record<string, string>;
  text: string;
  /** Local clock (ms since the epoch) when the request left and when the answer arrived. */
  sentAt: number;
  receivedAt: number;
}

export interface PlainRequest {
  method: 'GET' | 'POST';
  url: string;
  trust: Trust;
  now: () => Date;
  signal: AbortSignal;
  body?: string;
  headers?: Record<string, string>;
}

/**
 * One anonymous request with the app's trust and no retries, judging nothing: the doctor wants to see
 * exactly what came back, including 4xx answers. It never carries a token.
 */
export async function plainRequest(request: PlainRequest): Promise<PlainAnswer> {
  const agent = new HttpsAgent({ keepAlive: false, ...request.trust.agentOptions });
  const sentAt = request.now().getTime();
  try {
    const response = await axios.request<string>({
      method: request.method,
      url: request.url,
      adapter: 'http',
      maxRedirects: 0,
      responseType: 'text',
      transformResponse: [(data: unknown) => data],
      validateStatus: () => true,
      httpsAgent: agent,
      signal: request.signal,
      ...(request.body !== undefined ? { data: request.body } : {}),
      headers: { Accept: 'application/json', ...request.headers },
    });
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(response.headers as Record<string, unknown>)) {
      if (value !== undefined && value !== null) headers[name.toLowerCase()] = String(value);
    }
    return {
      status: response.status,
      headers,
      text: typeof response.data === 'string' ? response.data : '',
      sentAt,
      receivedAt: request.now().getTime(),
    };
  } finally {
    agent.destroy();
  }
}
