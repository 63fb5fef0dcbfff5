import { describe, expect, it } from 'vitest';
import { ChosenFiles } from '../../../../../main/services/people-import/chosen-files';

const table = { headers: ['Email'], rows: [['ada@school.example']], truncated: false };

describe('files chosen in the open dialog', () => {
  it('are named to the page by a random token, never by their path', () => {
    const files = new ChosenFiles();
    const { token, file } = files.add('/home/ada/Documents/intake.csv', table);
    expect(token).toMatch(/^[0-9a-f-]{36}$/);
    expect(token).not.toContain('intake');
    expect(file.fileName).toBe('intake.csv');
    expect(files.get(token)?.path).toBe('/home/ada/Documents/intake.csv');
    expect(files.get('/home/ada/Documents/intake.csv')).toBeUndefined();
  });

  it('keeps the last few, and none after sign-out', () => {
    const files = new ChosenFiles();
    const tokens = Array.from({ length: 10 }, (_v, i) => files.add(`/tmp/${i}.csv`, table).token);
    expect(files.get(tokens[0]!)).toBeUndefined();
    expect(files.get(tokens[9]!)?.fileName).toBe('9.csv');
    files.clear();
    expect(files.get(tokens[9]!)).toBeUndefined();
  });
});
