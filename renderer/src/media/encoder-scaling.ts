/**
 * Lets the H.264 encoder do the resizing. mediabunny's Conversion, when given a smaller size, draws
 * every frame on a canvas first, which in software rendering costs more than the encode itself
 * (the bench measured 0.2-0.4 of ffmpeg's speed that way). Chromium's VideoEncoder accepts frames of
 * any size and scales them to the size it was configured with (libyuv, in native code), so the
 * Conversion is left at the source's size and only the encoder is configured at the target size.
 * Installed in the preparation worker only, which runs one job and nothing else.
 */
export interface EncodedSize {
  width: number;
  height: number;
}

/** The encoder sees frames as coded, before the turn the rotation metadata asks for. */
export function codedTargetSize(shown: EncodedSize, rotation: number): EncodedSize {
  return rotation % 180 === 0 ? shown : { width: shown.height, height: shown.width };
}

export function scaleInEncoder(scope: { VideoEncoder: typeof VideoEncoder }, size: EncodedSize): void {
  const Base = scope.VideoEncoder;
  scope.VideoEncoder = class ScalingVideoEncoder extends Base {
    override configure(config: VideoEncoderConfig): void {
      super.configure({ ...config, width: size.width, height: size.height });
    }
  };
}
