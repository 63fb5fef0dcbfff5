import { describe, expect, it } from 'vitest';
import type { NetworkReport } from '../../../../../preload/contract';
import { createTranslator } from '../../../../../main/services/i18n';
import { createLogger } from '../../../../../main/services/log';
import { createTransport } from '../../../../../main/api/transport';
import { createTrust } from '../../../../../main/api/trust';
import { NetworkDoctorService, type DoctorDeps } from '../../../../../main/services/network-doctor';
import { message } from '../../../../../main/services/network-doctor/types';

const log = createLogger(() => undefined);
const inputs: DoctorDeps = {
  serviceUrl: 'https://video.example.org',
  tokenUrl: 'https://login.example.org/oauth2/token',
  resolveProxy: async () => ({ answer: 'DIRECT' }),
  trust: createTrust({ log, system: false }),
  transport: createTransport({ log }),
  signedInHttp: () => undefined,
  now: () => new Date('2026-11-24T12:00:00Z'),
  log,
};

const secret = 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiI1In0.c2lnbmF0dXJlLW9mLXRoZS10b2tlbg';
const report: NetworkReport = {
  serviceHost: 'video.example.org:443',
  startedAt: '2026-11-24T12:00:00.000Z',
  finishedAt: '2026-11-24T12:00:03.000Z',
  steps: [
    {
      id: 'tls',
      status: 'warn',
      summary: message('tls.inspected', { issuer: 'Example School Web Filter CA' }),
      advice: message('tls.inspectedAdvice'),
      details: { issuer: 'Example School Web Filter CA', chain: ['video.example.org ← Example School Web Filter CA'] },
    },
    {
      id: 'api',
      status: 'fail',
      summary: message('api.fail', { reason: `Authorization: Bearer ${secret}` }),
      details: { code: 'UNAUTHENTICATED', note: `access_token=${secret}` },
    },
  ],
};

function service(clipboard: string[], locale: 'en-GB' | 'nb-NO' = 'en-GB', runs = { count: 0 }) {
  return new NetworkDoctorService({
    inputs: () => inputs,
    translate: createTranslator(locale),
    writeClipboard: (text) => clipboard.push(text),
    run: async () => {
      runs.count += 1;
      return report;
    },
  });
}

describe('the network check service', () => {
  it('has nothing to copy before a check ran', () => {
    const clipboard: string[] = [];
    const doctor = service(clipboard);
    expect(() => doctor.copyReport()).toThrow(expect.objectContaining({ code: 'UNAVAILABLE' }));
    expect(doctor.lastReportText()).toBeUndefined();
  });

  it('copies the last report as plain text with each step’s verdict, sentence, advice and details, redacted', async () => {
    const clipboard: string[] = [];
    const doctor = service(clipboard);
    await doctor.diagnose();
    const { characters } = doctor.copyReport();
    const text = clipboard[0]!;
    expect(characters).toBe(text.length);
    expect(text).toContain('Service: video.example.org:443');
    expect(text).toContain(
      '- [Warning] Secure connection (TLS): Your network inspects encrypted traffic with Example School Web Filter CA; it is trusted here.',
    );
    expect(text).toContain('What to do: Nothing to do now.');
    expect(text).toContain('chain: video.example.org ← Example School Web Filter CA');
    expect(text).toContain('- [Problem] Signed-in request:');
    expect(text).not.toContain(secret);
  });

  it('says the report in the app’s language', async () => {
    const clipboard: string[] = [];
    const doctor = service(clipboard, 'nb-NO');
    await doctor.diagnose();
    doctor.copyReport();
    expect(clipboard[0]).toContain('[Advarsel] Sikker tilkobling (TLS): Nettverket ditt inspiserer kryptert trafikk');
  });

  it('runs once for two clicks while a check is running (one test upload, not two)', async () => {
    const runs = { count: 0 };
    const doctor = service([], 'en-GB', runs);
    const [first, second] = await Promise.all([doctor.diagnose(), doctor.diagnose()]);
    expect(first).toBe(second);
    expect(runs.count).toBe(1);
  });

  it('refuses to run before a service is set up', async () => {
    const doctor = new NetworkDoctorService({ inputs: () => undefined, translate: createTranslator() });
    await expect(doctor.diagnose()).rejects.toMatchObject({ code: 'UNAVAILABLE' });
  });
});
