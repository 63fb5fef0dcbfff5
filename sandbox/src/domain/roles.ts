/** Role ids from the interface, plus the operator-reserved ones the sandbox needs. */
export const Role = {
  User: 4,
  OrganisationAdmin: 2,
  SiteAdmin: 8,
  /** Reserved for the operator; not listed in the interface. Can read every organisation. */
  Operator: 1,
  /** Reserved; may read an organisation's group labels without being a member (the spec's "observer"). */
  Observer: 16,
} as const;

export const publicRoleIds: readonly number[] = [Role.User, Role.OrganisationAdmin, Role.SiteAdmin];
