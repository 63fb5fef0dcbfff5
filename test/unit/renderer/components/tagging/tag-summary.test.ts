// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { mount, type VueWrapper } from '@vue/test-utils';
import TagSummary from '../../../../../renderer/src/components/tagging/TagSummary.vue';
import { i18n } from '../../../../../renderer/src/i18n';

type Props = InstanceType<typeof TagSummary>['$props'];
const mounted: VueWrapper[] = [];

function summary(props: Partial<Props> = {}) {
  const wrapper = mount(TagSummary, {
    props: { name: 'Open question', startSeconds: 62, ...props },
    global: { plugins: [i18n] },
  });
  mounted.push(wrapper);
  return wrapper;
}

afterEach(() => {
  while (mounted.length) mounted.pop()!.unmount();
});

describe('a placed tag as text (tagging page and live list)', () => {
  it('a moment reads “at m:ss”; a span reads “start to end”, past an hour with hours', () => {
    expect(summary().get('.tag-summary__times').text()).toBe('at 1:02');
    expect(summary({ startSeconds: 62, endSeconds: 3725 }).get('.tag-summary__times').text()).toBe('1:02 to 1:02:05');
    // An end that is not after the start is no span.
    expect(summary({ startSeconds: 62, endSeconds: 62 }).get('.tag-summary__times').text()).toBe('at 1:02');
  });

  it('shows the note only when there is one, as text', () => {
    expect(summary().find('.tag-summary__note').exists()).toBe(false);
    const note = summary({ note: '<b>Wait time</b>' }).get('.tag-summary__note');
    expect(note.text()).toBe('<b>Wait time</b>');
    expect(note.find('b').exists()).toBe(false);
  });

  it('draws the tag’s colour only when it is a safe colour', () => {
    expect(summary({ colour: '#1e88e5' }).get('.tag-summary__swatch').attributes('style')).toContain('background');
    expect(summary({ colour: 'url(javascript:alert(1))' }).get('.tag-summary__swatch').attributes('style') ?? '').toBe(
      '',
    );
  });
});
