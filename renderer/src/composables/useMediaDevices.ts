import { onBeforeUnmount, ref, shallowRef } from 'vue';

/** Why no preview: permission refused, no such device, or the device is used by another program. */
export type DeviceProblem = 'refused' | 'missing' | 'busy' | 'other';

export interface DeviceChoice {
  cameraId: string;
  microphoneId: string;
}

/** Device ids are per site and say nothing of the person: remembered on this computer for the next lesson. */
const storageKey = 'videocollab.record.devices';

function remembered(): DeviceChoice {
  try {
    const saved = JSON.parse(localStorage.getItem(storageKey) ?? '{}') as Partial<DeviceChoice>;
    return { cameraId: String(saved.cameraId ?? ''), microphoneId: String(saved.microphoneId ?? '') };
  } catch {
    return { cameraId: '', microphoneId: '' };
  }
}

export function problemOf(error: unknown): DeviceProblem {
  const name = error instanceof DOMException || error instanceof Error ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'refused';
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return 'missing';
  if (name === 'NotReadableError' || name === 'AbortError') return 'busy';
  return 'other';
}

/**
 * The camera and microphone for a recording: the list of devices, the chosen pair (remembered), and a
 * live stream of them for the preview and the recorder. A refused or missing device is a problem to show,
 * with the lists left to pick another.
 */
export function useMediaDevices() {
  const cameras = ref<MediaDeviceInfo[]>([]);
  const microphones = ref<MediaDeviceInfo[]>([]);
  const choice = ref<DeviceChoice>(remembered());
  const stream = shallowRef<MediaStream | null>(null);
  const problem = ref<DeviceProblem | null>(null);
  const opening = ref(false);

  function close(): void {
    stream.value?.getTracks().forEach((track) => track.stop());
    stream.value = null;
  }

  async function listDevices(): Promise<void> {
    const all = await navigator.mediaDevices.enumerateDevices();
    cameras.value = all.filter((d) => d.kind === 'videoinput' && d.deviceId !== '');
    microphones.value = all.filter((d) => d.kind === 'audioinput' && d.deviceId !== '');
  }

  /** Opens the chosen devices (any, the first time), 720p: what the lesson is recorded at. */
  async function open(): Promise<void> {
    close();
    opening.value = true;
    problem.value = null;
    const { cameraId, microphoneId } = choice.value;
    try {
      if (!navigator.mediaDevices?.getUserMedia) throw new DOMException('No media devices', 'NotFoundError');
      const opened = await navigator.mediaDevices.getUserMedia({
        video: { ...(cameraId ? { deviceId: { exact: cameraId } } : {}), width: 1280, height: 720 },
        audio: microphoneId ? { deviceId: { exact: microphoneId } } : true,
      });
      stream.value = opened;
      await listDevices();
      // What was opened is what is shown as chosen (the first time: the system's default devices).
      const video = opened.getVideoTracks()[0]?.getSettings().deviceId ?? cameraId;
      const audio = opened.getAudioTracks()[0]?.getSettings().deviceId ?? microphoneId;
      choice.value = { cameraId: video, microphoneId: audio };
      localStorage.setItem(storageKey, JSON.stringify(choice.value));
    } catch (error) {
      problem.value = problemOf(error);
      await listDevices().catch(() => undefined);
    } finally {
      opening.value = false;
    }
  }

  async function choose(next: Partial<DeviceChoice>): Promise<void> {
    choice.value = { ...choice.value, ...next };
    await open();
  }

  onBeforeUnmount(close);
  return { cameras, microphones, choice, stream, problem, opening, open, choose, close };
}
