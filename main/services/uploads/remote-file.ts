/**
 * A file as the service lists it, read tolerantly: PascalCase or camelCase members, a few names
 * for the same thing, a bare array or an `{Items}` wrapper. The sandbox answers
 * `{Id, Name, Size, ContentType, Url, UploadedById, UploadedByName, CreatedAt}` for a group's files,
 * `{Id, Name, Extension, Size, ContentType, Url, CreatedAt, UploadedBy}` for a portfolio's, and the
 * upload answer is the latter plus the target's id.
 */
export interface RemoteFile {
  id: number | undefined;
  name: string;
  size: number | undefined;
  /** Epoch ms of the upload, when the service says. */
  uploadedAt: number | undefined;
  /** The video the service made of it (an upload of a video to My files answers `VideoId`). */
  videoId?: number;
}

/** A video as `/api/me/videos` lists it, as far as finding an upload among them needs. */
export interface RemoteVideo {
  id: number;
  title: string;
  /** Epoch ms the service created the video (when the file was stored), when it says. */
  createdAt: number | undefined;
  /** Epoch ms of its recorded time; for a video made from an upload, the service sets the upload's time. */
  recordedAt: number | undefined;
}

type Wire = Record<string, unknown>;

/** A member by any of its names, ignoring case. */
function member(object: Wire, names: readonly string[]): unknown {
  const wanted = new Set(names.map((name) => name.toLowerCase()));
  for (const [key, value] of Object.entries(object)) {
    if (wanted.has(key.toLowerCase()) && value !== null && value !== undefined) return value;
  }
  return undefined;
}

function asNumber(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
  return undefined;
}

function asTime(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  // ASP.NET sometimes omits the zone of a UTC stamp; read such a stamp as UTC.
  const text = /[zZ]|[+-]\d\d:?\d\d$/.test(value) ? value : `${value}Z`;
  const ms = Date.parse(text);
  return Number.isNaN(ms) ? undefined : ms;
}

const nameKeys = ['Name', 'FileName', 'OriginalFileName', 'OriginalName', 'Title'];
const sizeKeys = ['Size', 'FileSize', 'SizeInBytes', 'Length', 'ContentLength', 'Bytes'];
const stampKeys = [
  'CreatedAt',
  'CreatedStamp',
  'CreateStamp',
  'UploadedAt',
  'UploadStamp',
  'UploadedStamp',
  'CreatedOn',
  'DateCreated',
  'Created',
];

export function readRemoteFile(value: unknown): RemoteFile | undefined {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const object = value as Wire;
  const name = member(object, nameKeys);
  if (typeof name !== 'string') return undefined;
  const videoId = asNumber(member(object, ['VideoId']));
  return {
    id: asNumber(member(object, ['Id', 'FileId', 'DocumentId'])),
    name,
    size: asNumber(member(object, sizeKeys)),
    uploadedAt: asTime(member(object, stampKeys)),
    ...(videoId !== undefined ? { videoId } : {}),
  };
}

/** The entries of a list answer (a bare array or a wrapper), and whether the service says another page follows. */
function readEntries(body: unknown, listKeys: readonly string[]): { entries: unknown[]; hasNextPage: boolean } {
  if (Array.isArray(body)) return { entries: body, hasNextPage: false };
  if (body === null || typeof body !== 'object') return { entries: [], hasNextPage: false };
  const list = member(body as Wire, listKeys);
  return { entries: Array.isArray(list) ? list : [], hasNextPage: member(body as Wire, ['HasNextPage']) === true };
}

export function readFileList(body: unknown): { files: RemoteFile[]; hasNextPage: boolean } {
  const { entries, hasNextPage } = readEntries(body, ['Items', 'Files', 'Documents', 'Results', 'Data']);
  const files = entries.map(readRemoteFile).filter((file): file is RemoteFile => file !== undefined);
  return { files, hasNextPage };
}

/**
 * The person's videos (`GET /api/me/videos`, VideoForLookup: the interface names the type only; the
 * sandbox answers `{Id, Title, ..., RecordedStamp, CreatedStamp}`). An entry without an id or a title
 * is left out: it can be nobody's upload.
 */
export function readVideoList(body: unknown): { videos: RemoteVideo[]; hasNextPage: boolean } {
  const { entries, hasNextPage } = readEntries(body, ['Items', 'Videos', 'Results', 'Data']);
  const videos = entries.flatMap((entry): RemoteVideo[] => {
    if (entry === null || typeof entry !== 'object' || Array.isArray(entry)) return [];
    const object = entry as Wire;
    const id = asNumber(member(object, ['Id', 'VideoId']));
    const title = member(object, ['Title', 'Name']);
    if (id === undefined || typeof title !== 'string') return [];
    return [
      {
        id,
        title,
        createdAt: asTime(member(object, ['CreatedStamp', 'CreatedAt', 'CreateStamp', 'CreatedOn', 'DateCreated'])),
        recordedAt: asTime(member(object, ['RecordedStamp', 'RecordedAt', 'Recorded'])),
      },
    ];
  });
  return { videos, hasNextPage };
}

/** The service keeps a file name as a single trimmed path segment of at most 200 characters. */
export function serviceFileName(name: string): string {
  const base = name.replace(/\\/g, '/').split('/').pop() ?? '';
  const trimmed = base.trim().normalize('NFC');
  return trimmed === '' ? 'upload' : trimmed.slice(0, 200);
}
