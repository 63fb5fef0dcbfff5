import { Role } from '../domain/roles.js';

/** The password of every demo account (printed by the CLI, documented in the README). */
export const DEMO_PASSWORD = 'demo-password';

export interface DemoOrganisationSpec {
  key: 'northbridge' | 'lakeside' | 'riverside';
  name: string;
  description: string;
  emailDomain: string;
  loginMethods: 'password' | 'sso' | 'both';
  sites: string[];
}

/** Three organisations, one per sign-in arrangement; only Northbridge is divided into sites. */
export const demoOrganisations: DemoOrganisationSpec[] = [
  {
    key: 'northbridge',
    name: 'Northbridge University',
    description: 'Teacher education faculty with two campuses.',
    emailDomain: 'northbridge.example',
    loginMethods: 'both',
    sites: ['City Campus', 'Harbour Campus'],
  },
  {
    key: 'lakeside',
    name: 'Lakeside Teacher College',
    description: 'A college that signs in with passwords only.',
    emailDomain: 'lakeside.example',
    loginMethods: 'password',
    sites: [],
  },
  {
    key: 'riverside',
    name: 'Riverside School Trust',
    description: 'A school trust that signs in through single sign-on only.',
    emailDomain: 'riverside.example',
    loginMethods: 'sso',
    sites: [],
  },
];

export interface DemoAccountSpec {
  email: string;
  firstName: string;
  lastName: string;
  /** organisation key -> role ids (4 is implied). */
  roles: Partial<Record<DemoOrganisationSpec['key'], number[]>>;
  site?: string;
  isActive?: boolean;
  isLocked?: boolean;
  acceptedTerms?: boolean;
  jobTitle: string;
  /** What the account is for, shown by the CLI. */
  note: string;
}

/** Named accounts, one per situation a client has to handle. */
export const demoAccounts: DemoAccountSpec[] = [
  {
    email: 'admin@northbridge.example',
    firstName: 'Ada',
    lastName: 'Adeyemi',
    roles: { northbridge: [Role.OrganisationAdmin], lakeside: [] },
    jobTitle: 'Programme lead',
    note: 'organisation admin; also a user in Lakeside (two organisations)',
  },
  {
    email: 'teacher@northbridge.example',
    firstName: 'Tom',
    lastName: 'Okafor',
    roles: { northbridge: [] },
    site: 'City Campus',
    jobTitle: 'Student teacher',
    note: 'user',
  },
  {
    email: 'siteadmin@northbridge.example',
    firstName: 'Sara',
    lastName: 'Lindqvist',
    roles: { northbridge: [Role.SiteAdmin] },
    site: 'Harbour Campus',
    jobTitle: 'Campus coordinator',
    note: 'site admin',
  },
  {
    email: 'mentor@lakeside.example',
    firstName: 'Mia',
    lastName: 'Moreau',
    roles: { lakeside: [Role.OrganisationAdmin] },
    jobTitle: 'Mentor',
    note: 'organisation admin',
  },
  {
    email: 'student@lakeside.example',
    firstName: 'Sam',
    lastName: 'Novak',
    roles: { lakeside: [] },
    jobTitle: 'Student teacher',
    note: 'user',
  },
  {
    email: 'newcomer@lakeside.example',
    firstName: 'Noor',
    lastName: 'Haddad',
    roles: { lakeside: [] },
    acceptedTerms: false,
    jobTitle: 'Student teacher',
    note: 'user who has not accepted the terms yet (the app asks)',
  },
  {
    email: 'inactive@lakeside.example',
    firstName: 'Ivan',
    lastName: 'Petrov',
    roles: { lakeside: [] },
    isActive: false,
    jobTitle: 'Former student',
    note: 'inactive account (sign-in refused)',
  },
  {
    email: 'locked@lakeside.example',
    firstName: 'Lena',
    lastName: 'Fischer',
    roles: { lakeside: [] },
    isLocked: true,
    jobTitle: 'Student teacher',
    note: 'locked account (sign-in refused as locked)',
  },
  {
    email: 'head@riverside.example',
    firstName: 'Rita',
    lastName: 'Mensah',
    roles: { riverside: [Role.OrganisationAdmin] },
    jobTitle: 'Head of teaching and learning',
    note: 'organisation admin; single sign-on only',
  },
  {
    email: 'teacher@riverside.example',
    firstName: 'Ravi',
    lastName: 'Shah',
    roles: { riverside: [] },
    jobTitle: 'Newly qualified teacher',
    note: 'user; single sign-on only',
  },
];

/** How an account signs in, from its organisation's arrangement (what /api/auth/login-method says). */
export function loginMethodOf(email: string): string {
  const domain = email.split('@')[1];
  const org = demoOrganisations.find((o) => o.emailDomain === domain);
  if (!org || org.loginMethods === 'password') return 'password';
  return org.loginMethods === 'sso' ? 'sso' : 'password or sso';
}
