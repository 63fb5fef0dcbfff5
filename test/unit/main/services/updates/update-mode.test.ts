import { describe, expect, it } from 'vitest';
import { defaultUpdatePolicy, updatesMode, type InstallKind } from '../../../../../main/services/updates';

const on = defaultUpdatePolicy;
const off = { ...defaultUpdatePolicy, autoUpdate: false };

describe('who updates this copy', () => {
  it('updates itself by default, and the policy default is on', () => {
    expect(defaultUpdatePolicy.autoUpdate).toBe(true);
    for (const kind of ['nsis-per-user', 'mac-app'] as const)
      expect(updatesMode(kind, on, true), kind).toBe('automatic');
  });

  it('every install kind, with updates on and off by policy', () => {
    const table: [InstallKind, policyOn: string, policyOff: string][] = [
      ['development', 'development', 'development'],
      ['nsis-per-user', 'automatic', 'off-by-policy'],
      ['windows-per-machine', 'managed-by-organisation', 'managed-by-organisation'],
      ['msi', 'managed-by-organisation', 'managed-by-organisation'],
      ['mac-app', 'automatic', 'off-by-policy'],
      ['mac-pkg', 'managed-by-organisation', 'managed-by-organisation'],
      // Nothing checks who made an AppImage update (issue 28): the person updates it by hand.
      ['appimage', 'manual', 'manual'],
      ['linux-package', 'package-manager', 'package-manager'],
      ['other', 'unsupported', 'unsupported'],
    ];
    for (const [kind, withPolicyOn, withPolicyOff] of table) {
      expect(updatesMode(kind, on, true), `${kind}, policy on`).toBe(withPolicyOn);
      expect(updatesMode(kind, off, true), `${kind}, policy off`).toBe(withPolicyOff);
    }
  });

  it('a build without a feed (no app-update.yml) does not update itself, even with a policy feed', () => {
    expect(updatesMode('nsis-per-user', { ...on, feedUrl: 'https://updates.example.org/desktop' }, false)).toBe(
      'unsupported',
    );
  });
});
