import type { VideoOffer } from '../../../preload/contract';
import { planPreparation, type PreparationTarget } from './preparation-plan';
import type { ProbeResult } from './video-probe';

/**
 * Turns what was read from a chosen video into the page's offer. Decodability is assumed here: only
 * the page's WebCodecs can answer it, and it withdraws the offer itself when the answer is no.
 */
export function videoOffer(probe: ProbeResult, target: PreparationTarget): VideoOffer {
  if (probe.kind === 'unreadable') return { kind: 'unreadable', reason: probe.reason };
  const plan = planPreparation(probe, target, { canDecode: true });
  return {
    kind: 'video',
    durationSeconds: probe.durationSeconds,
    width: probe.width,
    height: probe.height,
    videoCodec: probe.videoCodec,
    videoCodecString: probe.videoCodecString,
    audioCodec: probe.audioCodec,
    bitrateKbps: probe.bitrateKbps,
    estimatedBytes: plan.action === 'prepare' ? plan.estimatedBytes : null,
  };
}
