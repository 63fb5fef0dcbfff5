import type { SandboxContext } from '../context.js';
import { Role } from '../domain/roles.js';
import { demoAccounts, demoOrganisations } from './accounts.js';
import { demoMedia } from './media.js';
import { pick } from './prng.js';
import type { DemoOrganisation, DemoUser, DemoWorld } from './world.js';

const DAY = 86_400_000;

const firstNames = [
  'Amara',
  'Ben',
  'Chloe',
  'Daniel',
  'Elif',
  'Finn',
  'Grace',
  'Hugo',
  'Isla',
  'Jonas',
  'Kofi',
  'Lucia',
  'Mateo',
  'Nina',
  'Oscar',
  'Priya',
  'Quinn',
  'Rosa',
  'Sven',
  'Tara',
  'Umar',
  'Vera',
  'Wei',
  'Yara',
  'Zoe',
];
const lastNames = [
  'Andersen',
  'Brown',
  'Costa',
  'Dubois',
  'Evans',
  'Fernandes',
  'Garcia',
  'Hansen',
  'Ito',
  'Jensen',
  'Kowalski',
  'Larsen',
  'Murphy',
  'Nguyen',
  'Olsen',
  'Patel',
  'Quist',
  'Rossi',
  'Silva',
  'Tanaka',
  'Usman',
  'Varga',
  'Walsh',
  'Young',
  'Zhang',
];

const tagSetTemplates = [
  { name: 'Questioning techniques', tags: ['Open question', 'Closed question', 'Probing', 'Wait time', 'Redirect'] },
  { name: 'Classroom management', tags: ['Routine', 'Transition', 'Praise', 'Redirection', 'Proximity', 'Signal'] },
  { name: 'Feedback', tags: ['Specific praise', 'Next step', 'Peer feedback', 'Self-assessment'] },
];
const colours = ['#2563EB', '#16A34A', '#DC2626', '#D97706', '#7C3AED', '#0891B2'];

const videoTitles = [
  'Fractions with Year 5',
  'Introducing photosynthesis',
  'Reading circle',
  'Debate: school uniforms',
  'Lab safety briefing',
  'Persuasive writing',
  'Number bonds warm-up',
  'Map skills',
  'Poetry recital',
  'Group problem solving',
];

export interface CoreSeedOptions {
  profile: DemoWorld['profile'];
  now: Date;
  random: () => number;
  /** One scrypt hash of the demo password, shared by every demo account (hashing thousands would be slow). */
  passwordHash: string;
}

