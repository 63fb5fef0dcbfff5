/** The Transfers page: uploads and downloads in one list (`transfers`). */
export default {
  title: 'Uploads and downloads',
  lead: 'One list: what is moving first, then what is waiting, what failed and what is done.',
  sendHeading: 'Upload files',
  listHeading: 'All transfers',
  summary: '{running} moving · {waiting} waiting · {failed} failed · {done} done',
  empty:
    'Nothing uploaded or downloaded yet. Choose files to upload above, or use Open or Save… on a file in a group or portfolio.',
  clearFinished: 'Clear finished',
  pauseUploads: 'Pause uploads',
  resumeUploads: 'Resume uploads',
  retryFailed: 'Retry failed',
  directions: { upload: 'Upload', download: 'Download' },
  columns: {
    direction: 'Direction',
    name: 'File',
    place: 'To or from',
    size: 'Size',
    state: 'State',
    progress: 'Progress',
    actions: 'Actions',
  },
  sources: {
    'group-file': 'Group file',
    'portfolio-file': 'Portfolio file',
    'portfolio-document': 'Portfolio document',
  },
  fileMissing: 'The file is no longer where it was saved.',
  interrupted: 'The app closed before this download finished. Retry downloads it again.',
  journalSetAside:
    'The list of earlier downloads could not be read, so it starts empty. It was set aside as {file} in the app’s data folder; your saved files are untouched.',
};
