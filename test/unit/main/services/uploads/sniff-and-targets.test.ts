import { describe, expect, it } from 'vitest';
import { contentTypeFor, imageTypeOf } from '../../../../../main/services/uploads/sniff';
import { arrivalCheck, fileListPath, uploadPath } from '../../../../../main/services/uploads/targets';

const bytes = (...values: (number | string)[]) =>
  new Uint8Array(values.flatMap((v) => (typeof v === 'string' ? [...v].map((c) => c.charCodeAt(0)) : [v])));

describe('image types by their first bytes', () => {
  it('recognises PNG, JPEG, GIF and WebP', () => {
    expect(imageTypeOf(bytes(0x89, 'PNG', 0x0d, 0x0a, 0x1a, 0x0a, 0, 0))).toBe('image/png');
    expect(imageTypeOf(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe('image/jpeg');
    expect(imageTypeOf(bytes('GIF89a'))).toBe('image/gif');
    expect(imageTypeOf(bytes('RIFF', 0, 0, 0, 0, 'WEBP'))).toBe('image/webp');
  });

  it('refuses anything else whatever it is called', () => {
    expect(imageTypeOf(bytes('%PDF-1.7'))).toBeNull();
    expect(imageTypeOf(bytes('RIFF', 0, 0, 0, 0, 'WAVE'))).toBeNull();
    expect(imageTypeOf(bytes(0x89, 'PN'))).toBeNull();
    expect(imageTypeOf(new Uint8Array())).toBeNull();
  });

  it('declares ordinary files by extension', () => {
    expect(contentTypeFor('Lesson.MP4')).toBe('video/mp4');
    expect(contentTypeFor('notes')).toBe('application/octet-stream');
  });
});

describe('targets', () => {
  it('sends every kind of upload to its address', () => {
    expect(uploadPath({ kind: 'community', id: 3 })).toBe('/api/files/community/fileupload/3');
    expect(uploadPath({ kind: 'portfolio', id: 4 })).toBe('/api/files/portfolio/fileupload/4');
    expect(uploadPath({ kind: 'generic', id: 5 })).toBe('/api/files/fileupload/5');
    expect(uploadPath({ kind: 'user-picture', id: 6 })).toBe('/api/images/user/6');
    expect(uploadPath({ kind: 'community-cover', id: 7 })).toBe('/api/images/community/7/cover');
    expect(uploadPath({ kind: 'community-profile', id: 8 })).toBe('/api/images/community/8/profile');
  });

  it('reconciles against the group and portfolio lists only', () => {
    expect(fileListPath({ kind: 'community', id: 3 })).toBe('/api/community/3/files?uploadedByMe=true');
    expect(fileListPath({ kind: 'portfolio', id: 4 })).toBe('/api/portfolios/4/get-files');
    expect(fileListPath({ kind: 'generic', id: 5 })).toBeUndefined();
    expect(fileListPath({ kind: 'community-cover', id: 7 })).toBeUndefined();
  });

  it('looks for a video sent to My files among the person’s videos, and for no other file there', () => {
    expect(arrivalCheck({ kind: 'generic', id: 5 }, contentTypeFor('Lesson.MOV'))).toBe('my-videos');
    expect(arrivalCheck({ kind: 'generic', id: 5 }, contentTypeFor('plan.pdf'))).toBe('none');
    expect(arrivalCheck({ kind: 'generic', id: 5 }, contentTypeFor('talk.mp3'))).toBe('none');
    expect(arrivalCheck({ kind: 'community', id: 3 }, 'video/mp4')).toBe('file-list');
    expect(arrivalCheck({ kind: 'user-picture', id: 5 }, 'image/png')).toBe('resend');
  });
});
