import { describe, expect, it } from 'vitest';
import { planPreparation, secondsSaved } from '../../../../../main/services/media/preparation-plan';
import { lessonFacts as lesson, target720 } from '../../../../support/video-facts';

describe('planPreparation', () => {
  it('makes a 1080p lesson 720p at 2.5 Mbit/s, about 790 MB', () => {
    const plan = planPreparation(lesson, target720, { canDecode: true });
    expect(plan).toMatchObject({ action: 'prepare', width: 1280, height: 720, videoBitrateKbps: 2500, trim: null });
    if (plan.action !== 'prepare') throw new Error('no plan');
    expect(plan.estimatedBytes / 1e6).toBeCloseTo(796, -1);
  });

  it('never upscales a small picture and never raises its bit rate', () => {
    const small = { ...lesson, width: 640, height: 360, bitrateKbps: 1128, sizeBytes: 338_400_000 };
    const plan = planPreparation(small, { maxHeight: 1080, videoBitrateKbps: 5000 }, { canDecode: true });
    expect(plan).toEqual({ action: 'send-as-is', reason: 'small-enough' });
  });

  it('keeps the original size but lowers the bit rate of a heavy 720p file', () => {
    const heavy = { ...lesson, width: 1280, height: 720 };
    expect(planPreparation(heavy, target720, { canDecode: true })).toMatchObject({ width: 1280, height: 720 });
  });

  it('limits the shorter side of an upright phone video, so it stays upright', () => {
    const upright = { ...lesson, width: 1080, height: 1920, rotation: 90 as const };
    expect(planPreparation(upright, target720, { canDecode: true })).toMatchObject({ width: 720, height: 1280 });
  });

  it('sends a video the platform cannot decode as it is', () => {
    const hevc = { ...lesson, videoCodec: 'hevc' };
    expect(planPreparation(hevc, target720, { canDecode: false })).toEqual({
      action: 'send-as-is',
      reason: 'cannot-decode',
    });
  });

  it('prepares a trimmed video even when it is already small, and estimates the kept part only', () => {
    const small = { ...lesson, width: 640, height: 360, bitrateKbps: 1128, sizeBytes: 338_400_000 };
    const plan = planPreparation(small, target720, { canDecode: true, trim: { startSeconds: 60, endSeconds: 660 } });
    expect(plan).toMatchObject({
      action: 'prepare',
      durationSeconds: 600,
      trim: { startSeconds: 60, endSeconds: 660 },
    });
  });

  it('treats a trim that keeps everything as no trim, and clamps one past the end', () => {
    const whole = planPreparation(lesson, target720, { canDecode: true, trim: { startSeconds: 0, endSeconds: 2400 } });
    expect(whole).toMatchObject({ trim: null, durationSeconds: 2400 });
    const past = planPreparation(lesson, target720, { canDecode: true, trim: { startSeconds: 100, endSeconds: 9999 } });
    expect(past).toMatchObject({ trim: { startSeconds: 100, endSeconds: 2400 }, durationSeconds: 2300 });
  });
});

describe('secondsSaved', () => {
  it('turns the bytes saved into time at the measured speed', () => {
    expect(secondsSaved(4_800_000_000, 800_000_000, 1_310_720)).toBeCloseTo(3052, 0);
  });

  it('has nothing to say before a speed was measured', () => {
    expect(secondsSaved(4_800_000_000, 800_000_000, null)).toBeNull();
  });
});
