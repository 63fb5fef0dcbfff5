import { z } from 'zod';
import { AppError } from '../services/app-error';
import { notificationRoute } from '../services/notifications/routes';
import type { ServiceHttp } from './http';
import { readPaged, type Paged } from './reader';

/** The signed-in person's notifications: a paged list, and dismissing one (there is no "mark read"). */

export interface NotificationActor {
  id: number;
  firstName: string;
  lastName: string;
  fullName: string;
  pictureUrl?: string;
}

/** One notification in the app's own model. `route` is where clicking it takes the person. */
export interface AppNotification {
  id: number;
  /** `comment`, `reply`, `share`, `post`, `post_comment`, `member_added`, `invite`, `promoted`, or another. */
  kind: string;
  title: string;
  message: string;
  /** ISO 8601; '' when the service sent none. */
  createdAt: string;
  actor?: NotificationActor;
  communityId?: number;
  portfolioId?: number;
  commentId?: number;
  postId?: number;
  route: string;
}

export interface NotificationPageRequest {
  /** 1-based. */
  page?: number;
  /** Newest first unless ASC. */
  orderByDirection?: 'ASC' | 'DESC';
  signal?: AbortSignal;
}

export interface NotificationsApi {
  list(request?: NotificationPageRequest): Promise<Paged<AppNotification>>;
  /** Removes one notification for good. Throws AppError (NOT_FOUND when it is already gone). */
  dismiss(id: number): Promise<void>;
}

// ---------------------------------------------------------------------------------------------
// Wire shape (after camelCase), as loose as the interface is silent

const optionalText = z.string().nullable().optional();
const optionalId = z.number().int().nullable().optional();

const actorWire = z
  .object({
    id: optionalId,
    userId: optionalId,
    firstName: optionalText,
    lastName: optionalText,
    fullName: optionalText,
    name: optionalText,
    pictureUrl: optionalText,
    profileImageUrl: optionalText,
  })
  .nullable()
  .optional();

const notificationWire = z.object({
  id: z.number().int(),
  kind: optionalText,
  type: z.union([z.string(), z.number()]).nullable().optional(),
  notificationType: optionalText,
  title: optionalText,
  subject: optionalText,
  message: optionalText,
  text: optionalText,
  body: optionalText,
  createdAt: optionalText,
  createdStamp: optionalText,
  createStamp: optionalText,
  actor: actorWire,
  communityId: optionalId,
  portfolioId: optionalId,
  commentId: optionalId,
  postId: optionalId,
  link: optionalText,
  url: optionalText,
});

type NotificationWire = z.output<typeof notificationWire>;

const present = <T>(value: T | null | undefined): value is T => value !== null && value !== undefined;

function actorOf(wire: z.output<typeof actorWire>): NotificationActor | undefined {
  const id = wire?.id ?? wire?.userId;
  if (!wire || !present(id)) return undefined;
  const firstName = wire.firstName ?? '';
  const lastName = wire.lastName ?? '';
  const pictureUrl = wire.pictureUrl ?? wire.profileImageUrl;
  return {
    id,
    firstName,
    lastName,
    fullName: wire.fullName || wire.name || `${firstName} ${lastName}`.trim(),
    ...(pictureUrl ? { pictureUrl } : {}),
  };
}

export function toAppNotification(wire: NotificationWire): AppNotification {
  const kind = (wire.kind || wire.notificationType || (present(wire.type) ? String(wire.type) : '') || 'other').trim();
  const actor = actorOf(wire.actor);
  const ids = {
    ...(present(wire.communityId) ? { communityId: wire.communityId } : {}),
    ...(present(wire.portfolioId) ? { portfolioId: wire.portfolioId } : {}),
    ...(present(wire.commentId) ? { commentId: wire.commentId } : {}),
    ...(present(wire.postId) ? { postId: wire.postId } : {}),
  };
  const link = wire.link ?? wire.url ?? undefined;
  return {
    id: wire.id,
    kind,
    title: wire.title ?? wire.subject ?? '',
    message: wire.message ?? wire.text ?? wire.body ?? '',
    createdAt: wire.createdAt ?? wire.createdStamp ?? wire.createStamp ?? '',
    ...(actor ? { actor } : {}),
    ...ids,
    route: notificationRoute({ kind, ...ids, ...(link ? { link } : {}) }),
  };
}

export function readNotificationPage(raw: unknown): Paged<AppNotification> {
  const page = readPaged(notificationWire, raw, 'notifications');
  return { ...page, items: page.items.map(toAppNotification) };
}

export function createNotificationsApi(http: ServiceHttp): NotificationsApi {
  return {
    async list(request = {}) {
      const raw = await http.get('/api/notifications', {
        params: { page: request.page ?? 1, orderByDirection: request.orderByDirection ?? 'DESC' },
        what: 'notifications',
        ...(request.signal ? { signal: request.signal } : {}),
      });
      return readNotificationPage(raw);
    },

    async dismiss(id) {
      if (!Number.isSafeInteger(id) || id <= 0) {
        throw new AppError('INVALID_ARGUMENT', 'That notification could not be found.', { id });
      }
      // The interface answers "object"; a success status is what counts.
      await http.del(`/api/notifications/${encodeURIComponent(id)}`, { what: 'notification' });
    },
  };
}
