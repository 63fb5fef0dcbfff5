import { describe, expect, it } from 'vitest';
import { createTranslator } from '../../../../../main/services/i18n';
import { computeTray, type TrayState } from '../../../../../main/services/notifications/tray';
import { decideToasts } from '../../../../../main/services/notifications/toasts';
import { defaultNotificationSettings } from '../../../../../main/services/notifications/settings';
import { closeToTrayExplanation, unreadBadge } from '../../../../../main/services/notifications/shell-decisions';
import { batchFinishedText, needsAttentionText } from '../../../../../main/services/uploads/run-summary-text';
import type { RunSummary } from '../../../../../main/services/uploads/types';
import { notification } from '../notifications/fakes';

/** What a teacher on a Norwegian computer sees of main: the tray, pop-up notifications, upload notices. */

const nb = createTranslator('nb-NO');
const at = (hours: number) => new Date(2026, 2, 10, hours, 0);
const actor = (name: string) => ({ id: name.length, firstName: name, lastName: '', fullName: name });
const labels = (model: ReturnType<typeof computeTray>) =>
  model.menu.map((item) => (item.kind === 'separator' ? '---' : item.label));

const signedIn = (patch: Partial<TrayState> = {}): TrayState => ({
  signedIn: true,
  online: true,
  doNotDisturb: false,
  notifications: { items: [notification(2), notification(1)], unseenCount: 1, unseenIds: [2] },
  ...patch,
});

const summary = (over: Partial<RunSummary>): RunSummary => ({
  done: 0,
  failed: 0,
  cancelled: 0,
  failures: [],
  ...over,
});

describe('main in Norwegian Bokmål', () => {
  it('the tray menu and tooltip: unread count, the unread mark, uploads, do not disturb, offline', () => {
    const model = computeTray(
      signedIn({ online: false, doNotDisturb: true, uploads: { remaining: 3, percent: 40, paused: 0, failed: 0 } }),
      nb,
    );
    expect(model.tooltip).toBe('Video Collab — 1 ulest varsel · Laster opp 3 filer (40 %) · frakoblet · ikke forstyrr');
    expect(labels(model)).toEqual([
      '1 ulest varsel',
      'Frakoblet: varslene kommer igjen når du er tilkoblet',
      'Ulest: Comment 2',
      'Comment 1',
      'Merk alle som sett',
      '---',
      'Laster opp 3 filer (40 %)',
      '---',
      'Ta opp en time …',
      'Ikke forstyrr',
      'Åpne Video Collab',
      'Logg ut',
      '---',
      'Avslutt',
    ]);
  });

  it('the tray while a lesson records: its time and a way to stop it', () => {
    const model = computeTray(signedIn({ recording: { elapsedMs: 3_723_000 } }), nb);
    expect(model.tooltip).toMatch(/^Video Collab — Tar opp 1:02:03 · /);
    expect(labels(model).slice(0, 2)).toEqual(['Tar opp 1:02:03', 'Stopp opptaket']);
  });

  it('the tray when signed out, and the upload lines for one failed or paused upload', () => {
    const out = computeTray({ ...signedIn(), signedIn: false }, nb);
    expect(out.tooltip).toBe('Video Collab — logget ut');
    expect(labels(out)).toEqual(['Logget ut', '---', 'Åpne Video Collab', '---', 'Avslutt']);
    const none = { items: [], unseenCount: 0, unseenIds: [] };
    const failed = computeTray(signedIn({ notifications: none, uploads: { remaining: 0, paused: 0, failed: 1 } }), nb);
    expect(failed.tooltip).toBe('Video Collab — Ingen uleste varsler · 1 opplasting mislyktes');
    const paused = computeTray(signedIn({ notifications: none, uploads: { remaining: 0, paused: 2, failed: 0 } }), nb);
    expect(paused.tooltip).toBe('Video Collab — Ingen uleste varsler · 2 opplastinger er satt på pause');
  });

  it('a summary toast names who, in Norwegian; the service’s own titles stay as written', () => {
    const items = [1, 2, 3, 4].map((id) =>
      notification(id, {
        actor: actor(['Kari', 'Ola', 'Per', 'Kari'][id - 1]!),
        title: id === 1 ? 'Ny kommentar' : '',
      }),
    );
    const [toast] = decideToasts(items, { ...defaultNotificationSettings, summaryThreshold: 3 }, at(12), nb).toasts;
    expect(toast).toMatchObject({ title: '4 nye varsler', body: '4 nye varsler fra Kari, Per og 1 til: Ny kommentar' });
    const two = decideToasts(items.slice(0, 2), { ...defaultNotificationSettings, summaryThreshold: 1 }, at(12), nb);
    expect(two.toasts[0]!.body).toBe('2 nye varsler fra Ola og Kari: Ny kommentar');
    const untitled = decideToasts([notification(5, { title: '' })], defaultNotificationSettings, at(12), nb);
    expect(untitled.toasts[0]!.title).toBe('Nytt varsel');
  });

  it('the one-time "still running" notice says where the app lives on each platform', () => {
    expect(closeToTrayExplanation('Video Collab', 'win32', nb)).toEqual({
      title: 'Video Collab kjører fortsatt',
      body: expect.stringContaining('fra systemstatusfeltet') as string,
    });
    expect(closeToTrayExplanation('Video Collab', 'darwin', nb).body).toContain('fra menylinjen');
  });

  it('the taskbar badge tells a screen reader the unread count in Norwegian', () => {
    expect(unreadBadge(1, 'win32', nb)).toMatchObject({ description: '1 ulest varsel' });
    expect(unreadBadge(120, 'win32', nb)).toMatchObject({ text: '99+', description: '120 uleste varsler' });
  });

  it('upload notices: finished, waiting for sign-in, damaged records', () => {
    expect(batchFinishedText(summary({ done: 1 }), nb)).toEqual({
      title: 'Opplastingene er ferdige',
      body: '1 fil er lastet opp til tjenesten.',
    });
    expect(needsAttentionText(summary({ waitingForSignIn: true }), nb).title).toBe(
      'Opplastingene venter på at du logger inn',
    );
    const damaged = needsAttentionText(summary({ recordsDamaged: { lines: 2, filesToCheck: 1 } }), nb);
    expect(damaged.body).toBe(
      'Noen opplysninger om opplastingene kunne ikke leses (2 linjer); resten ble gjenopprettet. ' +
        'Det var ikke mulig å ta vare på en kopi av dem. ' +
        '1 fil som kanskje allerede er kommet fram, blir sjekket i tjenesten før den sendes på nytt.',
    );
  });

  it('a failed upload is explained in Norwegian, not with main’s English sentence for the log', () => {
    const text = needsAttentionText(
      summary({
        failed: 3,
        done: 2,
        failures: [
          {
            displayPath: 'Uke 3/time.mp4',
            problem: { code: 'TOO_LARGE', message: 'The file is larger than the service accepts.' },
          },
        ],
      }),
      nb,
    );
    expect(text).toEqual({
      title: '3 opplastinger mislyktes',
      body: 'Uke 3/time.mp4: Filen er for stor for tjenesten. Og 2 filer til. 2 filer er lastet opp til tjenesten.',
    });
  });
});
