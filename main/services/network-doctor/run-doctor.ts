import type { NetworkReport } from '../../../preload/contract';
import { checkSignedInCall } from './api-check';
import { checkClock } from './clock-check';
import { checkDns } from './dns-check';
import { checkProxy } from './proxy-check';
import { runStep } from './run-step';
import { targetOf } from './target';
import { checkTcp } from './tcp-check';
import { checkTls } from './tls-check';
import { noteRefusedCaFiles } from './tls-judgement';
import { checkTokenEndpoint } from './token-check';
import { checkUpload } from './upload-check';
import {
  message,
  outcome,
  type CheckOutcome,
  type DoctorDeps,
  type NetworkCheckId,
  type NetworkCheckResult,
  type NetworkMessage,
} from './types';

/** Generous enough for a slow school line, short enough that a dead one does not hold the page for long. */
export const defaultTimeouts: Record<NetworkCheckId, number> = {
  dns: 5_000,
  tcp: 8_000,
  tls: 10_000,
  proxy: 5_000,
  token: 15_000,
  api: 20_000,
  clock: 15_000,
  upload: 60_000,
};

/**
 * Runs the checks in order. A step that needs what an earlier one failed to give (no address → no
 * connection → no TLS → no request) is skipped with that reason, so the first red step is the one to
 * act on. The proxy and token steps stand alone: the token endpoint may live on another host.
 * `onStep` hears each step as it finishes, for the page's progress.
 */
export async function runNetworkDoctor(
  deps: DoctorDeps,
  onStep: (step: NetworkCheckResult) => void = () => undefined,
): Promise<NetworkReport> {
  const startedAt = deps.now();
  const target = targetOf(deps.serviceUrl);
  const limits = { ...defaultTimeouts, ...deps.timeouts };
  const http = deps.signedInHttp();
  const steps: NetworkCheckResult[] = [];
  let blockedBy: NetworkMessage | undefined;

  async function step(
    id: NetworkCheckId,
    check: (signal: AbortSignal) => Promise<CheckOutcome>,
    options: { blocking?: string; independent?: boolean } = {},
  ): Promise<CheckOutcome> {
    const result = blockedBy && !options.independent ? outcome('skipped', blockedBy) : await runStep(limits[id], check);
    const done = { id, ...result };
    steps.push(done);
    onStep(done);
    if (result.status === 'fail' && options.blocking && !blockedBy) blockedBy = message(options.blocking);
    return result;
  }

  // Behind a proxy, the first hop is the proxy: its name must resolve and its port answer, and the TLS
  // step goes through its tunnel, where an inspecting proxy shows its own certificate.
  const route = (await deps.transport.decide(deps.serviceUrl)).route;
  const proxyUrl = route.kind === 'proxy' ? route.proxyUrl : undefined;
  const firstHop = proxyUrl ? targetOf(proxyUrl) : target;
  const dns = await step('dns', () => checkDns(firstHop), { blocking: 'skipped.noDns' });
  const addresses = Array.isArray(dns.details.addresses) ? (dns.details.addresses as string[]) : [];
  await step('tcp', (signal) => checkTcp(firstHop, addresses, signal), { blocking: 'skipped.noTcp' });
  await step(
    'tls',
    async (signal) =>
      noteRefusedCaFiles(
        await checkTls(
          target,
          deps.trust,
          signal,
          proxyUrl ? () => deps.transport.openTunnel(deps.serviceUrl) : undefined,
        ),
        deps.refusedCaFiles ?? [],
      ),
    { blocking: 'skipped.noTls' },
  );
  await step('proxy', () => checkProxy(deps.resolveProxy, deps.serviceUrl, deps.tokenUrl), { independent: true });
  const common = { transport: deps.transport, now: deps.now };
  await step('token', (signal) => checkTokenEndpoint({ ...common, url: deps.tokenUrl, signal }), {
    independent: true,
  });
  const api = await step('api', (signal) => checkSignedInCall(http, signal, limits.api));
  await step('clock', (signal) => checkClock({ ...common, url: deps.serviceUrl, signal }));
  if (api.status === 'fail' && !blockedBy) blockedBy = message('skipped.noApi');
  await step('upload', (signal) => checkUpload(http, signal, deps.log));

  return {
    serviceHost: target.display,
    startedAt: startedAt.toISOString(),
    finishedAt: deps.now().toISOString(),
    steps,
  };
}