/** Lookups, organisations and sites, people in every role, tag sets, metadata, videos and activity history. */
export function seedCore(ctx: SandboxContext, options: CoreSeedOptions): Omit<DemoWorld, 'mediaDir'> {
  const { now, random, profile } = options;
  const stamp = (daysAgo: number) => new Date(now.getTime() - daysAgo * DAY - Math.floor(random() * DAY)).toISOString();
  const run = (sql: string, ...params: unknown[]) => Number(ctx.db.prepare(sql).run(...params).lastInsertRowid);

  // Lookups.
  const countries = [
    ['United Kingdom', 'GB'],
    ['Norway', 'NO'],
    ['Netherlands', 'NL'],
    ['Australia', 'AU'],
    ['Canada', 'CA'],
  ];
  const countryIds = countries.map(([name, code]) =>
    run('INSERT INTO countries (name, code) VALUES (?,?)', name, code),
  );
  const regions: [string, number][] = [
    ['England', 0],
    ['Scotland', 0],
    ['Wales', 0],
    ['Oslo', 1],
    ['Vestland', 1],
    ['North Holland', 2],
    ['New South Wales', 3],
    ['Victoria', 3],
    ['Ontario', 4],
    ['British Columbia', 4],
  ];
  const regionIds = regions.map(([name, c]) =>
    run('INSERT INTO regions (name, country_id) VALUES (?,?)', name, countryIds[c]),
  );
  const dataCentreIds = [
    ['EU West', 'Dublin'],
    ['EU North', 'Stockholm'],
    ['Asia Pacific', 'Sydney'],
    ['North America', 'Montreal'],
  ].map(([name, location]) => run('INSERT INTO data_centres (name, location) VALUES (?,?)', name, location));

  // Organisations and sites.
  const organisations: DemoOrganisation[] = [];
  const siteIds = new Map<string, number>();
  demoOrganisations.forEach((spec, i) => {
    const id = run(
      `INSERT INTO organisations (name, description, email_domain, login_methods, is_active, has_sites, data_centre_id,
         country_id, image_path, created_at) VALUES (?,?,?,?,1,?,?,?,?,?)`,
      spec.name,
      spec.description,
      spec.emailDomain,
      spec.loginMethods,
      spec.sites.length ? 1 : 0,
      dataCentreIds[i % dataCentreIds.length],
      countryIds[i % countryIds.length],
      demoMedia.logo(i),
      stamp(900 + i * 30),
    );
    for (const site of spec.sites)
      siteIds.set(site, run('INSERT INTO sites (organisation_id, name) VALUES (?,?)', id, site));
    organisations.push({ id, name: spec.name, hasSites: spec.sites.length > 0, memberIds: [], adminIds: [] });
  });
  // An inactive organisation, so showActive / IsActive filters have something to filter.
  run(
    "INSERT INTO organisations (name, description, is_active, created_at) VALUES ('Former Partner Academy', 'No longer active.', 0, ?)",
    stamp(1200),
  );
  const orgByKey = new Map(demoOrganisations.map((spec, i) => [spec.key, organisations[i]!]));

  // People.
  const users: DemoUser[] = [];
  const insertUser = ctx.db.prepare(
    `INSERT INTO users (first_name, last_name, email, password_hash, is_active, is_locked, accepts_terms, accepts_privacy,
       region_id, default_organisation_id, site_id, picture_path, job_title, bio, created_at)
     VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)`,
  );
  const insertRole = ctx.db.prepare('INSERT INTO user_org_roles (user_id, organisation_id, role_id) VALUES (?,?,?)');
  const addUser = (u: {
    email: string;
    firstName: string;
    lastName: string;
    roles: Record<number, number[]>;
    siteId?: number | null;
    isActive?: boolean;
    isLocked?: boolean;
    acceptedTerms?: boolean;
    jobTitle: string;
    daysAgo: number;
  }) => {
    const orgIds = Object.keys(u.roles).map(Number);
    const accepted = u.acceptedTerms === false ? 0 : 1;
    const id = Number(
      insertUser.run(
        u.firstName,
        u.lastName,
        u.email,
        options.passwordHash,
        u.isActive === false ? 0 : 1,
        u.isLocked ? 1 : 0,
        accepted,
        accepted,
        pick(random, regionIds),
        orgIds[0] ?? null,
        u.siteId ?? null,
        demoMedia.avatar(users.length),
        u.jobTitle,
        `${u.jobTitle}.`,
        stamp(u.daysAgo),
      ).lastInsertRowid,
    );
    const roles: Record<number, number[]> = {};
    for (const orgId of orgIds) {
      roles[orgId] = [...new Set([Role.User, ...(u.roles[orgId] ?? [])])].sort((a, b) => a - b);
      for (const role of roles[orgId]!) insertRole.run(id, orgId, role);
      const org = organisations.find((o) => o.id === orgId)!;
      org.memberIds.push(id);
      if (roles[orgId]!.includes(Role.OrganisationAdmin)) org.adminIds.push(id);
    }
    users.push({ id, email: u.email, firstName: u.firstName, lastName: u.lastName, roles });
    return id;
  };
  for (const account of demoAccounts) {
    const roles: Record<number, number[]> = {};
    for (const [key, ids] of Object.entries(account.roles)) roles[orgByKey.get(key as never)!.id] = ids;
    addUser({ ...account, roles, siteId: account.site ? (siteIds.get(account.site) ?? null) : null, daysAgo: 400 });
  }
  // 'large': Northbridge (the first) is the big one, ~3,000 people for the admin's People list (#17 item 7).
  const generatedPerOrganisation = (o: number) => (profile === 'large' ? (o === 0 ? 3000 : 1000) : 8);
  demoOrganisations.forEach((spec, o) => {
    const org = organisations[o]!;
    for (let i = 0; i < generatedPerOrganisation(o); i++) {
      const firstName = firstNames[(i + o * 7) % firstNames.length]!;
      const lastName = lastNames[Math.floor(i / firstNames.length + o * 3 + i) % lastNames.length]!;
      const admin = i % 50 === 49;
      addUser({
        email: `${firstName}.${lastName}.${i + 1}@${spec.emailDomain}`.toLowerCase(),
        firstName,
        lastName,
        roles: { [org.id]: admin ? [Role.OrganisationAdmin] : [] },
        siteId: spec.sites.length ? (siteIds.get(spec.sites[i % spec.sites.length]!) ?? null) : null,
        isActive: i % 97 !== 96,
        jobTitle: i % 5 === 0 ? 'Mentor' : 'Student teacher',
        daysAgo: 30 + Math.floor(random() * 600),
      });
    }
  });

  // Tag sets: each organisation gets the templates, one of them a private draft by a user.
  const insertTag = ctx.db.prepare('INSERT INTO tags (tagset_id, name, colour, ordinal) VALUES (?,?,?,?)');
  organisations.forEach((org) => {
    tagSetTemplates.forEach((template, t) => {
      const draft = t === 2;
      const authorId = draft
        ? (org.memberIds.find((id) => !org.adminIds.includes(id)) ?? org.memberIds[0]!)
        : (org.adminIds[0] ?? org.memberIds[0]!);
      const tagSetId = run(
        `INSERT INTO tagsets (organisation_id, author_id, name, description, is_published, is_organisation_wide, visibility,
           status, created_at) VALUES (?,?,?,?,?,?,?,?,?)`,
        org.id,
        authorId,
        template.name,
        `Tags for ${template.name.toLowerCase()}.`,
        draft ? 0 : 1,
        t === 0 ? 1 : 0,
        draft ? 'Private' : 'Public',
        'Active',
        stamp(200 - t),
      );
      template.tags.forEach((name, i) => insertTag.run(tagSetId, name, colours[i % colours.length], i + 1));
    });
    const fields: [number, string, string[]][] = [
      [1, 'Subject', ['Mathematics', 'Science', 'English', 'History', 'Art']],
      [1, 'Year group', ['Year 1', 'Year 3', 'Year 5', 'Year 7', 'Year 9']],
      [2, 'Lesson focus', []],
      [2, 'Reflection prompt', []],
    ];
    fields.forEach(([typeId, name, opts], i) =>
      run(
        `INSERT INTO metadata (organisation_id, type_id, name, description, is_hidden, ordinal, options, author_id, created_at)
         VALUES (?,?,?,?,?,?,?,?,?)`,
        org.id,
        typeId,
        name,
        `${name} of the recording.`,
        0,
        i + 1,
        JSON.stringify(opts),
        org.adminIds[0] ?? null,
        stamp(300),
      ),
    );
    run(
      `INSERT INTO metadata (organisation_id, type_id, name, description, is_hidden, ordinal, options, author_id, created_at)
       VALUES (?,1,'Internal cohort code','Hidden from the recording form.',1,9,'[]',?,?)`,
      org.id,
      org.adminIds[0] ?? null,
      stamp(300),
    );
  });

  // Videos: the named accounts get a few each; in the large profile every tenth person has one.
  const insertVideo = ctx.db.prepare(
    `INSERT INTO videos (owner_id, organisation_id, title, description, duration_seconds, media_path, thumbnail_path,
       recorded_at, created_at) VALUES (?,?,?,?,?,?,?,?,?)`,
  );
  users.forEach((u, i) => {
    const count = i < demoAccounts.length ? 2 + (i % 3) : profile === 'large' ? (i % 10 === 0 ? 1 : 0) : i % 2;
    const orgId = Number(Object.keys(u.roles)[0]);
    for (let v = 0; v < count; v++) {
      const recorded = stamp(Math.floor(random() * 120));
      insertVideo.run(
        u.id,
        orgId,
        pick(random, videoTitles),
        'Recorded in class.',
        6,
        demoMedia.video,
        demoMedia.thumbnail(i + v),
        recorded,
        recorded,
      );
    }
  });

  // Activity history for reports: sign-ins and uploads over the last 90 days.
  const insertActivity = ctx.db.prepare(
    'INSERT INTO activity (user_id, organisation_id, community_id, kind, created_at) VALUES (?,?,NULL,?,?)',
  );
  const historyDays = 90;
  for (const u of users) {
    const orgId = Number(Object.keys(u.roles)[0]);
    const sessions = profile === 'large' ? 2 + Math.floor(random() * 6) : 5 + Math.floor(random() * 20);
    for (let s = 0; s < sessions; s++) {
      insertActivity.run(u.id, orgId, 'login', stamp(Math.floor(random() * historyDays)));
      if (random() < 0.25) insertActivity.run(u.id, orgId, 'upload', stamp(Math.floor(random() * historyDays)));
    }
  }
  return { profile, organisations, users, random, now };
}
