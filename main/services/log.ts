/** A small logging port with redaction, so nothing secret reaches a log file whatever calls it. */
export interface Logger {
  info(message: string, meta?: Record<string, unknown>): void;
  warn(message: string, meta?: Record<string, unknown>): void;
  error(message: string, meta?: Record<string, unknown>): void;
}

export type LogSink = (level: 'info' | 'warn' | 'error', message: string, meta?: Record<string, unknown>) => void;

const secretWords = 'authorization|token|password|passwd|secret|cookie|code_verifier|refresh|assertion|credential';
const secretKey = new RegExp(secretWords, 'i');

/**
 * Secrets written inside free text, each with the part that may stay. No current log line writes
 * them; these catch the day one does (an error message quoting a URL, a body or a header).
 */
const inTextRules: [pattern: RegExp, replacement: string | ((...match: string[]) => string)][] = [
  [/\bBearer\s+[A-Za-z0-9\-._~+/]+=*/gi, 'Bearer [redacted]'],
  // Basic credentials are base64 of `user:password`; only what decodes so is hidden ("Basic settings" stays).
  [/\bBasic\s+([A-Za-z0-9+/]+=*)/g, (whole, encoded = '') => (isBasicCredential(encoded) ? 'Basic [redacted]' : whole)],
  // A query string or form body: `?code=…`, `&access_token=…`, `refresh_token=…&` (OAuth's `code` included).
  [new RegExp(`([?&#;]|^|\\s)([\\w.-]*(?:${secretWords})[\\w.-]*|code)=[^&#\\s"']*`, 'gi'), '$1$2=[redacted]'],
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

/** Replaces values under secret-looking keys and secrets inside strings (see above), recursively. */
export function redact(value: unknown, depth = 0): unknown {
  if (depth > 6) return '[…]';
  if (typeof value === 'string') return redactText(value);
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
