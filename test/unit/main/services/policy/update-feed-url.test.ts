import { describe, expect, it } from 'vitest';
import { createManagedConfig } from '../../../../../main/services/policy/managed-config';
import type { SourceInput } from '../../../../../main/services/policy/resolve';
import { aboutSettings } from '../../../../../main/services/app-info';

const LINUX = '/etc/videocollab-desktop/policy.json';
const source = (
  origin: SourceInput['origin'],
  mandatory: Record<string, unknown>,
  recommended: Record<string, unknown> = {},
): SourceInput => ({
  origin,
  label: origin.startsWith('policy') ? LINUX : origin,
  layer: { mandatory, recommended, problems: [] },
});
const fromPolicy = (value: unknown) => createManagedConfig([source('policy-machine', { UpdateFeedUrl: value })], {});

describe('UpdateFeedUrl: a school’s mirror of the update feed (issue 28, item 6)', () => {
  it('is unset by default: the feed built into the app', () => {
    expect(createManagedConfig([], {}).get('updateFeedUrl')).toBeNull();
  });

  it('takes an https address from policy, locked, without a trailing slash', () => {
    const config = fromPolicy(' https://updates.school.example/videocollab/ ');
    expect(config.get('updateFeedUrl')).toBe('https://updates.school.example/videocollab');
    expect(config.source('updateFeedUrl')).toBe('policy-machine');
    expect(config.locked('updateFeedUrl')).toBe(true);
  });

  it.each([
    ['plain http', 'http://updates.school.example/videocollab'],
    ['plain http even to this computer', 'http://127.0.0.1:8080/feed'],
    ['a user name and password in it', 'https://it:secret@updates.school.example/'],
    ['not an address', 'updates.school.example'],
    ['another scheme', 'file:///srv/feed'],
  ])('refuses %s with one line, and keeps the built-in feed', (_, value) => {
    const config = fromPolicy(value);
    expect(config.get('updateFeedUrl')).toBeNull();
    expect(config.problems).toHaveLength(1);
    expect(config.problems[0]).toContain(
      'UpdateFeedUrl ignored: expected a web address starting with https://, or empty',
    );
    expect(config.problems[0]).not.toContain('secret');
  });

  it('is the organisation’s alone: not recommended, not from a flag or the environment', () => {
    const config = createManagedConfig(
      [
        source('flag', { updateFeedUrl: 'https://evil.example/' }),
        source('env', { updateFeedUrl: 'https://evil.example/' }),
        source('policy-machine', {}, { UpdateFeedUrl: 'https://updates.school.example/' }),
      ],
      {},
    );
    expect(config.get('updateFeedUrl')).toBeNull();
    expect(config.problems).toEqual([
      "flag: --update-feed-url can only be set by the organisation's policy. Ignored.",
      "env: VC_UPDATE_FEED_URL can only be set by the organisation's policy. Ignored.",
      `${LINUX} (recommended): UpdateFeedUrl cannot be recommended; set it as mandatory. Ignored.`,
    ]);
  });

  it('About lists it with its value and where it came from', () => {
    const row = aboutSettings(fromPolicy('https://updates.school.example/videocollab'), false).find(
      (setting) => setting.policyName === 'UpdateFeedUrl',
    );
    expect(row).toEqual({
      key: 'updateFeedUrl',
      policyName: 'UpdateFeedUrl',
      value: 'https://updates.school.example/videocollab',
      source: 'policy-machine',
      locked: true,
    });
  });
});
