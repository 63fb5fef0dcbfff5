import type { AccountProfile, ProfilePatch, ProfileStats, SessionState } from '../../preload/contract';
import type { Profile } from '../api/me';
import type { SessionService } from './session/session-service';

export interface AccountDeps {
  session: SessionService;
  /** Asks the user for an image file (a native dialog in the app); undefined when cancelled. */
  chooseImageFile: () => Promise<string | undefined>;
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

/** The signed-in person's own account: profile, statistics, default organisation, terms, picture. */
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

  async switchOrganisation(organisationId: number): Promise<SessionState> {
    await this.deps.session.me().switchDefaultOrganisation(organisationId);
    return this.deps.session.reloadProfile();
  }

  async acceptTerms(): Promise<SessionState> {
    await this.deps.session.me().acceptTerms();
    return this.deps.session.reloadProfile();
  }

  /** The file is chosen in main's own dialog, so no path ever comes from the page. */
  async changePicture(): Promise<AccountProfile | null> {
    const filePath = await this.deps.chooseImageFile();
    if (!filePath) return null;
    const me = this.deps.session.me();
    const current = await me.getProfile();
    await me.uploadProfilePicture(current.id, filePath);
    await this.deps.session.reloadProfile();
    return this.profile();
  }
}
