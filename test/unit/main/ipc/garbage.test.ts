import { beforeAll, describe, expect, it } from 'vitest';
import { invokeChannels, type InvokeArgs, type InvokeChannel, type Result } from '../../../../preload/contract';
import { dispatch, type DispatchDeps } from '../../../../main/ipc/dispatch';
import { createHandlerTable, type BridgeServices } from '../../../../main/ipc/handler-table';
import type { SenderInfo } from '../../../../main/ipc/sender-policy';
import { fakeHttp } from '../api/browse-fake-http';

/**
 * Every bridge channel against what a compromised or buggy page could send. The table is the real
 * one (`createHandlerTable`), so the schemas under test are the ones the app runs; the services
 * behind it only record that they were reached.
 */

const channels = Object.keys(invokeChannels) as InvokeChannel[];

/** Channels the contract lets the page call with no argument at all (every parameter optional). */
type CallableBare = { [C in InvokeChannel]: [] extends InvokeArgs<C> ? C : never }[InvokeChannel];
// `satisfies` with exact keys: a new channel without required arguments is a compile error until
// it is listed here, so the "no arguments" expectation never comes from the schema under test.
const callableBare = {
  'app:about': true,
  'app:page-ready': true,
  'app:copy-diagnostics': true,
  'app:open-logs-folder': true,
  'network:diagnose': true,
  'network:copy-report': true,
  'session:get': true,
  'session:cancel-sso': true,
  'session:sign-out': true,
  'account:profile': true,
  'account:stats': true,
  'account:accept-terms': true,
  'uploads:targets': true,
  'uploads:list': true,
  'uploads:clear-history': true,
  'uploads:get-settings': true,
  'downloads:list': true,
  'downloads:clear-history': true,
  'notifications:get': true,
  'notifications:refresh': true,
  'notifications:mark-seen': true,
  'notifications:dismiss-all': true,
  'notifications:get-settings': true,
  'group-labels:list-organisation': true,
  'group-invites:list-mine': true,
  'portfolio-sharing:share-all-candidates': true,
  'tagged-videos:tag-sets': true,
  'admin:organisations': true,
  'admin:regions': true,
  'tagged-videos:recordings': true,
  'organisation-settings:places': true,
  'organisation-settings:bots': true,
  'organisation-settings:my-organisations': true,
  'people-import:choose-file': true,
  'people-import:pending': true,
  'people-import:resume': true,
  'people-import:discard': true,
  'people-import:save-results': true,
  'recording:fields': true,
  'recording:list': true,
  'watched-folders:list': true,
  'media:pending': true,
  'watched-folders:card-offers': true,
  'watched-folders:origins': true,
  'recording:screen-sources': true,
} as const satisfies Record<CallableBare, true>;

/**
 * One call per channel that the page could really make, with every optional field filled in so that
 * each field gets its garbage below. Typed by the contract: a new channel without an example does
 * not compile.
 */
