import { copyFileSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../support/sandbox';
import { createUploadWorld, quietLog, until } from '../uploads/support';
import { CameraCards, type CardOffer } from '../../../main/services/watched-folders/camera-cards';
import { CardChoices } from '../../../main/services/watched-folders/card-choices';
import { childrenOf } from '../../../main/services/watched-folders/volumes';
import { WatchWorld, pause, writeVideo } from './support';

/**
 * Camera cards (issue 32): a folder stands in for the operating system's mount folder, and a folder
 * with a DCIM layout inside it for a card being plugged in. The real watcher, record and queue decide
 * what is new; the sandbox shows what arrived.
 */

let sandbox: RunningSandbox;
let w: WatchWorld;
let cards: CameraCards;
let offers: Map<string, CardOffer>;
let mounts: string;

beforeAll(async () => {
  sandbox = await startSandbox();
});

beforeEach(async () => {
  w = new WatchWorld(await createUploadWorld(sandbox));
  mounts = join(w.root, 'media');
  mkdirSync(mounts);
  offers = new Map();
});

afterEach(async () => {
  cards.stop();
  await w.dispose();
});

afterAll(async () => {
  await sandbox.stop();
});

async function startCards(): Promise<void> {
  cards = new CameraCards({
    listVolumes: childrenOf([mounts]),
    pollMs: 200,
    watched: w.watched!,
    target: () => ({ kind: 'community', id: w.world.communityId }),
    choices: new CardChoices(w.dataFolder),
    log: quietLog,
    onOffer: (offer, id) => (offer ? offers.set(id, offer) : offers.delete(id)),
  });
  await cards.start();
}

/** A card as a camera writes it, assembled aside and then "plugged in" at once. */
function plugIn(name: string, files: Record<string, string | Buffer>): string {
  const aside = join(w.root, `${name}-aside`);
  mkdirSync(join(aside, 'DCIM', '100CANON'), { recursive: true });
  for (const [file, content] of Object.entries(files)) writeFileSync(join(aside, 'DCIM', '100CANON', file), content);
  const mountPoint = join(mounts, name);
  renameSync(aside, mountPoint);
  return mountPoint;
}

function unplug(mountPoint: string): void {
  renameSync(mountPoint, `${mountPoint}-out`);
}

it('offers only the videos not sent before, and the import sends only those', async () => {
  const lessons = w.folder('Lessons');
  await w.start();
  const sent = writeVideo(join(lessons.path, 'lesson-a.mp4'));
  await until(() => w.queuedEvents.length === 1, 'lesson-a.mp4 to be queued');
  await w.settled();
  await startCards();
  expect(offers.size).toBe(0);

  const card = plugIn('CANON_SD', {
    // The same recording as lesson-a.mp4, under the camera's name: not new.
    'MVI_0001.MP4': sent,
    'MVI_0002.MP4': Buffer.from('second lesson '.repeat(2000)),
    'MVI_0003.MOV': Buffer.from('third lesson '.repeat(3000)),
    'IMG_0004.JPG': Buffer.from('a photo'),
  });
  await until(() => offers.size === 1, 'the card to be offered');
  const [offer] = [...offers.values()];
  expect(offer).toMatchObject({ card: 'CANON_SD', count: 2 });

  expect(await cards.accept(offer!.id, false)).toBe(2);
  expect(offers.size).toBe(0);
  await w.settled();
  expect(await w.remoteNames()).toEqual(['MVI_0002.MP4', 'MVI_0003.MOV', 'lesson-a.mp4']);
  expect(w.queuedEvents.at(-1)).toMatchObject({ folder: { id: 'card:CANON_SD' }, count: 2 });

  // Out and in again: nothing new, so nothing is offered.
  unplug(card);
  await pause(500);
  renameSync(`${card}-out`, card);
  await pause(1_000);
  expect(offers.size).toBe(0);

  // A copy of a card video put into a watched folder is not sent again either.
  copyFileSync(join(card, 'DCIM', '100CANON', 'MVI_0002.MP4'), join(lessons.path, 'copied-back.mp4'));
  await pause(2_500);
  await w.settled();
  expect(await w.remoteNames()).toEqual(['MVI_0002.MP4', 'MVI_0003.MOV', 'lesson-a.mp4']);
});

it('remembers the choice per card: "always" imports without asking, "never" stops asking', async () => {
  await w.start();
  await startCards();
  const always = plugIn('SONY_A', { 'C0001.MP4': Buffer.from('clip one '.repeat(1000)) });
  const never = plugIn('GOPRO', { 'GX010001.MP4': Buffer.from('clip two '.repeat(1000)) });
  await until(() => offers.size === 2, 'both cards to be offered');
  const byCard = (name: string) => [...offers.values()].find((offer) => offer.card === name)!;
  await cards.accept(byCard('SONY_A').id, true);
  cards.decline(byCard('GOPRO').id, true);
  await w.settled();

  unplug(always);
  unplug(never);
  await pause(500);
  // New recordings on both cards, plugged in again.
  writeFileSync(join(`${always}-out`, 'DCIM', '100CANON', 'C0002.MP4'), Buffer.from('clip three '.repeat(1000)));
  writeFileSync(join(`${never}-out`, 'DCIM', '100CANON', 'GX010002.MP4'), Buffer.from('clip four '.repeat(1000)));
  renameSync(`${always}-out`, always);
  renameSync(`${never}-out`, never);
  await until(() => w.queuedEvents.length === 2, 'the "always" card to be imported without asking');
  await w.settled();
  expect(offers.size).toBe(0);
  expect(await w.remoteNames()).toEqual(['C0001.MP4', 'C0002.MP4']);
});
