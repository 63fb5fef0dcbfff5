import { describe, expect, it } from 'vitest';
import type { ScreenSource, ScreenSources } from '../../../../preload/contract';
import { useScreenPick, type ScreenApi } from '../../../../renderer/src/composables/useScreenPick';

/** The app's own screen picker: what main is told, and when the person is asked. */

const source = (id: string, name: string): ScreenSource => ({
  id,
  name,
  kind: id.startsWith('screen') ? 'screen' : 'window',
  thumbnail: '',
});
const screen = source('screen:1:0', 'Entire screen');
const slides = source('window:42:0', 'Slides');

/** Main's side: lists what `listed` holds now, accepts a pick of a listed source (as ScreenChoice does). */
function fakeMain(lists: ScreenSources[]) {
  const chosen: string[] = [];
  let current: ScreenSources = { available: true, sources: [] };
  const api: ScreenApi = {
    list: async () => (current = lists.shift() ?? current),
    choose: async (id) => {
      chosen.push(id);
      return current.sources.some((s) => s.id === id) ? null : undefined;
    },
  };
  return { api, chosen, goneNow: (next: ScreenSources) => (current = next) };
}

/** Lets the pick's awaits run until it waits for the person (or is done). */
const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

const available = (...sources: ScreenSource[]): ScreenSources => ({ available: true, sources });

describe('picking the screen or window to record', () => {
  it('uses the source of the lesson before without asking, when it is still there', async () => {
    const main = fakeMain([available(screen, slides)]);
    const pick = useScreenPick(main.api);
    expect(await pick.pick(slides.id, false)).toEqual({ kind: 'picked', source: slides });
    expect(pick.showing.value).toBe(false);
    expect(main.chosen).toEqual([slides.id]);
  });

  it('asks when the remembered window is gone, or when asked to choose another', async () => {
    const main = fakeMain([available(screen), available(screen, slides)]);
    const pick = useScreenPick(main.api);
    const first = pick.pick(slides.id, false);
    await settled();
    expect(pick.showing.value).toBe(true);
    pick.answer(screen.id);
    expect(await first).toEqual({ kind: 'picked', source: screen });

    const second = pick.pick(screen.id, true);
    await settled();
    expect(pick.showing.value).toBe(true);
    pick.answer(slides.id);
    expect(await second).toEqual({ kind: 'picked', source: slides });
    expect(main.chosen).toEqual([screen.id, slides.id]);
  });

  it('picks nothing when the picker is closed', async () => {
    const main = fakeMain([available(screen)]);
    const pick = useScreenPick(main.api);
    const asked = pick.pick('', false);
    await settled();
    pick.answer(undefined);
    expect(await asked).toEqual({ kind: 'cancelled' });
    expect(main.chosen).toEqual([]);
  });

  it('asks again, with a fresh list, when the window closed between the list and the pick', async () => {
    const main = fakeMain([available(screen, slides), available(screen)]);
    const pick = useScreenPick(main.api);
    const asked = pick.pick('', false);
    await settled();
    main.goneNow(available(screen));
    pick.answer(slides.id);
    await settled();
    expect(pick.showing.value).toBe(true);
    expect(pick.sources.value).toEqual([screen]);
    pick.answer(screen.id);
    expect(await asked).toEqual({ kind: 'picked', source: screen });
  });

  it('leaves it to the browser’s own picker where main cannot list sources', async () => {
    const main = fakeMain([{ available: false, sources: [] }]);
    const pick = useScreenPick(main.api);
    expect(await pick.pick('screen:1:0', false)).toEqual({ kind: 'system' });
    expect(pick.showing.value).toBe(false);
  });

  it('picks nothing when main could not list (the page says why)', async () => {
    const pick = useScreenPick({ list: async () => undefined, choose: async () => null });
    expect(await pick.pick('', true)).toEqual({ kind: 'cancelled' });
  });
});
