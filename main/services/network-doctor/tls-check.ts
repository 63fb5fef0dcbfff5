import { isIP } from 'node:net';
import * as tls from 'node:tls';
import type { Duplex } from 'node:stream';
import { chainOf, type Trust } from '../../api/trust';
import { leadsToPublicRoot } from './public-roots';
import type { Target } from './target';
import { isLoopback } from './target';
import { judgeHandshake } from './tls-judgement';
import { errorCode, message, outcome, type CheckOutcome } from './types';

/** The raw certificates leaf first; Node fills in the issuers from the trust store where it verified. */
function rawChain(peer: tls.DetailedPeerCertificate): Buffer[] {
  const raws: Buffer[] = [];
  const seen = new Set<string>();
  let current: tls.DetailedPeerCertificate | undefined = peer;
  while (current?.raw && !seen.has(current.fingerprint256) && raws.length < 10) {
    seen.add(current.fingerprint256);
    raws.push(current.raw);
    current = current.issuerCertificate;
  }
  return raws;
}

/**
 * One handshake with the app's own trust (Node's roots, the OS store, the CaCertificateFile policy),
 * verifying by hand rather than refusing, so the chain can be read and judged either way. Nothing is
 * sent over the connection.
 */
export async function checkTls(
  target: Target,
  trust: Trust,
  signal: AbortSignal,
  /** Behind a proxy: opens its CONNECT tunnel (as the app's requests go), for the handshake to go through. */
  openTunnel?: () => Promise<Duplex | undefined>,
): Promise<CheckOutcome> {
  if (target.protocol === 'http:') {
    // Plain HTTP to this computer is the sandbox; anywhere else it is worth saying.
    return Promise.resolve(
      isLoopback(target.host)
        ? outcome('skipped', message('tls.plainHttpLocal'))
        : outcome('warn', message('tls.plainHttp'), {}, message('tls.plainHttpAdvice')),
    );
  }
  let tunnel: Duplex | undefined;
  if (openTunnel) {
    try {
      tunnel = await openTunnel();
    } catch (error) {
      const code = error instanceof Error ? error.message : String(error);
      return outcome('fail', message('tls.handshakeFailed', { code }), { code }, message('tls.handshakeFailedAdvice'));
    }
  }
  return new Promise((resolve) => {
    const socket = tls.connect({
      // Through a tunnel, `host` still names the server, so its certificate is checked against the right name.
      ...(tunnel ? { socket: tunnel, host: target.host } : { host: target.host, port: target.port }),
      ...(isIP(target.host) ? {} : { servername: target.host }),
      ...trust.agentOptions,
      rejectUnauthorized: false,
    });
    const stop = () => socket.destroy(new Error('aborted'));
    signal.addEventListener('abort', stop, { once: true });
    const done = (result: CheckOutcome) => {
      signal.removeEventListener('abort', stop);
      socket.destroy();
      tunnel?.destroy();
      resolve(result);
    };
    socket.once('secureConnect', () => {
      const peer = socket.getPeerCertificate(true);
      const protocol = socket.getProtocol();
      done(
        judgeHandshake({
          authorized: socket.authorized,
          ...(socket.authorizationError ? { authorizationError: String(socket.authorizationError) } : {}),
          chain: chainOf(peer),
          publicRoot: leadsToPublicRoot(rawChain(peer)),
          ...(protocol ? { protocol } : {}),
        }),
      );
    });
    socket.once('error', (error) => {
      const code = errorCode(error);
      done(outcome('fail', message('tls.handshakeFailed', { code }), { code }, message('tls.handshakeFailedAdvice')));
    });
  });
}
