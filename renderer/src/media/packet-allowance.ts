/**
 * How many packets a track of the prepared MP4 may hold, for the index reserved at its start. Too few
 * and mediabunny stops with an error; too many only leaves a little unused space (a `free` box,
 * about 12 bytes a packet).
 */
export function packetAllowance(kind: 'video' | 'audio', sourcePackets: number, durationSeconds: number): number {
  // Audio encoded again may cut the sound finer than the source: Opus uses 20 ms frames, AAC 1024
  // samples (21 ms at 48 kHz); 60 a second covers both. Video keeps the source's frame rate.
  const fromDuration = kind === 'audio' ? Math.ceil(durationSeconds * 60) : 0;
  return Math.ceil(Math.max(sourcePackets, fromDuration) * 1.05) + 64;
}
