// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { flushPromises, mount, type VueWrapper } from '@vue/test-utils';
import { createPinia, setActivePinia } from 'pinia';
import PrimeVue from 'primevue/config';
import { BRIDGE_GLOBAL, type UploadHold, type UploadSettings } from '../../../../../preload/contract';
import UploadWaitNotice from '../../../../../renderer/src/components/uploads/UploadWaitNotice.vue';
import UploadSettingsPanel from '../../../../../renderer/src/components/uploads/UploadSettingsPanel.vue';
import { applyLocale, i18n } from '../../../../../renderer/src/i18n';

/** The Uploads page says why the queue waits and how fast it may go; the settings form checks the times. */

const mounted: VueWrapper[] = [];
afterEach(async () => {
  mounted.splice(0).forEach((wrapper) => wrapper.unmount());
  document.body.innerHTML = '';
  await applyLocale('en-GB');
});

const settings = (patch: Partial<UploadSettings> = {}): UploadSettings => ({
  concurrency: 3,
  maxFileMiB: 4096,
  bandwidthLimitKiBps: 0,
  schedule: { enabled: false, start: '15:30', end: '07:30' },
  onlyOnMainsPower: false,
  ...patch,
});

async function noticeText(locale: string, waitingFor: UploadHold | undefined, shown: UploadSettings): Promise<string> {
  await applyLocale(locale);
  const wrapper = mount(UploadWaitNotice, {
    props: { waitingFor, settings: shown },
    attachTo: document.body,
    global: { plugins: [i18n] as never },
  });
  mounted.push(wrapper);
  await flushPromises();
  return wrapper.text().replace(/\s+/g, ' ').trim();
}

describe('why uploads wait', () => {
  it('names the time the schedule opens, and that the organisation set it', async () => {
    const managedSchedule = settings({
      schedule: { enabled: true, start: '15:30', end: '07:30' },
      managed: { schedule: true },
    });
    expect(await noticeText('en-GB', { waiting: 'schedule', until: '15:30' }, managedSchedule)).toBe(
      'Uploads wait until 15:30 (schedule set by your organisation).',
    );
    expect(await noticeText('nb-NO', { waiting: 'schedule', until: '15:30' }, managedSchedule)).toBe(
      'Opplastingene venter til 15:30 (tidsplan fastsatt av organisasjonen din).',
    );
  });

  it('says a schedule the person set is their own', async () => {
    expect(await noticeText('en-GB', { waiting: 'schedule', until: '22:00' }, settings())).toBe(
      'Uploads wait until 22:00 (your upload schedule).',
    );
  });

  it('says the queue waits for mains power', async () => {
    expect(await noticeText('en-GB', { waiting: 'battery' }, settings({ onlyOnMainsPower: true }))).toBe(
      'Uploads wait for mains power.',
    );
    expect(await noticeText('nb-NO', { waiting: 'battery' }, settings({ onlyOnMainsPower: true }))).toBe(
      'Opplastingene venter på strøm fra stikkontakten.',
    );
  });

  it('shows the bandwidth limit when one is set, and nothing when the queue neither waits nor is limited', async () => {
    expect(await noticeText('en-GB', undefined, settings({ bandwidthLimitKiBps: 512 }))).toBe('Limited to 512 KiB/s');
    expect(await noticeText('nb-NO', undefined, settings({ bandwidthLimitKiBps: 2048 }))).toBe(
      'Begrenset til 2 048 KiB/s',
    );
    expect(await noticeText('en-GB', undefined, settings())).toBe('');
  });
});

describe('the schedule in the upload settings form', () => {
  let saved: Partial<UploadSettings>[];
  let current: UploadSettings;

  beforeEach(() => {
    setActivePinia(createPinia());
    saved = [];
    current = settings();
    const ok = <T>(data: T) => Promise.resolve({ ok: true as const, data });
    (window as unknown as Record<string, unknown>)[BRIDGE_GLOBAL] = {
      uploads: {
        getSettings: () => ok(current),
        setSettings: (patch: Partial<UploadSettings>) => {
          saved.push(patch);
          current = { ...current, ...patch };
          return ok(current);
        },
      },
      on: () => () => undefined,
    };
  });

  async function openPanel() {
    const wrapper = mount(UploadSettingsPanel, {
      attachTo: document.body,
      global: { plugins: [i18n, [PrimeVue, { theme: 'none' }]] as never },
    });
    mounted.push(wrapper);
    await flushPromises();
    return wrapper;
  }

  it('refuses a time that is not on the 24-hour clock, says so under the field, and saves nothing', async () => {
    current = settings({ schedule: { enabled: true, start: '15:30', end: '07:30' } });
    const panel = await openPanel();
    await panel.get('[data-testid="upload-schedule-start"]').setValue('25:00');
    await panel.get('form').trigger('submit');
    await flushPromises();
    expect(saved).toEqual([]);
    const start = panel.get('[data-testid="upload-schedule-start"]');
    expect(start.attributes('aria-invalid')).toBe('true');
    expect(panel.get('#upload-schedule-start-error').text()).toBe('Type a time on the 24-hour clock, such as 07:30.');
  });

  it('saves a schedule typed loosely as HH:MM, with the limit and the mains rule', async () => {
    const panel = await openPanel();
    await panel.get('#upload-schedule').setValue(true);
    await panel.get('[data-testid="upload-schedule-start"]').setValue('7.30');
    await panel.get('[data-testid="upload-schedule-end"]').setValue('1600');
    await panel.get('#upload-mains').setValue(true);
    await panel.get('form').trigger('submit');
    await flushPromises();
    expect(saved.at(-1)).toMatchObject({
      schedule: { enabled: true, start: '07:30', end: '16:00' },
      onlyOnMainsPower: true,
      bandwidthLimitKiBps: 0,
    });
    expect(panel.get('[data-testid="upload-settings-saved"]').text()).toContain('Saved');
  });

  it('shows a schedule the organisation set as managed, and its fields cannot be changed', async () => {
    current = settings({
      schedule: { enabled: true, start: '15:30', end: '07:30' },
      managed: { schedule: true },
    });
    const panel = await openPanel();
    expect(panel.get('[data-testid="upload-schedule-start"]').attributes('disabled')).toBeDefined();
    expect(panel.get('#upload-schedule').attributes('disabled')).toBeDefined();
    expect(panel.get('#upload-schedule-managed').text()).toContain('Managed by your organisation');
  });
});
