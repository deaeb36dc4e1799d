// /api/coa-statements/sections/: the sections of a COA statement — add, list (with the statement's
// system fields on request), update, remove, and arrange. Registered before the statement routes:
// /api/coa-statements/sections/{id} would otherwise read as /{coa_statement_id}/{attribute_id}.
import { Type } from '@sinclair/typebox';
import {
  addCoaSection,
  arrangeCoaSections,
  removeCoaSection,
  updateCoaSection,
} from '../../commands/coa-statement-commands.ts';
import { Uuid } from '../../domain/shared/schema-types.ts';
import { COA_STATEMENT_FIELD_TYPES } from '../../domain/planning-record/planning-catalogues.ts';
import { attributesOfStatements, sectionsOfStatement } from '../../projections/queries/coa-statement-queries.ts';
import { coaStatementAsOf } from '../../projections/queries/coa-statement-as-of.ts';
import { offsetOf, pageOf } from '../../projections/queries/pagination.ts';
import { defineRoute } from '../route-spec.ts';
import type { ApiDependencies } from '../api-dependencies.ts';
import { commandContextOf } from '../command-context-of.ts';
import { awaitReadModels } from '../read-your-writes.ts';
import { writeOnce } from '../idempotent-write.ts';
import { answerVersionedWrite } from '../answer-versioned-write.ts';
import { ifMatchRevision } from '../if-match.ts';
import { parseAsOf } from '../as-of-parameter.ts';
import { notFound } from '../http-error.ts';
import { accessibleCoaSection, accessibleCoaStatement } from '../coa-statement-access.ts';
import { HTTPError, MessageResponse, ownedResourceErrors, PageQuery } from '../common-schemas.ts';
import {
  COAStatementArrangeRequest,
  COAStatementSectionRequest,
  COAStatementSectionUpdateRequest,
  ListCOAStatementSectionResponse,
  sectionView,
  systemFieldView,
  type AttributeContent,
} from '../planning/coa-schemas.ts';

const SectionParams = Type.Object({ coa_statement_section_id: Uuid });
const conflict = { 409: { description: 'If-Match did not match (the record has moved on)', schema: HTTPError } };

