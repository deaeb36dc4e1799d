// An llm_simulation job whose request carries a scenario: the war game is adjudicated
// (domain/wargame/adjudicate-wargame.ts) on the terrain the scenario's map prepared — the newest
// successful terrain job with work tiles over the game's area — instead of drafted turn by turn.
// The turns, the decision points and the synchronisation matrix are the game's; each criterion's
// rationale is the war-game measure it maps to with its raw value (a single COA has no rank: the
// comparison across COAs ranks them). No language model is called. Returns null when no terrain job
// of the map covers the area (the job then fails with TERRAIN_NOT_READY).
import type { SimulationGrounding, TurnDraft } from '../../domain/llm-simulation/simulation-grounding.ts';
import { MAX_ASSESSMENTS, MAX_TURNS } from '../../domain/llm-simulation/llm-simulation-events.ts';
import { adjudicateWargame } from '../../domain/wargame/adjudicate-wargame.ts';
import { measureOf, WARGAME_MEASURES } from '../../domain/wargame/compare-coas.ts';
import { rasterTerrainSamplers } from '../../domain/wargame/raster-terrain-samplers.ts';
import { wargameArea } from '../../domain/wargame/wargame-area.ts';
import { wargameMarkdown } from '../../domain/wargame/wargame-markdown.ts';
import type { WargameResult } from '../../domain/wargame/wargame-result.ts';
import { NO_TERRAIN, toWargameScenario, type WargameScenarioData } from '../../domain/wargame/wargame-scenario-data.ts';
import { findTerrainJob, successfulTerrainJobsOfMaps } from '../../projections/queries/terrain-job-queries.ts';
import type { GenerationWorkerDependencies } from './generation-worker-dependencies.ts';
import { readWargameTerrain } from './read-wargame-terrain.ts';

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);
const joined = (lines: string[], none: string, max = 4000) => clip(lines.length ? lines.join(' ') : none, max);

export interface AdjudicatedSimulation {
  game: WargameResult;
  terrain_job_id: string;
  turns: TurnDraft[];
  assessments: Array<{ criterion: string; score: number | null; rationale: string | null }>;
  summary: string;
}

/** The game's turns in the record's form (at most MAX_TURNS; the summary says when more were played). */
function recordTurns(game: WargameResult): TurnDraft[] {
  return game.turns.slice(0, MAX_TURNS).map((t) => ({
    critical_event: clip(t.label, 1000),
    time: `${t.start_time}–${t.end_time} (H+${t.start_minute}–H+${t.end_minute} min)`,
    action: joined(t.actions, 'No friendly action in this turn.'),
    reaction: joined(t.reactions, 'No enemy reaction in this turn.'),
    counteraction: joined(t.counteractions, 'No counteraction in this turn.'),
    result: clip(
      `Positions: ${t.positions.map((p) => `${p.name} ${p.mgrs ?? '—'} (${p.combat_power}, ${p.status})`).join('; ')}. ` +
        `Losses: ${t.losses.length ? t.losses.map((l) => `${l.name} −${l.combat_power_lost}`).join('; ') : 'none'}.`,
      4000,
    ),
    decision_point: t.decision_points.length
      ? clip(
          t.decision_points.map((d) => `DP ${d.number}: ${d.text} Decision: ${d.decision}. ${d.outcome}`).join(' '),
          1000,
        )
      : null,
  }));
}

export async function adjudicateSimulation(
  deps: Pick<GenerationWorkerDependencies, 'knex' | 'blobStore'>,
  grounding: SimulationGrounding,
  data: WargameScenarioData,
): Promise<AdjudicatedSimulation | null> {
  if (!deps.blobStore) throw new Error('an adjudicated war game needs the blob store of the terrain artifacts');
  const mapId = data.map_id.toLowerCase();
  const area = wargameArea(
    toWargameScenario(data, {
      coa: '',
      method: grounding.method,
      seed: 0,
      terrain: NO_TERRAIN,
    }),
  );
  for (const { job_id } of await successfulTerrainJobsOfMaps(deps.knex, [mapId])) {
    const job = await findTerrainJob(deps.knex, job_id);
    const providers = job?.state.source_providers;
    const [elevation, landCover, roads] = [providers?.elevation, providers?.land_cover, providers?.roads];
    if (!job || !elevation || !landCover || !roads) continue;
    const sources = { elevation: elevation.fingerprint, land_cover: landCover.fingerprint, roads: roads.fingerprint };
    const terrain = await readWargameTerrain(deps.blobStore, sources, job.state.work_tiles, area);
    if (!terrain) continue;
    const game = adjudicateWargame(
      toWargameScenario(data, {
        coa: grounding.coa.name,
        method: grounding.method,
        seed: grounding.seed,
        terrain: rasterTerrainSamplers(terrain),
      }),
    );
    const assessments = grounding.criteria.slice(0, MAX_ASSESSMENTS).map((c) => {
      const measure = measureOf(c);
      if (measure === null) {
        return {
          criterion: c.name,
          score: null,
          rationale: 'No war-game measure fits this criterion: for the staff to assess.',
        };
      }
      const m = WARGAME_MEASURES[measure];
      return {
        criterion: c.name,
        score: null,
        rationale: clip(
          `${measure}: ${m.value(game).text} (${m.formula}; ${m.better} is better). Ranked across COAs by the COA comparison.`,
          4000,
        ),
      };
    });
    const more =
      game.turns.length > MAX_TURNS
        ? `\n\n${game.turns.length - MAX_TURNS} later turn(s) are not in the record (at most ${MAX_TURNS}).`
        : '';
    const summary = clip(
      `*Adjudicated war game on terrain job ${job_id}: computed, not drafted.*\n\n${wargameMarkdown(game)}${more}`,
      20_000,
    );
    return { game, terrain_job_id: job_id, turns: recordTurns(game), assessments, summary };
  }
  return null;
}
