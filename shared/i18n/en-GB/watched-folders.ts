/** Uploads → watched folders (`uploads.watched`): folders whose new recordings go up by themselves. */
export default {
  title: 'Watched folders',
  intro:
    'New recordings saved in these folders are uploaded by themselves, each once, as soon as they have stopped changing. Renamed or moved files are not sent again.',
  empty: 'No folder is watched yet.',
  target: 'Send new recordings to',
  add: 'Watch a folder…',
  remove: 'Stop watching {name}',
  types: 'Takes: {types}',
  managed: 'Set by your organisation',
  states: {
    starting: 'Starting…',
    watching: 'Watching',
    missing: 'Not found: the watch waits until the folder is back (an unplugged drive?)',
    'signed-out': 'Waits for you to sign in',
  },
  waiting:
    'no new files | {count} new file waits until it stops changing | {count} new files wait until they stop changing',
  from: 'from {name}',
  queuedTitle: 'New recordings queued',
  queued:
    'no new recordings queued from {folder} | 1 new recording queued from {folder} | {count} new recordings queued from {folder}',
  card: {
    title: 'New videos on a camera card',
    body: 'No new videos on {card}. | Import 1 new video from {card} to {target}? | Import {count} new videos from {card} to {target}?',
    remember: 'Do the same every time {card} is plugged in',
    import: 'Import',
    notNow: 'Not now',
  },
};