const examples: { [C in InvokeChannel]: InvokeArgs<C> } = {
  'app:about': [],
  'app:page-ready': [],
  'app:copy-diagnostics': [],
  'app:open-logs-folder': [],
  'network:diagnose': [],
  'network:copy-report': [],
  'app:open-external': ['https://example.com/help'],
  'proxy:sign-in': [{ proxy: 'http://proxy.school.example:3128', username: 'staff', password: 'secret' }],
  'session:get': [],
  'session:login-methods': ['teacher@northbridge.example'],
  'session:sign-in-password': [{ email: 'teacher@northbridge.example', password: 'demo-password' }],
  'session:sign-in-sso': [{ email: 'teacher@northbridge.example' }],
  'session:cancel-sso': [],
  'session:sign-in-token': [{ accessToken: 'abcdefgh12345678' }],
  'session:sign-out': [],
  'connection:set': [{ serviceUrl: 'https://service.example', tokenUrl: 'https://login.example/token' }],
  'account:profile': [],
  'account:update-profile': [{ firstName: 'Ada', lastName: 'Lovelace', jobTitle: 'Teacher', bio: 'Maths.' }],
  'account:stats': [],
  'account:accept-terms': [],

  'uploads:targets': [],
  'uploads:choose': [{ target: { kind: 'community', id: 4 }, mode: 'files' }],
  'uploads:register-drop': [{ paths: ['/home/ada/lesson.mp4'] }],
  'uploads:drop': [{ target: { kind: 'portfolio', id: 4 }, dropId: '0f8fad5b-d9cb-469f-a165-70867728950e' }],
  'uploads:confirm': ['0f8fad5b-d9cb-469f-a165-70867728950e'],
  'uploads:discard': ['0f8fad5b-d9cb-469f-a165-70867728950e'],
  'uploads:list': [],
  'uploads:control': [{ action: 'pause', id: 'upload-1' }],
  'uploads:clear-history': [],
  'uploads:get-settings': [],
  'uploads:set-settings': [{ concurrency: 2, maxFileMiB: 2048 }],
  'downloads:start': [{ source: { kind: 'group-file', communityId: 4, fileId: 9 }, action: 'save' }],
  'downloads:list': [],
  'downloads:control': [{ action: 'show-in-folder', id: '0f8fad5b-d9cb-469f-a165-70867728950e' }],
  'downloads:clear-history': [],

  'notifications:get': [],
  'notifications:refresh': [],
  'notifications:mark-seen': [[1, 2]],
  'notifications:dismiss': [1],
  'notifications:dismiss-all': [],
  'notifications:get-settings': [],
  'notifications:set-settings': [
    {
      pollIntervalMs: 60_000,
      doNotDisturb: false,
      quietHours: { enabled: true, start: '22:00', end: '07:00' },
      summaryThreshold: 5,
      closeToTray: true,
      startAtLogin: false,
    },
  ],

  'groups:list-mine': [
    {
      name: 'science',
      administrators: true,
      createdByMe: false,
      labelIds: [1, 2],
      orderBy: 'NAME',
      orderByDirection: 'ASC',
      pageNumber: 1,
      pageSize: 20,
    },
  ],
  'groups:list-organisation': [
    { organisationId: 3, name: 'science', type: 2, labelIds: [1], pageNumber: 1, pageSize: 50 },
  ],
  'groups:search': [
    { name: 'x', visibility: '3', createdByMe: true, organisationId: 3, labelIds: [1], pageNumber: 2, pageSize: 10 },
  ],
  'groups:get': [7],
  'groups:create': [{ name: 'Year 7', description: 'Mentors', typeId: 1 }],
  'groups:update': [7, { name: 'Year 8', description: 'Mentors' }],
  'groups:delete': [7],
  'groups:get-features': [7],
  'groups:set-features': [7, { activity: true, timeline: false, video: true, file: false }],
  'group-labels:attach': [7, 'Science'],
  'group-labels:detach': [7, 9],
  'group-labels:list-organisation': [3],
  'group-labels:rename': [3, 9, 'Maths'],
  'group-labels:delete': [3, 9],
  'group-invites:list-mine': [{ searchTerm: 'year' }],
  'group-invites:accept': ['0123456789abcdef0123456789abcdef'],
  'group-invites:invite-by-email': [4, ['ada@school.example'], 'Welcome to the group'],

  'group-posts:list': [7, { pageNumber: 1, pageSize: 20 }],
  'group-posts:comment': [{ postId: 11, text: 'Nice lesson', parentCommentId: 12 }],
  'group-files:list': [7, { order: 'DESC', uploadedByMe: false }],
  'group-members:access': [7],
  'group-members:list': [7],
  'group-members:non-members': [7],
  'group-members:add': [7, 5],
  'group-members:promote': [7, 5],
  'group-members:remove': [7, 5],
  'group-activity:members': [7],
  'group-activity:by-day': [7, 30],
  'group-activity:recent-posts': [7, 10],
  'group-activity:recent-hashtags': [7, 20],
  'group-activity:popular-hashtags': [7, 20],

  'portfolios:list': [{ createdByMe: true, sharedWithMe: false, orderByDirection: 'DESC', searchTerm: 'x' }],
  'portfolios:search': [
    {
      searchTerm: 'x',
      searchType: 1,
      startDate: '2025-01-01T00:00:00.000Z',
      endDate: '2025-02-01T00:00:00.000Z',
      pageSize: 20,
      pageNumber: 1,
      orderBy: 'TITLE',
      orderByDirection: 'ASC',
    },
  ],
  'portfolios:get': [21],
  'portfolios:create': [{ title: 'Term 1', description: 'Lessons' }],
  'portfolios:update': [21, { title: 'Term 2', description: 'More lessons' }],
  'portfolios:delete': [21],
  'portfolios:list-videos': [21],
  'portfolios:video-choices': [21],
  'portfolios:add-video': [21, 31, [41, 42]],
  'portfolios:remove-video': [21, 31],
  'portfolios:list-files': [21],
  'portfolios:remove-file': [21, 51],
  'portfolios:list-documents': [21],
  'portfolios:list-tag-sets': [21],
  'portfolio-sharing:list-users': [21],
  'portfolio-sharing:available-users': [21],
  'portfolio-sharing:share': [21, 5],
  'portfolio-sharing:share-all-candidates': [],
  'portfolio-sharing:share-all': [5],
  'portfolio-sharing:shared-with-person': [5],
  'portfolio-sharing:shareable-with-person': [5],

  'portfolio-comments:context': [21],
  'portfolio-comments:list': [21, { pageNumber: 1, pageSize: 20 }],
  'portfolio-comments:replies': [21, 61, { pageNumber: 1, pageSize: 20 }],
  'portfolio-comments:add': [21, { message: 'Good', parentCommentId: 61 }],
  'portfolio-comments:delete': [21, 61],

  'tagged-videos:list': [31],
  'tagged-videos:get': [31, 71],
  'tagged-videos:create': [31, { title: 'Questioning', tagsetId: 81 }],
  'tagged-videos:update': [
    31,
    71,
    { title: 'Questioning 2', status: 2, tags: [{ tagId: 5, startMs: 1500, endMs: 3000, note: 'n' }] },
  ],
  'tagged-videos:list-mine': [1],
  'tagged-videos:tag-sets': [],
  'admin:organisations': [],
  'admin:people': [{ organisationId: 2, searchTerm: 'ada', pageNumber: 1, pageSize: 50, orderByDirection: 'DESC' }],
  'admin:person-create': [
    {
      organisationId: 2,
      firstName: 'Ada',
      lastName: 'Adeyemi',
      email: 'ada@school.example',
      password: 'a-long-password',
      roles: [2],
      regionId: 1,
    },
  ],
  'admin:person-update': [
    2,
    9,
    {
      firstName: 'Ada',
      lastName: 'Adeyemi',
      email: 'ada@school.example',
      password: 'a-new-password',
      isActive: true,
      roles: [{ organisationId: 2, organisationName: 'Northbridge', roles: [2] }],
    },
  ],
  'admin:person-delete': [2, 9],
  'admin:regions': [],
  'admin:group-activity': [
    { organisationId: 2, days: 30, startDate: '2026-10-01', endDate: '2026-10-31', labelIds: [1], isActive: true },
  ],
  'admin:user-activity': [
    { organisationId: 2, days: 30, startDate: '2026-10-01', endDate: '2026-10-31', labelIds: [1], isActive: true },
  ],
  'admin:statistic-totals': [2],
  'admin:group-activity-detail': [2, 41, 'all', { days: 30, startDate: '2026-10-01', endDate: '2026-10-31' }],
  'admin:user-activity-detail': [2, 9, 'daily', { days: 30, startDate: '2026-10-01', endDate: '2026-10-31' }],
  'admin:export-activity-csv': [
    'groups',
    { organisationId: 2, days: 30, startDate: '2026-10-01', endDate: '2026-10-31', labelIds: [1], isActive: true },
  ],
  'admin:usage-report': [2],
  'admin:save-usage-report': [2],
  'admin:statistic-series': [
    { organisationId: 2, interval: 'Week', days: 30, startDate: '2026-10-01', endDate: '2026-10-31' },
  ],
  'admin:export-statistics-csv': [
    { organisationId: 2, interval: 'Month', days: 30, startDate: '2026-10-01', endDate: '2026-10-31' },
  ],
  'admin:generic-report': [
    {
      organisationId: 2,
      reportType: 'Users',
      days: 30,
      startDate: '2026-10-01',
      endDate: '2026-10-31',
      labelIds: [1],
      isActive: true,
    },
  ],
  'admin:save-generic-report': [
    {
      organisationId: 2,
      reportType: 'Groups',
      days: 30,
      startDate: '2026-10-01',
      endDate: '2026-10-31',
      labelIds: [1],
      isActive: false,
    },
  ],
  'tagged-videos:recordings': [],
  'recording:fields': [],
  'recording:start': [
    {
      title: 'Year 8 forces',
      tagsetId: 81,
      mimeType: 'video/webm;codecs=vp9,opus',
      prerecord: [{ metadataId: 3, value: 'Science' }],
    },
  ],
  'recording:chunk': ['0b6f3c56-5d7e-4c1a-9f5e-2b8d1e4a7c90', 0, 1000, new Uint8Array([26, 69, 223, 163])],
  'recording:tag': ['0b6f3c56-5d7e-4c1a-9f5e-2b8d1e4a7c90', { tagId: 5, ms: 2000, note: 'open question' }],
  'recording:untag': ['0b6f3c56-5d7e-4c1a-9f5e-2b8d1e4a7c90'],
  'recording:stop': ['0b6f3c56-5d7e-4c1a-9f5e-2b8d1e4a7c90', 10_000],
  'recording:finish': ['0b6f3c56-5d7e-4c1a-9f5e-2b8d1e4a7c90', [{ metadataId: 4, value: 'Questioning' }]],
  'recording:list': [],
  'recording:screen-sources': [],
  'recording:choose-screen': ['screen:1:0'],
  'recording:retry': ['0b6f3c56-5d7e-4c1a-9f5e-2b8d1e4a7c90'],
  'recording:discard': ['0b6f3c56-5d7e-4c1a-9f5e-2b8d1e4a7c90'],
  'organisation-settings:list': [{ searchTerm: 'north', pageNumber: 2, pageSize: 20, showActive: true }],
  'organisation-settings:lookup': [{ searchTerm: 'north', pageNumber: 1, pageSize: 50, showActive: false }],
  'organisation-settings:get': [2],
  'organisation-settings:update': [
    2,
    {
      name: 'Northbridge University',
      description: 'Teacher education',
      isActive: true,
      emailDomain: 'northbridge.example',
      dataCentreId: 1,
      countryId: 3,
    },
  ],
  'organisation-settings:places': [],
  'organisation-settings:tag-sets': [2],
  'organisation-settings:metadata': [2, 1],
  'organisation-settings:metadata-field': [2, 7],
  'organisation-settings:metadata-create': [
    {
      organisationId: 2,
      typeId: 2,
      name: 'Lesson phase',
      description: 'Where in the lesson',
      isHidden: false,
      isRequired: true,
      ordinal: 3,
      options: ['Start', 'Middle'],
    },
  ],
  'organisation-settings:metadata-update': [
    2,
    7,
    { typeId: 1, name: 'Phase', description: 'd', isHidden: true, isRequired: false, ordinal: 4, options: ['A'] },
  ],
  'organisation-settings:bots': [],
  'organisation-settings:my-organisations': [],
  'organisation-settings:switch-default': [2],
  'people-import:choose-file': [],
  'people-import:preview': [
    { token: '0b6f3c56-5d7e-4c1a-9f5e-2b8d1e4a7c90', organisationId: 2, mapping: { email: 0, admin: 1, groups: 2 } },
  ],
  'people-import:start': [
    { token: '0b6f3c56-5d7e-4c1a-9f5e-2b8d1e4a7c90', organisationId: 2, mapping: { email: 0, admin: 1, groups: 2 } },
  ],
  'people-import:pending': [],
  'people-import:resume': [],
  'people-import:discard': [],
  'people-import:save-results': [],
  'media:pending': [],
  'media:report': [
    {
      jobId: '0b6f3c56-5d7e-4c1a-9f5e-2b8d1e4a7c90',
      report: { kind: 'failed', reason: 'disk-full', detail: 'No space left on device' },
    },
  ],
  'watched-folders:list': [],
  'watched-folders:add': [{ target: { kind: 'community', id: 3 } }],
  'watched-folders:remove': ['0b6f3c56-5d7e-4c1a-9f5e-2b8d1e4a7c90'],
  'watched-folders:card-offers': [],
  'watched-folders:origins': [],
  'watched-folders:answer-card': [{ id: '0b6f3c56-5d7e-4c1a-9f5e-2b8d1e4a7c90', accept: true, remember: false }],
};

