import { connect } from 'node:net';
import type { Target } from './target';
import { errorCode, message, outcome, type CheckOutcome } from './types';

function connectOnce(address: string, port: number, signal: AbortSignal): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const socket = connect({ host: address, port });
    const stop = () => socket.destroy(new Error('aborted'));
    signal.addEventListener('abort', stop, { once: true });
    const finish = () => signal.removeEventListener('abort', stop);
    socket.once('connect', () => {
      finish();
      socket.destroy();
      resolve(Math.round(performance.now() - started));
    });
    socket.once('error', (error) => {
      finish();
      reject(error);
    });
  });
}

/**
 * Opens a plain TCP connection to each address in turn until one answers: a firewall that drops the
 * port shows here, before any TLS or HTTP could hide it.
 */
export async function checkTcp(
  target: Target,
  addresses: readonly string[],
  signal: AbortSignal,
): Promise<CheckOutcome> {
  const tried: string[] = [];
  for (const address of addresses.length > 0 ? addresses : [target.host]) {
    try {
      const ms = await connectOnce(address, target.port, signal);
      return outcome('ok', message('tcp.ok', { host: target.host, port: target.port, ms }), {
        address,
        port: target.port,
        ms,
        ...(tried.length > 0 ? { failedFirst: tried } : {}),
      });
    } catch (error) {
      tried.push(`${address}: ${errorCode(error)}`);
      if (signal.aborted) break;
    }
  }
  const code = tried[0]?.split(': ')[1] ?? 'unknown';
  return outcome(
    'fail',
    message('tcp.fail', { host: target.host, port: target.port, code }),
    { attempts: tried },
    message('tcp.failAdvice', { host: target.host, port: target.port }),
  );
}
