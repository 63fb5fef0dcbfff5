/**
 * A queue in its own process, for the kill test: `node --import tsx queue-child.ts` with
 * UPLOAD_CHILD = JSON {serviceUrl, accessToken, refreshToken, dataFolder, communityId, paths?, tuning?}.
 * With `paths` it enqueues them (first run); without, it only resumes what the journal holds.
 * Prints one JSON line per progress event ({"items":[{fileName,state,confirmedBy}]}) and
 * {"idle":true} once nothing is left to do, then exits.
 */
import { UploadQueue, defaultUploadSettings } from '../../../main/services/uploads/upload-queue';
import { AdmittedPaths } from '../../../main/services/uploads/admitted-paths';
import { TestSession, RecordingNotifier, RecordingPower, RecordingTaskbar, quietLog } from './support';

interface ChildConfig {
  serviceUrl: string;
  accessToken: string;
  refreshToken: string;
  dataFolder: string;
  communityId: number;
  paths?: string[];
  tuning?: Record<string, number>;
}

const config = JSON.parse(process.env.UPLOAD_CHILD ?? '{}') as ChildConfig;
const session = new TestSession(config.serviceUrl, config.accessToken, config.refreshToken);
const admitted = new AdmittedPaths();
const queue = new UploadQueue({
  dataFolder: config.dataFolder,
  connection: () => session.connection(),
  admitted,
  settings: () => defaultUploadSettings,
  log: quietLog,
  power: new RecordingPower(),
  taskbar: new RecordingTaskbar(),
  notifier: new RecordingNotifier(),
  tuning: config.tuning,
});

const report = () =>
  process.stdout.write(
    `${JSON.stringify({
      items: queue.list().map(({ fileName, state, confirmedBy }) => ({ fileName, state, confirmedBy })),
    })}\n`,
  );

queue.onProgress(report);
await queue.start();
if (config.paths) {
  admitted.admit(config.paths, 'drop');
  await queue.enqueue({ target: { kind: 'community', id: config.communityId }, paths: config.paths });
}
const timer = setInterval(() => {
  if (queue.totals().active) return;
  clearInterval(timer);
  report();
  process.stdout.write(`${JSON.stringify({ idle: true })}\n`);
  void queue.stop().then(() => process.exit(0));
}, 50);
