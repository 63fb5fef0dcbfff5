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
  return {
    id: asNumber(member(object, ['Id', 'FileId', 'DocumentId'])),
    name,
    size: asNumber(member(object, sizeKeys)),
    uploadedAt: asTime(member(object, stampKeys)),
  };
}

/** The entries of a list answer, and whether the service says another page follows. */
export function readFileList(body: unknown): { files: RemoteFile[]; hasNextPage: boolean } {
  let entries: unknown[] = [];
  let hasNextPage = false;
  if (Array.isArray(body)) entries = body;
  else if (body !== null && typeof body === 'object') {
    const list = member(body as Wire, ['Items', 'Files', 'Documents', 'Results', 'Data']);
    if (Array.isArray(list)) entries = list;
    hasNextPage = member(body as Wire, ['HasNextPage']) === true;
  }
  const files = entries.map(readRemoteFile).filter((file): file is RemoteFile => file !== undefined);
  return { files, hasNextPage };
}

/** The service keeps a file name as a single trimmed path segment of at most 200 characters. */
export function serviceFileName(name: string): string {
  const base = name.replace(/\\/g, '/').split('/').pop() ?? '';
  const trimmed = base.trim().normalize('NFC');
  return trimmed === '' ? 'upload' : trimmed.slice(0, 200);
}
