import type { ResolveProxy } from './types';
import { message, outcome, type CheckOutcome } from './types';

/** True for a PAC answer that sends the request straight to the host ("DIRECT", or nothing). */
export function isDirect(decision: string): boolean {
  const first = decision.split(';')[0]?.trim().toUpperCase() ?? '';
  return first === '' || first === 'DIRECT';
}

/**
 * How the service and the token endpoint are reached: directly or through a proxy. A proxy is normal in
 * many schools, so it is green; the decision goes in the report because it explains what follows.
 */
export function judgeProxy(service: string, token: string): CheckOutcome {
  const details = { service, token };
  if (isDirect(service) && isDirect(token)) return outcome('ok', message('proxy.direct'), details);
  return outcome('ok', message('proxy.via', { service, token }), details, message('proxy.viaAdvice'));
}

export async function checkProxy(resolve: ResolveProxy, serviceUrl: string, tokenUrl: string): Promise<CheckOutcome> {
  try {
    const [service, token] = await Promise.all([resolve(serviceUrl), resolve(tokenUrl)]);
    return judgeProxy(service.trim() || 'DIRECT', token.trim() || 'DIRECT');
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return outcome('warn', message('proxy.unknown', { reason }), {}, message('proxy.unknownAdvice'));
  }
}
