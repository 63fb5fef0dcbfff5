// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { defineComponent, h, nextTick, ref } from 'vue';
import { flushPromises, mount, type VueWrapper } from '@vue/test-utils';
import { createPinia, setActivePinia, type Pinia } from 'pinia';
import PrimeVue from 'primevue/config';
import { BRIDGE_GLOBAL, type PostComment, type Result } from '../../../../../preload/contract';
import CommentComposer from '../../../../../renderer/src/components/common/CommentComposer.vue';
import CommentBox from '../../../../../renderer/src/components/group-content/CommentBox.vue';
import { i18n } from '../../../../../renderer/src/i18n';
import { draftKey, useGroupContentStore } from '../../../../../renderer/src/stores/group-content';

type ComposerProps = InstanceType<typeof CommentComposer>['$props'];

const mounted: VueWrapper[] = [];
let pinia: Pinia;
function plugins() {
  return { global: { plugins: [pinia, i18n, [PrimeVue, { theme: 'none' }]] as never } };
}

function composer(props: Partial<ComposerProps> = {}) {
  const posted: string[] = [];
  const answer = { saved: true };
  const wrapper = mount(CommentComposer, {
    props: {
      label: 'Comment on the portfolio',
      placeholder: 'Write a comment…',
      submitLabel: 'Post',
      submit: (text: string) => (posted.push(text), Promise.resolve(answer.saved)),
      ...props,
    },
    attachTo: document.body,
    ...plugins(),
  });
  mounted.push(wrapper);
  return { wrapper, posted, answer, box: wrapper.get('textarea') };
}

const ctrlEnter = (wrapper: VueWrapper) => wrapper.get('textarea').trigger('keydown', { key: 'Enter', ctrlKey: true });

beforeEach(() => {
  pinia = createPinia();
  setActivePinia(pinia);
});
afterEach(() => {
  while (mounted.length) mounted.pop()!.unmount();
});

describe('CommentComposer', () => {
  it('posts the trimmed text with Ctrl+Enter and empties the box only once it was saved', async () => {
    const { wrapper, posted, answer, box } = composer();
    answer.saved = false;
    await box.setValue('  Lovely questioning here.  ');
    await ctrlEnter(wrapper);
    await flushPromises();
    expect(posted).toEqual(['Lovely questioning here.']);
    expect((box.element as HTMLTextAreaElement).value).toBe('  Lovely questioning here.  ');

    answer.saved = true;
    await wrapper.get('form').trigger('submit');
    await flushPromises();
    expect(posted).toHaveLength(2);
    expect((box.element as HTMLTextAreaElement).value).toBe('');
  });

  it('sends nothing while blank or busy, and its button says so', async () => {
    const { wrapper, posted, box } = composer({ busy: true });
    expect(wrapper.get('button[type="submit"]').attributes('disabled')).toBeDefined();
    await box.setValue('Ready');
    await ctrlEnter(wrapper);
    await flushPromises();
    expect(posted).toEqual([]);
  });

  it('keeps its text in the parent when v-model:text is bound', async () => {
    const draft = ref('Half-written');
    const posted: string[] = [];
    const Parent = defineComponent(
      () => () =>
        h(CommentComposer, {
          label: 'Reply',
          placeholder: '',
          submitLabel: 'Send',
          submit: (text: string) => (posted.push(text), Promise.resolve(true)),
          text: draft.value,
          'onUpdate:text': (value: string) => (draft.value = value),
        }),
    );
    const wrapper = mount(Parent, { attachTo: document.body, ...plugins() });
    mounted.push(wrapper);
    const box = wrapper.get('textarea');
    expect((box.element as HTMLTextAreaElement).value).toBe('Half-written');

    await box.setValue('Half-written, now done');
    expect(draft.value).toBe('Half-written, now done');
    draft.value = 'Changed elsewhere';
    await nextTick();
    expect((box.element as HTMLTextAreaElement).value).toBe('Changed elsewhere');

    await ctrlEnter(wrapper);
    await flushPromises();
    expect(posted).toEqual(['Changed elsewhere']);
    expect(draft.value).toBe('');
  });

  it('labels the box, describes it with its hint, and uses the given test id', () => {
    const { wrapper, box } = composer({ hint: 'Ctrl+Enter sends.', testId: 'comment-box' });
    expect(wrapper.get('form').attributes('data-testid')).toBe('comment-box');
    const id = box.attributes('id')!;
    expect(wrapper.get(`label[for="${id}"]`).text()).toBe('Comment on the portfolio');
    const hint = wrapper.get(`#${CSS.escape(box.attributes('aria-describedby')!)}`);
    expect(hint.text()).toBe('Ctrl+Enter sends.');
  });

  it('offers Cancel and answers Escape only inline, and takes the focus only when asked', async () => {
    const top = composer();
    await top.box.trigger('keydown', { key: 'Escape' });
    expect(top.wrapper.emitted('cancel')).toBeUndefined();
    expect(top.wrapper.findAll('button').map((b) => b.text())).toEqual(['Post']);
    expect(top.wrapper.get('small').text()).toBe('Ctrl+Enter to post.');

    const reply = composer({ inline: true, cancelLabel: 'Never mind' });
    await reply.box.trigger('keydown', { key: 'Escape' });
    await reply.wrapper.get('button[type="button"]').trigger('click');
    expect(reply.wrapper.emitted('cancel')).toHaveLength(2);
    expect(reply.wrapper.get('button[type="button"]').text()).toBe('Never mind');
    await flushPromises();
    expect(document.activeElement).not.toBe(reply.box.element);

    const opened = composer({ inline: true, autofocus: true });
    await flushPromises();
    expect(document.activeElement).toBe(opened.box.element);
  });
});

