import { describe, expect, it } from 'vitest';
import { parseRegQuery, readRegistryPolicy } from '../../../../../main/services/policy/sources/registry';
import { fakeRegExe, fixtureText, regOutput } from './fixtures';

const HKLM = 'HKEY_LOCAL_MACHINE\\SOFTWARE\\Policies\\VideoCollab\\Desktop';
const HKCU = 'HKEY_CURRENT_USER\\SOFTWARE\\Policies\\VideoCollab\\Desktop';

describe('parseRegQuery', () => {
  it('reads what Group Policy writes: values, DWORDs, list subkeys and the Recommended subkey', () => {
    const layer = parseRegQuery(fixtureText('reg-query-hklm.txt'), HKLM);
    expect(layer.mandatory).toEqual({
      ServiceUrl: 'https://videocollab.school.example',
      HideAdvancedServiceChoice: 1,
      UploadConcurrency: 40,
      UploadSizeLimitMB: 8192,
      AutoUpdateWindow: '18:00-07:00',
      TokenUrl: '',
      AllowedSignInMethods: ['sso', 'password'],
      UploadAllowedFileTypes: ['mp4', '.MOV', 'pdf'],
    });
    expect(layer.recommended).toEqual({ NotificationIntervalSeconds: 300, CloseToTray: 0 });
    expect(layer.problems).toEqual([]);
  });

  it('reads a REG_MULTI_SZ list and names a value of a type no policy has', () => {
    const layer = parseRegQuery(fixtureText('reg-query-hkcu.txt'), HKCU);
    expect(layer.recommended.UploadAllowedFileTypes).toEqual(['mp4', 'webm']);
    expect(layer.mandatory).not.toHaveProperty('AutoUpdate');
    expect(layer.problems).toEqual(['AutoUpdate is a REG_BINARY value; policies are REG_SZ or REG_DWORD. Ignored.']);
  });

  it('orders a list by the numbers of its values, as the Group Policy editor numbers them', () => {
    const output = [
      '',
      `${HKLM}\\UploadAllowedFileTypes`,
      '    10    REG_SZ    pdf',
      '    2    REG_SZ    mov',
      '    1    REG_SZ    mp4',
      '',
    ].join('\r\n');
    expect(parseRegQuery(output, HKLM).mandatory.UploadAllowedFileTypes).toEqual(['mp4', 'mov', 'pdf']);
  });

  it('takes the hive and key in any case, as Windows does', () => {
    const output = `\r\n${HKLM.toUpperCase()}\\RECOMMENDED\r\n    Language    REG_SZ    en-GB\r\n`;
    expect(parseRegQuery(output, HKLM).recommended).toEqual({ Language: 'en-GB' });
  });
});

describe('readRegistryPolicy', () => {
  it('runs reg.exe from the Windows folder by its full path, never one found on PATH', async () => {
    const { run, calls } = fakeRegExe({ [HKLM]: regOutput('reg-query-hklm.txt') });
    const layer = await readRegistryPolicy('machine', run, 'D:\\Windows\\');
    expect(calls).toEqual([['D:\\Windows\\System32\\reg.exe', ['query', HKLM, '/s']]]);
    expect(layer.mandatory.ServiceUrl).toBe('https://videocollab.school.example');
  });

  it('treats a key that does not exist as no policy, without a problem', async () => {
    const { run } = fakeRegExe({});
    expect(await readRegistryPolicy('user', run, 'C:\\Windows')).toEqual({
      mandatory: {},
      recommended: {},
      problems: [],
    });
  });

  it('says once that the registry could not be read when reg.exe cannot run, and holds nothing', async () => {
    const { run } = fakeRegExe({ [HKLM]: new Error('spawn EACCES') });
    const layer = await readRegistryPolicy('machine', run, 'C:\\Windows');
    expect(layer.mandatory).toEqual({});
    expect(layer.problems).toEqual(['could not run reg.exe (spawn EACCES); these policies are ignored.']);
  });
});
