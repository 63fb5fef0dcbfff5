import { z } from 'zod';
import type { Community, NotificationItem, Paged, Portfolio } from '../../../preload/contract';

/**
 * What a kept copy must look like to be shown. The copies were written by this app from models it had
 * already read, so these check what the screens rely on (ids, names, the fields rows render) and let
 * the optional rest through: a damaged or hand-edited file fails here, not in a row of the page.
 */
const text = z.string();
const id = z.number().int();

const label = z.looseObject({ id, name: text });

const community = z.looseObject({
  id,
  name: text,
  description: text,
  typeId: z.number(),
  labels: z.array(label),
  administratorIds: z.array(id),
});

const portfolio = z.looseObject({ id, title: text, description: text });

const notification = z.looseObject({
  id,
  kind: text,
  title: text,
  message: text,
  createdAt: text,
  route: text,
  seen: z.boolean(),
});

const paged = <T extends z.ZodType>(item: T) =>
  z.looseObject({
    items: z.array(item),
    totalCount: z.number().optional(),
    pageNumber: z.number().optional(),
    pageSize: z.number().optional(),
    pageCount: z.number().optional(),
    hasNextPage: z.boolean().optional(),
  });

/** The schema checks the shape above; the type is the model that shape was written from. */
const asModel = <T>(schema: z.ZodType): z.ZodType<T> => schema as z.ZodType<T>;

export const cachedSchemas = {
  groupsPage: asModel<Paged<Community>>(paged(community)),
  portfolios: asModel<Portfolio[]>(z.array(portfolio)),
  notifications: asModel<NotificationItem[]>(z.array(notification)),
};
