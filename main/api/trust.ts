import { readFileSync } from 'node:fs';
import type { AgentOptions } from 'node:https';
import * as net from 'node:net';
import { isIP } from 'node:net';
import type { Duplex } from 'node:stream';
import * as tls from 'node:tls';
import { X509Certificate } from 'node:crypto';
import type { Logger } from '../services/log';
import type { ProxyCredential } from './proxy/agents';
import type { AppError } from '../services/app-error';
import { isUntrustedIssuer, untrustedCertificateError, type FailureContext, type PresentedCertificate } from './errors';

/**
 * Which certificate authorities main's own HTTPS connections trust. Node's http stack trusts only the
 * roots bundled with Node, not the operating system's store, so a school's TLS-inspection root that IT
 * deployed to every computer would be refused (FIELD-NOTES). The list is Node's bundled roots, the OS
 * store where this Node can read it (`tls.getCACertificates('system')`, Node ≥ 22.15, i.e. Electron's
 * Node but not the Node 20 that runs the tests) and the PEM file the CaCertificateFile policy names.
 */

export interface TrustOptions {
  /** PEM files of extra authorities (the CaCertificateFile policy); each may hold several certificates. */
  caFiles?: readonly string[];
  log: Logger;
  /** Whether to read the operating system's store (default true); tests turn it off to be deterministic. */
  system?: boolean;
}

export interface Trust {
  /**
   * Spread into every `https.Agent` main creates. It carries one secure context built at start, so the
   * few hundred roots are parsed once rather than on every new connection (a `ca` array would be).
   */
  readonly agentOptions: Readonly<Pick<AgentOptions, 'secureContext'>>;
  /** How many authorities came from where, for the log and diagnostics. */
  readonly counts: { bundled: number; system: number; files: number };
}

/** Node's `tls.getCACertificates`, where this Node has it (not in @types/node 20). */
type GetCaCertificates = (store: 'default' | 'system' | 'bundled' | 'extra') => string[];

function systemCertificates(log: Logger): string[] {
  const read = (tls as unknown as { getCACertificates?: GetCaCertificates }).getCACertificates;
  if (typeof read !== 'function') return [];
  try {
    return read('system');
  } catch (error) {
    log.warn('the system certificate store could not be read', { cause: (error as Error).message });
    return [];
  }
}

const pemBlock = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g;

/** The certificates in one PEM file; a file that has none, or one that does not parse, is refused whole. */
export function readPemFile(path: string): string[] {
  const text = readFileSync(path, 'utf8');
  const blocks = text.match(pemBlock) ?? [];
  if (blocks.length === 0) throw new Error('no PEM certificate in the file');
  // Parsed here so that a damaged file is reported by name, not as a failure of every connection.
  for (const block of blocks) new X509Certificate(block);
  return blocks;
}

export function createTrust(options: TrustOptions): Trust {
  const { log } = options;
  const bundled = [...tls.rootCertificates];
  const system = options.system === false ? [] : systemCertificates(log);
  const extra: string[] = [];
  for (const file of options.caFiles ?? []) {
    try {
      extra.push(...readPemFile(file));
    } catch (error) {
      // One line that names the file and why; the app goes on with the other authorities.
      // A file-system error carries the call that failed; anything else is about the contents.
      const { code, syscall } = error as NodeJS.ErrnoException;
      const why =
        code === 'ENOENT'
          ? 'it does not exist'
          : syscall
            ? `it could not be read (${code})`
            : 'it is not a PEM certificate file';
      log.warn(`CaCertificateFile ignored: ${file}: ${why}`);
    }
  }
  const secureContext = tls.createSecureContext({ ca: [...bundled, ...system, ...extra] });
  log.info('trusted certificate authorities', { bundled: bundled.length, system: system.length, files: extra.length });
  return {
    agentOptions: { secureContext },
    counts: { bundled: bundled.length, system: system.length, files: extra.length },
  };
}

const fromName = (name: tls.Certificate | undefined) => ({
  ...(name?.CN ? { commonName: String(name.CN) } : {}),
  ...(name?.O ? { organisation: String(name.O) } : {}),
});

/** The chain as the peer sent it, leaf first, without looping on a self-signed root. */
export function chainOf(peer: tls.DetailedPeerCertificate): PresentedCertificate[] {
  const chain: PresentedCertificate[] = [];
  const seen = new Set<string>();
  let current: tls.DetailedPeerCertificate | undefined = peer;
  while (current && current.fingerprint256 && !seen.has(current.fingerprint256) && chain.length < 10) {
    seen.add(current.fingerprint256);
    chain.push({
      subject: fromName(current.subject),
      issuer: fromName(current.issuer),
      validTo: current.valid_to,
      fingerprint256: current.fingerprint256,
    });
    current = current.issuerCertificate;
  }
  return chain;
}

