// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { defineComponent, h } from 'vue';
import { mount, type VueWrapper } from '@vue/test-utils';
import { useTagShortcuts } from '../../../../renderer/src/composables/useTagShortcuts';
import type { TagChoice } from '../../../../renderer/src/lib/tagging';

const choices: TagChoice[] = Array.from({ length: 11 }, (_, index) => ({ id: 100 + index, name: `Tag ${index + 1}` }));
const mounted: VueWrapper[] = [];

/** A page with a note field and a tick box, its keys handled by the shortcut handler (on the window, or on its own element). */
function page(options: { window?: boolean; choices?: TagChoice[] } = {}) {
  const placed: number[] = [];
  const answers: boolean[] = [];
  const Page = defineComponent({
    setup() {
      const { onKey } = useTagShortcuts(
        () => options.choices ?? choices,
        (choice) => placed.push(choice.id),
        { window: options.window ?? false },
      );
      return () =>
        h(
          'div',
          { tabindex: 0, onKeydown: options.window ? undefined : (e: KeyboardEvent) => answers.push(onKey(e)) },
          [h('input', { type: 'text', 'data-note': '' }), h('textarea'), h('input', { type: 'checkbox' })],
        );
    },
  });
  const wrapper = mount(Page, { attachTo: document.body });
  mounted.push(wrapper);
  return { wrapper, placed, answers };
}

function press(target: EventTarget, key: string, init: KeyboardEventInit = {}): KeyboardEvent {
  const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, ...init });
  target.dispatchEvent(event);
  return event;
}

afterEach(() => {
  while (mounted.length) mounted.pop()!.unmount();
});

describe('the 1-9 tag keys', () => {
  it('1 to 9 place the tag set’s first nine tags, in order; 0 and the tenth tag have no key', () => {
    const { wrapper, placed } = page();
    for (const key of ['1', '2', '3', '4', '5', '6', '7', '8', '9', '0']) press(wrapper.element, key);
    expect(placed).toEqual(choices.slice(0, 9).map((choice) => choice.id));
  });

  it('a key typed in a text field or a text area is text: no tag is placed', () => {
    const { wrapper, placed } = page({ window: true });
    const note = press(wrapper.get('input[type="text"]').element, '3');
    press(wrapper.get('textarea').element, '1');
    expect(placed).toEqual([]);
    expect(note.defaultPrevented).toBe(false);
    // A tick box takes no text: the key there is a tag again.
    press(wrapper.get('input[type="checkbox"]').element, '2');
    expect(placed).toEqual([choices[1]!.id]);
  });

  it('a key with Ctrl, Alt or Cmd is another shortcut, and a number past the set’s tags places nothing', () => {
    const { wrapper, placed, answers } = page({ choices: choices.slice(0, 3) });
    press(wrapper.element, '1', { ctrlKey: true });
    press(wrapper.element, '1', { altKey: true });
    press(wrapper.element, '1', { metaKey: true });
    const beyond = press(wrapper.element, '4');
    expect(placed).toEqual([]);
    expect(answers).toEqual([false, false, false, false]);
    expect(beyond.defaultPrevented).toBe(false);
  });

  it('a placed tag takes the key (the page does nothing else with it)', () => {
    const { wrapper, answers } = page();
    const event = press(wrapper.element, '5');
    expect(answers).toEqual([true]);
    expect(event.defaultPrevented).toBe(true);
  });

  it('on the window while the page is shown, and no longer once it is gone', () => {
    const { wrapper, placed } = page({ window: true });
    press(document.body, '1');
    expect(placed).toEqual([choices[0]!.id]);
    wrapper.unmount();
    mounted.splice(mounted.indexOf(wrapper), 1);
    press(document.body, '2');
    expect(placed).toEqual([choices[0]!.id]);
  });
});
