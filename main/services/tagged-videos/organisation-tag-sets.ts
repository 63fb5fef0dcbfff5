import type { ServiceHttp } from '../../api/http';
import { createPortfolioChoicesApi } from '../../api/portfolio-choices';
import type { TagSet } from '../../../preload/contract/models/portfolios';

/**
 * The tag sets a new tagged video can use: the published ones of the person's default organisation,
 * read as the portfolios read them (`PortfolioChoicesApi.listOrganisationTagSets`), by name.
 * No default organisation (a profile without one) means no choice of tag set, not an error.
 */
export async function listOrganisationTagSets(
  http: ServiceHttp,
  organisationId: number | undefined,
): Promise<TagSet[]> {
  if (organisationId === undefined) return [];
  const sets = await createPortfolioChoicesApi(http).listOrganisationTagSets(organisationId);
  return sets.sort((a, b) => a.name.localeCompare(b.name));
}
