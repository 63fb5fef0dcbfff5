// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { computed, defineComponent, h, ref } from 'vue';
import { mount, type VueWrapper } from '@vue/test-utils';
import { createPinia, type Pinia } from 'pinia';
import type { TaggedVideo } from '../../../../preload/contract';
import { useTagWork } from '../../../../renderer/src/composables/useTagWork';
import { i18n } from '../../../../renderer/src/i18n';
import { sessionKey, useTaggingStore } from '../../../../renderer/src/stores/tagging';

const tv: TaggedVideo = { id: 4, videoId: 9, title: 'Wait time', status: 1, ownerId: 5, tags: [] };
const choices = [
  { id: 71, name: 'Praise' },
  { id: 72, name: 'Probing' },
];
const mounted: VueWrapper[] = [];
let pinia: Pinia;

/** The tagging area of an owner's page: the video stands at `now` seconds of a 60 s recording. */
function area(now = 12.3456) {
  let work!: ReturnType<typeof useTagWork>;
  const seeks: number[] = [];
  const Area = defineComponent({
    setup() {
      const tagging = useTaggingStore();
      tagging.open(tv);
      const key = ref(sessionKey(tv.videoId, tv.id));
      work = useTagWork({
        key,
        work: computed(() => tagging.get(key.value)),
        choices: ref(choices),
        nowSeconds: () => now,
        placeLimit: ref(60),
        seek: (seconds) => seeks.push(seconds),
      });
      return () =>
        h('div', { tabindex: 0, onKeydown: work.onKey }, [h('video'), h('input', { type: 'text' }), h('button')]);
    },
  });
  const wrapper = mount(Area, { attachTo: document.body, global: { plugins: [pinia, i18n] } });
  mounted.push(wrapper);
  const tags = () => useTaggingStore().get(sessionKey(tv.videoId, tv.id))!.tags;
  return { wrapper, work, tags, seeks };
}

function press(target: Element, key: string, init: KeyboardEventInit = {}): void {
  target.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, ...init }));
}

beforeEach(() => {
  // The store saves after a pause; the clock never moves here, so nothing is sent.
  vi.useFakeTimers();
  pinia = createPinia();
});
afterEach(() => {
  while (mounted.length) mounted.pop()!.unmount();
  vi.useRealTimers();
});

describe('tagging keys on the tagging page', () => {
  it('2 places the second tag at the video’s moment, chosen, and says so', () => {
    const { wrapper, work, tags } = area();
    press(wrapper.get('button').element, '2');
    expect(tags()).toMatchObject([{ tagId: 72, name: 'Probing', startSeconds: 12.346 }]);
    expect(work.selectedId.value).toBe(tags()[0]!.id);
    expect(work.notice.value?.text).toContain('Probing');
  });

  it('arrows move the chosen tag (Shift: further), but on the player they stay the player’s own', () => {
    const { wrapper, tags } = area(10);
    press(wrapper.element, '1');
    press(wrapper.element, 'ArrowRight');
    expect(tags()[0]!.startSeconds).toBe(10.5);
    press(wrapper.element, 'ArrowLeft', { shiftKey: true });
    expect(tags()[0]!.startSeconds).toBe(5.5);
    press(wrapper.get('video').element, 'ArrowRight');
    expect(tags()[0]!.startSeconds).toBe(5.5);
  });

  it('Delete removes the chosen tag and Undo brings it back; Escape lets go of it', () => {
    const { wrapper, work, tags } = area();
    press(wrapper.element, '1');
    const placed = tags()[0]!;
    press(wrapper.element, 'Delete');
    expect(tags()).toEqual([]);
    expect(work.notice.value?.undo).toEqual(placed);
    work.undo();
    expect(tags()).toEqual([placed]);
    press(wrapper.element, 'Escape');
    expect(work.selectedId.value).toBeUndefined();
    press(wrapper.element, 'Delete');
    expect(tags()).toEqual([placed]);
  });

  it('keys typed in a field change nothing: no tag placed, moved or removed', () => {
    const { wrapper, tags } = area();
    press(wrapper.element, '1');
    const field = wrapper.get('input').element;
    for (const key of ['2', 'ArrowRight', 'Backspace']) press(field, key);
    expect(tags()).toMatchObject([{ tagId: 71, startSeconds: 12.346 }]);
  });

  it('choosing a tag in the list selects it and moves the video to it', () => {
    const { wrapper, work, tags, seeks } = area(30);
    press(wrapper.element, '1');
    work.selectedId.value = undefined;
    work.choose(tags()[0]!);
    expect(work.selectedId.value).toBe(tags()[0]!.id);
    expect(seeks).toEqual([30]);
  });
});
