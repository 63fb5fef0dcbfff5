import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { SandboxContext } from '../context.js';
import { inTransaction } from '../db/database.js';
import { addPortfolioComment, sharePortfolio } from '../domain/portfolios.js';
import { notify, type NotificationInput } from '../domain/side-effects.js';
import { tableExists } from '../domain/portfolios-views.js';
import { demoMedia } from './media.js';
import type { DemoWorld } from './world.js';

/**
 * Demo data for portfolios, videos, tagged videos, comments and notifications. Deterministic: every
 * choice comes from world.random and every timestamp from world.now, so the same seed gives the same
 * data. Writes go through the area's own actions (sharing, commenting) so notifications are real.
 */

const lessonTitles = [
  'Fractions with manipulatives',
  'Morning reading circle',
  'Persuasive writing workshop',
  'Forces and motion lab',
  'Group discussion on climate',
  'Phonics warm-up',
  'Geometry in the playground',
  'History source analysis',
];
const portfolioTitles = ['Practicum term', 'Lesson study', 'Teaching inquiry', 'Feedback cycle'];
const comments = [
  'Great use of wait time here.',
  'How did the students respond to the second question?',
  'Try narrating the transition next time.',
  'The exit ticket worked well.',
  'Nice balance between pair and whole-class talk.',
  'Could you share the worksheet you used?',
];
const replies = [
  'Thanks, I will try that.',
  'They were unsure at first, then it clicked.',
  'Good point!',
  'Uploaded it to the documents.',
];
const notes = ['Open question', 'Praise', 'Check for understanding', 'Redirect', 'Model thinking', ''];

interface Sample {
  video: string | null;
  thumbnail: (index: number) => string | null;
}

