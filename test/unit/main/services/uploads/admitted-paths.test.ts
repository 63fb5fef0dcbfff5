import { describe, expect, it } from 'vitest';
import { AdmittedPaths } from '../../../../../main/services/uploads/admitted-paths';

describe('paths admitted from dialogs and drops', () => {
  it('admits chosen files and anything below chosen folders', () => {
    const admitted = new AdmittedPaths();
    admitted.admit(['/home/t/lessons', '/home/t/plan.pdf'], 'dialog');
    expect(admitted.isAdmitted('/home/t/plan.pdf')).toBe(true);
    expect(admitted.isAdmitted('/home/t/lessons/week 1/slides.pptx')).toBe(true);
    expect(admitted.isAdmitted('/home/t/lessons')).toBe(true);
  });

  it('refuses everything else, including climbing out with ..', () => {
    const admitted = new AdmittedPaths();
    admitted.admit(['/home/t/lessons'], 'drop');
    expect(admitted.isAdmitted('/home/t/.ssh/id_rsa')).toBe(false);
    expect(admitted.isAdmitted('/home/t/lessons/../.ssh/id_rsa')).toBe(false);
    expect(admitted.isAdmitted('/home/t/lessons-old/x')).toBe(false);
    expect(admitted.isAdmitted('lessons/x')).toBe(false);
    expect(() => admitted.require('/etc/passwd')).toThrow(expect.objectContaining({ code: 'FILE_NOT_ALLOWED' }));
  });

  it('ignores relative paths offered for admission, and forgets everything when cleared', () => {
    const admitted = new AdmittedPaths();
    admitted.admit(['relative/file.txt', ''], 'drop');
    expect(admitted.isAdmitted(`${process.cwd()}/relative/file.txt`)).toBe(false);
    admitted.admit(['/home/t/a.txt'], 'drop');
    admitted.clear();
    expect(admitted.isAdmitted('/home/t/a.txt')).toBe(false);
  });
});
