// The adjudicated war games of an operation, as the COA comparison reads them: per COA statement
// (not deleted) the newest live simulation record whose generation job succeeded with a scenario
// (workers/generation/adjudicate-simulation.ts), with the job's state (its request and provenance).
import type { Knex } from 'knex';
import type { GenerationJob } from '../../domain/generation-job/generation-job-decider.ts';

export interface AdjudicatedSimulationRow {
  simulation_id: string;
  coa_statement_id: string;
  statement_name: string;
  job: GenerationJob;
}

export async function adjudicatedSimulationsOfOperation(
  knex: Knex,
  operationId: string,
): Promise<AdjudicatedSimulationRow[]> {
  const rows: Array<Record<string, unknown>> = await knex('generation_jobs as j')
    .join('llm_simulations as s', 's.simulation_id', 'j.record_id')
    .join('coa_statements as c', 'c.coa_statement_id', 's.coa_statement_id')
    .where({ 'j.operation_id': operationId, 'j.target_kind': 'llm_simulation', 'j.status': 'success' })
    .whereNull('s.deleted_at')
    .whereNull('c.deleted_at')
    .orderBy([
      { column: 'j.requested_position', order: 'desc' },
      { column: 's.simulation_id', order: 'asc' },
    ])
    .select('s.simulation_id', 's.coa_statement_id', 'c.name as statement_name', 'j.state');
  const newest = new Map<string, AdjudicatedSimulationRow>();
  for (const row of rows) {
    const job = (typeof row.state === 'string' ? JSON.parse(row.state) : row.state) as GenerationJob;
    const statement = row.coa_statement_id as string;
    if (!job.simulation?.scenario || newest.has(statement)) continue;
    newest.set(statement, {
      simulation_id: row.simulation_id as string,
      coa_statement_id: statement,
      statement_name: row.statement_name as string,
      job,
    });
  }
  return [...newest.values()];
}
