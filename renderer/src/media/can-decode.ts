/**
 * Whether this computer's WebCodecs can decode a video codec (HEVC often not on Linux), asked before
 * the page offers to make a video smaller. A missing codec string or WebCodecs itself means no.
 */
export async function canDecodeVideo(codecString: string | null): Promise<boolean> {
  if (!codecString || typeof VideoDecoder === 'undefined') return false;
  try {
    return (await VideoDecoder.isConfigSupported({ codec: codecString })).supported === true;
  } catch {
    return false; // a malformed codec string
  }
}
