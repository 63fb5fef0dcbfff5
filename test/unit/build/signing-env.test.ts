import { describe, expect, it } from 'vitest';
import { missingSigningSecrets } from '../../../scripts/lib/signing-env.mjs';

/** What the release workflow's first step refuses (scripts/check-signing-env.mjs; issue 28, item 6). */
describe('the signing secrets a release needs', () => {
  const windows = { WIN_CSC_LINK: 'MIIK…base64', WIN_CSC_KEY_PASSWORD: 'pfx-pass' };
  const macCertificates = {
    CSC_LINK: 'MIIK…',
    CSC_KEY_PASSWORD: 'p12-pass',
    CSC_INSTALLER_LINK: 'MIIK…',
    CSC_INSTALLER_KEY_PASSWORD: 'p12-pass',
  };
  const appleId = {
    APPLE_ID: 'release@videocollab.example',
    APPLE_APP_SPECIFIC_PASSWORD: 'abcd',
    APPLE_TEAM_ID: 'TEAM123',
  };
  const apiKey = { APPLE_API_KEY: '/tmp/AuthKey.p8', APPLE_API_KEY_ID: 'KEY123', APPLE_API_ISSUER: 'issuer-uuid' };

  it('Windows: the certificate and its password', () => {
    expect(missingSigningSecrets('Windows', windows)).toEqual([]);
    expect(missingSigningSecrets('Windows', {})).toEqual(['WIN_CSC_LINK', 'WIN_CSC_KEY_PASSWORD']);
  });

  it('an empty secret (GitHub gives "" for one that is not set) counts as missing', () => {
    expect(missingSigningSecrets('Windows', { ...windows, WIN_CSC_LINK: '' })).toEqual(['WIN_CSC_LINK']);
    expect(missingSigningSecrets('Windows', { ...windows, WIN_CSC_KEY_PASSWORD: '  ' })).toEqual([
      'WIN_CSC_KEY_PASSWORD',
    ]);
  });

  it('macOS: both Developer ID certificates and one whole set of notarisation credentials', () => {
    expect(missingSigningSecrets('macOS', { ...macCertificates, ...appleId })).toEqual([]);
    expect(missingSigningSecrets('macOS', { ...macCertificates, ...apiKey })).toEqual([]);
    expect(missingSigningSecrets('macOS', { ...macCertificates, APPLE_ID: appleId.APPLE_ID })).toEqual([
      'APPLE_API_KEY + APPLE_API_KEY_ID + APPLE_API_ISSUER, or APPLE_ID + APPLE_APP_SPECIFIC_PASSWORD + APPLE_TEAM_ID',
    ]);
    expect(missingSigningSecrets('macOS', appleId)).toEqual([
      'CSC_LINK',
      'CSC_KEY_PASSWORD',
      'CSC_INSTALLER_LINK',
      'CSC_INSTALLER_KEY_PASSWORD',
    ]);
  });

  it('Linux: nothing (deb and rpm are signed by the repository that serves them; AppImages do not update)', () => {
    expect(missingSigningSecrets('Linux', {})).toEqual([]);
  });
});
