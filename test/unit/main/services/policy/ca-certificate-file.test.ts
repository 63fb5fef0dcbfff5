import { describe, expect, it } from 'vitest';
import { createManagedConfig } from '../../../../../main/services/policy/managed-config';
import type { SourceInput } from '../../../../../main/services/policy/resolve';

const source = (origin: SourceInput['origin'], mandatory: Record<string, unknown>): SourceInput => ({
  origin,
  label: origin === 'policy-machine' ? 'HKLM\\SOFTWARE\\Policies\\VideoCollab\\Desktop' : origin,
  layer: { mandatory, recommended: {}, problems: [] },
});

describe('CaCertificateFile', () => {
  it('is unset by default', () => {
    expect(createManagedConfig([], {}).get('caCertificateFile')).toBeNull();
  });

  it('takes an absolute path in either form from policy, locked', () => {
    for (const path of ['C:\\ProgramData\\School\\filter-ca.pem', '/etc/school/filter-ca.pem']) {
      const config = createManagedConfig([source('policy-machine', { CaCertificateFile: ` ${path} ` })], {});
      expect(config.get('caCertificateFile')).toBe(path);
      expect(config.locked('caCertificateFile')).toBe(true);
    }
  });

  it('refuses a relative path with one line, and treats blank as unset', () => {
    const relative = createManagedConfig([source('policy-machine', { CaCertificateFile: 'certs/ca.pem' })], {});
    expect(relative.get('caCertificateFile')).toBeNull();
    expect(relative.problems.join('\n')).toMatch(/CaCertificateFile ignored: expected the full path of a file/);
    expect(
      createManagedConfig([source('policy-machine', { CaCertificateFile: '  ' })], {}).get('caCertificateFile'),
    ).toBeNull();
  });

  it('cannot be set by a flag or the environment: whom to trust is the organisation’s decision', () => {
    const config = createManagedConfig(
      [source('flag', { caCertificateFile: '/tmp/evil.pem' }), source('env', { caCertificateFile: '/tmp/evil.pem' })],
      {},
    );
    expect(config.get('caCertificateFile')).toBeNull();
    expect(config.problems).toHaveLength(2);
    expect(config.problems[0]).toContain("can only be set by the organisation's policy");
  });
});
