import { describe, expect, it } from 'vitest';
import { readProfile, readProfileStats } from '../../../../main/api/me';
import { decodeBody } from '../../../../main/api/reader';

const sandboxProfile = {
  Id: 5,
  FirstName: 'Nia',
  LastName: 'Newcomer',
  FullName: 'Nia Newcomer',
  Email: 'newcomer@lakeside.example',
  JobTitle: '',
  Bio: '',
  PictureUrl: null,
  RegionId: 3,
  SiteId: null,
  IsActive: true,
  AcceptsTermsAndConditions: false,
  AcceptsPrivacyPolicy: false,
  HasAcceptedTerms: false,
  DefaultOrganisationId: 2,
  CreatedStamp: '2026-01-01T00:00:00.000Z',
  Roles: [4],
  Organisations: [
    { Id: 2, Name: 'Lakeside Teacher College', IsActive: true, HasSites: false, IsDefault: true, Roles: [4] },
  ],
};

describe('readProfile', () => {
  it('reads the PascalCase profile into the app model', () => {
    expect(readProfile(sandboxProfile)).toEqual({
      id: 5,
      firstName: 'Nia',
      lastName: 'Newcomer',
      fullName: 'Nia Newcomer',
      email: 'newcomer@lakeside.example',
      regionId: 3,
      defaultOrganisationId: 2,
      hasAcceptedTerms: false,
      roles: [4],
      organisations: [
        { id: 2, name: 'Lakeside Teacher College', roles: [4], isDefault: true, isActive: true, hasSites: false },
      ],
    });
  });

  it('derives acceptance from the two separate flags when HasAcceptedTerms is absent', () => {
    const { HasAcceptedTerms: _drop, ...rest } = sandboxProfile;
    expect(
      readProfile({ ...rest, AcceptsTermsAndConditions: true, AcceptsPrivacyPolicy: false }).hasAcceptedTerms,
    ).toBe(false);
    expect(readProfile({ ...rest, AcceptsTermsAndConditions: true, AcceptsPrivacyPolicy: true }).hasAcceptedTerms).toBe(
      true,
    );
  });

  it('does not ask for acceptance when the service says nothing about terms', () => {
    expect(readProfile({ id: 1, email: 'a@b.example' }).hasAcceptedTerms).toBe(true);
  });

  it('reads organisations named the other way ({OrganisationId, OrganisationName}), roles as objects, default by id', () => {
    const profile = readProfile({
      id: 9,
      first_name: 'Al',
      default_organisation_id: 7,
      organisations: [
        { organisationId: 7, organisationName: 'North', roles: [{ id: 4, name: 'User' }, { roleId: 2 }] },
        { organisationId: 8, organisationName: 'Lake', roles: [4] },
      ],
    });
    expect(profile.organisations).toEqual([
      { id: 7, name: 'North', roles: [4, 2], isDefault: true },
      { id: 8, name: 'Lake', roles: [4], isDefault: false },
    ]);
    expect(profile.roles).toEqual([4, 2]);
    expect(profile.fullName).toBe('Al');
  });

  it('reads the XML profile, one organisation written as a single list child', () => {
    const xml = `<Response><Id>5</Id><FirstName>Nia</FirstName><LastName>N</LastName><Email>n@l.example</Email>
      <PictureUrl></PictureUrl><HasAcceptedTerms>true</HasAcceptedTerms><DefaultOrganisationId>2</DefaultOrganisationId>
      <Roles><Item>4</Item></Roles><Organisations><Item><Id>2</Id><Name>Lakeside</Name><IsDefault>true</IsDefault>
      <Roles><Item>4</Item><Item>2</Item></Roles></Item></Organisations></Response>`;
    const profile = readProfile(decodeBody('application/xml', xml));
    expect(profile).toMatchObject({ id: 5, hasAcceptedTerms: true, defaultOrganisationId: 2, roles: [4] });
    expect(profile.organisations).toEqual([{ id: 2, name: 'Lakeside', roles: [4, 2], isDefault: true }]);
    expect(profile.pictureUrl).toBeUndefined();
  });

  it('a profile without an id is BAD_RESPONSE', () => {
    expect(() => readProfile({ FirstName: 'x' })).toThrow(expect.objectContaining({ code: 'BAD_RESPONSE' }));
  });
});

describe('readProfileStats', () => {
  it('reads counts under plain or ...Count names, as numbers or text', () => {
    expect(
      readProfileStats({ UserId: 5, Videos: 2, TaggedVideoCount: '3', NumberOfPortfolios: 1, Extra: 'x' }),
    ).toEqual({
      videos: 2,
      taggedVideos: 3,
      portfolios: 1,
    });
  });
});
