// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { flushPromises, mount, type VueWrapper } from '@vue/test-utils';
import PrimeVue from 'primevue/config';
import type { ImportPreviewRow } from '../../../../../preload/contract';
import ConfirmAdminsDialog from '../../../../../renderer/src/components/admin-import/ConfirmAdminsDialog.vue';
import { adminsToBe } from '../../../../../renderer/src/lib/import-rows';
import { applyLocale, i18n } from '../../../../../renderer/src/i18n';

/** Before a bulk invitation makes anyone an administrator, the page says how many and who (#28 item 15). */

const mounted: VueWrapper[] = [];
afterEach(async () => {
  mounted.splice(0).forEach((wrapper) => wrapper.unmount());
  document.body.innerHTML = '';
  await applyLocale('en-GB');
});

const row = (line: number, email: string, isOrgAdmin: boolean, problems: ImportPreviewRow['problems'] = []) => ({
  line,
  email,
  isOrgAdmin,
  groupNames: [],
  problems,
});
const preview: ImportPreviewRow[] = [
  row(2, 'ada@school.example', true),
  row(3, 'bo@school.example', false),
  row(4, 'cy@school.example', true),
  row(5, 'not-an-address', true, [{ kind: 'malformed-email', value: 'not-an-address' }]),
  row(6, 'di@school.example', true),
];

async function dialog(locale: string, admins: string[]) {
  await applyLocale(locale);
  const wrapper = mount(ConfirmAdminsDialog, {
    props: { visible: true, admins, organisation: 'Northbridge University', sendCount: 4, busy: false },
    attachTo: document.body,
    global: { plugins: [i18n, [PrimeVue, { theme: 'none' }]] as never },
  });
  mounted.push(wrapper);
  await flushPromises();
  return document.body.querySelector<HTMLElement>('[data-testid="confirm-dialog"]')!;
}

describe('confirming who will be made administrators', () => {
  it('counts only the rows that will be sent with the admin flag, in file order', () => {
    expect(adminsToBe(preview)).toEqual(['ada@school.example', 'cy@school.example', 'di@school.example']);
  });

  it('says "3 people will be made administrators" and lists every one of them', async () => {
    const shown = await dialog('en-GB', adminsToBe(preview));
    expect(shown.textContent).toContain('3 people will be made administrators of Northbridge University:');
    const list = shown.querySelector('[data-testid="import-admins-to-be"]')!;
    expect([...list.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      'ada@school.example',
      'cy@school.example',
      'di@school.example',
    ]);
    expect(list.getAttribute('aria-label')).toBe('Who will be made an administrator');
    expect(shown.querySelector('[data-testid="confirm-button"]')!.textContent).toContain('Send 4 invitations');
  });

  it('says it of one person, in Norwegian too', async () => {
    const shown = await dialog('nb-NO', ['ada@school.example']);
    expect(shown.textContent).toContain('Én person blir administrator i Northbridge University:');
    expect(shown.querySelectorAll('[data-testid="import-admins-to-be"] li')).toHaveLength(1);
  });
});
