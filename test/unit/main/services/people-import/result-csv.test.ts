import { describe, expect, it } from 'vitest';
import { resultCsv } from '../../../../../main/services/people-import/result-csv';
import { csvRows } from '../../../../support/csv-rows';

describe('the saved results of a bulk invitation', () => {
  it('has one row per address, with its list and the reason when a request was refused', () => {
    const text = resultCsv({
      invited: ['ada@school.example'],
      failed: ['bad@school.example'],
      alreadyInOrganisation: ['here@school.example'],
      existingUsersAdded: ['moved@school.example'],
      notSent: [{ email: 'nogroup@school.example', reason: 'Group 9 is not a group of organisation 2.' }],
      unknown: ['lost@school.example'],
    });
    expect(text.startsWith('\uFEFFEmail,Result,Reason\r\n')).toBe(true);
    expect(csvRows(text)).toEqual([
      { Email: 'ada@school.example', Result: 'invited', Reason: '' },
      { Email: 'bad@school.example', Result: 'failed', Reason: '' },
      { Email: 'here@school.example', Result: 'already in the organisation', Reason: '' },
      { Email: 'moved@school.example', Result: 'existing user added', Reason: '' },
      { Email: 'nogroup@school.example', Result: 'not sent', Reason: 'Group 9 is not a group of organisation 2.' },
      { Email: 'lost@school.example', Result: 'not known', Reason: '' },
    ]);
  });

  it('keeps a spreadsheet from running a cell as a formula', () => {
    const text = resultCsv({
      invited: [],
      failed: ['=HYPERLINK("http://evil.example")'],
      alreadyInOrganisation: [],
      existingUsersAdded: [],
      notSent: [],
      unknown: [],
    });
    expect(csvRows(text)[0]!.Email).toBe(`'=HYPERLINK("http://evil.example")`);
  });

  it('also when the formula follows a space or a tab, spans two lines, or is typed full-width', () => {
    const text = resultCsv({
      invited: [],
      failed: [' =1+1', '\t@SUM(A1)', '=1+1\nsecond line', '＝1+1'],
      alreadyInOrganisation: [],
      existingUsersAdded: [],
      notSent: [],
      unknown: [],
    });
    expect(csvRows(text).map((row) => row.Email)).toEqual(["' =1+1", "'\t@SUM(A1)", "'=1+1\nsecond line", "'＝1+1"]);
  });
});