export const coaSectionRoutes = (deps: ApiDependencies) => [
  defineRoute({
    method: 'post',
    path: '/api/coa-statements/sections/',
    operationId: 'create_coa_statement_section',
    summary: 'Add a section to a COA statement (it goes last)',
    tags: ['coa-statements'],
    auth: true,
    body: COAStatementSectionRequest,
    idempotent: true,
    responses: {
      200: { description: 'Created: id and Location name the section', schema: MessageResponse },
      ...ownedResourceErrors,
    },
    async handler(ctx, { body, principal }) {
      const statement = await accessibleCoaStatement(deps.readModels, body.coa_statement_id, principal);
      const current = await sectionsOfStatement(deps.readModels, statement);
      const added = await writeOnce(ctx, deps, async () => {
        const { section_id, position } = await addCoaSection(deps.store, commandContextOf(ctx), {
          coa_statement_id: statement.coa_statement_id,
          title: body.title,
          content: body.content,
          field: body.field,
          listed_section_ids: current.map((s) => s.section_id),
        });
        return { section_id, position };
      });
      const location = `/api/coa-statements/sections/${added.section_id}`;
      await awaitReadModels(deps, added.position, { id: added.section_id, location });
      ctx.set('Location', location);
      ctx.set('ETag', '"1"');
      ctx.body = { message: 'Section created', id: added.section_id };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/api/coa-statements/sections/',
    operationId: 'list_coa_statement_sections',
    summary: 'The sections of a COA statement, in order',
    description:
      "is_get_all_system_fields=true lists the statement's system fields first (its attributes, one per " +
      'COAStatementAvailable field, kind "system"), then the sections. With as_of: the list as it was then.',
    tags: ['coa-statements'],
    auth: true,
    query: Type.Object({
      coa_statement_id: Uuid,
      is_get_all_system_fields: Type.Boolean({
        default: false,
        description: "Also list the statement's system fields (attributes)",
      }),
      as_of: Type.Optional(Type.String({ description: 'RFC 3339 date-time or global position' })),
      ...PageQuery,
    }),
    responses: {
      200: { description: 'A page of sections', schema: ListCOAStatementSectionResponse },
      ...ownedResourceErrors,
    },
    async handler(ctx, { query, principal }) {
      const statement = await accessibleCoaStatement(deps.readModels, query.coa_statement_id, principal);
      let sections;
      let attributes: AttributeContent[];
      if (query.as_of !== undefined) {
        const then = await coaStatementAsOf(
          deps.readModels,
          statement.operation_id,
          statement.coa_statement_id,
          parseAsOf(query.as_of),
        );
        if (!then.statement) throw notFound(`COA statement ${statement.coa_statement_id} as of ${query.as_of}`);
        ({ sections, attributes } = then);
      } else {
        sections = await sectionsOfStatement(deps.readModels, statement);
        attributes = query.is_get_all_system_fields
          ? await attributesOfStatements(deps.readModels, [statement.coa_statement_id])
          : [];
      }
      const all = [
        ...(query.is_get_all_system_fields
          ? COA_STATEMENT_FIELD_TYPES.map((f) =>
              systemFieldView(statement.coa_statement_id, f, attributes.find((a) => a.type === f) ?? null),
            )
          : []),
        ...sections.map((s, i) => sectionView(s, i + 1)),
      ];
      const from = offsetOf(query);
      ctx.body = pageOf(all.slice(from, from + query.size), all.length, query);
    },
  }),
  defineRoute({
    method: 'put',
    path: '/api/coa-statements/sections/',
    operationId: 'arrange_coa_statement_sections',
    summary: "Arrange a COA statement's sections",
    description:
      'section_ids must name every current section of the statement exactly once (422 listing the missing, foreign ' +
      'and repeated ids otherwise). Optional If-Match: the statement\'s "<version>".',
    tags: ['coa-statements'],
    auth: true,
    body: COAStatementArrangeRequest,
    responses: {
      200: { description: 'Arranged (or unchanged)', schema: MessageResponse },
      ...conflict,
      ...ownedResourceErrors,
    },
    async handler(ctx, { body, principal }) {
      const statement = await accessibleCoaStatement(deps.readModels, body.coa_statement_id, principal);
      const current = await sectionsOfStatement(deps.readModels, statement);
      const result = await arrangeCoaSections(deps.store, commandContextOf(ctx), {
        coa_statement_id: statement.coa_statement_id,
        section_ids: body.section_ids.map((id) => id.toLowerCase()),
        current_section_ids: current.map((s) => s.section_id),
        expected_version: ifMatchRevision(ctx.get('if-match')),
      });
      await answerVersionedWrite(ctx, deps, result, 'Sections', { id: statement.coa_statement_id, verb: 'arranged' });
    },
  }),
  defineRoute({
    method: 'put',
    path: '/api/coa-statements/sections/{coa_statement_section_id}',
    operationId: 'update_coa_statement_section',
    summary: 'Update a section: title, content, field',
    description:
      'Only the fields given change. Optional If-Match: "<version>" (409 when stale); without it, concurrent updates ' +
      'all land (last writer wins per field).',
    tags: ['coa-statements'],
    auth: true,
    params: SectionParams,
    body: COAStatementSectionUpdateRequest,
    authorize: ({ params, principal }) =>
      accessibleCoaSection(deps.readModels, params.coa_statement_section_id as string, principal),
    responses: {
      200: { description: 'Updated (or unchanged)', schema: MessageResponse },
      ...conflict,
      ...ownedResourceErrors,
    },
    async handler(ctx, { params, body }) {
      const result = await updateCoaSection(deps.store, commandContextOf(ctx), {
        section_id: params.coa_statement_section_id.toLowerCase(),
        changes: body,
        expected_version: ifMatchRevision(ctx.get('if-match')),
      });
      await answerVersionedWrite(ctx, deps, result, 'Section', { id: params.coa_statement_section_id.toLowerCase() });
    },
  }),
  defineRoute({
    method: 'delete',
    path: '/api/coa-statements/sections/{coa_statement_section_id}',
    operationId: 'delete_coa_statement_section',
    summary: 'Remove a section from its statement',
    tags: ['coa-statements'],
    auth: true,
    params: SectionParams,
    responses: { 200: { description: 'Removed', schema: MessageResponse }, ...ownedResourceErrors },
    async handler(ctx, { params, principal }) {
      const section = await accessibleCoaSection(deps.readModels, params.coa_statement_section_id, principal);
      const result = await removeCoaSection(deps.store, commandContextOf(ctx), section.section_id);
      await awaitReadModels(deps, result.position);
      ctx.body = { message: 'Section deleted', id: section.section_id };
    },
  }),
];
