/**
 * Uploads → making a video smaller before it is sent (`uploads.preparation`, issue 29): the state's
 * progress, why a video is sent as it is, and why a preparation failed.
 */
export default {
  progress: 'Making {name} smaller: {percent}%',
  offer: {
    tick: 'Make smaller before sending',
    bitrate: '{mbps} Mbit/s',
    estimate: 'about {size}',
    estimateSaved: 'about {size}, {saved} sooner on this connection',
  },
  asIs: {
    smallEnough: 'Sent as it is: already small enough.',
    cannotDecode: 'Sent as it is: this computer cannot read its video format ({codec}).',
    notAVideo: 'Sent as it is: this file is not a video the app can read.',
    noVideoTrack: 'Sent as it is: the file holds no picture.',
    damaged: 'Sent as it is: the video looks damaged, so the app did not change it.',
  },
  prepared: 'Made smaller: {size} instead of {original}.',
  problems: {
    diskFull:
      'There is not enough free disk space to make this video smaller ({needed} needed). Free some space, or send the original.',
    checkFailed: 'The smaller copy did not pass its check ({detail}). The original is unchanged.',
    workerStopped: 'Making the video smaller stopped unexpectedly. Try again, or send the original.',
    failed: 'The video could not be made smaller. The original is unchanged.',
  },
};
