import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from '../context.js';
import { query } from '../http/query.js';

/** The emails the service would have sent, newest last; `?to=` filters by recipient. */
export function registerOutbox(app: FastifyInstance, ctx: SandboxContext): void {
  app.get('/sandbox/outbox', async (req) => {
    const to = query(req).str('to');
    const rows = ctx.db
      .prepare('SELECT * FROM outbox WHERE (? IS NULL OR to_address = ? COLLATE NOCASE) ORDER BY id')
      .all(to ?? null, to ?? null) as {
      id: number;
      to_address: string;
      subject: string;
      body: string;
      kind: string;
      created_at: string;
    }[];
    return rows.map((r) => ({
      Id: r.id,
      To: r.to_address,
      Subject: r.subject,
      Body: r.body,
      Kind: r.kind,
      CreatedStamp: r.created_at,
    }));
  });

  app.delete('/sandbox/outbox', async () => ({
    Deleted: ctx.db.prepare('DELETE FROM outbox').run().changes,
  }));
}
