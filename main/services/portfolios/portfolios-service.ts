import type { Person, Portfolio, PortfolioDetail, ShareAllOutcome, VideoChoices } from '../../../preload/contract';
import type { ServiceHttp } from '../../api/http';
import { createPortfolioChoicesApi } from '../../api/portfolio-choices';
import { createPortfolioContentApi } from '../../api/portfolio-content';
import { createPortfolioSharingApi } from '../../api/portfolio-sharing';
import { createPortfoliosApi } from '../../api/portfolios';
import { AppError } from '../app-error';
import { isCreatorOf, mergePeople, mergeTagSets } from './portfolio-rules';

/** What the service needs of the session: its authorised connection, and who is signed in. */
export interface PortfolioSession {
  http(): ServiceHttp;
  state(): { user?: { id: number }; organisations?: { id: number }[] };
}

export const ONLY_CREATOR_SHARES = 'Only the person who created this portfolio can share it.';

/**
 * The portfolio screens' reads and writes that need more than one call, or the session: one
 * portfolio with "is it mine", what can be added to it, sharing (with a clear refusal), and the
 * people all one's portfolios could be shared with.
 */
export class PortfoliosService {
  constructor(private readonly deps: { session: PortfolioSession }) {}

  private me(): number | undefined {
    return this.deps.session.state().user?.id;
  }

  async detail(portfolioId: number): Promise<PortfolioDetail> {
    const portfolio = await createPortfoliosApi(this.deps.session.http()).getPortfolio(portfolioId);
    return { portfolio, isCreator: isCreatorOf(portfolio, this.me()) };
  }

  /** The person's videos and the tags to choose: the portfolio's tag sets, then their organisations'. */
  async videoChoices(portfolioId: number): Promise<VideoChoices> {
    const http = this.deps.session.http();
    const choices = createPortfolioChoicesApi(http);
    const organisations = this.deps.session.state().organisations ?? [];
    const [videos, own, ...fromOrganisations] = await Promise.all([
      choices.listMyVideos(),
      createPortfolioContentApi(http).listTagSets(portfolioId),
      ...organisations.map((organisation) => choices.listOrganisationTagSets(organisation.id).catch(skipRefusal)),
    ]);
    return { videos, tagSets: mergeTagSets(own, ...fromOrganisations) };
  }

  /** Shares one portfolio; a refusal says plainly that only its creator may. Answers who it is shared with now. */
  async share(portfolioId: number, userId: number): Promise<Person[]> {
    const sharing = createPortfolioSharingApi(this.deps.session.http());
    try {
      const portfolio = await sharing.sharePortfolio(portfolioId, userId);
      if (portfolio?.sharedWith) return mergePeople([portfolio.sharedWith]);
    } catch (error) {
      if (error instanceof AppError && error.code === 'FORBIDDEN') {
        throw new AppError('FORBIDDEN', ONLY_CREATOR_SHARES, { ...error.details, reason: 'not-creator' });
      }
      throw error;
    }
    return this.sharedWith(portfolioId);
  }

  async sharedWith(portfolioId: number): Promise<Person[]> {
    const people = await createPortfolioSharingApi(this.deps.session.http()).listSharedUsers(portfolioId);
    return mergePeople([people]);
  }

  async availableUsers(portfolioId: number): Promise<Person[]> {
    try {
      const people = await createPortfolioSharingApi(this.deps.session.http()).listUsersAvailableForSharing(
        portfolioId,
      );
      return mergePeople([people], this.me());
    } catch (error) {
      if (error instanceof AppError && error.code === 'FORBIDDEN') {
        throw new AppError('FORBIDDEN', ONLY_CREATOR_SHARES, { ...error.details, reason: 'not-creator' });
      }
      throw error;
    }
  }

  /**
   * Everyone one's portfolios could go to. The interface lists candidates per portfolio only: for
   * one's first portfolio, those still available plus those it is already shared with are everyone.
   */
  async shareAllCandidates(): Promise<Person[]> {
    const http = this.deps.session.http();
    const mine = await createPortfoliosApi(http).listPortfoliosV2({ createdByMe: true });
    const first = mine.find((portfolio) => isCreatorOf(portfolio, this.me())) ?? mine[0];
    if (!first) return [];
    const sharing = createPortfolioSharingApi(http);
    const [available, shared] = await Promise.all([
      sharing.listUsersAvailableForSharing(first.id),
      sharing.listSharedUsers(first.id),
    ]);
    return mergePeople([available, shared], this.me());
  }

  async shareAll(userId: number): Promise<ShareAllOutcome> {
    return createPortfolioSharingApi(this.deps.session.http()).shareAllWithUser(userId);
  }

  /** My own portfolios this person can read (the interface's per-person read). */
  async sharedWithPerson(userId: number): Promise<Portfolio[]> {
    return createPortfolioSharingApi(this.deps.session.http()).listSharedWithUser(userId);
  }

  /** My own portfolios I may still share with this person. */
  async shareableWithPerson(userId: number): Promise<Portfolio[]> {
    return createPortfolioSharingApi(this.deps.session.http()).listPortfoliosAvailableForUser(userId);
  }
}

/** An organisation whose tag sets the person may not read adds none (the others still count). */
function skipRefusal(error: unknown): [] {
  if (error instanceof AppError && (error.code === 'FORBIDDEN' || error.code === 'NOT_FOUND')) return [];
  throw error;
}
