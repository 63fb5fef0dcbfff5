import { describe, expect, it } from 'vitest';
import { parseManagedPreferences, readManagedPreferences } from '../../../../../main/services/policy/sources/plist';
import { fakeFiles, fixture } from './fixtures';

/** A policy file as IT writes it: root's, writable by root only (file-trust.ts is tested on its own). */
const trusted = () => Promise.resolve({ status: 'trusted' as const });

const PATH = '/Library/Managed Preferences/org.videocollab.desktop.plist';

describe('managed preferences (macOS)', () => {
  it('reads forced values, and the Recommended dictionary as recommended', () => {
    const layer = parseManagedPreferences(fixture('managed-preferences.xml.plist'));
    expect(layer.mandatory).toEqual({
      ServiceUrl: 'https://videocollab.school.example',
      HideAdvancedServiceChoice: true,
      AllowedSignInMethods: ['sso'],
      UploadSizeLimitMB: 8192,
      QuietHours: '22:00-07:00',
      NotificationIntervalSeconds: 'five minutes',
    });
    expect(layer.recommended).toEqual({ UploadConcurrency: 2, Language: 'en-GB' });
    expect(layer.problems).toEqual([]);
  });

  it('reads the binary form macOS usually writes the same as the XML form', () => {
    // The binary fixture was written by Python's plistlib from the XML one: another implementation.
    expect(parseManagedPreferences(fixture('managed-preferences.binary.plist'))).toEqual(
      parseManagedPreferences(fixture('managed-preferences.xml.plist')),
    );
  });

  it('ignores a file that is not a property list as a whole, with one problem', () => {
    const layer = parseManagedPreferences(new TextEncoder().encode('ServiceUrl = https://x.example'));
    expect(layer.mandatory).toEqual({});
    expect(layer.problems).toHaveLength(1);
    expect(layer.problems[0]).toMatch(/^is not a property list \(.+\); its policies are ignored\.$/);
  });

  it('ignores a truncated binary property list as a whole', () => {
    const layer = parseManagedPreferences(fixture('managed-preferences.binary.plist').subarray(0, 40));
    expect(layer).toMatchObject({ mandatory: {}, recommended: {} });
    expect(layer.problems).toHaveLength(1);
  });

  it('keeps the forced values when Recommended is not a dictionary', () => {
    const xml =
      '<plist version="1.0"><dict><key>StartHidden</key><false/><key>Recommended</key><string>x</string></dict></plist>';
    const layer = parseManagedPreferences(new TextEncoder().encode(xml));
    expect(layer.mandatory).toEqual({ StartHidden: false });
    expect(layer.problems).toEqual(['Recommended is not a dictionary. Ignored.']);
  });

  it('treats a missing file as no policy, and an unreadable one as one problem', async () => {
    expect(await readManagedPreferences(PATH, fakeFiles({}), trusted)).toEqual({
      mandatory: {},
      recommended: {},
      problems: [],
    });
    const denied = Object.assign(new Error('EACCES: permission denied'), { code: 'EACCES' });
    const layer = await readManagedPreferences(PATH, fakeFiles({ [PATH]: denied }), trusted);
    expect(layer.problems).toEqual(['could not be read (EACCES: permission denied); its policies are ignored.']);
  });
});
