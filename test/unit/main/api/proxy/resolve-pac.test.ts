import { describe, expect, it } from 'vitest';
import { loadPacScript } from '../../../../../main/api/proxy/pac-script';
import { createProxyResolver } from '../../../../../main/api/proxy/resolve';

/**
 * The policy's PAC file when it gives no answer, or comes over plain http: which decision is used
 * instead, what the log says, and the note the network check shows. Real QuickJS runs the scripts.
 */

function recording() {
  const warnings: { message: string; meta?: Record<string, unknown> }[] = [];
  const log = {
    info: () => undefined,
    error: () => undefined,
    warn: (message: string, meta?: Record<string, unknown>) => void warnings.push({ message, meta }),
  };
  return { log, warnings };
}

/** Loads `text` as if fetched from `fetchedFrom`, counting the fetches. */
function pacFrom(text: string, fetchedFrom: string) {
  const fetched: string[] = [];
  const loadPac = (pacUrl: string) =>
    loadPacScript(pacUrl, {
      fetchText: async (url) => {
        fetched.push(url);
        return { text, fetchedFrom };
      },
      limits: { runMs: 50 },
    });
  return { loadPac, fetched };
}

// Answers through the school proxy the first time, then never stops (the file was swapped, say).
const turnsEndless = `var asked = 0;
function FindProxyForURL(url, host) {
  asked++;
  if (asked > 1) while (true) {}
  return "PROXY proxy.school.example:3128";
}`;

describe('a PAC file that stops answering', () => {
  it('keeps the last route it gave for that address, says so, and sets the file aside', async () => {
    let clock = 0;
    const { log, warnings } = recording();
    const { loadPac, fetched } = pacFrom(turnsEndless, 'https://wpad.school.example/proxy.pac');
    const resolver = createProxyResolver({
      policy: { pacUrl: 'https://wpad.school.example/proxy.pac?site=north' },
      env: { HTTPS_PROXY: 'http://env-proxy:8080' },
      loadPac,
      log,
      cacheMs: 0,
      now: () => clock,
    });
    const first = await resolver.decide('https://video.school.example/api/me');
    expect(first).toMatchObject({ source: 'policy-pac', answer: 'PROXY proxy.school.example:3128' });
    expect(first.pac).toBeUndefined();

    const hung = await resolver.decide('https://video.school.example/api/groups');
    expect(hung).toMatchObject({
      source: 'policy-pac',
      route: { kind: 'proxy', proxyUrl: 'http://proxy.school.example:3128' },
      pac: { address: 'https://wpad.school.example/proxy.pac', problem: 'timed-out', fallback: 'last-answer' },
    });
    expect(warnings.map((warning) => warning.message)).toContain(
      'the PAC file named by policy gave no answer in time; a fallback is used',
    );
    // The address is logged without its query.
    expect(JSON.stringify(warnings)).not.toContain('site=north');

    // An address it never answered for: the next source, at once, without running the file again.
    const warned = warnings.length;
    const other = await resolver.decide('https://login.school.example/oauth2/token');
    // Not run again: a run would have been stopped once more, and logged.
    expect(warnings).toHaveLength(warned);
    expect(other).toMatchObject({
      source: 'environment',
      answer: 'PROXY env-proxy:8080',
      pac: { problem: 'timed-out', fallback: 'next-source' },
    });
    expect(fetched).toHaveLength(1);

    // Five minutes on, the file is fetched again (IT may have mended it).
    clock = 5 * 60_000 + 1;
    await resolver.decide('https://video.school.example/api/me');
    expect(fetched).toHaveLength(2);
  });
});

describe('a PAC file over plain http', () => {
  it('is used (WPAD over http is common in schools), with a warning in the log and a note for the check', async () => {
    const { log, warnings } = recording();
    const { loadPac } = pacFrom(
      'function FindProxyForURL() { return "PROXY proxy.school.example:3128"; }',
      'http://wpad.school.example/wpad.dat',
    );
    const resolver = createProxyResolver({
      policy: { pacUrl: 'http://wpad.school.example/wpad.dat' },
      env: {},
      loadPac,
      log,
    });
    const decided = await resolver.decide('https://video.school.example/');
    expect(decided).toMatchObject({
      source: 'policy-pac',
      route: { kind: 'proxy', proxyUrl: 'http://proxy.school.example:3128' },
      pac: { address: 'http://wpad.school.example/wpad.dat', insecure: true },
    });
    await resolver.decide('https://login.school.example/');
    const plainHttp = warnings.filter((warning) => warning.message.includes('came over plain http'));
    expect(plainHttp).toHaveLength(1);
  });

  it('counts an https address that redirects to http as plain http', async () => {
    const { log } = recording();
    const { loadPac } = pacFrom('function FindProxyForURL() { return "DIRECT"; }', 'http://mirror.example/p.pac');
    const resolver = createProxyResolver({ policy: { pacUrl: 'https://wpad.example/p.pac' }, env: {}, loadPac, log });
    expect((await resolver.decide('https://video.school.example/')).pac).toMatchObject({ insecure: true });
  });
});
