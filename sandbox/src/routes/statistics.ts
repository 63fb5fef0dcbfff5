import { z } from 'zod';
import type { RouteModule } from './index.js';
import { looseInt, looseString, parseBody } from '../http/body.js';
import { query } from '../http/query.js';
import { reportWindow, statisticSeries, statisticTotals, type Interval } from '../domain/reports.js';
import { reportOrganisation } from '../domain/reports-access.js';

const dateString = looseString.refine((v) => !Number.isNaN(new Date(v).getTime()), 'Not a valid date.');

/** StatisticSearchCriteriaGet (fields chosen by the sandbox; see the README). */
const criteria = z.object({
  OrganisationId: looseInt.optional(),
  StartDate: dateString.optional(),
  EndDate: dateString.optional(),
  Days: looseInt.optional(),
  Interval: looseString
    .transform((v) => v.charAt(0).toUpperCase() + v.slice(1).toLowerCase())
    .refine((v) => ['Day', 'Week', 'Month'].includes(v), 'Interval must be Day, Week or Month.')
    .optional(),
});

/** Statistics for organisation administrators. */
const register: RouteModule = (app, ctx) => {
  app.get('/api/statistics/totals', async (req) => {
    const org = reportOrganisation(ctx, req, query(req).int('organisationId'));
    return statisticTotals(ctx, org.id);
  });

  app.post('/api/statistics', async (req) => {
    const body = parseBody(req, criteria);
    const org = reportOrganisation(ctx, req, body.OrganisationId);
    const window = reportWindow(
      ctx,
      body.Days,
      body.StartDate ? new Date(body.StartDate) : undefined,
      body.EndDate ? new Date(body.EndDate) : undefined,
    );
    return statisticSeries(ctx, org.id, window, (body.Interval ?? 'Day') as Interval);
  });
};
export default register;
