import { z } from 'zod';
import type { RouteModule } from './index.js';
import { inTransaction } from '../db/database.js';
import { looseBool, looseInt, looseString, parseBody, xmlList } from '../http/body.js';
import { pathInt, query } from '../http/query.js';
import { me, requireMember, requireOrgAdmin } from '../domain/current-user.js';
import { requireOrganisation } from '../domain/organisations.js';
import { metadataGet, requireMetadata } from './core-metadata.js';

const typeId = looseInt.refine((v) => v === 1 || v === 2, 'The TypeId must be 1 (prerecord) or 2 (postrecord).');
const name = looseString.refine((v) => v.trim() !== '', 'The Name field is required.');

const postBody = z.object({
  OrganisationId: looseInt,
  TypeId: typeId,
  Name: name,
  Description: looseString.optional().default(''),
  IsHidden: looseBool.optional().default(false),
  IsRequired: looseBool.optional().default(false),
  Ordinal: looseInt.optional(),
  Options: xmlList(looseString).optional().default([]),
});

const putBody = z.object({
  TypeId: typeId.optional(),
  Name: name.optional(),
  Description: looseString.optional(),
  IsHidden: looseBool.optional(),
  IsRequired: looseBool.optional(),
  Ordinal: looseInt.optional(),
  Options: xmlList(looseString).optional(),
});

/** Metadata fields of an organisation: any member reads, organisation admins write. */
const register: RouteModule = (app, ctx) => {
  app.get('/api/metadata', async (req) => {
    const row = requireMetadata(ctx, query(req).requiredInt('id'));
    requireMember(me(req), row.organisation_id);
    return metadataGet(row);
  });

  app.post('/api/metadata', async (req) => {
    const caller = me(req);
    const body = parseBody(req, postBody);
    requireOrganisation(ctx, body.OrganisationId);
    requireOrgAdmin(caller, body.OrganisationId);
    const id = inTransaction(ctx.db, () => {
      const ordinal =
        body.Ordinal ??
        Number(
          ctx.db
            .prepare('SELECT COALESCE(MAX(ordinal), 0) + 1 FROM metadata WHERE organisation_id = ? AND type_id = ?')
            .pluck()
            .get(body.OrganisationId, body.TypeId),
        );
      return Number(
        ctx.db
          .prepare(
            `INSERT INTO metadata (organisation_id, type_id, name, description, is_hidden, is_required, ordinal, options,
               author_id, created_at) VALUES (?,?,?,?,?,?,?,?,?,?)`,
          )
          .run(
            body.OrganisationId,
            body.TypeId,
            body.Name.trim(),
            body.Description,
            body.IsHidden ? 1 : 0,
            body.IsRequired ? 1 : 0,
            ordinal,
            JSON.stringify(body.Options),
            caller.id,
            ctx.now().toISOString(),
          ).lastInsertRowid,
      );
    });
    return metadataGet(requireMetadata(ctx, id));
  });

  app.put('/api/metadata/:id', async (req) => {
    const caller = me(req);
    const row = requireMetadata(ctx, pathInt(req, 'id'));
    requireOrgAdmin(caller, row.organisation_id);
    const body = parseBody(req, putBody);
    inTransaction(ctx.db, () => {
      ctx.db
        .prepare(
          `UPDATE metadata SET type_id = ?, name = ?, description = ?, is_hidden = ?, is_required = ?, ordinal = ?,
             options = ?, updated_at = ? WHERE id = ?`,
        )
        .run(
          body.TypeId ?? row.type_id,
          body.Name?.trim() ?? row.name,
          body.Description ?? row.description,
          body.IsHidden === undefined ? row.is_hidden : body.IsHidden ? 1 : 0,
          body.IsRequired === undefined ? row.is_required : body.IsRequired ? 1 : 0,
          body.Ordinal ?? row.ordinal,
          body.Options === undefined ? row.options : JSON.stringify(body.Options),
          ctx.now().toISOString(),
          row.id,
        );
    });
    return metadataGet(requireMetadata(ctx, row.id));
  });
};
export default register;
