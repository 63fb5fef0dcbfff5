import type { PacNote } from '../../api/proxy/routes';
import type { ProxyReading, ResolveProxy } from './types';
import { message, outcome, type CheckOutcome } from './types';

/** True for a PAC answer that sends the request straight to the host ("DIRECT", or nothing). */
export function isDirect(decision: string): boolean {
  const first = decision.split(';')[0]?.trim().toUpperCase() ?? '';
  return first === '' || first === 'DIRECT';
}

/**
 * How the service and the token endpoint are reached: directly or through a proxy. A proxy is normal in
 * many schools, so it is green; the decision goes in the report because it explains what follows. The
 * policy's PAC file makes it amber when it gave no answer (the decision shown is then a fallback, and
 * which one is said) or when it came over plain http (anyone on the way could have changed it).
 */
export function judgeProxy(service: string, token: string, pac?: PacNote): CheckOutcome {
  const details = { service, token, ...(pac ? { pacFile: pac.address } : {}) };
  const route =
    isDirect(service) && isDirect(token) ? message('proxy.direct') : message('proxy.via', { service, token });
  if (pac?.problem) {
    const summary = message(pac.problem === 'timed-out' ? 'proxy.pacTimedOut' : 'proxy.pacFailed', {
      address: pac.address,
    });
    const fallback = pac.fallback === 'last-answer' ? 'last-answer' : 'next-source';
    const advice = message(fallback === 'last-answer' ? 'proxy.pacFallbackLast' : 'proxy.pacFallbackNext', {
      service,
      token,
    });
    return outcome('warn', summary, { ...details, fallback }, advice);
  }
  if (pac?.insecure) return outcome('warn', route, details, message('proxy.pacInsecure', { address: pac.address }));
  if (isDirect(service) && isDirect(token)) return outcome('ok', route, details);
  return outcome('ok', route, details, message('proxy.viaAdvice'));
}

export async function checkProxy(resolve: ResolveProxy, serviceUrl: string, tokenUrl: string): Promise<CheckOutcome> {
  try {
    const [service, token] = await Promise.all([resolve(serviceUrl), resolve(tokenUrl)]);
    return judgeProxy(answerOf(service), answerOf(token), pacNoteOf(service, token));
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return outcome('warn', message('proxy.unknown', { reason }), {}, message('proxy.unknownAdvice'));
  }
}

const answerOf = (reading: ProxyReading): string => reading.answer.trim() || 'DIRECT';

/** The note that matters most: a PAC file that gave no answer, before one that only came over http. */
function pacNoteOf(...readings: ProxyReading[]): PacNote | undefined {
  return readings.find((reading) => reading.pac?.problem)?.pac ?? readings.find((reading) => reading.pac)?.pac;
}