/** How the failed request went out: through this proxy (and with this credential), or direct. */
export interface ChainRoute {
  proxyUrl?: string;
  credential?: ProxyCredential;
}

/**
 * Opens a tunnel to host:port through an HTTP proxy (CONNECT), as the failed request did: behind a
 * school's proxy a direct connection may not get out at all, and it is the proxy that forges the chain.
 */
export function tunnelThrough(
  route: Required<Pick<ChainRoute, 'proxyUrl'>> & ChainRoute,
  host: string,
  port: number,
): Promise<Duplex> {
  const proxy = new URL(route.proxyUrl);
  const proxyPort = Number(proxy.port || (proxy.protocol === 'https:' ? 443 : 80));
  const proxyHost = proxy.hostname.replace(/^\[|\]$/g, '');
  return new Promise((resolve, reject) => {
    const socket: Duplex =
      proxy.protocol === 'https:'
        ? tls.connect({ host: proxyHost, port: proxyPort, ...(isIP(proxyHost) ? {} : { servername: proxyHost }) })
        : net.connect({ host: proxyHost, port: proxyPort });
    const authority = `${isIP(host) === 6 ? `[${host}]` : host}:${port}`;
    const authorization = route.credential
      ? `Proxy-Authorization: Basic ${Buffer.from(`${route.credential.username}:${route.credential.password}`).toString('base64')}\r\n`
      : '';
    socket.once('error', reject);
    socket.once(proxy.protocol === 'https:' ? 'secureConnect' : 'connect', () => {
      socket.write(`CONNECT ${authority} HTTP/1.1\r\nHost: ${authority}\r\n${authorization}\r\n`);
    });
    let head = '';
    const onData = (chunk: Buffer) => {
      head += chunk.toString('latin1');
      const end = head.indexOf('\r\n\r\n');
      if (end < 0) {
        if (head.length > 16_384) reject(new Error('the proxy sent an overlong answer'));
        return;
      }
      socket.off('data', onData);
      if (/^HTTP\/1\.[01] 200/.test(head)) resolve(socket);
      else {
        socket.destroy();
        reject(new Error(`the proxy answered ${head.split('\r\n', 1)[0]}`));
      }
    };
    socket.on('data', onData);
  });
}

/**
 * After a certificate failure, connects once more to the same host and port (through the same proxy)
 * without verifying, only to read the chain the peer presents (nothing is sent over the TLS session),
 * so the message can name the authority. Undefined when that fails too.
 */
export function readPresentedChain(
  url: string,
  timeoutMs = 5_000,
  route: ChainRoute = {},
): Promise<PresentedCertificate[] | undefined> {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return Promise.resolve(undefined);
  }
  if (target.protocol !== 'https:') return Promise.resolve(undefined);
  const host = target.hostname.replace(/^\[|\]$/g, '');
  const port = Number(target.port || 443);
  return new Promise((resolve) => {
    let socket: tls.TLSSocket | undefined;
    let tunnel: Duplex | undefined;
    let settled = false;
    const done = (chain: PresentedCertificate[] | undefined) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket?.destroy();
      tunnel?.destroy();
      resolve(chain);
    };
    const timer = setTimeout(() => done(undefined), timeoutMs);
    const handshake = (through: Duplex | undefined) => {
      socket = tls.connect({
        ...(through ? { socket: through } : { host, port }),
        // SNI takes a name only; a firewall picks the certificate it forges by it.
        ...(isIP(host) ? {} : { servername: host }),
        rejectUnauthorized: false,
      });
      socket.once('secureConnect', () => {
        const peer = socket?.getPeerCertificate(true);
        done(peer && Object.keys(peer).length > 0 ? chainOf(peer) : undefined);
      });
      socket.once('error', () => done(undefined));
    };
    if (!route.proxyUrl) {
      handshake(undefined);
      return;
    }
    tunnelThrough({ ...route, proxyUrl: route.proxyUrl }, host, port).then(
      (opened) => {
        tunnel = opened;
        if (settled) opened.destroy();
        else handshake(opened);
      },
      () => done(undefined),
    );
  });
}

/**
 * A TLS failure from an untrusted authority, rewritten to name that authority (see
 * untrustedCertificateError); any other failure, or one whose chain cannot be read, as it was.
 */
export async function explainUntrusted(
  failure: AppError,
  url: string,
  context: FailureContext = {},
  route: ChainRoute = {},
): Promise<AppError> {
  if (!isUntrustedIssuer(failure)) return failure;
  const chain = await readPresentedChain(url, 5_000, route);
  return chain && chain.length > 0 ? untrustedCertificateError(failure, chain, context) : failure;
}
