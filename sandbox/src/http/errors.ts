/**
 * Errors answered as ASP.NET-style problem details (PascalCase, like the rest of the wire format):
 * { Type, Title, Status, Errors?: { Field: [message] }, TraceId }.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly title: string,
    readonly errors?: Record<string, string[]>,
    readonly headers?: Record<string, string>,
  ) {
    super(title);
  }
}

export const badRequest = (field: string, message: string): ApiError =>
  new ApiError(400, 'One or more validation errors occurred.', { [field]: [message] });

export const unauthorized = (message = 'Authorization has been denied for this request.'): ApiError =>
  new ApiError(401, message, undefined, { 'WWW-Authenticate': 'Bearer' });

/**
 * 401 for a token that is unknown or expired (RFC 6750 `invalid_token`), so a client can tell
 * "refresh and retry" apart from the interface's other 401s (e.g. reading labels of another organisation).
 */
export const invalidToken = (message: string): ApiError =>
  new ApiError(401, message, undefined, {
    'WWW-Authenticate': `Bearer error="invalid_token", error_description="${message.replace(/"/g, "'")}"`,
  });

export const forbidden = (message = 'You do not have permission to do this.'): ApiError => new ApiError(403, message);

export const notFound = (what: string, id: unknown): ApiError =>
  new ApiError(404, `${what} ${String(id)} was not found.`);

export const conflict = (message: string): ApiError => new ApiError(409, message);

export const payloadTooLarge = (limit: number): ApiError =>
  new ApiError(413, `The upload is larger than the limit of ${limit} bytes.`);

const statusTypes: Record<number, string> = {
  400: 'https://tools.ietf.org/html/rfc9110#section-15.5.1',
  401: 'https://tools.ietf.org/html/rfc9110#section-15.5.2',
  403: 'https://tools.ietf.org/html/rfc9110#section-15.5.4',
  404: 'https://tools.ietf.org/html/rfc9110#section-15.5.5',
  409: 'https://tools.ietf.org/html/rfc9110#section-15.5.10',
  413: 'https://tools.ietf.org/html/rfc9110#section-15.5.14',
  415: 'https://tools.ietf.org/html/rfc9110#section-15.5.16',
  429: 'https://tools.ietf.org/html/rfc6585#section-4',
  500: 'https://tools.ietf.org/html/rfc9110#section-15.6.1',
  503: 'https://tools.ietf.org/html/rfc9110#section-15.6.4',
};

export function problemBody(
  status: number,
  title: string,
  traceId: string,
  errors?: Record<string, string[]>,
): Record<string, unknown> {
  return {
    Type: statusTypes[status] ?? 'about:blank',
    Title: title,
    Status: status,
    ...(errors ? { Errors: errors } : {}),
    TraceId: traceId,
  };
}
