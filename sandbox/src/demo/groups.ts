import { mkdirSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { SandboxContext } from '../context.js';
import { demoMedia } from './media.js';
import { pick } from './prng.js';
import type { DemoOrganisation, DemoWorld } from './world.js';

/**
 * Demo data for groups: groups of all four types in every organisation, shared labels, members and admins,
 * timeline posts with #hashtags and comments, group files, and pending invites. Deterministic: every choice
 * comes from world.random and every time from world.now. Rows are inserted directly (the caller holds one
 * transaction) so the large profile's thousands of groups stay quick; notifications are written for the
 * demo profile only, where a person clicking through expects them.
 */

const DAY = 86_400_000;

interface GroupTemplate {
  name: string;
  typeId: 1 | 2 | 3 | 4;
  description: string;
  labels: string[];
  /** The subject hashtag its posts use. */
  tag: string;
}

const templates: GroupTemplate[] = [
  {
    name: 'Year 7 Science mentors',
    typeId: 1,
    description: 'Mentors and trainees sharing science lesson clips and feedback.',
    labels: ['Science', 'KS3', 'Mentoring'],
    tag: 'science',
  },
  {
    name: 'Early Career Teachers 2026',
    typeId: 4,
    description: 'The 2026 cohort of early career teachers and their mentors.',
    labels: ['ECT', 'Mentoring'],
    tag: 'ect',
  },
  {
    name: 'Maths video bank',
    typeId: 2,
    description: 'A library of exemplary maths teaching moments.',
    labels: ['Maths', 'Video library'],
    tag: 'maths',
  },
  {
    name: 'Reading for pleasure community',
    typeId: 3,
    description: 'Timeline and shared files about whole-school reading.',
    labels: ['English', 'Literacy'],
    tag: 'reading',
  },
  {
    name: 'Behaviour and routines',
    typeId: 1,
    description: 'Calm classrooms: routines, transitions and praise.',
    labels: ['Behaviour', 'Mentoring'],
    tag: 'behaviour',
  },
  {
    name: 'PGCE Primary cohort',
    typeId: 4,
    description: 'Primary trainees on placement this year.',
    labels: ['Primary', 'ITE'],
    tag: 'primary',
  },
];

const subjects = [
  'Science',
  'Maths',
  'English',
  'History',
  'Geography',
  'Art',
  'Music',
  'Computing',
  'Languages',
  'PE',
];
const years = ['Year 3', 'Year 5', 'Year 7', 'Year 8', 'Year 9', 'Year 10', 'Year 12'];
const kinds = ['mentors', 'lesson study', 'video bank', 'team', 'cohort', 'community', 'coaching circle'];
const extraLabels = ['KS2', 'KS4', 'Coaching', 'Assessment', 'SEND', 'Oracy', 'Practicals', 'Research', 'Wellbeing'];

const postTexts = [
  'Just uploaded my lesson clip, would love feedback on the questioning. #feedback #{tag}',
  'Reminder: the observation window closes on Friday. #deadlines',
  'Great session today on cold calling. Try three seconds of wait time! #questioning #{tag}',
  'Sharing a clip of our group work routine. #routines #behaviour',
  'Who is coming to the mentor meeting on Thursday? #mentoring',
  'New resources are in the files tab for next term. #resources #{tag}',
  'Reflecting on my first observed lesson: nervous, but it went well. #reflection #{tag}',
  'Any tips for managing transitions after lunch? #behaviour #transitions',
];
const commentTexts = [
  'Thanks for sharing!',
  'Really useful, I will try this with my Year 8 class.',
  'Could you share the worksheet?',
  'Agreed: wait time made a big difference for me. #questioning',
  'Count me in.',
  'Lovely routine, such a calm class.',
];
const fileTemplates = [
  {
    name: 'Lesson plan.txt',
    body: 'Starter (5 min)\nModelling (10 min)\nGuided practice (15 min)\nExit ticket (5 min)\n',
  },
  {
    name: 'Observation checklist.md',
    body: '# Observation checklist\n\n- Clear learning intention\n- Wait time\n- Checks for understanding\n',
  },
  { name: 'Meeting notes.txt', body: 'Mentor meeting\n- Agreed focus: questioning\n- Next observation in two weeks\n' },
];

interface Seeder {
  ctx: SandboxContext;
  world: DemoWorld;
  random: () => number;
  stamp: (daysAgo: number) => string;
  statements: ReturnType<typeof prepare>;
  /** organisationId + lower-case name -> label id */
  labelIds: Map<string, number>;
}

function prepare(ctx: SandboxContext) {
  const s = (sql: string) => ctx.db.prepare(sql);
  return {
    community: s(
      `INSERT INTO communities (organisation_id, name, description, type_id, profile_background_color, cover_image_path,
         profile_image_path, created_by, created_at) VALUES (?,?,?,?,?,?,?,?,?)`,
    ),
    member: s(
      'INSERT OR IGNORE INTO community_members (community_id, user_id, is_admin, is_accepted, joined_at) VALUES (?,?,?,?,?)',
    ),
    label: s('INSERT INTO labels (organisation_id, name, created_at) VALUES (?,?,?)'),
    assign: s('INSERT OR IGNORE INTO community_labels (community_id, label_id) VALUES (?,?)'),
    post: s('INSERT INTO community_posts (community_id, author_id, text, created_at) VALUES (?,?,?,?)'),
    comment: s(
      'INSERT INTO post_comments (post_id, author_id, parent_comment_id, text, created_at) VALUES (?,?,?,?,?)',
    ),
    invite: s(
      'INSERT INTO community_invites (hash, community_id, email, user_id, invited_by, created_at) VALUES (?,?,?,?,?,?)',
    ),
    file: s(
      `INSERT INTO files (uploader_id, target_kind, target_id, name, size, content_type, path, created_at)
       VALUES (?, 'community', ?, ?, ?, ?, ?, ?)`,
    ),
    activity: s('INSERT INTO activity (user_id, organisation_id, community_id, kind, created_at) VALUES (?,?,?,?,?)'),
    notification: s(
      `INSERT INTO notifications (user_id, kind, title, message, actor_id, community_id, post_id, comment_id, link, created_at)
       VALUES (?,?,?,?,?,?,?,?,?,?)`,
    ),
    email: s('SELECT email FROM users WHERE id = ?').pluck(),
    name: s("SELECT first_name || ' ' || last_name FROM users WHERE id = ?").pluck(),
  };
}

export function seedGroups(ctx: SandboxContext, world: DemoWorld): void {
  const random = world.random;
  const seeder: Seeder = {
    ctx,
    world,
    random,
    stamp: (daysAgo) => new Date(world.now.getTime() - daysAgo * DAY - Math.floor(random() * DAY)).toISOString(),
    statements: prepare(ctx),
    labelIds: new Map(),
  };
  for (const org of world.organisations) {
    if (org.memberIds.length === 0) continue;
    templates.forEach((template, i) => seedGroup(seeder, org, template, i, 'rich'));
    if (world.profile === 'large') {
      for (let i = 0; i < 1500; i++)
        seedGroup(seeder, org, generatedTemplate(random, i), templates.length + i, 'light');
    }
  }
}

function generatedTemplate(random: () => number, i: number): GroupTemplate {
  const subject = pick(random, subjects);
  const kind = pick(random, kinds);
  const typeId = kind === 'video bank' ? 2 : kind === 'cohort' ? 4 : kind === 'community' ? 3 : 1;
  return {
    name: `${pick(random, years)} ${subject} ${kind} ${Math.floor(i / 10) + 1}`,
    typeId,
    description: `${subject} ${kind} for sharing practice.`,
    labels: [subject, ...(random() < 0.5 ? [pick(random, extraLabels)] : [])],
    tag: subject.toLowerCase(),
  };
}

function labelId(seeder: Seeder, organisationId: number, name: string): number {
  const key = `${organisationId}:${name.toLowerCase()}`;
  let id = seeder.labelIds.get(key);
  if (id === undefined) {
    id = Number(seeder.statements.label.run(organisationId, name, seeder.stamp(400)).lastInsertRowid);
    seeder.labelIds.set(key, id);
  }
  return id;
}

/** Picks `count` distinct people from `pool` (deterministically), keeping pool order for the first ones. */
function choose(random: () => number, pool: number[], count: number): number[] {
  const chosen = new Set<number>();
  while (chosen.size < Math.min(count, pool.length)) chosen.add(pick(random, pool));
  return [...chosen];
}

function seedGroup(
  seeder: Seeder,
  org: DemoOrganisation,
  template: GroupTemplate,
  index: number,
  detail: 'rich' | 'light',
) {
  const { random, statements: st, stamp } = seeder;
  const rich = detail === 'rich';
  const members = org.memberIds;
  // Named accounts come first in memberIds: let them create the hand-written groups, so they are admins somewhere.
  const creator = rich ? members[index % Math.min(members.length, 3)]! : pick(random, members);
  const createdDaysAgo = rich ? 120 + index * 15 : 30 + Math.floor(random() * 700);
  const createdAt = stamp(createdDaysAgo);
  const groupId = Number(
    st.community.run(
      org.id,
      template.name,
      template.description,
      template.typeId,
      rich ? pick(random, ['#2563EB', '#16A34A', '#7C3AED', '#0891B2']) : null,
      rich || index % 4 === 0 ? demoMedia.cover(index) : null,
      rich ? demoMedia.avatar(index + 7) : null,
      creator,
      createdAt,
    ).lastInsertRowid,
  );
  st.member.run(groupId, creator, 1, 1, createdAt);

  const others = members.filter((id) => id !== creator);
  const memberCount = rich
    ? Math.max(3, Math.floor(others.length * (0.5 + random() * 0.3)))
    : 2 + Math.floor(random() * 10);
  const chosen = rich
    ? [...others.slice(0, 2), ...choose(random, others.slice(2), memberCount - 2)]
    : choose(random, others, memberCount);
  const groupMembers = [creator];
  chosen.forEach((userId, i) => {
    // A second admin in most hand-written groups, so promote/remove have something to show.
    st.member.run(groupId, userId, rich && i === 1 ? 1 : 0, 1, stamp(Math.floor(random() * createdDaysAgo)));
    groupMembers.push(userId);
  });

  for (const label of template.labels) st.assign.run(groupId, labelId(seeder, org.id, label));

  const postCount = rich ? 4 + Math.floor(random() * 5) : random() < 0.5 ? 1 + Math.floor(random() * 2) : 0;
  for (let p = 0; p < postCount; p++) {
    const author = pick(random, groupMembers);
    const daysAgo = Math.floor(random() * Math.min(createdDaysAgo, rich ? 28 : 200));
    const at = stamp(daysAgo);
    const text = pick(random, postTexts).replaceAll('{tag}', template.tag);
    const postId = Number(st.post.run(groupId, author, text, at).lastInsertRowid);
    st.activity.run(author, org.id, groupId, 'post', at);
    if (rich) {
      for (const memberId of groupMembers) {
        if (memberId === author) continue;
        st.notification.run(
          memberId,
          'post',
          `New post in ${template.name}`,
          `${st.name.get(author) as string}: ${text}`,
          author,
          groupId,
          postId,
          null,
          `/communities/${groupId}/posts/${postId}`,
          at,
        );
      }
    }
    const commentCount = rich ? Math.floor(random() * 4) : random() < 0.3 ? 1 : 0;
    let previous: number | null = null;
    for (let c = 0; c < commentCount; c++) {
      const commenter = pick(random, groupMembers);
      const commentAt = new Date(Date.parse(at) + (c + 1) * 3_600_000).toISOString();
      const parent: number | null = previous !== null && random() < 0.3 ? previous : null;
      const commentText = pick(random, commentTexts);
      previous = Number(st.comment.run(postId, commenter, parent, commentText, commentAt).lastInsertRowid);
      st.activity.run(commenter, org.id, groupId, 'comment', commentAt);
      if (rich && commenter !== author) {
        st.notification.run(
          author,
          'post_comment',
          `New comment in ${template.name}`,
          `${st.name.get(commenter) as string} commented on your post: ${commentText}`,
          commenter,
          groupId,
          postId,
          previous,
          `/communities/${groupId}/posts/${postId}`,
          commentAt,
        );
      }
    }
  }
  if (rich) seedFiles(seeder, groupId, groupMembers, index);

  // Pending invites: the first organisation member outside the group (often a named account) in every other group.
  if (index % 2 === 1 || (!rich && index % 10 === 0)) {
    const invitee = members.find((id) => !groupMembers.includes(id));
    if (invitee !== undefined) {
      const at = stamp(Math.floor(random() * 10));
      st.member.run(groupId, invitee, 0, 0, at);
      st.invite.run(inviteHash(random), groupId, st.email.get(invitee) as string, invitee, creator, at);
      if (rich) {
        st.notification.run(
          invitee,
          'invite',
          `Invitation to ${template.name}`,
          `${st.name.get(creator) as string} invited you to join the group "${template.name}".`,
          creator,
          groupId,
          null,
          null,
          `/communities/${groupId}`,
          at,
        );
      }
    }
  }
}

function seedFiles(seeder: Seeder, groupId: number, groupMembers: number[], index: number): void {
  const { ctx, random, statements: st, stamp } = seeder;
  const relativeFolder = `${relative(ctx.config.dataDir, ctx.config.filesDir).split('\\').join('/')}/demo-groups/${groupId}`;
  mkdirSync(join(ctx.config.dataDir, relativeFolder), { recursive: true });
  const count = 1 + (index % fileTemplates.length);
  for (let f = 0; f < count; f++) {
    const file = fileTemplates[f]!;
    const relativePath = `${relativeFolder}/${file.name}`;
    writeFileSync(join(ctx.config.dataDir, relativePath), file.body);
    const contentType = file.name.endsWith('.md') ? 'text/markdown' : 'text/plain';
    st.file.run(
      pick(random, groupMembers),
      groupId,
      file.name,
      Buffer.byteLength(file.body),
      contentType,
      relativePath,
      stamp(Math.floor(random() * 60)),
    );
  }
}

/** 32 lowercase hex characters from the seeded generator (same seed, same invite links). */
function inviteHash(random: () => number): string {
  let hash = '';
  while (hash.length < 32) hash += Math.floor(random() * 16).toString(16);
  return hash;
}
