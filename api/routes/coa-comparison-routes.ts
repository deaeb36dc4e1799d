// The COA comparison (README "Adjudicated war game and COA comparison"). Serving logic:
// api/wargame/operation-coa-comparison.ts; the rule: domain/wargame/compare-coas.ts.
import { Type } from '@sinclair/typebox';
import type { ApiDependencies } from '../api-dependencies.ts';
import { defineRoute } from '../route-spec.ts';
import { accessibleOperation } from '../access.ts';
import { HTTPError, ownedResourceErrors } from '../common-schemas.ts';
import { Uuid } from '../../domain/shared/schema-types.ts';
import { operationCoaComparison } from '../wargame/operation-coa-comparison.ts';

const Nullable = <T extends ReturnType<typeof Type.Number>>(t: T) => Type.Union([t, Type.Null()]);

const ComparisonCell = Type.Object({
  coa: Type.String(),
  raw: Nullable(Type.Number()),
  raw_text: Type.String({ description: 'The raw value with its formula' }),
  rank: Type.Number({ description: '1 best; tied COAs share the mean rank' }),
  weighted: Type.Number(),
  formula: Type.String({ description: 'e.g. "rank 1 of 2 × weight 1 = 1"' }),
});

const CoaComparisonResponse = Type.Object(
  {
    games: Type.Array(
      Type.Object({
        simulation_id: Uuid,
        coa_statement_id: Uuid,
        coa: Type.String(),
        method: Type.String(),
        seed: Type.Integer(),
        terrain_job_id: Uuid,
        objective_seized_time: Type.Union([Type.String(), Type.Null()]),
        decision_points: Type.Integer(),
      }),
    ),
    comparison: Type.Object({
      criteria_source: Type.String({ description: 'mission_analysis or fm_5_0_defaults' }),
      technique: Type.String(),
      coas: Type.Array(Type.String()),
      rows: Type.Array(
        Type.Object({
          criterion: Type.String(),
          definition: Type.Union([Type.String(), Type.Null()]),
          benchmark: Type.Union([Type.String(), Type.Null()]),
          measure: Type.String({ description: 'tempo, mass, security, simplicity, maneuver or exposure' }),
          measure_formula: Type.String(),
          better: Type.String({ description: 'lower or higher' }),
          weight: Type.Number(),
          weight_source: Type.String(),
          cells: Type.Array(ComparisonCell),
        }),
      ),
      totals: Type.Array(Type.Object({ coa: Type.String(), unweighted: Type.Number(), weighted: Type.Number() })),
      recommendation: Type.Union([
        Type.Object({ coa: Type.String(), reasons: Type.Array(Type.String()), risks: Type.Array(Type.String()) }),
        Type.Null(),
      ]),
      not_computable: Type.Array(Type.String()),
    }),
    markdown: Type.String({ description: 'The decision matrix, recommendation and risks in Markdown' }),
    left_out: Type.Array(Type.String(), { description: 'War games left out, with why' }),
  },
  { title: 'CoaComparisonResponse' },
);

export const coaComparisonRoutes = (deps: ApiDependencies) => [
  defineRoute({
    method: 'get',
    path: '/api/operations/{operation_id}/coa-comparison',
    operationId: 'get_coa_comparison',
    summary: "The decision matrix across the operation's adjudicated war games, with a recommendation",
    description:
      'Per COA statement the newest adjudicated war game (POST /api/llm-simulations/ with a scenario), played again ' +
      'from its recorded request on its terrain job (the same game), compared against the mission analysis COA ' +
      "evaluation criteria (else FM 5-0's defaults): each score computed from the game with its formula, ranks × " +
      'weights (FM 6-0 Table 9-7), totals, the recommendation with its reasons and the risks that remain. ' +
      '404: no adjudicated war game.',
    tags: ['llm-simulations'],
    auth: true,
    params: Type.Object({ operation_id: Uuid }),
    responses: {
      200: { description: 'The comparison', schema: CoaComparisonResponse },
      ...ownedResourceErrors,
      404: { description: 'No such operation, or it has no adjudicated war game', schema: HTTPError },
    },
    async handler(ctx, { params, principal }) {
      await accessibleOperation(deps.readModels, params.operation_id, principal);
      ctx.body = await operationCoaComparison(deps, params.operation_id.toLowerCase());
    },
  }),
];
