import { AppError } from '../services/app-error';
import type { ServiceHttp } from './http';
import { firstOf, labelOf, labelWire, maybeModel, some, type Label } from './models/common';
import { readList, readModel } from './reader';
import type { OrganisationLabel } from '../../preload/contract/models/groups';
export type { OrganisationLabel } from '../../preload/contract/models/groups';

/** Labels: those on one group, and the organisation's whole list (rename and delete apply everywhere). */

export type { Label } from './models/common';

export interface LabelsApi {
  listCommunityLabels(communityId: number): Promise<Label[]>;
  /** Reuses the organisation's label of that name (ignoring case) or creates it, then attaches it. */
  attachLabel(communityId: number, name: string): Promise<Label>;
  /** Takes the label off this group only. */
  detachLabel(communityId: number, labelId: number): Promise<void>;
  listOrganisationLabels(organisationId: number): Promise<OrganisationLabel[]>;
  /** Renames it in every group; CONFLICT when another label already has the name. */
  renameLabel(organisationId: number, labelId: number, name: string): Promise<Label>;
  /** Deletes it and takes it off every group. */
  deleteLabel(organisationId: number, labelId: number): Promise<void>;
}

export const readLabel = (raw: unknown): Label => labelOf(readModel(labelWire, raw, 'label'));
export const readLabels = (raw: unknown): Label[] => readList(labelWire, raw, 'labels').map(labelOf);

export function readOrganisationLabels(raw: unknown): OrganisationLabel[] {
  return readList(labelWire, raw, 'labels').map((wire) => ({
    ...labelOf(wire),
    ...some('communityCount', wire.communityCount),
  }));
}

export function createLabelsApi(http: ServiceHttp): LabelsApi {
  const group = (id: number) => `/api/communities/${encodeURIComponent(id)}/labels`;
  const organisation = (id: number) => `/api/organisations/${encodeURIComponent(id)}/labels`;
  return {
    async listCommunityLabels(communityId) {
      return readLabels(await http.get(group(communityId), { what: 'labels' }));
    },
    async attachLabel(communityId, name) {
      return readLabel(await http.post(group(communityId), { Name: name }, { what: 'label' }));
    },
    async detachLabel(communityId, labelId) {
      await http.del(`${group(communityId)}/${encodeURIComponent(labelId)}`, { what: 'label' });
    },
    async listOrganisationLabels(organisationId) {
      return readOrganisationLabels(await http.get(organisation(organisationId), { what: 'labels' }));
    },
    async renameLabel(organisationId, labelId, name) {
      let raw: unknown;
      try {
        raw = await http.put(
          `${organisation(organisationId)}/${encodeURIComponent(labelId)}`,
          { Name: name },
          {
            what: 'label',
          },
        );
      } catch (error) {
        if (error instanceof AppError && error.code === 'CONFLICT') {
          throw new AppError('CONFLICT', `There is already a label called “${name.trim()}”. Choose another name.`, {
            ...error.details,
            name,
          });
        }
        throw error;
      }
      // The interface answers the label; if an answer carries no name, the new name is what was asked.
      const wire = maybeModel(labelWire, raw, 'label');
      const answered = wire ? labelOf(wire) : undefined;
      return { id: answered?.id ?? labelId, name: firstOf(answered?.name) ?? name.trim() };
    },
    async deleteLabel(organisationId, labelId) {
      await http.del(`${organisation(organisationId)}/${encodeURIComponent(labelId)}`, { what: 'label' });
    },
  };
}
