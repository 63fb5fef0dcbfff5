/** Open and Save on listed files, and the downloads on the Transfers page (`downloads`). */
export default {
  open: 'Open',
  openNamed: 'Open {name}',
  save: 'Save…',
  saveNamed: 'Save {name}…',
  started: 'Downloading {name}.',
  seeTransfers: 'See Transfers',
  heading: 'Downloads',
  uploadsHeading: 'Uploads',
  empty: 'Nothing downloaded yet. Use Open or Save… on a file in a group or portfolio.',
  clearHistory: 'Clear finished',
  columns: {
    name: 'File',
    size: 'Size',
    state: 'State',
    progress: 'Progress',
    actions: 'Actions',
  },
  states: {
    queued: 'Waiting',
    downloading: 'Downloading',
    done: 'Done',
    failed: 'Failed',
    cancelled: 'Cancelled',
    interrupted: 'Interrupted',
  },
  /** Open showed the file in its folder instead, and why. */
  shownInFolder: {
    'file-type':
      'The app opens documents, pictures, sound, video and text only. This type could run code: shown in its folder instead.',
    'not-marked':
      'The computer could not be told this file came from the internet, so the app did not open it: shown in its folder instead.',
    'no-app': 'No app on this computer opens this type of file: shown in its folder instead.',
  },
  fileProgress: '{name}: {percent}% downloaded',
  received: '{done} of {total}',
  cancel: 'Cancel downloading {name}',
  retry: 'Download {name} again',
  showInFolder: 'Show in folder',
  showInFolderNamed: 'Show {name} in its folder',
  openAgain: 'Open {name}',
  insecureUrl:
    'The service gave an unencrypted (http) address on another server for this file, so the app did not download it. Ask the service’s administrator.',
  incomplete: 'The connection broke before the whole file arrived. A file already saved there is untouched. Try again.',
  fileProblems: {
    'disk-full': 'The disk is full: the file could not be saved.',
    'not-allowed': 'The app may not write to that folder. Choose another place.',
    'folder-missing': 'The folder to save in no longer exists.',
    'name-too-long':
      'The file’s name and its folder together are too long for this computer. Save it with a shorter name or in another folder.',
    'in-use': 'The file already there may be open in another app, so it could not be replaced. Close it and try again.',
    other: 'The file could not be written to disk. Check the folder and the disk, then try again.',
  },
  remove: 'Remove {name} from the list',
};
