import type { FastifyInstance, FastifyReply } from 'fastify';
import type { SandboxContext } from '../context.js';
import { inTransaction } from '../db/database.js';
import { addMember } from '../domain/groups.js';
import { findUserByEmail, setOrganisationRoles } from '../domain/people.js';
import { MIN_PASSWORD_LENGTH } from '../domain/people-admin.js';
import { Role } from '../domain/roles.js';
import { hasTable } from '../routes/core-schema.js';
import { escapeHtml, htmlPage } from './authorize-page.js';
import { hashPassword } from './tokens.js';

interface InviteRow {
  hash: string;
  email: string;
  organisation_id: number;
  is_org_admin: number;
  community_ids: string;
  invited_by: number | null;
}

/**
 * /invite/<hash>: where the link in an organisation invite email leads. The invitee creates a profile
 * (name, password, accepting the terms); the account gets the invited rights and groups.
 */
export function registerInvitePage(app: FastifyInstance, ctx: SandboxContext): void {
  const findInvite = (hash: string) =>
    ctx.db.prepare('SELECT * FROM org_invites WHERE hash = ?').get(hash) as InviteRow | undefined;

  app.get('/invite/:hash', async (req, reply) => {
    const invite = findInvite((req.params as { hash: string }).hash);
    if (!invite)
      return html(
        reply,
        404,
        message('Invitation not found', 'This invitation link is not valid or was already used.'),
      );
    return html(reply, 200, form(invite));
  });

  app.post('/invite/:hash', async (req, reply) => {
    const invite = findInvite((req.params as { hash: string }).hash);
    if (!invite)
      return html(
        reply,
        404,
        message('Invitation not found', 'This invitation link is not valid or was already used.'),
      );
    const body = (req.body ?? {}) as Record<string, string | undefined>;
    const firstName = (body.firstName ?? '').trim();
    const lastName = (body.lastName ?? '').trim();
    const password = body.password ?? '';
    const problem =
      !firstName || !lastName
        ? 'First and last name are required.'
        : password.length < MIN_PASSWORD_LENGTH
          ? `The password must be at least ${MIN_PASSWORD_LENGTH} characters long.`
          : body.acceptTerms !== 'on'
            ? 'Accepting the terms and conditions and the privacy policy is required.'
            : findUserByEmail(ctx, invite.email)
              ? 'An account with this email address already exists.'
              : undefined;
    if (problem) return html(reply, 400, form(invite, problem));
    inTransaction(ctx.db, () => {
      const userId = Number(
        ctx.db
          .prepare(
            `INSERT INTO users (first_name, last_name, email, password_hash, is_active, accepts_terms, accepts_privacy,
               default_organisation_id, created_at) VALUES (?,?,?,?,1,1,1,?,?)`,
          )
          .run(
            firstName,
            lastName,
            invite.email,
            hashPassword(password),
            invite.organisation_id,
            ctx.now().toISOString(),
          ).lastInsertRowid,
      );
      setOrganisationRoles(
        ctx,
        userId,
        invite.organisation_id,
        invite.is_org_admin ? [Role.User, Role.OrganisationAdmin] : [Role.User],
      );
      if (hasTable(ctx, 'community_members')) {
        for (const communityId of JSON.parse(invite.community_ids) as number[]) {
          if (ctx.db.prepare('SELECT 1 FROM communities WHERE id = ?').get(communityId)) {
            addMember(ctx, invite.invited_by ?? userId, communityId, userId, false);
          }
        }
      }
      ctx.db.prepare('DELETE FROM org_invites WHERE email = ?').run(invite.email);
    });
    return html(reply, 200, message('Profile created', 'Your profile is ready. Return to the app and sign in.'));
  });
}

function form(invite: InviteRow, error?: string): string {
  return htmlPage(
    'Accept invitation - Sandbox',
    `<main>
  <h1>Accept your invitation</h1>
  <p>Create a profile for <strong>${escapeHtml(invite.email)}</strong>.</p>
  ${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
  <form method="post">
    <label for="firstName">First name</label>
    <input id="firstName" name="firstName" type="text" autocomplete="given-name" required>
    <label for="lastName">Last name</label>
    <input id="lastName" name="lastName" type="text" autocomplete="family-name" required>
    <label for="password">Password (at least ${MIN_PASSWORD_LENGTH} characters)</label>
    <input id="password" name="password" type="password" autocomplete="new-password" required minlength="${MIN_PASSWORD_LENGTH}">
    <p><input id="acceptTerms" name="acceptTerms" type="checkbox" required>
      <label for="acceptTerms" style="display:inline;font-weight:normal">I accept the terms and conditions and the privacy policy</label></p>
    <div class="actions"><button type="submit">Create profile</button></div>
  </form>
</main>`,
  );
}

const message = (title: string, text: string): string =>
  htmlPage(
    `${title} - Sandbox`,
    `<main>\n  <h1>${escapeHtml(title)}</h1>\n  <p role="status">${escapeHtml(text)}</p>\n</main>`,
  );

function html(reply: FastifyReply, status: number, body: string) {
  return reply
    .status(status)
    .type('text/html; charset=utf-8')
    .serializer((p: unknown) => String(p))
    .send(body);
}
