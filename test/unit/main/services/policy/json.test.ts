import { describe, expect, it } from 'vitest';
import { parsePolicyJson, readPolicyJson } from '../../../../../main/services/policy/sources/json';
import { fakeFiles, fixture, fixtureText } from './fixtures';

/** A policy file as IT writes it: root's, writable by root only (file-trust.ts is tested on its own). */
const trusted = () => Promise.resolve({ status: 'trusted' as const });

const PATH = '/etc/videocollab-desktop/policy.json';

describe('policy.json (Linux)', () => {
  it('reads the mandatory and recommended parts', () => {
    const layer = parsePolicyJson(fixtureText('policy.json'));
    expect(layer.mandatory).toEqual({
      ServiceUrl: 'https://videocollab.school.example',
      HideAdvancedServiceChoice: true,
      UploadAllowedFileTypes: ['mp4', 'mov'],
      AutoUpdateWindow: '18:00-07:00',
    });
    expect(layer.recommended).toEqual({ UploadConcurrency: 2, QuietHours: '22:00-07:00', Language: 'en-GB' });
    expect(layer.problems).toEqual([]);
  });

  it('ignores a file that is not JSON as a whole, with one problem', () => {
    const layer = parsePolicyJson(fixtureText('policy-malformed.json.txt'));
    expect(layer).toMatchObject({ mandatory: {}, recommended: {} });
    expect(layer.problems).toHaveLength(1);
    expect(layer.problems[0]).toMatch(/^is not valid JSON \(.+\); its policies are ignored\.$/);
  });

  it('says where policies go when they were written at the top level', () => {
    const layer = parsePolicyJson('{ "ServiceUrl": "https://x.example", "recommended": { "Language": "en-GB" } }');
    expect(layer.recommended).toEqual({ Language: 'en-GB' });
    expect(layer.problems).toEqual(['"ServiceUrl" ignored: policies go inside "mandatory" or "recommended".']);
  });

  it('keeps one part when the other is not an object', () => {
    const layer = parsePolicyJson('{ "mandatory": ["ServiceUrl"], "recommended": { "Language": "en-GB" } }');
    expect(layer.mandatory).toEqual({});
    expect(layer.recommended).toEqual({ Language: 'en-GB' });
    expect(layer.problems).toEqual(['"mandatory" is not an object. Ignored.']);
  });

  it('reads a file saved with a byte-order mark', async () => {
    const bytes = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), fixture('policy.json')]);
    const layer = await readPolicyJson(PATH, fakeFiles({ [PATH]: bytes }), trusted);
    expect(layer.problems).toEqual([]);
    expect(layer.mandatory.ServiceUrl).toBe('https://videocollab.school.example');
  });

  it('treats a missing file as no policy', async () => {
    expect(await readPolicyJson(PATH, fakeFiles({}), trusted)).toEqual({
      mandatory: {},
      recommended: {},
      problems: [],
    });
  });
});
