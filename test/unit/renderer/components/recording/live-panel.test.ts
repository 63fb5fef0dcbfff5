// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { mount, type VueWrapper } from '@vue/test-utils';
import PrimeVue from 'primevue/config';
import LivePanel from '../../../../../renderer/src/components/recording/LivePanel.vue';
import { i18n } from '../../../../../renderer/src/i18n';

const choices = [
  { id: 11, name: 'Open question', colour: '#1e88e5' },
  { id: 12, name: 'Praise' },
];
const mounted: VueWrapper[] = [];

function panel() {
  const wrapper = mount(LivePanel, {
    props: {
      elapsedMs: 65_000,
      choices,
      tags: [
        { tagId: 11, ms: 2_400 },
        { tagId: 12, ms: 6_100, note: 'Named the effort' },
      ],
      stopping: false,
    },
    attachTo: document.body,
    global: { plugins: [i18n, [PrimeVue, { theme: 'none' }]] as never },
  });
  mounted.push(wrapper);
  return wrapper;
}

const press = (target: EventTarget, key: string) =>
  target.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));

afterEach(() => {
  while (mounted.length) mounted.pop()!.unmount();
});

describe('the live tagging panel', () => {
  it('a digit typed in the note is text; the next key outside places that tag with the note', async () => {
    const wrapper = panel();
    const note = wrapper.get('[data-testid="live-note"]');
    await note.setValue('Question 3');
    press(note.element, '3');
    press(note.element, '2');
    expect(wrapper.emitted('place')).toBeUndefined();

    press(document.body, '2');
    await wrapper.vm.$nextTick();
    expect(wrapper.emitted('place')).toEqual([[choices[1], 'Question 3']]);
    expect((note.element as HTMLInputElement).value).toBe('');
  });

  it('lists the placed tags the way the tagging page does: name, time, note', () => {
    const wrapper = panel();
    expect(wrapper.get('[data-testid="elapsed"]').text()).toBe('1:05');
    const rows = wrapper.get('[data-testid="live-tags"]').findAll('li');
    expect(rows.map((row) => row.get('.tag-summary__name').text())).toEqual(['Open question', 'Praise']);
    expect(rows.map((row) => row.get('.tag-summary__times').text())).toEqual(['at 0:02', 'at 0:06']);
    expect(rows[1]!.get('.tag-summary__note').text()).toBe('Named the effort');
  });
});
