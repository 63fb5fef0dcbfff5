import { isIP } from 'node:net';

/** Where a check connects: the parts of the service or token URL, without path, query or credentials. */
export interface Target {
  protocol: 'http:' | 'https:';
  /** Host name or address, without the brackets of an IPv6 literal. */
  host: string;
  port: number;
  /** "host:port" for sentences and the report. */
  display: string;
}

export function targetOf(url: string): Target {
  const parsed = new URL(url);
  const protocol = parsed.protocol === 'http:' ? 'http:' : 'https:';
  const host = parsed.hostname.replace(/^\[|\]$/g, '');
  const port = Number(parsed.port || (protocol === 'https:' ? 443 : 80));
  return { protocol, host, port, display: `${parsed.hostname}:${port}` };
}

/** This computer: plain HTTP is allowed there (the sandbox), so it is not a finding. */
export function isLoopback(host: string): boolean {
  if (host === 'localhost') return true;
  if (isIP(host) === 4) return host.startsWith('127.');
  return host === '::1';
}
