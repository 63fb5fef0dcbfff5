/** Record (`recording`): recording a lesson in the app, tagging it live, and its way to a tagged video. */
export default {
  title: 'Record a lesson',
  lead: 'Record with this computer’s camera and microphone and place tags as the lesson happens. When you stop, the recording goes to My files and becomes a tagged video with your tags.',
  devices: {
    heading: 'Camera and microphone',
    preview: 'Camera preview',
    camera: 'Camera',
    microphone: 'Microphone',
    none: 'None found',
    level: 'Microphone level',
    tryAgain: 'Try again',
    unnamed: { camera: 'Camera {n}', microphone: 'Microphone {n}' },
    problem: {
      refused:
        'The app was not allowed to use the camera or microphone. Allow it in your computer’s privacy settings, then try again.',
      missing: 'No camera or microphone was found. Connect one, or choose another, then try again.',
      busy: 'The camera or microphone is being used by another program. Close it, or choose another device.',
      other: 'The camera or microphone could not be started. Choose another device, or try again.',
    },
  },
  before: {
    heading: 'Before you record',
    titleLabel: 'Title',
    titleMissing: 'Give the recording a title.',
    tagSet: 'Tag set to tag with',
    noTagSet: 'No tag set',
    start: 'Start recording',
  },
  fields: {
    required: '(required)',
    choose: 'Choose…',
    missing: '{name} needs an answer.',
  },
  live: {
    heading: 'Recording',
    help: 'Press 1 to 9 or a button to place a tag at the current time. A note typed below goes with the next tag.',
    noTagSet: 'No tag set was chosen, so there are no tags to place.',
    note: 'Note for the next tag',
    placed: 'Tags placed',
    undo: 'Undo last tag',
    stop: 'Stop recording',
  },
  after: {
    heading: 'After recording',
    help: 'Answer these and send: the recording is uploaded to My files and becomes a tagged video with your tags, by itself.',
    send: 'Send',
  },
  waiting: {
    heading: 'Recordings on this computer',
    interrupted: 'The recording from {time} stopped at {length}: keep it?',
    keep: 'Keep it',
    answer: 'Answer the questions',
    retry: 'Try again',
    discard: 'Discard',
    open: 'Open {title} for tagging',
  },
  steps: {
    recording: 'Recording…',
    interrupted: 'Stopped at {length}.',
    stopped:
      'Recorded {length} with no tags; waiting for the questions after recording. | Recorded {length} with one tag; waiting for the questions after recording. | Recorded {length} with {tags} tags; waiting for the questions after recording.',
    queued:
      'Uploading to My files ({length}, no tags)… | Uploading to My files ({length}, one tag)… | Uploading to My files ({length}, {tags} tags)…',
    uploaded: 'Uploaded; making the tagged video…',
    tagging: 'Making the tagged video…',
    done: 'Ready: a tagged video with no tags. | Ready: a tagged video with one tag. | Ready: a tagged video with {tags} tags.',
    discarded: 'Discarded.',
  },
  problems: {
    noVideoId:
      'The service kept the file but did not say which video it made of it. The recording is kept on this computer: try again in a while.',
    uploadFailed: 'The upload did not finish. The recording is kept on this computer.',
    taggingFailed: 'The tagged video could not be made yet. Your tags are kept on this computer.',
    diskFull: 'The disk is nearly full, so the recording stopped. What was recorded is kept.',
    notSignedIn: 'Sign in as the person who recorded it to send it.',
  },
  errors: {
    noRecorder: 'This computer cannot record video in a format the app knows.',
    recorderStopped: 'The recording stopped by itself. What was recorded is kept.',
  },
  ready: {
    title: 'Tagged video ready',
    body: '{title} is a tagged video with your tags. Open it to refine them.',
  },
};
