// /api/coa-statements/: the field catalogue, COA statements (create, list, read with ?as_of=,
// update with FM 5-0 screening, delete) and their attributes (one per COAStatementAvailable field,
// GET/PUT /api/coa-statements/{coa_statement_id}/{attribute_id}). Sections: coa-section-routes.ts.
import { Type } from '@sinclair/typebox';
import type { Knex } from 'knex';
import { createCoaStatement, deleteCoaStatement, updateCoaStatement } from '../../commands/coa-statement-commands.ts';
import { updatePlanningRecord } from '../../commands/planning-record-commands.ts';
import { Uuid } from '../../domain/shared/schema-types.ts';
import {
  COA_STATEMENT_CATALOGUE,
  COA_STATEMENT_FIELD_TYPES,
} from '../../domain/planning-record/planning-catalogues.ts';
import { coaAttributeId } from '../../domain/planning-record/planning-record-events.ts';
import {
  attributesOfStatements,
  countSections,
  findCoaStatement,
  listCoaStatements,
  type CoaStatementRow,
} from '../../projections/queries/coa-statement-queries.ts';
import { coaStatementAsOf } from '../../projections/queries/coa-statement-as-of.ts';
import { findPlanningRecord } from '../../projections/queries/planning-record-queries.ts';
import { defineRoute } from '../route-spec.ts';
import type { ApiDependencies } from '../api-dependencies.ts';
import { commandContextOf } from '../command-context-of.ts';
import { awaitReadModels } from '../read-your-writes.ts';
import { writeOnce } from '../idempotent-write.ts';
import { answerVersionedWrite } from '../answer-versioned-write.ts';
import { ifMatchRevision } from '../if-match.ts';
import { accessibleOperation } from '../access.ts';
import { parseAsOf } from '../as-of-parameter.ts';
import { accessibleCoaStatement, attributeFieldOf } from '../coa-statement-access.ts';
import { notFound } from '../http-error.ts';
import { authErrors, HTTPError, MessageResponse, ownedResourceErrors, PageQuery } from '../common-schemas.ts';
import {
  attributeView,
  COAStatementAttributeResponse,
  COAStatementAttributeUpdateRequest,
  COAStatementAvailable,
  COAStatementRequest,
  COAStatementResponse,
  COAStatementUpdateRequest,
  ListCOAStatementResponse,
  statementView,
} from '../planning/coa-schemas.ts';

const StatementParams = Type.Object({ coa_statement_id: Uuid });
/** GET and PUT of an attribute take the same identifiers (issue 20): its id or its field name. */
const AttributeParams = Type.Object({
  coa_statement_id: Uuid,
  attribute_id: Type.String({
    minLength: 1,
    maxLength: 100,
    description:
      "The attribute's id (uuid, as GET /api/coa-statements/{id} lists under attributes) or its COAStatementAvailable field name",
  }),
});
const AsOfQuery = Type.Object({
  as_of: Type.Optional(
    Type.String({ description: 'RFC 3339 date-time or global position: the record as it was then' }),
  ),
});
const conflict = { 409: { description: 'If-Match did not match (the record has moved on)', schema: HTTPError } };

/** Views of statements read from the read models, with their attributes and section counts. */
async function statementViews(knex: Knex, rows: CoaStatementRow[]) {
  const ids = rows.map((r) => r.coa_statement_id);
  const [attributes, counts] = await Promise.all([attributesOfStatements(knex, ids), countSections(knex, ids)]);
  return rows.map((row) =>
    statementView(
      row,
      attributes.filter((a) => a.coa_statement_id === row.coa_statement_id),
      counts.get(row.coa_statement_id) ?? 0,
    ),
  );
}

