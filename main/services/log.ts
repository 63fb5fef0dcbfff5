/** A small logging port with redaction, so nothing secret reaches a log file whatever calls it. */
export interface Logger {
  info(message: string, meta?: Record<string, unknown>): void;
  warn(message: string, meta?: Record<string, unknown>): void;
  error(message: string, meta?: Record<string, unknown>): void;
}

export type LogSink = (level: 'info' | 'warn' | 'error', message: string, meta?: Record<string, unknown>) => void;

const secretKey = /authorization|token|password|secret|cookie|code_verifier|refresh/i;
const bearer = /Bearer\s+[A-Za-z0-9\-._~+/]+=*/gi;

/** Replaces values under secret-looking keys and bearer strings anywhere, recursively. */
export function redact(value: unknown, depth = 0): unknown {
  if (depth > 6) return '[…]';
  if (typeof value === 'string') return value.replace(bearer, 'Bearer [redacted]');
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
