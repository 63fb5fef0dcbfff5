import { describe, expect, it } from 'vitest';
import {
  createCommunitiesApi,
  readCommunity,
  readCommunityImages,
  readCommunityPage,
  readFeatures,
} from '../../../../main/api/communities';
import { decodeBody } from '../../../../main/api/reader';
import { fakeHttp } from './browse-fake-http';

const sandboxGroup = {
  Id: 5,
  Name: 'Behaviour and routines',
  Description: 'Calm classrooms.',
  TypeId: 1,
  TypeName: 'Group',
  AdministratorIds: [2, 3],
  OrganisationId: 1,
  OrganisationName: 'Northbridge University',
  PrivacyLevelId: 1,
  Labels: [{ Id: 9, Name: 'Behaviour', OrganisationId: 1 }],
  MemberCount: 7,
  IsMember: true,
  IsAdmin: true,
  Features: { CommunityId: 5, FeatureActivity: true, FeatureTimeline: false, FeatureVideo: true, FeatureFile: true },
  ProfileBackgroundColor: '#0891B2',
  DefaultLandingPage: null,
  CoverImageUrl: 'http://127.0.0.1/media/cover.png',
  ProfileImageUrl: null,
  CreatedById: 2,
  CreatedAt: '2026-05-25T11:12:58.279Z',
  UpdatedAt: null,
};

const expected = {
  id: 5,
  name: 'Behaviour and routines',
  description: 'Calm classrooms.',
  typeId: 1,
  typeName: 'Group',
  organisationId: 1,
  organisationName: 'Northbridge University',
  labels: [{ id: 9, name: 'Behaviour' }],
  administratorIds: [2, 3],
  memberCount: 7,
  isMember: true,
  isAdmin: true,
  coverImageUrl: 'http://127.0.0.1/media/cover.png',
  profileBackgroundColor: '#0891B2',
  features: { activity: true, timeline: false, video: true, file: true },
  createdById: 2,
  createdAt: '2026-05-25T11:12:58.279Z',
};

describe('readCommunity', () => {
  it('reads the sandbox’s PascalCase group into the app model, leaving out nulls', () => {
    expect(readCommunity(sandboxGroup)).toEqual(expected);
  });

  it('reads a camelCase variant with other member names (Title, CommunityTypeId, CreateStamp, admins as objects)', () => {
    const group = readCommunity({
      communityId: 5,
      title: 'Behaviour and routines',
      communityTypeId: 3,
      administratorIds: [{ userId: 2 }, { id: 3 }],
      labels: [{ labelId: 9, labelName: 'Behaviour' }],
      createStamp: '2026-01-01T00:00:00Z',
      somethingNew: { deeply: ['nested'] },
    });
    expect(group).toEqual({
      id: 5,
      name: 'Behaviour and routines',
      description: '',
      typeId: 3,
      labels: [{ id: 9, name: 'Behaviour' }],
      administratorIds: [2, 3],
      createdAt: '2026-01-01T00:00:00Z',
    });
  });

  it('accepts a group with nothing but an id, and refuses one without an id as BAD_RESPONSE', () => {
    expect(readCommunity({ Id: '12' })).toMatchObject({ id: 12, name: '', labels: [], typeId: 1 });
    expect(() => readCommunity({ Name: 'No id' })).toThrow(expect.objectContaining({ code: 'BAD_RESPONSE' }));
    expect(() => readCommunity('<p>oops</p>')).toThrow(expect.objectContaining({ code: 'BAD_RESPONSE' }));
  });

  it('reads the XML group (labels as repeated children, empty elements as missing)', () => {
    const xml = `<CommunityGet><Id>5</Id><Name>Maths</Name><Description/><TypeId>2</TypeId>
      <AdministratorIds><int>2</int></AdministratorIds>
      <Labels><CommunityLabel><Id>5</Id><Name>Maths</Name></CommunityLabel></Labels>
      <MemberCount>4</MemberCount><IsAdmin>false</IsAdmin><CoverImageUrl></CoverImageUrl>
      <Features><FeatureActivity>true</FeatureActivity><FeatureFile>false</FeatureFile></Features></CommunityGet>`;
    expect(readCommunity(decodeBody('application/xml', xml))).toEqual({
      id: 5,
      name: 'Maths',
      description: '',
      typeId: 2,
      labels: [{ id: 5, name: 'Maths' }],
      administratorIds: [2],
      memberCount: 4,
      isAdmin: false,
      features: { activity: true, timeline: true, video: true, file: false },
    });
  });
});