/** The real handler table over services that record every call and answer nothing useful. */
function recordingBridge() {
  const touched: string[] = [];
  const { http, calls: requests } = fakeHttp(() => null);
  const spy = (name: string, own: Record<string, (...args: unknown[]) => unknown> = {}) =>
    new Proxy(
      {},
      {
        get: (_target, member) => {
          // Not a thenable, not iterable: only named methods exist, and each call is written down.
          if (typeof member === 'symbol' || member === 'then') return undefined;
          return (...args: unknown[]) => {
            touched.push(`${name}.${member}`);
            return own[member]?.(...args);
          };
        },
      },
    );
  const services = {
    appInfo: spy('appInfo'),
    navigation: spy('navigation'),
    support: spy('support'),
    proxySignIn: spy('proxySignIn'),
    networkDoctor: spy('networkDoctor'),
    externalLinks: spy('externalLinks'),
    connection: spy('connection'),
    account: spy('account'),
    uploads: spy('uploads'),
    downloads: spy('downloads'),
    notifications: spy('notifications'),
    peopleImport: spy('peopleImport'),
    mediaJobs: spy('mediaJobs'),
    recording: spy('recording'),
    watchedFolders: spy('watchedFolders'),
    screenSources: async () => {
      touched.push('screenSources');
      return [];
    },
    screenChoice: spy('screenChoice'),
    session: spy('session', {
      http: () => http,
      state: () => ({ status: 'signed-in', user: { id: 5 }, defaultOrganisationId: 3 }),
    }),
  } as unknown as BridgeServices;
  const table = createHandlerTable(services);
  const warnings: string[] = [];
  const deps: DispatchDeps = {
    table,
    trustedOrigins: ['app://bundle'],
    log: { warn: (message) => warnings.push(message), error: () => undefined },
  };
  return {
    deps,
    warnings,
    /** Services reached since the last `reset` (calls on them, and requests through the HTTP client). */
    reached: () => [...touched, ...requests.map((r) => `http ${r.method} ${r.path}`)],
    reset: () => {
      touched.length = 0;
      requests.length = 0;
      warnings.length = 0;
    },
  };
}

