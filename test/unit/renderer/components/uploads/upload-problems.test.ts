// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { flushPromises, mount, type VueWrapper } from '@vue/test-utils';
import PrimeVue from 'primevue/config';
import type { UploadProblem, UploadSelection } from '../../../../../preload/contract';
import UploadSelectionDialog from '../../../../../renderer/src/components/uploads/UploadSelectionDialog.vue';
import { applyLocale, i18n } from '../../../../../renderer/src/i18n';

/** A file's problems in the selection dialog: in the page's language, not main's English. */

const mounted: VueWrapper[] = [];
afterEach(async () => {
  mounted.splice(0).forEach((wrapper) => wrapper.unmount());
  document.body.innerHTML = '';
  await applyLocale('en-GB');
});

const tooLarge: UploadProblem = {
  code: 'TOO_LARGE',
  message: 'The file is 1.5 MB, over the limit of 1.0 MB.',
  text: { key: 'uploads.problems.tooLarge', params: { size: 1_572_864, limit: 1_048_576 } },
};

function selection(problems: UploadProblem[]): UploadSelection {
  return {
    selectionId: 's1',
    target: { kind: 'community', id: 1 },
    files: [{ displayPath: 'film.mp4', fileName: 'film.mp4', size: 1_572_864, contentType: 'video/mp4', problems }],
    skipped: [],
  };
}

async function problemsShown(locale: string, problems: UploadProblem[]): Promise<string> {
  await applyLocale(locale);
  const wrapper = mount(UploadSelectionDialog, {
    props: { selection: selection(problems), targetLabel: 'Year 9', busy: false },
    attachTo: document.body,
    global: { plugins: [i18n, [PrimeVue, { theme: 'none' }]] as never },
  });
  mounted.push(wrapper);
  await flushPromises();
  return document.body.querySelector('[data-testid="upload-problems"]')?.textContent ?? '';
}

describe('upload problems in the selection dialog', () => {
  it('are worded in Norwegian from their key, sizes formatted the Norwegian way', async () => {
    const shown = await problemsShown('nb-NO', [tooLarge]);
    expect(shown).toContain('Filen er på 1,5 MB, over grensen på 1 MB.');
    expect(shown).not.toContain('over the limit');
  });

  it('fall back to the Norwegian sentence for the code when there is no key', async () => {
    const shown = await problemsShown('nb-NO', [{ code: 'VALIDATION', message: 'Bad name.' }]);
    expect(shown).toContain(i18n.global.t('errors.VALIDATION'));
    expect(shown).not.toContain('Bad name.');
  });

  it('are worded from their key in British English too', async () => {
    expect(await problemsShown('en-GB', [tooLarge])).toContain('The file is 1.5 MB, over the limit of 1 MB.');
  });

  it('show main’s own sentence in British English when there is no key', async () => {
    expect(await problemsShown('en-GB', [{ code: 'VALIDATION', message: 'Bad name.' }])).toContain('Bad name.');
  });
});

describe('entries left out of a chosen folder', () => {
  it('name each link with why it was left out, and only count hidden files', async () => {
    await applyLocale('en-GB');
    const wrapper = mount(UploadSelectionDialog, {
      props: {
        selection: {
          ...selection([]),
          skipped: [
            { displayPath: 'Lesson/notes', reason: 'link-outside' },
            { displayPath: 'Lesson/plan-copy.pdf', reason: 'link-inside' },
            { displayPath: 'Lesson/.DS_Store', reason: 'hidden' },
          ],
        },
        targetLabel: 'Year 9',
        busy: false,
      },
      attachTo: document.body,
      global: { plugins: [i18n, [PrimeVue, { theme: 'none' }]] as never },
    });
    mounted.push(wrapper);
    await flushPromises();
    const links = document.body.querySelector('[data-testid="upload-skipped-links"]')?.textContent ?? '';
    expect(links).toContain('2 links were left out:');
    expect(links).toContain('Lesson/notes — a link to a place outside the folder, not uploaded');
    expect(links).toContain('Lesson/plan-copy.pdf — a link to another place in the folder');
    expect(document.body.textContent).toContain('One hidden or unreadable entry was left out.');
    expect(document.body.textContent).not.toContain('.DS_Store');
  });
});
