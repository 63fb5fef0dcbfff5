import { onBeforeUnmount, ref, shallowRef } from 'vue';
import { useScreenPick, type ScreenApi } from './useScreenPick';

/**
 * Why no preview: permission refused, no such device, or the device is used by another program; for a
 * screen, capture refused (or the system's picker cancelled), nothing picked, or the window closed.
 */
export type DeviceProblem = 'refused' | 'missing' | 'busy' | 'other' | 'screenRefused' | 'noScreen' | 'screenEnded';

/** What is filmed: the room through a camera, or a screen or window (a lesson given on the board). */
export type VideoSource = 'camera' | 'screen';

export interface DeviceChoice {
  source: VideoSource;
  cameraId: string;
  microphoneId: string;
  /** The screen or window picked last (`screen:…`/`window:…`), and its name as listed then. */
  screenId: string;
  screenName: string;
}

/** Device ids are per site and say nothing of the person: remembered on this computer for the next lesson. */
const storageKey = 'videocollab.record.devices';

function remembered(): DeviceChoice {
  try {
    const saved = JSON.parse(localStorage.getItem(storageKey) ?? '{}') as Partial<DeviceChoice>;
    return {
      source: saved.source === 'screen' ? 'screen' : 'camera',
      cameraId: String(saved.cameraId ?? ''),
      microphoneId: String(saved.microphoneId ?? ''),
      screenId: String(saved.screenId ?? ''),
      screenName: String(saved.screenName ?? ''),
    };
  } catch {
    return { source: 'camera', cameraId: '', microphoneId: '', screenId: '', screenName: '' };
  }
}

export function problemOf(error: unknown): DeviceProblem {
  const name = error instanceof DOMException || error instanceof Error ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'refused';
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return 'missing';
  if (name === 'NotReadableError' || name === 'AbortError') return 'busy';
  return 'other';
}

/** A screen capture that failed: refused (by the system, or its picker cancelled) reads differently. */
class ScreenCaptureFailed extends Error {
  readonly problem: DeviceProblem;
  constructor(cause: unknown) {
    super('The screen could not be captured', { cause });
    this.problem = problemOf(cause) === 'refused' ? 'screenRefused' : problemOf(cause);
  }
}

/** 720p is what the lesson is recorded at; a board changes slowly, so a screen needs fewer frames. */
const cameraVideo = { width: 1280, height: 720 };
const screenVideo = { width: { ideal: 1280 }, height: { ideal: 720 }, frameRate: { ideal: 15, max: 30 } };

/**
 * The camera (or a screen or window) and microphone for a recording: the device lists, the choice
 * (remembered), and a live stream for the preview and the recorder. A refused or missing device is a
 * problem to show, with the lists left to pick another.
 */
export function useMediaDevices(screenApi: ScreenApi) {
  const cameras = ref<MediaDeviceInfo[]>([]);
  const microphones = ref<MediaDeviceInfo[]>([]);
  const choice = ref<DeviceChoice>(remembered());
  const stream = shallowRef<MediaStream | null>(null);
  const problem = ref<DeviceProblem | null>(null);
  const opening = ref(false);
  const screen = useScreenPick(screenApi);

  function close(): void {
    const closing = stream.value;
    stream.value = null;
    closing?.getTracks().forEach((track) => track.stop());
  }

  async function listDevices(): Promise<void> {
    const all = await navigator.mediaDevices.enumerateDevices();
    cameras.value = all.filter((d) => d.kind === 'videoinput' && d.deviceId !== '');
    microphones.value = all.filter((d) => d.kind === 'audioinput' && d.deviceId !== '');
  }

  const microphone = (): MediaTrackConstraints | true =>
    choice.value.microphoneId ? { deviceId: { exact: choice.value.microphoneId } } : true;

  async function openCamera(): Promise<MediaStream> {
    const { cameraId } = choice.value;
    return navigator.mediaDevices.getUserMedia({
      video: { ...(cameraId ? { deviceId: { exact: cameraId } } : {}), ...cameraVideo },
      audio: microphone(),
    });
  }

  /** The picked screen's picture with the microphone's sound; undefined when nothing was picked. */
  async function openScreen(askAgain: boolean): Promise<MediaStream | undefined> {
    const pick = await screen.pick(choice.value.screenId, askAgain);
    if (pick.kind === 'cancelled') return undefined;
    let display: MediaStream;
    try {
      display = await navigator.mediaDevices.getDisplayMedia({ video: screenVideo, audio: false });
    } catch (error) {
      throw new ScreenCaptureFailed(error);
    }
    try {
      const sound = await navigator.mediaDevices.getUserMedia({ audio: microphone() });
      const video = display.getVideoTracks()[0];
      // The window closed, or the system's "Stop sharing": said, rather than a preview that froze.
      video?.addEventListener('ended', () => {
        if (stream.value?.getVideoTracks()[0] === video) problem.value = 'screenEnded';
      });
      const name = pick.kind === 'picked' ? pick.source.name : '';
      choice.value = { ...choice.value, screenId: pick.kind === 'picked' ? pick.source.id : '', screenName: name };
      return new MediaStream([...display.getVideoTracks(), ...sound.getAudioTracks()]);
    } catch (error) {
      display.getTracks().forEach((track) => track.stop());
      throw error;
    }
  }

  /** Opens the chosen devices (the system's defaults, the first time). */
  async function open(askScreen = false): Promise<void> {
    close();
    opening.value = true;
    problem.value = null;
    try {
      if (!navigator.mediaDevices?.getUserMedia) throw new DOMException('No media devices', 'NotFoundError');
      const opened = choice.value.source === 'screen' ? await openScreen(askScreen) : await openCamera();
      if (!opened) {
        problem.value = 'noScreen';
        return;
      }
      stream.value = opened;
      await listDevices();
      // What was opened is what is shown as chosen (the first time: the system's default devices).
      const video = choice.value.source === 'camera' ? opened.getVideoTracks()[0]?.getSettings().deviceId : undefined;
      const audio = opened.getAudioTracks()[0]?.getSettings().deviceId;
      choice.value = {
        ...choice.value,
        cameraId: video ?? choice.value.cameraId,
        microphoneId: audio ?? choice.value.microphoneId,
      };
      localStorage.setItem(storageKey, JSON.stringify(choice.value));
    } catch (error) {
      problem.value = error instanceof ScreenCaptureFailed ? error.problem : problemOf(error);
      await listDevices().catch(() => undefined);
    } finally {
      opening.value = false;
    }
  }

  /** Another camera, microphone or source; a switch to the screen (or "Choose another") asks which one. */
  async function choose(next: Partial<DeviceChoice>, options: { askScreen?: boolean } = {}): Promise<void> {
    const switchingToScreen = next.source === 'screen' && choice.value.source !== 'screen';
    choice.value = { ...choice.value, ...next };
    await open(options.askScreen ?? switchingToScreen);
  }

  onBeforeUnmount(close);
  return { cameras, microphones, choice, stream, problem, opening, screen, open, choose, close };
}