const ours: SenderInfo = { frameUrl: 'app://bundle/index.html', isMainFrame: true, fromOurWindow: true };

const foreignSenders: [string, SenderInfo][] = [
  ['another origin', { ...ours, frameUrl: 'https://evil.example/index.html' }],
  ['a look-alike host', { ...ours, frameUrl: 'app://bundle.evil.example/index.html' }],
  ['a file: page', { ...ours, frameUrl: 'file:///tmp/index.html' }],
  ['an unparseable URL', { ...ours, frameUrl: 'not a url' }],
  ['a subframe of our page', { ...ours, isMainFrame: false }],
  ['a window that is not ours', { ...ours, fromOurWindow: false }],
];

// Built once: they are large, and the schemas must not change them.
const tenMiB = 'x'.repeat(10 * 1024 * 1024);
const million = 1_000_000;

function nestedObject(depth: number): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  let level = root;
  for (let i = 0; i < depth; i += 1) {
    const next: Record<string, unknown> = {};
    level.a = next;
    level = next;
  }
  return root;
}

function nestedArray(depth: number): unknown[] {
  const root: unknown[] = [];
  let level = root;
  for (let i = 0; i < depth; i += 1) {
    const next: unknown[] = [];
    level.push(next);
    level = next;
  }
  return root;
}

