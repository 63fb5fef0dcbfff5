import { beforeEach, describe, expect, it } from 'vitest';
import { fakeElectron } from '../../../support/fake-electron';
import { answerDisplayMediaWithPick, listScreenSources } from '../../../../main/electron/screen-capture';
import { ScreenChoice } from '../../../../main/services/recording/screen-choice';
import { encodePng } from '../../../../main/services/notifications/tray-icons';
import { MAX_SOURCES, MAX_THUMBNAIL_CHARS, screenSourcesOf } from '../../../../main/services/recording/screen-sources';

/** A lesson on the board: the Record page lists the screens and windows with small pictures of them. */

const png = encodePng(4, 2, new Uint8Array(4 * 2 * 4).fill(200));

beforeEach(async () => {
  fakeElectron.reset();
  await fakeElectron.becomeReady();
});

describe('screens and windows to record', () => {
  it('lists screens first, then windows, each with its picture as a PNG data URL', async () => {
    fakeElectron.state.screenSources = [
      { id: 'window:4242:0', name: '  Slides — Forces  ', thumbnailPng: png },
      { id: 'screen:1:0', name: 'Entire screen', thumbnailPng: png },
      { id: 'window:77:0', name: 'A minimised window' },
    ];
    const listed = screenSourcesOf(await listScreenSources());
    expect(listed.available).toBe(true);
    expect(listed.sources.map((s) => [s.kind, s.id, s.name])).toEqual([
      ['screen', 'screen:1:0', 'Entire screen'],
      ['window', 'window:4242:0', 'Slides — Forces'],
      ['window', 'window:77:0', 'A minimised window'],
    ]);
    expect(listed.sources[0]!.thumbnail).toBe(`data:image/png;base64,${png.toString('base64')}`);
    // No picture from the system: none, rather than a broken image.
    expect(listed.sources[2]!.thumbnail).toBe('');
  });

  it('is asked only after the app is ready, as Electron requires', async () => {
    fakeElectron.reset();
    await expect(listScreenSources()).rejects.toThrow(/ready/);
  });

  it('passes on nothing it did not ask for: odd ids, huge pictures, long names, endless lists', () => {
    const big = `data:image/png;base64,${'A'.repeat(MAX_THUMBNAIL_CHARS)}`;
    const listed = screenSourcesOf([
      { id: 'javascript:alert(1)', name: 'Not a source', thumbnail: '' },
      { id: 'window:1:0', name: 'x'.repeat(500), thumbnail: big },
      { id: 'window:2:0', name: 'SVG', thumbnail: 'data:image/svg+xml;base64,PHN2Zz4=' },
      ...Array.from({ length: 100 }, (_, i) => ({ id: `window:${i + 10}:0`, name: `W${i}`, thumbnail: '' })),
    ]);
    expect(listed.sources.map((s) => s.id)).not.toContain('javascript:alert(1)');
    expect(listed.sources).toHaveLength(MAX_SOURCES);
    expect(listed.sources[0]!.name).toHaveLength(200);
    expect(listed.sources[0]!.thumbnail).toBe('');
    expect(listed.sources[1]!.thumbnail).toBe('');
  });
});

describe('recording the screen or window picked in the page', () => {
  const ourPage = 'app://bundle/index.html#/record';
  const isOurUrl = (url: string) => url.startsWith('app://bundle/');

  /** What Chromium gets when a page calls getDisplayMedia({ video: true }). */
  function ask(url: string | null, videoRequested = true) {
    let answer: unknown = 'no answer';
    fakeElectron.state.displayMediaRequestHandler!(
      {
        frame: url === null ? null : { url },
        securityOrigin: url === null ? 'app://bundle' : new URL(url).origin,
        videoRequested,
        audioRequested: false,
        userGesture: true,
      },
      (streams) => (answer = streams),
    );
    return answer;
  }

  async function pickedFromList(id: string) {
    const choice = new ScreenChoice();
    fakeElectron.state.screenSources = [
      { id: 'screen:1:0', name: 'Entire screen', thumbnailPng: png },
      { id: 'window:4242:0', name: 'Slides — Forces', thumbnailPng: png },
    ];
    choice.offered(screenSourcesOf(await listScreenSources()));
    answerDisplayMediaWithPick(choice, isOurUrl);
    choice.choose(id);
    return choice;
  }

  it("captures the window picked in the list, once, without Chromium's own picker", async () => {
    await pickedFromList('window:4242:0');
    expect(fakeElectron.state.displayMediaUsesSystemPicker).toBe(false);
    expect(ask(ourPage)).toEqual({ video: { id: 'window:4242:0', name: 'Slides — Forces' } });
    // A second capture needs a new pick: a page cannot keep recording the screen behind the teacher's back.
    expect(ask(ourPage)).toBeNull();
  });

  it('refuses another page, and that does not spend the pick', async () => {
    await pickedFromList('screen:1:0');
    expect(ask('https://evil.example/frame')).toBeNull();
    expect(ask(ourPage)).toEqual({ video: { id: 'screen:1:0', name: 'Entire screen' } });
  });

  it('refuses a request with nothing picked, or asking only for sound', async () => {
    const choice = new ScreenChoice();
    answerDisplayMediaWithPick(choice, isOurUrl);
    expect(ask(ourPage)).toBeNull();
    choice.offered({ available: true, sources: [{ id: 'screen:1:0', name: 'S', kind: 'screen', thumbnail: '' }] });
    choice.choose('screen:1:0');
    expect(ask(ourPage, false)).toBeNull();
  });

  it('says a source that is no longer listed must be picked again', async () => {
    const choice = await pickedFromList('screen:1:0');
    expect(() => choice.choose('window:999:0')).toThrow(/no longer there/);
    fakeElectron.state.screenSources = [];
    choice.offered(screenSourcesOf(await listScreenSources()));
    expect(() => choice.choose('screen:1:0')).toThrow(/no longer there/);
  });

  it('is set up only after the app is ready, as Electron requires', () => {
    fakeElectron.reset();
    expect(() => answerDisplayMediaWithPick(new ScreenChoice(), isOurUrl)).toThrow(/ready/);
  });
});
