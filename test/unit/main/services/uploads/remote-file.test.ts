import { describe, expect, it } from 'vitest';
import {
  readFileList,
  readRemoteFile,
  readVideoList,
  serviceFileName,
} from '../../../../../main/services/uploads/remote-file';

describe('reading file lists tolerantly', () => {
  it('reads the sandbox group list (bare array, PascalCase, CreatedAt)', () => {
    const body = [
      {
        Id: 5,
        Name: 'a.pdf',
        Size: 1234,
        ContentType: 'application/pdf',
        Url: 'http://x/media/a',
        UploadedById: 2,
        UploadedByName: 'T',
        CreatedAt: '2026-03-01T10:00:00.000Z',
      },
    ];
    expect(readFileList(body)).toEqual({
      files: [{ id: 5, name: 'a.pdf', size: 1234, uploadedAt: Date.parse('2026-03-01T10:00:00.000Z') }],
      hasNextPage: false,
    });
  });

  it('reads camelCase members, other stamp names and a paged wrapper', () => {
    const body = {
      items: [{ id: '9', fileName: 'b.docx', fileSize: '20', createdStamp: '2026-03-01T10:00:00' }],
      hasNextPage: true,
    };
    expect(readFileList(body)).toEqual({
      files: [{ id: 9, name: 'b.docx', size: 20, uploadedAt: Date.parse('2026-03-01T10:00:00Z') }],
      hasNextPage: true,
    });
  });

  it('skips entries without a name and answers nothing for unreadable bodies', () => {
    expect(readFileList([{ Id: 1 }, null, 'x']).files).toEqual([]);
    expect(readFileList('<html>').files).toEqual([]);
    expect(readRemoteFile({ Name: 'c', Size: 'big' })).toEqual({
      id: undefined,
      name: 'c',
      size: undefined,
      uploadedAt: undefined,
    });
  });

  it('names files as the service keeps them', () => {
    expect(serviceFileName('C:\\Users\\t\\plan.pdf')).toBe('plan.pdf');
    expect(serviceFileName('  ')).toBe('upload');
    expect(serviceFileName('x'.repeat(300))).toHaveLength(200);
  });

  it('reads the video a My files upload became from its answer', () => {
    expect(readRemoteFile({ Id: 3, Name: 'Lesson.mp4', Size: 10, VideoId: 41 })).toMatchObject({ id: 3, videoId: 41 });
    expect(readRemoteFile({ Id: 3, Name: 'plan.pdf', Size: 10, VideoId: null })).not.toHaveProperty('videoId');
  });

  it('reads the person’s videos: the sandbox’s list, camelCase, a wrapper, and entries it cannot use', () => {
    const sandbox = [
      {
        Id: 41,
        Title: 'Lesson 3',
        OwnerId: 2,
        RecordedStamp: '2026-03-01T10:00:05.000Z',
        CreatedStamp: '2026-03-01T10:00:06.000Z',
      },
    ];
    expect(readVideoList(sandbox)).toEqual({
      videos: [
        {
          id: 41,
          title: 'Lesson 3',
          createdAt: Date.parse('2026-03-01T10:00:06.000Z'),
          recordedAt: Date.parse('2026-03-01T10:00:05.000Z'),
        },
      ],
      hasNextPage: false,
    });
    const wrapped = {
      items: [{ videoId: '7', name: 'Warm-up', recordedAt: '2026-03-01T10:00:00' }, { Title: 'no id' }],
    };
    expect(readVideoList(wrapped).videos).toEqual([
      { id: 7, title: 'Warm-up', createdAt: undefined, recordedAt: Date.parse('2026-03-01T10:00:00Z') },
    ]);
    expect(readVideoList('<html>').videos).toEqual([]);
  });
});