/** JSON.parse makes `__proto__` an own key, as a page's JSON would; a literal would set the prototype. */
const pollutingJson =
  '{"__proto__":{"polluted":"yes"},"constructor":{"prototype":{"polluted":"yes"}},"prototype":{"polluted":"yes"}}';

/** Values no parameter of any channel accepts. The last few could never survive structured clone. */
const garbage: [string, unknown][] = [
  ['null', null],
  ['NaN', NaN],
  ['Infinity', Infinity],
  ['-Infinity', -Infinity],
  ['a negative number', -1],
  ['a fraction', 0.5],
  ['a negative fraction', -0.5],
  ['an unsafe integer', 2 ** 53],
  ['a 10 MiB string', tenMiB],
  ['__proto__/constructor/prototype keys', JSON.parse(pollutingJson) as unknown],
  ['a key of 10 MiB', { [tenMiB]: 1 }],
  ['an object nested 10 000 deep', nestedObject(10_000)],
  ['an array nested 10 000 deep', nestedArray(10_000)],
  ['a million numbers', new Array<number>(million).fill(1)],
  ['a million strings', new Array<string>(million).fill('x')],
  ['a bigint', 1n],
  ['a Date', new Date(0)],
  ['a Map', new Map([['title', 'x']])],
  ['a Set', new Set([1])],
  ['a RegExp', /x/],
  ['bytes', new Uint8Array(4)],
  ['a symbol', Symbol('x')],
  ['a function', () => 1],
  ['a getter that throws', Object.defineProperty({}, 'title', { enumerable: true, get: () => thrower('getter') })],
  [
    'a proxy whose traps throw',
    new Proxy({}, { get: () => thrower('get'), ownKeys: () => thrower('ownKeys'), has: () => thrower('has') }),
  ],
  ['a revoked proxy', revoked()],
];

