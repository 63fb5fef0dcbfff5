/**
 * What the main process says outside the page (`main`): the tray's menu and tooltip, native
 * notifications, and the taskbar badge. Main formats these with its own small translator
 * (main/services/i18n), in the same message syntax as vue-i18n: `{name}` placeholders, plural forms
 * separated by ` | `. Punctuation that only joins parts (` — `, ` · `, `; `) stays in the code.
 */
export default {
  tray: {
    record: 'Record a lesson…',
    /** While a lesson records: the tray's status line and tooltip part; `{time}` is 12:34 or 1:02:03. */
    recording: 'Recording {time}',
    stopRecording: 'Stop recording',
    open: 'Open {appName}',
    quit: 'Quit',
    signedOut: 'Signed out',
    signOut: 'Sign out',
    unreadCount: 'No unread notifications | {count} unread notification | {count} unread notifications',
    offline: 'Offline: notifications resume when back online',
    allNotifications: 'All notifications…',
    markAllSeen: 'Mark all as seen',
    doNotDisturb: 'Do not disturb',
    /** A menu label is all a screen reader gets of an item: the word says unread. */
    unread: 'Unread: {title}',
    untitled: 'Notification',
    uploading: 'Uploading {count} file | Uploading {count} files',
    uploadingPercent: 'Uploading {count} file ({percent}%) | Uploading {count} files ({percent}%)',
    uploadsFailed: '{count} upload failed | {count} uploads failed',
    uploadsPaused: '{count} upload paused | {count} uploads paused',
    /** Parts of the tooltip after the app's name, lower case because they follow a dash. */
    tooltip: {
      signedOut: 'signed out',
      offline: 'offline',
      doNotDisturb: 'do not disturb',
    },
  },
  toasts: {
    untitled: 'New notification',
    summaryTitle: '{count} new notification | {count} new notifications',
    summaryBody: '{count} new notification: {titles} | {count} new notifications: {titles}',
    summaryBodyFrom:
      '{count} new notification from {names}: {titles} | {count} new notifications from {names}: {titles}',
    twoNames: '{first} and {second}',
    moreNames: '{first}, {second} and {count} more',
  },
  closeToTray: {
    title: '{appName} is still running',
    bodyTray:
      'It keeps checking for notifications from the system tray. To quit, use Quit in its menu; to quit when you close the window instead, change this in Notifications settings.',
    bodyMenuBar:
      'It keeps checking for notifications from the menu bar. To quit, use Quit in its menu; to quit when you close the window instead, change this in Notifications settings.',
  },
  uploads: {
    finishedTitle: 'Uploads finished',
    onService: '{count} file is on the service. | {count} files are on the service.',
    damagedTitle: 'Upload records were damaged',
    damagedBody:
      'Some upload records could not be read ({count} line); the rest were restored. | Some upload records could not be read ({count} lines); the rest were restored.',
    copyKept: 'A copy is kept at {path}.',
    noCopy: 'No copy of them could be kept.',
    checking:
      '{count} file that may already have arrived is looked for on the service before being sent again. | {count} files that may already have arrived are looked for on the service before being sent again.',
    waitingTitle: 'Uploads are waiting for you to sign in',
    waitingBody: 'Sign in again and they carry on where they stopped; nothing is lost.',
    attentionTitle: 'Uploads need your attention',
    attentionBody: 'Some uploads are paused. Open the app to carry on.',
    failedTitle: '{count} upload failed | {count} uploads failed',
    others: 'And {count} other file. | And {count} other files.',
  },
  /** Titles of the open dialogs behind Choose files…, Choose a folder… and Change picture…. */
  dialogs: {
    chooseFiles: 'Choose files to upload',
    chooseFolder: 'Choose a folder to upload',
    choosePicture: 'Choose a picture',
    /** The name of the file-type filter in the picture dialog. */
    images: 'Images',
    /** The save dialog behind a file's Save… button. */
    saveFile: 'Save file',
    /** The open dialog behind Choose a file… on Invite from a file, and its file-type filter. */
    chooseSpreadsheet: 'Choose a list of people to invite',
    spreadsheets: 'Spreadsheets (CSV, Excel)',
  },
  /** Said at start when this run has no Chromium sandbox (Linux); the remedy for IT follows in English. */
  sandboxWarning: {
    title: 'Running without protection',
    message: "Video Collab Desktop is running without Chromium's sandbox on this computer.",
  },
  /**
   * An installed app started with debugging switches refuses to start (issue 28): the error box before
   * anything else opens. {switches} lists them, e.g. `--remote-debugging-port`.
   */
  debuggingRefused: {
    title: 'Video Collab Desktop did not start',
    message:
      'It was started with debugging switches ({switches}) that would let another program read what the app shows and holds, including your sign-in. Start it from its usual shortcut or menu entry. If you did not add these switches, tell your IT department.',
  },
  /** The application menu. `&` marks the letter Alt picks on Windows and Linux: keep one in each label that has it. */
  menu: {
    file: '&File',
    view: '&View',
    viewMac: 'View',
    about: '&About {appName}',
    aboutMac: 'About {appName}',
  },
};
