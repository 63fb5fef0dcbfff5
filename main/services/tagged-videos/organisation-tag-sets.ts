import type { ServiceHttp } from '../../api/http';
import { readTagSets } from '../../api/portfolio-content';
import type { TagSet } from '../../../preload/contract/models/portfolios';

/**
 * The tag sets a new tagged video can use: the published ones of the person's default organisation
 * (`/api/organisations/{id}/tagsets`), read with the portfolios' tag-set reader.
 * No default organisation (a profile without one) means no choice of tag set, not an error.
 */
export async function listOrganisationTagSets(
  http: ServiceHttp,
  organisationId: number | undefined,
): Promise<TagSet[]> {
  if (organisationId === undefined) return [];
  const raw = await http.get(`/api/organisations/${encodeURIComponent(organisationId)}/tagsets`, {
    what: 'tag sets',
  });
  return readTagSets(raw).sort((a, b) => a.name.localeCompare(b.name));
}
