import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { promisify } from 'node:util';
import type { Target } from './target';
import { errorCode, message, outcome, type CheckOutcome } from './types';

export type LookupAll = (host: string) => Promise<LookupAddress[]>;

const lookupAll: LookupAll = (host) => promisify(dnsLookup)(host, { all: true });

/**
 * Asks the operating system's resolver (as every connection of the app does) for all addresses of the
 * service's host. The addresses are handed to the TCP step.
 */
export async function checkDns(target: Target, lookup: LookupAll = lookupAll): Promise<CheckOutcome> {
  const started = performance.now();
  try {
    const addresses = (await lookup(target.host)).map((entry) => entry.address);
    const ms = Math.round(performance.now() - started);
    if (addresses.length === 0) {
      return outcome(
        'fail',
        message('dns.fail', { host: target.host, code: 'ENODATA' }),
        {},
        message('dns.failAdvice'),
      );
    }
    return outcome('ok', message('dns.ok', { host: target.host, addresses: addresses.join(', ') }), { addresses, ms });
  } catch (error) {
    const code = errorCode(error);
    return outcome('fail', message('dns.fail', { host: target.host, code }), { code }, message('dns.failAdvice'));
  }
}
