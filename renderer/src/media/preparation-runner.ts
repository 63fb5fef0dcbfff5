import type { BridgeApi } from '../bridge';

/**
 * Runs main's preparation jobs in dedicated workers, so the UI thread never decodes a frame. One
 * worker per job, ended when main says stop. A worker that dies says so at once; one that hangs goes
 * quiet, and main's heartbeat notices.
 */
export function startPreparationRunner(bridge: BridgeApi): () => void {
  const workers = new Map<string, Worker>();
  const end = (jobId: string) => {
    workers.get(jobId)?.terminate();
    workers.delete(jobId);
  };
  const start = ({ jobId, job }: { jobId: string; job: Parameters<Worker['postMessage']>[0] }) => {
    if (workers.has(jobId)) return;
    const worker = new Worker(new URL('./prepare-worker.ts', import.meta.url), { type: 'module', name: 'prepare' });
    workers.set(jobId, worker);
    worker.onmessage = (event: MessageEvent) => {
      const report = event.data as Parameters<BridgeApi['media']['report']>[0]['report'];
      if (report.kind !== 'progress') end(jobId);
      void bridge.media.report({ jobId, report });
    };
    worker.onerror = (event) => {
      event.preventDefault();
      end(jobId);
      void bridge.media.report({ jobId, report: { kind: 'failed', reason: 'worker-crashed', detail: event.message } });
    };
    worker.postMessage(job);
  };
  const offJob = bridge.on('media:job', start);
  // Jobs sent before this page could hear them (the app starting, the window opened again).
  void bridge.media.pending().then((answer) => {
    if (answer.ok) answer.data.forEach(start);
  });
  const offStop = bridge.on('media:stop', ({ jobId }) => end(jobId));
  return () => {
    offJob();
    offStop();
    for (const jobId of [...workers.keys()]) end(jobId);
  };
}
