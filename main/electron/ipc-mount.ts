import { BrowserWindow, ipcMain, type IpcMainInvokeEvent } from 'electron';
import { invokeChannels, type EventChannel, type EventContract } from '../../preload/contract';
import { dispatch, type DispatchDeps } from '../ipc/dispatch';
import type { SenderInfo } from '../ipc/sender-policy';

/** Reads what main needs to judge a sender from Electron's event. */
function senderOf(event: IpcMainInvokeEvent): SenderInfo {
  const frame = event.senderFrame;
  const window = BrowserWindow.fromWebContents(event.sender);
  return {
    frameUrl: frame?.url ?? '',
    isMainFrame: frame !== null && frame === event.sender.mainFrame,
    fromOurWindow: window !== null && !window.isDestroyed(),
  };
}

/** Registers one `ipcMain.handle` per allowlisted channel, each going through `dispatch`. */
export function mountIpc(deps: DispatchDeps): void {
  for (const channel of Object.keys(invokeChannels)) {
    ipcMain.handle(channel, (event, ...args: unknown[]) => dispatch(deps, channel, senderOf(event), args));
  }
}

/**
 * Pushes an event to every open window of the app. A closing window can outlive its web contents for
 * a moment, and `send` on a destroyed one throws: such a window is skipped, the others still get it.
 */
export function broadcast<E extends EventChannel>(channel: E, payload: EventContract[E]): void {
  for (const window of BrowserWindow.getAllWindows()) {
    if (!window.isDestroyed() && !window.webContents.isDestroyed()) window.webContents.send(channel, payload);
  }
}
