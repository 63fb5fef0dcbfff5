import type { BridgeCall } from './call';

/** The page's functions for recording a lesson: one per channel of RecordingInvoke. */
export const recordingBridge = (call: BridgeCall) => ({
  recording: {
    fields: call('recording:fields'),
    start: call('recording:start'),
    chunk: call('recording:chunk'),
    tag: call('recording:tag'),
    untag: call('recording:untag'),
    stop: call('recording:stop'),
    finish: call('recording:finish'),
    list: call('recording:list'),
    retry: call('recording:retry'),
    discard: call('recording:discard'),
    screenSources: call('recording:screen-sources'),
    chooseScreen: call('recording:choose-screen'),
  },
});
