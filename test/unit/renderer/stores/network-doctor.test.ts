// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { createPinia, setActivePinia } from 'pinia';
import { useNetworkDoctorStore } from '../../../../renderer/src/stores/network-doctor';
import { BRIDGE_GLOBAL, type NetworkCheckResult, type NetworkReport, type Result } from '../../../../preload/contract';

const dns: NetworkCheckResult = {
  id: 'dns',
  status: 'ok',
  summary: { key: 'networkDoctor.messages.dns.ok', params: { host: 'a', addresses: '1.2.3.4' } },
  details: {},
};
const tcp: NetworkCheckResult = { ...dns, id: 'tcp', status: 'fail' };
const report: NetworkReport = { serviceHost: 'a:443', startedAt: '', finishedAt: '', steps: [dns, tcp] };

/** A fake bridge whose run reports each step as an event before it answers, as main does. */
function installBridge(answer: Result<NetworkReport>) {
  const listeners = new Set<(step: NetworkCheckResult) => void>();
  const seenDuringRun: string[][] = [];
  const store = () => useNetworkDoctorStore();
  (window as unknown as Record<string, unknown>)[BRIDGE_GLOBAL] = {
    network: {
      diagnose: async () => {
        for (const step of report.steps) {
          listeners.forEach((listener) => listener(step));
          seenDuringRun.push(store().steps.map((s) => s.id));
        }
        return answer;
      },
      copyReport: async () => ({ ok: false, error: { code: 'UNAVAILABLE', message: 'Run the network check first.' } }),
    },
    on: (_channel: string, listener: (step: NetworkCheckResult) => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return { seenDuringRun, listeners };
}

describe('network check store', () => {
  beforeEach(() => setActivePinia(createPinia()));

  it('shows each step as main reports it, then the whole report, and stops listening', async () => {
    const { seenDuringRun, listeners } = installBridge({ ok: true, data: report });
    const doctor = useNetworkDoctorStore();
    await doctor.run();
    expect(seenDuringRun).toEqual([['dns'], ['dns', 'tcp']]);
    expect(doctor.state).toBe('ready');
    expect(doctor.steps.map((s) => s.status)).toEqual(['ok', 'fail']);
    expect(listeners.size).toBe(0);
  });

  it('keeps the error of a run that could not start, and of a copy before any run', async () => {
    installBridge({ ok: false, error: { code: 'UNAVAILABLE', message: 'No service is set up yet.' } });
    const doctor = useNetworkDoctorStore();
    await doctor.run();
    expect(doctor.state).toBe('error');
    expect(doctor.error?.message).toBe('No service is set up yet.');
    expect(await doctor.copyReport()).toMatchObject({ code: 'UNAVAILABLE' });
  });
});
