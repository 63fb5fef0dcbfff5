/** What the core demo seed hands to each area's seeder, so areas can build on the same people. */
export interface DemoUser {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  /** organisationId -> role ids */
  roles: Record<number, number[]>;
}

export interface DemoOrganisation {
  id: number;
  name: string;
  hasSites: boolean;
  memberIds: number[];
  adminIds: number[];
}

export interface DemoWorld {
  profile: 'demo' | 'large';
  organisations: DemoOrganisation[];
  users: DemoUser[];
  /** Deterministic pseudo-random source (same seed, same data). */
  random: () => number;
  /** A fixed "now" for the generated history, so runs are reproducible. */
  now: Date;
  /** Folder of generated sample media (images, short video), see demo/media.ts. */
  mediaDir: string;
}