describe('CommentBox (group posts)', () => {
  const saved: PostComment = {
    id: 90,
    postId: 5,
    parentCommentId: 40,
    authorName: 'Tom Okafor',
    text: 'Agreed',
    createdAt: '2026-03-02T10:00:00Z',
  };
  function installBridge(answer: { next: Result<PostComment> }) {
    const sent: unknown[] = [];
    (window as unknown as Record<string, unknown>)[BRIDGE_GLOBAL] = {
      posts: { comment: (input: unknown) => (sent.push(input), Promise.resolve(answer.next)) },
    };
    return sent;
  }
  function box(parentCommentId?: number) {
    const wrapper = mount(CommentBox, {
      props: { groupId: 3, postId: 5, toName: 'Amara Cole', ...(parentCommentId ? { parentCommentId } : {}) },
      attachTo: document.body,
      ...plugins(),
    });
    mounted.push(wrapper);
    return wrapper;
  }

  it('keeps a reply as a draft in the store, keeps it on failure, and sends it through the store', async () => {
    const answer: { next: Result<PostComment> } = {
      next: { ok: false, error: { code: 'FORBIDDEN', message: 'Only members may comment.' } },
    };
    const sent = installBridge(answer);
    const store = useGroupContentStore();
    store.drafts.set(draftKey(5, 40), 'Agreed');
    const wrapper = box(40);
    expect(wrapper.get('form').attributes('data-testid')).toBe('reply-box');
    expect(wrapper.get('label').text()).toBe('Reply to Amara Cole');
    expect(wrapper.get('small').text()).toBe('Ctrl+Enter sends.');
    const textarea = wrapper.get('textarea');
    expect((textarea.element as HTMLTextAreaElement).value).toBe('Agreed');

    await ctrlEnter(wrapper);
    await flushPromises();
    expect(sent).toEqual([{ postId: 5, text: 'Agreed', parentCommentId: 40 }]);
    expect(wrapper.find('[data-testid="error-message"]').exists()).toBe(true);
    expect(store.drafts.get(draftKey(5, 40))).toBe('Agreed');
    expect(wrapper.emitted('sent')).toBeUndefined();

    answer.next = { ok: true, data: saved };
    await ctrlEnter(wrapper);
    await flushPromises();
    expect(wrapper.emitted('sent')).toHaveLength(1);
    expect(wrapper.find('[data-testid="error-message"]').exists()).toBe(false);
    expect(store.drafts.has(draftKey(5, 40))).toBe(false);
    expect((textarea.element as HTMLTextAreaElement).value).toBe('');
  });

  it('a comment box on the post has its own label and no Cancel', async () => {
    installBridge({ next: { ok: true, data: saved } });
    const wrapper = box();
    expect(wrapper.get('form').attributes('data-testid')).toBe('comment-box');
    expect(wrapper.get('label').text()).toBe('Comment on the post by Amara Cole');
    expect(wrapper.findAll('button').map((b) => b.text())).toEqual(['Comment']);
    await wrapper.get('textarea').setValue('Thanks');
    expect(useGroupContentStore().drafts.get(draftKey(5))).toBe('Thanks');
  });
});
