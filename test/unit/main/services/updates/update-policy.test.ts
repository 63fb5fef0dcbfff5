import { describe, expect, it } from 'vitest';
import { createManagedConfig } from '../../../../../main/services/policy/managed-config';
import { defaultUpdatePolicy, updatePolicyOf } from '../../../../../main/services/updates';

describe('the update policy the updater is given', () => {
  it('carries the organisation’s feed, switch and window from the managed configuration', () => {
    const managed = createManagedConfig(
      [
        {
          origin: 'policy-machine',
          label: '/etc/videocollab-desktop/policy.json',
          layer: {
            mandatory: {
              UpdateFeedUrl: 'https://updates.school.example/videocollab',
              AutoUpdateWindow: '18:00-07:00',
            },
            recommended: {},
            problems: [],
          },
        },
      ],
      {},
    );
    expect(updatePolicyOf(managed)).toEqual({
      autoUpdate: true,
      window: { start: '18:00', end: '07:00' },
      feedUrl: 'https://updates.school.example/videocollab',
    });
  });

  it('is the default policy when nothing is managed: the built-in feed', () => {
    expect(updatePolicyOf(createManagedConfig([], {}))).toEqual(defaultUpdatePolicy);
    expect(defaultUpdatePolicy.feedUrl).toBeNull();
  });
});
