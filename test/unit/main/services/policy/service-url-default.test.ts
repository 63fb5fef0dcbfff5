import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { DEMO_SERVICE_URL } from '../../../../../main/config';
import { aboutSettings } from '../../../../../main/services/app-info';
import { createManagedConfig, policySettings } from '../../../../../main/services/policy';
import { renderAdml } from '../../../../../main/services/policy/templates/adml';
import { renderPolicyTable } from '../../../../../main/services/policy/templates/docs-table';

/**
 * The demo sandbox's address is the service default of a run from source only: an installed app with
 * no address from policy or its build asks for one at first start (main/config.ts startupConfig). So
 * neither what IT reads nor what About shows may offer `http://127.0.0.1:4010` as the installed app's
 * default (issue 31).
 */

const rowOf = (table: string, policy: string) => table.split('\n').find((line) => line.startsWith(`| \`${policy}\``))!;

describe('the service address’s default, as IT and About see it', () => {
  it('the policy reference in docs/deploying.md says an installed app asks, and names no demo address', () => {
    const row = rowOf(renderPolicyTable(policySettings), 'ServiceUrl');
    expect(row).toContain('none: the app asks for the address when it first starts');
    expect(row).not.toContain(DEMO_SERVICE_URL);
    // The page as committed (npm run policy:generate) says the same.
    const committed = rowOf(readFileSync('docs/deploying.md', 'utf8'), 'ServiceUrl');
    expect(committed).toContain('none: the app asks for the address when it first starts');
    expect(committed).not.toContain(DEMO_SERVICE_URL);
  });

  it('the Group Policy editor’s help says the same', () => {
    const adml = renderAdml(policySettings);
    expect(adml).toContain('Default: none: the app asks for the address when it first starts');
    expect(adml).not.toContain(DEMO_SERVICE_URL);
  });

  it('About shows the address as not set in an installed app that nothing configured, and the demo one only in demo mode', () => {
    const nothingSet = createManagedConfig([], {});
    const serviceRow = (demoMode: boolean) =>
      aboutSettings(nothingSet, demoMode).find((setting) => setting.policyName === 'ServiceUrl');
    expect(serviceRow(false)).toMatchObject({ value: '', source: 'default', locked: false });
    expect(serviceRow(true)).toMatchObject({ value: DEMO_SERVICE_URL, source: 'default' });
  });

  it('About still shows an address a policy set, in or out of demo mode', () => {
    const fromPolicy = createManagedConfig(
      [
        {
          origin: 'policy-machine',
          label: 'HKLM\\SOFTWARE\\Policies\\VideoCollab\\Desktop',
          layer: { mandatory: { ServiceUrl: 'https://video.school.example' }, recommended: {}, problems: [] },
        },
      ],
      {},
    );
    const row = aboutSettings(fromPolicy, false).find((setting) => setting.policyName === 'ServiceUrl');
    expect(row).toMatchObject({ value: 'https://video.school.example', source: 'policy-machine', locked: true });
  });

  it('other defaults are shown as they are', () => {
    const rows = aboutSettings(createManagedConfig([], {}), false);
    expect(rows.find((setting) => setting.policyName === 'UploadConcurrency')?.value).toBe('3');
  });
});