function thrower(where: string): never {
  throw new Error(`garbage ${where} trap`);
}

function revoked(): object {
  const { proxy, revoke } = Proxy.revocable({}, {});
  revoke();
  return proxy;
}

/** Every place in an argument list where a value sits: each argument, and each member of objects and arrays in it. */
function placesIn(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  if (value === null || typeof value !== 'object') return [path];
  const keys = Array.isArray(value) ? value.map((_v, i) => i) : Object.keys(value);
  const inner = keys.flatMap((key) => placesIn((value as Record<string | number, unknown>)[key], [...path, key]));
  return path.length === 0 ? inner : [path, ...inner];
}

/** A deep copy of plain data with the value at `path` replaced (the examples are plain data). */
function replaced(value: unknown, path: (string | number)[], replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [key, ...rest] = path as [string | number, ...(string | number)[]];
  if (Array.isArray(value)) return value.map((item, i) => (i === key ? replaced(item, rest, replacement) : item));
  const copy: Record<string, unknown> = { ...(value as Record<string, unknown>) };
  copy[key] = replaced(copy[key], rest, replacement);
  return copy;
}

/** The example with the polluting keys added as own keys to the object at `path`. */
function withPollutingKeys(args: unknown[], path: (string | number)[]): unknown {
  const target = path.reduce<unknown>((v, key) => (v as Record<string | number, unknown>)[key], args);
  return replaced(args, path, Object.assign(JSON.parse(pollutingJson) as object, target));
}

type Outcome = Result<unknown> | { thrown: unknown };

async function attempt(deps: DispatchDeps, channel: string, sender: SenderInfo, args: unknown): Promise<Outcome> {
  try {
    return await dispatch(deps, channel, sender, args);
  } catch (thrown) {
    return { thrown };
  }
}

/** What was wrong with one refused call, or undefined when it was refused as it should be. */
function problemWith(outcome: Outcome, reached: string[], code: string): string | undefined {
  if ('thrown' in outcome) return `threw ${String(outcome.thrown)}`;
  if (outcome.ok) return `was accepted (reached ${reached.join(', ') || 'nothing'})`;
  if (outcome.error.code !== code) return `answered ${outcome.error.code}: ${outcome.error.message}`;
  if (reached.length > 0) return `reached ${reached.join(', ')}`;
  // The message is what a person may see; the whole answer is what crosses IPC back to the page.
  if (outcome.error.message.length >= 500) return `has a message of ${outcome.error.message.length} characters`;
  const size = JSON.stringify(outcome).length;
  if (size >= 8192) return `answered ${size} characters`;
  return undefined;
}

const prototypesWatched = [Object.prototype, Array.prototype, Function.prototype];
const ownNames = () => prototypesWatched.map((p) => Object.getOwnPropertyNames(p).sort());