export function seedPortfolios(ctx: SandboxContext, world: DemoWorld): void {
  const random = world.random;
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const between = (min: number, max: number): number => min + Math.floor(random() * (max - min + 1));
  const daysAgo = (days: number): Date => new Date(world.now.getTime() - days * 86_400_000 - between(0, 36_000) * 1000);

  // Domain actions stamp rows with ctx.now(); the seed moves that clock along the generated history.
  let clock = daysAgo(120);
  const seedCtx: SandboxContext = { ...ctx, now: () => clock };
  const sample = findSampleMedia(ctx);
  const large = world.profile === 'large';

  inTransaction(ctx.db, () => {
    const tagsets = loadTagsets(ctx);
    const insertVideo = ctx.db.prepare(
      `INSERT INTO videos (owner_id, organisation_id, title, description, duration_seconds, media_path, thumbnail_path,
         recorded_at, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    const insertTagged = ctx.db.prepare(
      `INSERT INTO tagged_videos (video_id, owner_id, tagset_id, title, status, recorded_at, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    const insertInstance = ctx.db.prepare(
      'INSERT INTO tagged_video_tags (tagged_video_id, tag_id, start_seconds, end_seconds, note) VALUES (?, ?, ?, ?, ?)',
    );
    const insertPortfolio = ctx.db.prepare(
      `INSERT INTO portfolios (creator_id, organisation_id, title, description, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?)`,
    );
    const insertPortfolioVideo = ctx.db.prepare(
      'INSERT OR IGNORE INTO portfolio_videos (portfolio_id, video_id, added_by, tag_ids, created_at) VALUES (?, ?, ?, ?, ?)',
    );

    let taggedCount = 0;
    let videoCount = 0;
    let busiest: { portfolioId: number; creatorId: number; readers: number[] } | null = null;

    for (const org of world.organisations) {
      const mentors = org.adminIds.length > 0 ? org.adminIds : org.memberIds.slice(0, 1);
      const teachers = org.memberIds.filter((id) => !mentors.includes(id));
      const orgTagsets = tagsets.filter((t) => t.organisationId === org.id && t.tagIds.length > 0);
      const videosByOwner = new Map<number, number[]>();

      for (const ownerId of org.memberIds) {
        const own: number[] = [];
        for (let n = 0; n < (large ? 3 : 2); n++) {
          const recorded = daysAgo(between(5, 120));
          const duration = sample.video ? demoMedia.videoSeconds : between(300, 1800);
          const videoId = Number(
            insertVideo.run(
              ownerId,
              org.id,
              pick(lessonTitles),
              'Recorded in class for reflection.',
              duration,
              sample.video,
              sample.thumbnail(videoCount++),
              recorded.toISOString(),
              recorded.toISOString(),
            ).lastInsertRowid,
          );
          own.push(videoId);
          const tagset = orgTagsets.length > 0 ? pick(orgTagsets) : null;
          // Alternate so both statuses always appear: Autosaved (1) and Complete (2).
          const status = taggedCount++ % 2 === 0 ? 2 : 1;
          const taggedId = Number(
            insertTagged.run(
              videoId,
              ownerId,
              tagset?.id ?? null,
              `${status === 2 ? 'Tagged' : 'Draft'}: ${pick(lessonTitles)}`,
              status,
              recorded.toISOString(),
              recorded.toISOString(),
              recorded.toISOString(),
            ).lastInsertRowid,
          );
          if (tagset) {
            for (let i = 0; i < between(3, 6); i++) {
              const start = Math.round(random() * duration * 0.8 * 10) / 10;
              const end = Math.min(duration, Math.round((start + 0.5 + random() * duration * 0.2) * 10) / 10);
              insertInstance.run(taggedId, pick(tagset.tagIds), start, end, pick(notes));
            }
          }
        }
        videosByOwner.set(ownerId, own);
      }

      for (const teacherId of teachers.length > 0 ? teachers : org.memberIds) {
        for (let n = 0; n < between(1, 2); n++) {
          clock = daysAgo(between(40, 100));
          const created = clock.toISOString();
          const portfolioId = Number(
            insertPortfolio.run(
              teacherId,
              org.id,
              `${pick(portfolioTitles)} ${n + 1}`,
              'Videos and reflections from my placement.',
              created,
              created,
            ).lastInsertRowid,
          );
          const tagset = orgTagsets.length > 0 ? pick(orgTagsets) : null;
          for (const videoId of (videosByOwner.get(teacherId) ?? []).slice(0, between(1, 3))) {
            const tagIds = tagset ? [...new Set([pick(tagset.tagIds), pick(tagset.tagIds)])] : [];
            insertPortfolioVideo.run(portfolioId, videoId, teacherId, JSON.stringify(tagIds), created);
          }
          writeDocument(
            seedCtx,
            portfolioId,
            teacherId,
            'lesson-plan.txt',
            `Lesson plan for portfolio ${portfolioId}\n`,
          );

          const readers = [...new Set(mentors.filter((id) => id !== teacherId).slice(0, between(1, 2)))];
          for (const mentorId of readers) {
            clock = new Date(clock.getTime() + 3_600_000);
            sharePortfolio(seedCtx, teacherId, portfolioId, mentorId);
          }
          for (const mentorId of readers) {
            for (let c = 0; c < between(1, 3); c++) {
              clock = new Date(clock.getTime() + between(1, 48) * 3_600_000);
              const top = addPortfolioComment(seedCtx, mentorId, portfolioId, pick(comments));
              if (random() < 0.7) {
                clock = new Date(clock.getTime() + between(1, 12) * 3_600_000);
                addPortfolioComment(seedCtx, teacherId, portfolioId, pick(replies), top);
              }
            }
          }
          if (!busiest && readers.length > 0) busiest = { portfolioId, creatorId: teacherId, readers };
        }
      }
    }

    seedOtherNotificationKinds(seedCtx, world, () => (clock = daysAgo(between(0, 30))));
    if (large && busiest) seedLargeVolumes(ctx, world, busiest, between, daysAgo);
  });
}

/** The core seed's sample video and thumbnails (demo/media.ts), when they are in the data folder. */
function findSampleMedia(ctx: SandboxContext): Sample {
  const present = (path: string): boolean => existsSync(join(ctx.config.dataDir, path));
  return {
    video: present(demoMedia.video) ? demoMedia.video : null,
    thumbnail: (i: number) => (present(demoMedia.thumbnail(i)) ? demoMedia.thumbnail(i) : null),
  };
}

function loadTagsets(ctx: SandboxContext): { id: number; organisationId: number; tagIds: number[] }[] {
  if (!tableExists(ctx, 'tagsets') || !tableExists(ctx, 'tags')) return [];
  const sets = ctx.db.prepare('SELECT id, organisation_id FROM tagsets ORDER BY id').all() as {
    id: number;
    organisation_id: number;
  }[];
  const tagsOf = ctx.db.prepare('SELECT id FROM tags WHERE tagset_id = ? ORDER BY ordinal, id').pluck();
  return sets.map((s) => ({ id: s.id, organisationId: s.organisation_id, tagIds: tagsOf.all(s.id) as number[] }));
}

/** A small real file, so the document's URL opens. */
function writeDocument(ctx: SandboxContext, portfolioId: number, uploaderId: number, name: string, text: string): void {
  const folder = join(ctx.config.filesDir, 'portfolio', String(portfolioId));
  mkdirSync(folder, { recursive: true });
  const absolute = join(folder, `seed-${name}`);
  writeFileSync(absolute, text);
  ctx.db
    .prepare(
      `INSERT INTO files (uploader_id, target_kind, target_id, name, size, content_type, path, created_at)
       VALUES (?, 'portfolio', ?, ?, ?, 'text/plain', ?, ?)`,
    )
    .run(
      uploaderId,
      portfolioId,
      name,
      Buffer.byteLength(text),
      relative(ctx.config.dataDir, absolute).split('\\').join('/'),
      ctx.now().toISOString(),
    );
}

/**
 * Kinds other areas raise (group membership, posts, invites...), so every kind shows in the
 * notification list of each demo user even before those areas' demo data.
 */
function seedOtherNotificationKinds(ctx: SandboxContext, world: DemoWorld, tick: () => void): void {
  const communityOf = new Map<number, { id: number; name: string }>();
  if (tableExists(ctx, 'communities')) {
    for (const row of ctx.db.prepare('SELECT id, organisation_id, name FROM communities ORDER BY id').all() as {
      id: number;
      organisation_id: number;
      name: string;
    }[]) {
      if (!communityOf.has(row.organisation_id)) communityOf.set(row.organisation_id, { id: row.id, name: row.name });
    }
  }
  for (const org of world.organisations) {
    const community = communityOf.get(org.id) ?? null;
    const groupName = community?.name ?? 'your group';
    const actorId = org.adminIds[0] ?? org.memberIds[0] ?? null;
    for (const userId of org.memberIds) {
      const kinds: Omit<NotificationInput, 'userId'>[] = [
        { kind: 'member_added', title: 'Added to a group', message: `You were added to ${groupName}.` },
        { kind: 'post', title: 'New post', message: `There is a new post in ${groupName}.` },
        {
          kind: 'post_comment',
          title: 'New comment on a post',
          message: `Someone commented on a post in ${groupName}.`,
        },
        { kind: 'invite', title: 'Group invitation', message: `You are invited to join ${groupName}.` },
        { kind: 'promoted', title: 'You are now a group admin', message: `You can now manage ${groupName}.` },
      ];
      for (const input of kinds) {
        tick();
        notify(ctx, {
          ...input,
          userId,
          actorId: actorId === userId ? null : actorId,
          communityId: community?.id ?? null,
          link: community ? `/communities/${community.id}` : null,
        });
      }
    }
  }
}

/** Profile 'large': one portfolio with hundreds of comments and tens of thousands of notifications. */
function seedLargeVolumes(
  ctx: SandboxContext,
  world: DemoWorld,
  busiest: { portfolioId: number; creatorId: number; readers: number[] },
  between: (min: number, max: number) => number,
  daysAgo: (days: number) => Date,
): void {
  const insertComment = ctx.db.prepare(
    `INSERT INTO portfolio_comments (portfolio_id, author_id, parent_comment_id, message, created_at)
     VALUES (?, ?, ?, ?, ?)`,
  );
  const authors = [busiest.creatorId, ...busiest.readers];
  let lastTop: number | null = null;
  for (let i = 0; i < 600; i++) {
    const isReply: boolean = lastTop !== null && i % 3 === 2;
    const id: number = Number(
      insertComment.run(
        busiest.portfolioId,
        authors[i % authors.length],
        isReply ? lastTop : null,
        `${comments[i % comments.length]} (#${i + 1})`,
        daysAgo(30 - (i * 30) / 600).toISOString(),
      ).lastInsertRowid,
    );
    if (!isReply) lastTop = id;
  }

  const insertNotification = ctx.db.prepare(
    `INSERT INTO notifications (user_id, kind, title, message, actor_id, portfolio_id, link, created_at)
     VALUES (?, 'comment', 'New comment', ?, ?, ?, ?, ?)`,
  );
  const users = world.users.map((u) => u.id);
  const total = 30_000;
  for (let i = 0; i < total; i++) {
    const userId = users[i % users.length]!;
    const actorId = users[between(0, users.length - 1)]!;
    insertNotification.run(
      userId,
      `Activity on a portfolio you follow (#${i + 1}).`,
      actorId === userId ? null : actorId,
      busiest.portfolioId,
      `/portfolios/${busiest.portfolioId}`,
      daysAgo(365 - (i * 365) / total).toISOString(),
    );
  }
}
