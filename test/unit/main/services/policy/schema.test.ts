import { describe, expect, it } from 'vitest';
import { envNameOf, flagNameOf, policyNameOf } from '../../../../../main/services/policy/names';
import { policySettings, settingKeys } from '../../../../../main/services/policy/schema';

describe('the settings schema', () => {
  it.each(settingKeys)('documents a default for %s that the app itself accepts unchanged', (key) => {
    const setting = policySettings[key];
    expect(setting.type.parse(setting.default)).toEqual(setting.default);
  });

  it('gives every setting its own policy name, even to a registry that ignores case', () => {
    const names = settingKeys.map((key) => policyNameOf(key).toLowerCase());
    expect(new Set(names).size).toBe(names.length);
  });

  it('derives flags and variables that clash with none the app already uses', () => {
    const flags = settingKeys.map(flagNameOf);
    const variables = settingKeys.map(envNameOf);
    expect(new Set(flags).size).toBe(flags.length);
    expect(flags).not.toContain('--hidden');
    expect(variables).not.toContain('VC_DEMO');
    expect(variables.filter((name) => /^VC_(DATA_DIR|KEYRING_)/.test(name))).toEqual([]);
    expect(flagNameOf('uploadSizeLimitMB')).toBe('--upload-size-limit-mb');
    expect(envNameOf('notificationIntervalSeconds')).toBe('VC_NOTIFICATION_INTERVAL_SECONDS');
  });

  it('leaves no setting IT could neither lock nor recommend', () => {
    expect(settingKeys.filter((key) => !policySettings[key].lockable && !policySettings[key].recommendable)).toEqual(
      [],
    );
  });
});
