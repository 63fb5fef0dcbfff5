import type { AccountProfile, ProfilePatch, ProfileStats, SessionState } from '../../preload/contract';
import type { Profile } from '../api/me';
import type { SessionService } from './session/session-service';

export interface AccountDeps {
  session: SessionService;
}

const toAccountProfile = (p: Profile): AccountProfile => ({
  id: p.id,
  firstName: p.firstName,
  lastName: p.lastName,
  email: p.email,
  jobTitle: p.jobTitle ?? '',
  bio: p.bio ?? '',
  ...(p.pictureUrl ? { pictureUrl: p.pictureUrl } : {}),
});

/**
 * The signed-in person's own account: profile, statistics, terms (the default organisation is switched in
 * organisation-settings, which checks it is one of the person's). A new picture
 * goes through the upload queue (target `user-picture`), which checks it is an image first.
 */
export class AccountService {
  constructor(private readonly deps: AccountDeps) {}

  async profile(): Promise<AccountProfile> {
    return toAccountProfile(await this.deps.session.me().getProfile());
  }

  async updateProfile(patch: ProfilePatch): Promise<AccountProfile> {
    const updated = await this.deps.session.me().updateProfile(patch);
    await this.deps.session.reloadProfile();
    return toAccountProfile(updated);
  }

  async stats(): Promise<ProfileStats> {
    const stats = await this.deps.session.me().getProfileStats();
    return Object.fromEntries(
      Object.entries(stats).filter((entry): entry is [string, number] => typeof entry[1] === 'number'),
    );
  }

  async acceptTerms(): Promise<SessionState> {
    await this.deps.session.me().acceptTerms();
    return this.deps.session.reloadProfile();
  }
}