describe('readCommunityPage', () => {
  it('reads the sandbox’s paged wrapper with its counts', () => {
    const page = readCommunityPage({
      Items: [sandboxGroup],
      PageNumber: 1,
      PageSize: 1,
      TotalItemCount: 6,
      PageCount: 6,
      HasNextPage: true,
    });
    expect(page).toEqual({
      items: [expected],
      totalCount: 6,
      pageNumber: 1,
      pageSize: 1,
      pageCount: 6,
      hasNextPage: true,
    });
  });

  it('reads a bare array and a wrapper with other names alike', () => {
    expect(readCommunityPage([sandboxGroup]).items).toEqual([expected]);
    const other = readCommunityPage({ results: [sandboxGroup], total: 1, page: 1 });
    expect(other).toMatchObject({ items: [expected], totalCount: 1, pageNumber: 1 });
  });

  it('an item without an id makes the page BAD_RESPONSE', () => {
    expect(() => readCommunityPage({ Items: [{ Name: 'x' }] })).toThrow(
      expect.objectContaining({ code: 'BAD_RESPONSE' }),
    );
  });
});

describe('images and features', () => {
  it('reads images under either name, and an empty answer as no images', () => {
    expect(
      readCommunityImages({ CommunityId: 5, CoverImageUrl: 'c', ImageUrl: 'p', ProfileBackgroundColor: null }),
    ).toEqual({
      coverImageUrl: 'c',
      profileImageUrl: 'p',
    });
    expect(readCommunityImages(null)).toEqual({});
  });

  it('reads switches with or without the Feature prefix; unsaid ones are on', () => {
    expect(readFeatures({ FeatureVideo: 'false', timeline: false })).toEqual({
      activity: true,
      timeline: false,
      video: false,
      file: true,
    });
  });
});

describe('requests', () => {
  it('creates a group with the interface’s fixed values, callers give only name, description and type', async () => {
    const { http, calls } = fakeHttp(() => 42);
    expect(await createCommunitiesApi(http).createCommunity({ name: 'N', description: 'D', typeId: 2 })).toBe(42);
    expect(calls[0]).toEqual({
      method: 'POST',
      path: '/api/communities',
      body: {
        Name: 'N',
        Description: 'D',
        TypeId: 2,
        PrivacyLevelId: 1,
        VisibilityId: 3,
        InviteTypeId: 2,
        PostingPermissionTypeId: 1,
        CommentPostsType: true,
      },
    });
  });

  it('updates without TypeId, with the feature switches and colour given', async () => {
    const { http, calls } = fakeHttp(() => 5);
    await createCommunitiesApi(http).updateCommunity(5, {
      name: 'N',
      description: 'D',
      features: { file: false },
      profileBackgroundColor: null,
    });
    expect(calls[0]!.body).toEqual({
      Name: 'N',
      Description: 'D',
      PrivacyLevelId: 1,
      VisibilityId: 3,
      InviteTypeId: 2,
      PostingPermissionTypeId: 1,
      CommentPostsType: true,
      FeatureFile: false,
      ProfileBackgroundColor: null,
    });
  });

  it('always sends the required name to /api/me/communities, and label ids as a list', async () => {
    const { http, calls } = fakeHttp(() => []);
    await createCommunitiesApi(http).listMyCommunities({ labelIds: [1, 2] });
    expect(calls[0]!.params).toEqual({ labelIds: [1, 2], name: '', returnPagedList: true });
  });

  it('reads the features again when the update answers something else', async () => {
    const { http, calls } = fakeHttp((call) => (call.method === 'PUT' ? { Success: true } : { FeatureVideo: false }));
    expect(await createCommunitiesApi(http).updateFeatures(3, { video: false })).toMatchObject({ video: false });
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'PUT /api/communities/3/features',
      'GET /api/communities/3/features',
    ]);
    expect(calls[0]!.body).toEqual({ FeatureVideo: false });
  });
});
