// The rule-based text of COAs developed on facts (domain/coa-development): every sentence is built
// from the developed COA — its units and their real names, avenues, objectives and phase lines with
// their grids, form of maneuver with its reason, force ratio and time with their figures — and a
// missing input is named in one line. No template axis, no "TF 1".
import { mgrsReference } from '../analysis-job/mgrs-reference.ts';
import type { CoaGrounding, GroundingCoaDevelopment } from './coa-grounding.ts';
import {
  FORM_OF_MANEUVER_LABELS,
  MAX_COA_DRAFT_NAME,
  MAX_COA_DRAFT_TEXT,
  MAX_DRAFT_UNITS,
  type CoaDraft,
} from './coa-draft-schema.ts';
import { RULE_BASED_MARK } from './rule-based-record-draft.ts';

type Coa = GroundingCoaDevelopment['coas'][number];

const clip = (text: string, limit = MAX_COA_DRAFT_TEXT) =>
  text.length > limit ? `${text.slice(0, limit - 1)}…` : text;
const marked = (...lines: string[]) => clip([RULE_BASED_MARK, ...lines.filter((l) => l)].join('\n\n'));
const km = (m: number) => `${(m / 1000).toFixed(1)} km`;
const min = (s: number) => `${Math.round(s / 60)} min`;
const grid = (p: [number, number]) => mgrsReference(p) ?? `${p[1].toFixed(5)}, ${p[0].toFixed(5)}`;

function draftOne(g: CoaGrounding, d: GroundingCoaDevelopment, coa: Coa): CoaDraft {
  const unit = g.operation.unit;
  const form = FORM_OF_MANEUVER_LABELS[coa.form_of_maneuver].toLowerCase();
  const main = coa.units.filter((u) => u.role === 'main_effort');
  const support = coa.units.find((u) => u.role === 'supporting_effort') ?? null;
  const reserve = coa.units.find((u) => u.role === 'reserve') ?? null;
  const objective = coa.objectives[0]!;
  const axis = coa.main_axis;
  const names = main.map((u) => u.name).join(' and ');
  const deadline = d.order?.deadline ? ` ${d.order.deadline}` : '';
  const pls = coa.phase_lines.map((pl) => `${pl.name} at ${pl.mgrs} (${pl.reason})`);
  const mainPls = coa.phase_lines.filter((pl) => pl.avenue_id === axis.avenue_id).map((pl) => pl.name);
  const fr = coa.feasibility.force_ratio;
  const time = coa.feasibility.time;
  const missing = [...d.missing, ...coa.missing];
  const core =
    coa.posture === 'offense'
      ? `${unit} conducts a ${form} along ${axis.avenue_id} (${km(axis.length_m)}, ${min(axis.seconds)} on the route model` +
        `${mainPls.length ? `, through ${mainPls.join(', ')}` : ''}) to ${main[0]?.task.split(' ')[0] ?? 'seize'} ` +
        `${objective.name} (${objective.mgrs})${deadline} ${main[0]?.purpose ?? ''}.`
      : `${unit} conducts an ${form} from ${objective.name} (${objective.mgrs}) across ${axis.avenue_id}, the enemy's avenue ` +
        `(${km(axis.length_m)}, ${min(axis.seconds)} for the enemy).`;
  const roles =
    `Main effort: ${names} on ${axis.avenue_id}` +
    (support ? `; supporting effort: ${support.name} — ${support.task}` : '') +
    (reserve ? `; reserve: ${reserve.name} at ${grid(reserve.position)}.` : '; no reserve.');
  const statement = marked(
    core,
    roles,
    coa.form_reason,
    `Force ratio: ${fr.reason}`,
    `Time: ${time.reason}`,
    ...missing.map((m) => `Missing: ${m}`),
  );
  const taskOrganization = coa.units.slice(0, MAX_DRAFT_UNITS).map((u) => ({
    unit: u.name,
    text:
      `${u.role.replace(/_/g, ' ')}: ${u.task} ${u.purpose}`.replace(/^\w/, (c) => c.toUpperCase()) +
      ` (${u.combat_power} company equivalent${u.combat_power === 1 ? '' : 's'}).`,
  }));
  const endState = d.order?.end_state ? marked(`From the order's commander's intent: ${d.order.end_state}`) : '';
  return {
    name: coa.name.slice(0, MAX_COA_DRAFT_NAME),
    statement,
    form_of_maneuver: coa.form_of_maneuver,
    main_effort: marked(
      `${names} on ${axis.avenue_id} (avenue rank ${axis.avenue_rank}, score ${axis.avenue_score}) to ${objective.name}.`,
    ),
    task_organization: taskOrganization,
    attributes: {
      decisive_operation: marked(
        `${names}: ${main[0]?.task ?? ''} ${main[0]?.purpose ?? ''}.`,
        `Force ratio: ${fr.reason}`,
      ),
      shaping_operations: support
        ? marked(`${support.name}: ${support.task} ${support.purpose}.`)
        : marked('Missing: no unit is left for a supporting effort.'),
      sustaining_operations: marked(
        `Sustainment follows the main effort along ${axis.avenue_id}${d.task_organization ? ` (${d.task_organization.label})` : ''}.`,
      ),
      reserve: marked(reserve ? `${reserve.name}: ${reserve.task}; ${coa.reserve.reason}.` : coa.reserve.reason),
      end_state: endState,
    },
    sections: [
      {
        title: 'Phase I: movement',
        field: 'phases_and_transitions',
        content: marked(
          coa.posture === 'offense'
            ? `From the line of departure along ${axis.avenue_id}${pls.length ? ` to ${mainPls[0] ?? 'the objective'}` : ''}; ` +
                `${support ? `${support.name} moves on ${support.axis ?? axis.avenue_id} to fix the enemy.` : ''}`
            : `Occupy ${objective.name} and the blocking positions; ${reserve ? `${reserve.name} in reserve.` : ''}`,
        ),
      },
      {
        title: coa.posture === 'offense' ? 'Phase II: actions on the objective' : 'Phase II: the defense',
        field: 'phases_and_transitions',
        content: marked(
          `${names} ${main[0]?.task ?? ''}; ${reserve ? `${reserve.name} ready to reinforce at ${grid(reserve.position)}` : 'no reserve'}.`,
        ),
      },
      {
        title: 'COA sketch',
        field: 'control_measures',
        content: marked(
          `Objectives: ${coa.objectives.map((o) => `${o.name} at ${o.mgrs} (${o.reference})`).join('; ')}.`,
          pls.length ? `Phase lines: ${pls.join('; ')}.` : 'Phase lines: none (no chokepoint on the axes).',
          d.sketch_map
            ? `Drawn on the map as layers coa_axis, coa_objective, phase_line and coa_reserve (feature property coa = "${coa.id}").`
            : '',
        ),
      },
    ],
  };
}

/** Drafts of the developed COAs, in order (as many as the grounding asks for). */
export function draftDevelopedCoas(g: CoaGrounding, d: GroundingCoaDevelopment): CoaDraft[] {
  return d.coas.slice(0, g.count).map((coa) => draftOne(g, d, coa));
}
