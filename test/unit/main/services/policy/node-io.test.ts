import { describe, expect, it } from 'vitest';
import { isMissingFile } from '../../../../../main/services/policy/layer';
import { nodeReadFile, nodeRunCommand } from '../../../../../main/services/policy/sources/node-io';

describe('the real file and process access', () => {
  it('answers a program’s exit code and output rather than failing, as reg.exe’s "no such key" needs', async () => {
    const result = await nodeRunCommand(process.execPath, ['-e', 'process.stdout.write("listed"); process.exit(1)']);
    expect(result).toEqual({ exitCode: 1, stdout: 'listed', stderr: '' });
  });

  it('fails only when the program cannot be run', async () => {
    await expect(nodeRunCommand('/no/such/reg.exe', ['query'])).rejects.toThrow();
  });

  it('tells a missing policy file apart from one it cannot read', async () => {
    const error = await nodeReadFile('/no/such/folder/policy.json').catch((caught: unknown) => caught);
    expect(isMissingFile(error)).toBe(true);
  });
});
