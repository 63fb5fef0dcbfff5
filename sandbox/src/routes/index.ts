import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from '../context.js';
// Core, people and organisations
import oauth from '../auth/oauth.js';
import users from './users.js';
import organisations from './organisations.js';
import me from './me.js';
import lookups from './lookups.js';
import metadata from './metadata.js';
import reporting from './reporting.js';
import statistics from './statistics.js';
import other from './other.js';
import controls from '../controls/index.js';
// Groups
import communities from './communities.js';
import communityMembers from './community-members.js';
import labels from './labels.js';
import communityContent from './community-content.js';
import postComments from './post-comments.js';
// Portfolios, videos, notifications, uploads
import portfolios from './portfolios.js';
import portfolioSharing from './portfolio-sharing.js';
import portfolioComments from './portfolio-comments.js';
import taggedVideos from './tagged-videos.js';
import notifications from './notifications.js';
import uploads from './uploads.js';

export type RouteModule = (app: FastifyInstance, ctx: SandboxContext) => void | Promise<void>;

const modules: RouteModule[] = [
  oauth,
  users,
  organisations,
  me,
  lookups,
  metadata,
  reporting,
  statistics,
  other,
  controls,
  communities,
  communityMembers,
  labels,
  communityContent,
  postComments,
  portfolios,
  portfolioSharing,
  portfolioComments,
  taggedVideos,
  notifications,
  uploads,
];

export async function registerRoutes(app: FastifyInstance, ctx: SandboxContext): Promise<void> {
  for (const register of modules) await register(app, ctx);
}
