import FormData from 'form-data';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { holdBodyEnd } from '../../../../../main/services/uploads/hold-body-end';

/** Collects what the form streams, and whether it has ended. */
function collect(form: FormData) {
  const chunks: Buffer[] = [];
  let ended = false;
  form.on('data', (chunk: Buffer | string) => chunks.push(Buffer.from(chunk)));
  form.on('end', () => {
    ended = true;
  });
  form.resume();
  return {
    text: () => Buffer.concat(chunks).toString('latin1'),
    ended: () => ended,
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

function fileForm(): { form: FormData; content: string } {
  const content = 'lesson video bytes '.repeat(1000);
  const form = new FormData();
  form.append('File', Readable.from([Buffer.from(content)]), {
    filename: 'lesson.mp4',
    contentType: 'video/mp4',
    knownLength: content.length,
  });
  return { form, content };
}

describe('holding back the end of a multipart body', () => {
  it('streams the whole file, then waits for the gate before the closing boundary', async () => {
    const { form, content } = fileForm();
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    expect(holdBodyEnd(form, gate)).toBe(true);
    const length = form.getLengthSync();
    const body = collect(form);
    await settle();
    expect(body.text()).toContain(content);
    expect(body.text()).not.toContain(`--${form.getBoundary()}--`);
    expect(body.ended()).toBe(false);

    open();
    await settle();
    expect(body.ended()).toBe(true);
    expect(body.text().endsWith(`\r\n--${form.getBoundary()}--\r\n`)).toBe(true);
    // The declared length is still exact: nothing was added or lost.
    expect(Buffer.byteLength(body.text(), 'latin1')).toBe(length);
  });

  it('never completes the body when the gate fails', async () => {
    const { form } = fileForm();
    const gate = Promise.reject(new Error('disk full'));
    expect(holdBodyEnd(form, gate)).toBe(true);
    const body = collect(form);
    await settle();
    expect(body.ended()).toBe(false);
    expect(body.text()).not.toContain(`--${form.getBoundary()}--`);
  });

  it('says so when the form does not have the expected shape (the caller then waits first)', () => {
    expect(holdBodyEnd(new FormData(), Promise.resolve())).toBe(false);
  });
});