describe('every bridge channel against garbage', () => {
  let bridge: ReturnType<typeof recordingBridge>;
  let prototypeNames: string[][];
  beforeAll(() => {
    bridge = recordingBridge();
    prototypeNames = ownNames();
  });

  it('covers every channel of the contract', () => {
    // A drop here means channels went missing from the allowlist, not that the contract shrank on purpose.
    expect(channels.length).toBeGreaterThanOrEqual(92);
    expect(Object.keys(examples).sort()).toEqual([...channels].sort());
  });

  it('still lets the largest arguments the schemas allow through (dispatch bounds size and depth first)', async () => {
    const paths = Array.from({ length: 10_000 }, (_v, i) => `/home/ada/clips/${i}.mp4`);
    const ids = Array.from({ length: 10_000 }, (_v, i) => i + 1);
    bridge.reset();
    const drop = await attempt(bridge.deps, 'uploads:register-drop', ours, [{ paths }]);
    const seen = await attempt(bridge.deps, 'notifications:mark-seen', ours, [ids]);
    expect([drop, seen]).toEqual([
      { ok: true, data: undefined },
      { ok: true, data: undefined },
    ]);
    expect(bridge.reached()).toEqual(['uploads.registerDrop', 'notifications.markSeen']);
  });

  it.each(channels)(
    '%s: the valid example reaches the service (so "not reached" below means something)',
    async (channel) => {
      bridge.reset();
      const outcome = await attempt(bridge.deps, channel, ours, examples[channel]);
      // The fakes answer nothing useful, so the call may well fail afterwards; only not for its arguments.
      expect(outcome).not.toHaveProperty('thrown');
      expect(outcome).not.toMatchObject({ ok: false, error: { code: 'INVALID_ARGUMENT' } });
      expect(bridge.reached()).not.toEqual([]);
    },
  );

  it.each(channels)('%s: refuses foreign senders without reaching the service', async (channel) => {
    const problems: string[] = [];
    for (const [label, sender] of foreignSenders) {
      bridge.reset();
      const outcome = await attempt(bridge.deps, channel, sender, examples[channel]);
      const problem = problemWith(outcome, bridge.reached(), 'FORBIDDEN_SENDER');
      if (problem) problems.push(`${label}: ${problem}`);
      else if (bridge.warnings.length !== 1) problems.push(`${label}: not logged`);
    }
    expect(problems).toEqual([]);
  });

  it.each(channels)('%s: refuses garbage arguments without reaching the service', async (channel) => {
    const example = examples[channel] as unknown[];
    const calls: [string, unknown][] = [];
    // Extra arguments are refused, also by channels that take none: a page sending more than the
    // contract says is confused or hostile, and ignoring it would hide that.
    for (const [label, value] of garbage) calls.push([`an extra argument (${label})`, [...example, value]]);
    // Not an argument list at all (dispatch treats a lone value as the only argument).
    for (const [label, value] of garbage) calls.push([`${label} instead of the argument list`, value]);
    if (!(channel in callableBare)) calls.push(['no arguments', []]);
    for (const path of placesIn(example)) {
      const at = path.reduce<unknown>((v, key) => (v as Record<string | number, unknown>)[key], example);
      for (const [label, value] of garbage) {
        // Bytes where the contract wants bytes (a recording's chunk) are no garbage there.
        if (at instanceof Uint8Array && label === 'bytes') continue;
        calls.push([`${label} at ${path.join('.')}`, replaced(example, path, value)]);
      }
      if (at !== null && typeof at === 'object' && !Array.isArray(at)) {
        calls.push([`__proto__/constructor/prototype added at ${path.join('.')}`, withPollutingKeys(example, path)]);
      }
    }

    const problems: string[] = [];
    for (const [label, args] of calls) {
      bridge.reset();
      const outcome = await attempt(bridge.deps, channel, ours, args);
      const problem = problemWith(outcome, bridge.reached(), 'INVALID_ARGUMENT');
      if (problem) problems.push(`${label}: ${problem}`);
    }
    expect(problems).toEqual([]);

    // Nothing on the way (zod, the handlers' copying helpers) merged a __proto__ key into a prototype.
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(([] as unknown as Record<string, unknown>).polluted).toBeUndefined();
    expect(ownNames()).toEqual(prototypeNames);
  });
});
