import type { Transport } from '../../api/transport';

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
  /** The app's one transport: the same proxy and trust as sign-in and uploads, so the check sees what they see. */
  transport: Transport;
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
  const sentAt = request.now().getTime();
  const response = await request.transport.send({
    method: request.method,
    url: request.url,
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
}
