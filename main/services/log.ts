/** A small logging port with redaction, so nothing secret reaches a log file whatever calls it. */
export interface Logger {
  info(message: string, meta?: Record<string, unknown>): void;
  warn(message: string, meta?: Record<string, unknown>): void;
  error(message: string, meta?: Record<string, unknown>): void;
}

export type LogSink = (level: 'info' | 'warn' | 'error', message: string, meta?: Record<string, unknown>) => void;

// `verifier`: PKCE's code_verifier, also as codeVerifier; `signature`: signed URLs' X-Amz-Signature and the like.
const secretWords = 'authorization|token|password|passwd|secret|cookie|verifier|refresh|assertion|credential|signature';
const secretKey = new RegExp(secretWords, 'i');

/**
 * Secrets written inside free text, each with the part that may stay. No current log line writes
 * them; these catch the day one does (an error message quoting a URL, a body or a header).
 */
const inTextRules: [pattern: RegExp, replacement: string | ((...match: string[]) => string)][] = [
  [/\bBearer\s+[A-Za-z0-9\-._~+/]+=*/gi, 'Bearer [redacted]'],
  // A JWT wherever it stands (an id_token in a message, a token pasted into an error): header.payload.signature.
  [/\beyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*(?:\.[A-Za-z0-9_-]+){0,2}/g, '[redacted]'],
  // A Cookie or Set-Cookie header written out: everything after the name, to the end of the line.
  [/\b((?:Set-)?Cookie\s*:\s*)[^\r\n]+/gi, '$1[redacted]'],
  // Basic credentials are base64 of `user:password`; only what decodes so is hidden ("Basic settings" stays).
  [/\bBasic\s+([A-Za-z0-9+/]+=*)/g, (whole, encoded = '') => (isBasicCredential(encoded) ? 'Basic [redacted]' : whole)],
  // A query string or form body: `?code=…`, `&access_token=…`, `refresh_token=…&` (OAuth's `code`
  // included), and an Azure SAS URL's `sig=…`, which alone grants what the URL allows.
  [new RegExp(`([?&#;]|^|\\s)([\\w.-]*(?:${secretWords})[\\w.-]*|code|sig)=[^&#\\s"']*`, 'gi'), '$1$2=[redacted]'],
  // JSON quoted inside a string, escaped or not: `"refresh_token":"…"`, `\\"Password\\":\\"…\\"`.
  [
    new RegExp(`(\\\\?"[^"\\\\]*(?:${secretWords})[^"\\\\]*\\\\?"\\s*:\\s*)\\\\?"(?:[^"\\\\]|\\\\(?!"))*\\\\?"`, 'gi'),
    '$1"[redacted]"',
  ],
  // Credentials in a URL: `https://user:password@host`.
  [/(\b[a-z][a-z0-9+.-]*:\/\/[^\s/:@]+:)[^\s/@]+@/gi, '$1[redacted]@'],
];

function isBasicCredential(encoded: string): boolean {
  return encoded.length >= 4 && Buffer.from(encoded, 'base64').toString('latin1').includes(':');
}

/** Redacts every secret-looking part of a free text. */
function redactText(text: string): string {
  return inTextRules.reduce(
    (result, [pattern, replacement]) =>
      typeof replacement === 'string' ? result.replace(pattern, replacement) : result.replace(pattern, replacement),
    text,
  );
}

/**
 * What of an Error goes in the log: its own properties are not enumerable, so it would be written
 * as `{}`. Name, message, code and stack (all redacted like any text), an AppError's details, and the
 * cause (a network error's underlying ECONNREFUSED, say). Nothing else: an HTTP library's error also
 * carries the whole request, headers included.
 */
function errorFields(error: Error): Record<string, unknown> {
  const { code, details } = error as { code?: unknown; details?: unknown };
  return {
    name: error.name,
    message: error.message,
    ...(typeof code === 'string' || typeof code === 'number' ? { code } : {}),
    ...(details !== null && typeof details === 'object' ? { details } : {}),
    ...(error.stack ? { stack: error.stack } : {}),
    ...(error.cause !== undefined ? { cause: error.cause } : {}),
  };
}

/** Replaces values under secret-looking keys and secrets inside strings (see above), recursively. */
export function redact(value: unknown, depth = 0): unknown {
  if (depth > 6) return '[…]';
  if (typeof value === 'string') return redactText(value);
  if (value instanceof Error) return redact(errorFields(value), depth);
  if (Array.isArray(value)) return value.map((item) => redact(item, depth + 1));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).map(([key, inner]) => [
        key,
        secretKey.test(key) ? '[redacted]' : redact(inner, depth + 1),
      ]),
    );
  }
  return value;
}

export function createLogger(sink: LogSink): Logger {
  const write = (level: 'info' | 'warn' | 'error') => (message: string, meta?: Record<string, unknown>) =>
    sink(level, redact(message) as string, meta === undefined ? undefined : (redact(meta) as Record<string, unknown>));
  return { info: write('info'), warn: write('warn'), error: write('error') };
}