export const coaStatementRoutes = (deps: ApiDependencies) => [
  defineRoute({
    method: 'get',
    path: '/api/coa-statements/fields',
    operationId: 'coa_statement_fields',
    summary:
      'The COA statement fields (COAStatementAvailable): the attributes of every statement, and its system fields in ' +
      'the sections list',
    tags: ['coa-statements'],
    auth: true,
    responses: {
      200: { description: 'The catalogue, in order', schema: Type.Array(COAStatementAvailable) },
      ...authErrors,
    },
    async handler(ctx) {
      ctx.body = [...COA_STATEMENT_FIELD_TYPES];
    },
  }),
  defineRoute({
    method: 'post',
    path: '/api/coa-statements/',
    operationId: 'create_coa_statement',
    summary: 'Create a COA statement for an operation',
    description: 'sketch_map_id, when given, must be a map of the same operation (422 otherwise).',
    tags: ['coa-statements'],
    auth: true,
    body: COAStatementRequest,
    idempotent: true,
    responses: {
      200: { description: 'The new statement (version 1); Location names it', schema: COAStatementResponse },
      ...ownedResourceErrors,
    },
    async handler(ctx, { body, principal }) {
      await accessibleOperation(deps.readModels, body.operation_id, principal);
      const created = await writeOnce(ctx, deps, async () => {
        const { coa_statement_id, position } = await createCoaStatement(deps.store, commandContextOf(ctx), body);
        return { coa_statement_id, position };
      });
      const location = `/api/coa-statements/${created.coa_statement_id}`;
      await awaitReadModels(deps, created.position, { id: created.coa_statement_id, location });
      const row = await findCoaStatement(deps.readModels, created.coa_statement_id);
      ctx.set('Location', location);
      ctx.set('ETag', `"${row!.version}"`);
      ctx.body = (await statementViews(deps.readModels, [row!]))[0];
    },
  }),
  defineRoute({
    method: 'get',
    path: '/api/coa-statements/',
    operationId: 'list_coa_statements',
    summary: "COA statements of the caller's operations (or of one), newest first",
    tags: ['coa-statements'],
    auth: true,
    query: Type.Object({
      operation_id: Type.Optional(Uuid),
      query: Type.Optional(
        Type.String({ maxLength: 200, description: 'Case-insensitive text search in name and description' }),
      ),
      ...PageQuery,
    }),
    responses: {
      200: { description: 'A page of statements', schema: ListCOAStatementResponse },
      ...ownedResourceErrors,
    },
    async handler(ctx, { query, principal }) {
      if (query.operation_id) await accessibleOperation(deps.readModels, query.operation_id, principal);
      const page = await listCoaStatements(
        deps.readModels,
        { account_id: principal.account_id, operation_id: query.operation_id, query: query.query },
        query,
      );
      ctx.body = { ...page, items: await statementViews(deps.readModels, page.items) };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/api/coa-statements/{coa_statement_id}',
    operationId: 'get_coa_statement',
    summary: 'Read a COA statement',
    description:
      'With as_of (RFC 3339 time or global position): the statement as it was then (404 if it did not exist yet).',
    tags: ['coa-statements'],
    auth: true,
    params: StatementParams,
    query: AsOfQuery,
    responses: {
      200: { description: 'The statement; ETag: "<version>"', schema: COAStatementResponse },
      ...ownedResourceErrors,
    },
    async handler(ctx, { params, query, principal }) {
      const row = await accessibleCoaStatement(deps.readModels, params.coa_statement_id, principal);
      if (query.as_of !== undefined) {
        const then = await coaStatementAsOf(
          deps.readModels,
          row.operation_id,
          row.coa_statement_id,
          parseAsOf(query.as_of),
        );
        if (!then.statement) throw notFound(`COA statement ${params.coa_statement_id} as of ${query.as_of}`);
        ctx.body = statementView(then.statement, then.attributes, then.sections.length);
        return;
      }
      ctx.set('ETag', `"${row.version}"`);
      ctx.body = (await statementViews(deps.readModels, [row]))[0];
    },
  }),
  defineRoute({
    method: 'put',
    path: '/api/coa-statements/{coa_statement_id}',
    operationId: 'update_coa_statement',
    summary: 'Update a COA statement: name, description, sketch map, FM 5-0 screening verdicts',
    description:
      'Only the fields given change. Optional If-Match: "<version>" (409 when stale); without it, concurrent updates ' +
      'of different fields all land.',
    tags: ['coa-statements'],
    auth: true,
    params: StatementParams,
    body: COAStatementUpdateRequest,
    authorize: ({ params, principal }) =>
      accessibleCoaStatement(deps.readModels, params.coa_statement_id as string, principal),
    responses: {
      200: { description: 'Updated (or unchanged)', schema: MessageResponse },
      ...conflict,
      ...ownedResourceErrors,
    },
    async handler(ctx, { params, body }) {
      const { screening, ...changes } = body;
      const result = await updateCoaStatement(deps.store, commandContextOf(ctx), {
        coa_statement_id: params.coa_statement_id.toLowerCase(),
        changes,
        screening,
        expected_version: ifMatchRevision(ctx.get('if-match')),
      });
      await answerVersionedWrite(ctx, deps, result, 'COA statement');
    },
  }),
  defineRoute({
    method: 'delete',
    path: '/api/coa-statements/{coa_statement_id}',
    operationId: 'delete_coa_statement',
    summary: 'Delete a COA statement (its sections, attributes and simulations go with it)',
    tags: ['coa-statements'],
    auth: true,
    params: StatementParams,
    responses: {
      200: { description: 'The statement as it was when deleted', schema: COAStatementResponse },
      ...ownedResourceErrors,
    },
    async handler(ctx, { params, principal }) {
      const row = await accessibleCoaStatement(deps.readModels, params.coa_statement_id, principal);
      const view = (await statementViews(deps.readModels, [row]))[0];
      const result = await deleteCoaStatement(deps.store, commandContextOf(ctx), row.coa_statement_id);
      await awaitReadModels(deps, result.position);
      ctx.body = view;
    },
  }),
  defineRoute({
    method: 'put',
    path: '/api/coa-statements/{coa_statement_id}/{attribute_id}',
    operationId: 'update_coa_statement_attribute',
    summary: 'Update an attribute of a COA statement (one COAStatementAvailable field): its text, its items, or both',
    description:
      'attribute_id: the attribute\'s id, or its COAStatementAvailable field name. Optional If-Match: "<version>" ' +
      '(409 when stale). Attributes are separate records, so edits of different attributes never conflict.',
    tags: ['coa-statements'],
    auth: true,
    params: AttributeParams,
    body: COAStatementAttributeUpdateRequest,
    authorize: async ({ params, principal }) => {
      const statement = await accessibleCoaStatement(deps.readModels, params.coa_statement_id as string, principal);
      return { statement, field: attributeFieldOf(statement.coa_statement_id, params.attribute_id as string) };
    },
    responses: {
      200: { description: 'Updated (or unchanged)', schema: MessageResponse },
      ...conflict,
      ...ownedResourceErrors,
    },
    async handler(ctx, { body, authorized }) {
      const { statement, field } = authorized as { statement: CoaStatementRow; field: string };
      const entry = COA_STATEMENT_CATALOGUE.find((e) => e.type === field)!;
      const result = await updatePlanningRecord(deps.store, commandContextOf(ctx), {
        kind: 'coa_attribute',
        record_id: coaAttributeId(statement.coa_statement_id, field),
        operation_id: statement.operation_id,
        coa_statement_id: statement.coa_statement_id,
        record_type: field,
        rule: entry.items,
        label: `COA statement attribute ${field}`,
        text: body.text,
        items: body.items,
        expected_version: ifMatchRevision(ctx.get('if-match')),
      });
      await answerVersionedWrite(ctx, deps, result, 'Attribute');
    },
  }),
  defineRoute({
    method: 'get',
    path: '/api/coa-statements/{coa_statement_id}/{attribute_id}',
    operationId: 'get_coa_statement_attribute',
    summary: 'Read an attribute of a COA statement (an empty record, version 0, until written)',
    description:
      "attribute_id: the attribute's id, or its COAStatementAvailable field name. With as_of: the attribute as it was then.",
    tags: ['coa-statements'],
    auth: true,
    params: AttributeParams,
    query: AsOfQuery,
    responses: {
      200: { description: 'The attribute; ETag: "<version>"', schema: COAStatementAttributeResponse },
      ...ownedResourceErrors,
    },
    async handler(ctx, { params, query, principal }) {
      const statement = await accessibleCoaStatement(deps.readModels, params.coa_statement_id, principal);
      const field = attributeFieldOf(statement.coa_statement_id, params.attribute_id);
      if (query.as_of !== undefined) {
        const then = await coaStatementAsOf(
          deps.readModels,
          statement.operation_id,
          statement.coa_statement_id,
          parseAsOf(query.as_of),
        );
        if (!then.statement) throw notFound(`COA statement ${params.coa_statement_id} as of ${query.as_of}`);
        ctx.body = attributeView(statement, field, then.attributes.find((a) => a.type === field) ?? null);
        return;
      }
      const row = await findPlanningRecord(deps.readModels, coaAttributeId(statement.coa_statement_id, field));
      ctx.set('ETag', `"${row?.version ?? 0}"`);
      ctx.body = attributeView(statement, field, row);
    },
  }),
];
