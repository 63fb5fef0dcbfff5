import { defineComponent, h, type PropType } from 'vue';

/**
 * Service text exactly as typed (a text node, never HTML), with its line breaks kept. A template
 * would add the whitespace around `{{ }}` that `white-space: pre-wrap` then shows; this does not.
 */
export default defineComponent({
  name: 'PlainText',
  props: {
    text: { type: String, required: true },
    tag: { type: String as PropType<'p' | 'span' | 'div'>, default: 'p' },
  },
  setup(props) {
    return () => h(props.tag, { class: 'plain-text', style: { whiteSpace: 'pre-wrap' } }, props.text);
  },
});
