import type { BridgeCall } from './call';

/** The page's functions for inviting people from a file: one per channel of PeopleImportInvoke. */
export const peopleImportBridge = (call: BridgeCall) => ({
  peopleImport: {
    chooseFile: call('people-import:choose-file'),
    preview: call('people-import:preview'),
    start: call('people-import:start'),
    pending: call('people-import:pending'),
    resume: call('people-import:resume'),
    discard: call('people-import:discard'),
    saveResults: call('people-import:save-results'),
  },
});
