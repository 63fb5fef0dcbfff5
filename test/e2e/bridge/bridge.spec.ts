import { invokeChannels, preloadOnlyInvokeChannels } from '../../../preload/contract';
import { buildApi } from '../../../preload/bridge/build-api';
import { test, expect } from '../harness/fixtures';

test.describe('bridge, against the real handler table', () => {
  test('the page sees exactly the contract: grouped functions and `on`, nothing else', async ({ harness }) => {
    await harness.open('/');
    const shape = await harness.page.evaluate(() => {
      const api = (window as unknown as Record<string, Record<string, unknown>>).videoCollab!;
      const describe = (value: unknown): unknown =>
        typeof value === 'function'
          ? 'function'
          : Object.fromEntries(Object.entries(value as object).map(([k, v]) => [k, describe(v)]));
      return { shape: describe(api), hasIpc: 'ipcRenderer' in window, hasRequire: 'require' in window };
    });
    // The expected shape is the contract's own: the same builder over a transport that records channels.
    const seen: string[] = [];
    const reference = buildApi({
      invoke: async (channel) => void seen.push(channel),
      subscribe: () => () => undefined,
      // As if the files came in a real drop (the drop's own spec is in uploads.spec.ts).
      dropIdFor: async () => 'drop-1',
    }) as unknown as Record<string, unknown>;
    const describe = (value: unknown): unknown =>
      typeof value === 'function'
        ? 'function'
        : Object.fromEntries(Object.entries(value as object).map(([k, v]) => [k, describe(v)]));
    expect(shape.shape).toEqual(describe(reference));
    const functions = Object.values(reference).flatMap((group) =>
      typeof group === 'function' ? [] : Object.values(group as Record<string, () => Promise<unknown>>),
    );
    await Promise.all(functions.map((fn) => fn()));
    // Every channel but those the preload calls on its own, which no function of the page's object reaches.
    expect(seen.sort()).toEqual(
      Object.keys(invokeChannels)
        .filter((channel) => !(channel in preloadOnlyInvokeChannels))
        .sort(),
    );
    expect(shape.hasIpc).toBe(false);
    expect(shape.hasRequire).toBe(false);
  });

  test("the app page refuses to be a host for another origin's frame (CSP)", async ({ harness }) => {
    const { page } = harness;
    await harness.open('/');
    await page.evaluate((src) => {
      const frame = document.createElement('iframe');
      frame.src = src;
      frame.title = 'foreign';
      document.body.append(frame);
    }, `${harness.foreignOrigin}/foreign.html`);
    await expect.poll(() => harness.takePageErrors().join('\n')).toContain('Content Security Policy');
  });

  test('a page from another origin is refused, even through the same binding', async ({ harness }) => {
    const { page } = harness;
    await page.goto(`${harness.foreignOrigin}/foreign.html`);
    const answer = await page.evaluate(() =>
      (window as unknown as { __vcHarnessInvoke(c: string, a: unknown[]): Promise<unknown> }).__vcHarnessInvoke(
        'app:about',
        [],
      ),
    );
    expect(answer).toMatchObject({ ok: false, error: { code: 'FORBIDDEN_SENDER' } });
    expect(harness.host.logLines.some((l) => l.message.includes('untrusted sender'))).toBe(true);
  });

  test("our own page loaded inside someone else's frame is refused: only a main frame may call", async ({
    harness,
  }) => {
    const { page } = harness;
    await page.goto(`${harness.foreignOrigin}/frame-host.html`);
    const appFrame = page.frameLocator('iframe[title="app"]');
    await expect(appFrame.locator('main#main-content')).toBeAttached();
    const frame = page.frames().find((f) => f.url().startsWith(harness.origin))!;
    const answer = await frame.evaluate(() =>
      (window as unknown as { videoCollab: { app: { about(): Promise<unknown> } } }).videoCollab.app.about(),
    );
    expect(answer).toMatchObject({ ok: false, error: { code: 'FORBIDDEN_SENDER' } });
  });

  test('bad arguments get a clear code and never reach the service', async ({ harness }) => {
    await harness.open('/');
    const answers = await harness.page.evaluate(async () => {
      const api = (window as unknown as { videoCollab: { app: { openExternal(u: unknown): Promise<unknown> } } })
        .videoCollab;
      const invoke = (window as unknown as { __vcHarnessInvoke(c: string, a: unknown): Promise<unknown> })
        .__vcHarnessInvoke;
      return {
        notAString: await api.app.openExternal(42),
        huge: await api.app.openExternal('https://example.org/' + 'a'.repeat(10_000)),
        plainHttp: await api.app.openExternal('http://example.org/'),
        script: await api.app.openExternal('javascript:alert(1)'),
        unknownChannel: await invoke('fs:read', ['/etc/passwd']),
        notAList: await invoke('app:open-external', { url: 'https://example.org/' }),
        good: await api.app.openExternal('https://example.org/help'),
      };
    });
    expect(answers.notAString).toMatchObject({ ok: false, error: { code: 'INVALID_ARGUMENT' } });
    expect(answers.huge).toMatchObject({ ok: false, error: { code: 'INVALID_ARGUMENT' } });
    expect(answers.plainHttp).toMatchObject({
      ok: false,
      error: { code: 'INVALID_ARGUMENT', message: 'Only https links can be opened from the app.' },
    });
    expect(answers.script).toMatchObject({ ok: false, error: { code: 'INVALID_ARGUMENT' } });
    expect(answers.unknownChannel).toMatchObject({ ok: false, error: { code: 'UNKNOWN_CHANNEL' } });
    expect(answers.notAList).toMatchObject({ ok: false, error: { code: 'INVALID_ARGUMENT' } });
    expect(answers.good).toEqual({ ok: true, data: null });
    expect(harness.host.openedLinks).toEqual(['https://example.org/help']);
  });
});
