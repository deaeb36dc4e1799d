// Rule-based drafts of a set of COAs (the default adapter, no model): deterministic and distinguishable
// by construction — each COA takes the next pattern of form of maneuver and main-effort axis (offense,
// or defense when the operation or its restated mission speaks of defending or delaying), built on
// what the service knows: the operation, its restated mission and intent when mission analysis has
// them, its maps and terrain summary, the documents. Every text opens with RULE_BASED_MARK.
import type { CoaGrounding } from './coa-grounding.ts';
import { FORM_OF_MANEUVER_LABELS, type CoaDraft, type CoaSetDraft, type FormOfManeuver } from './coa-draft-schema.ts';
import { RULE_BASED_MARK } from './rule-based-record-draft.ts';
import { formatQuantity } from '../shared/format-quantity.ts';
import { draftDevelopedCoas } from './draft-developed-coas.ts';
import { draftCoasWithoutAvenues } from './draft-coas-without-avenues.ts';

/** The language-model task a COA generation runs under (the drafter's key). */
export const COA_DRAFT_TASK = 'coa_statements_draft';

type Axis = 'north' | 'south' | 'centre';
interface Pattern {
  form: FormOfManeuver;
  axis: Axis;
}

const OFFENSE: Pattern[] = [
  { form: 'penetration', axis: 'north' },
  { form: 'envelopment', axis: 'south' },
  { form: 'infiltration', axis: 'centre' },
  { form: 'turning_movement', axis: 'north' },
  { form: 'flank_attack', axis: 'south' },
];
const DEFENSE: Pattern[] = [
  { form: 'area_defense', axis: 'north' },
  { form: 'mobile_defense', axis: 'south' },
  { form: 'retrograde', axis: 'centre' },
  { form: 'area_defense', axis: 'south' },
  { form: 'mobile_defense', axis: 'north' },
];
const OTHER_AXIS: Record<Axis, Axis> = { north: 'south', south: 'north', centre: 'north' };
const AXIS_NAME: Record<Axis, string> = { north: 'northern axis', south: 'southern axis', centre: 'central axis' };

const HOW: Record<FormOfManeuver, (axis: string) => string> = {
  penetration: (a) => `ruptures the enemy's defense on a narrow front on the ${a} and exploits into its depth`,
  envelopment: (a) =>
    `fixes the enemy frontally while the main effort passes around its flank on the ${a} to the objective`,
  infiltration: (a) => `moves the main effort undetected through gaps on the ${a} to positions in the enemy's rear`,
  turning_movement: (a) =>
    `passes the main effort deep on the ${a} to seize terrain that forces the enemy out of its positions`,
  flank_attack: (a) => `attacks the enemy's flank on the ${a} with the main effort`,
  frontal_attack: (a) => `attacks across the whole front, the main effort on the ${a}`,
  area_defense: (a) => `retains the terrain in prepared positions, the main effort on the ${a}`,
  mobile_defense: (a) => `fixes the enemy and destroys it with a striking force from the ${a}`,
  retrograde: (a) => `delays the enemy in successive positions on the ${a}, trading space for time`,
};

const marked = (...lines: string[]) => [RULE_BASED_MARK, ...lines].join('\n\n');
const unmarked = (text: string) => text.replace(RULE_BASED_MARK, '').trim();
const excerpt = (text: string) => (text.length > 500 ? `${text.slice(0, 497)}...` : text);

function recordText(g: Pick<CoaGrounding, 'mission_analysis'>, type: string): string | null {
  const record = g.mission_analysis.find((r) => r.type === type);
  const text = record?.text ? unmarked(record.text) : '';
  return text ? excerpt(text) : null;
}

/** Whether the operation defends (its description or restated mission speaks of defending or delaying). */
export const defending = (g: Pick<CoaGrounding, 'operation' | 'mission_analysis'>) =>
  /\b(defen[cds]e?|defend\w*|delay\w*)\b/i.test(
    `${g.operation.description ?? ''} ${recordText(g, 'restated_mission') ?? ''}`,
  );

function sketchLine(g: CoaGrounding, p: Pattern): string {
  if (g.maps.length === 0) return 'No map of the operation exists yet: draw the sketch on a map.';
  const terrain = g.maps
    .filter((m) => m.terrain_summary)
    .map((m) => `${m.name} covers ${formatQuantity(m.terrain_summary!.area_km2, 'area')}`);
  return (
    `Draw the sketch on ${g.maps.map((m) => m.name).join(', ')}: TF 1 on the ${AXIS_NAME[p.axis]}, ` +
    `TF 2 on the ${AXIS_NAME[OTHER_AXIS[p.axis]]}, objectives and phase lines TBD.` +
    (terrain.length > 0 ? ` Terrain summary: ${terrain.join('; ')}.` : '')
  );
}

function draftCoa(g: CoaGrounding, p: Pattern, n: number): CoaDraft {
  const label = FORM_OF_MANEUVER_LABELS[p.form];
  const axis = AXIS_NAME[p.axis];
  const other = AXIS_NAME[OTHER_AXIS[p.axis]];
  const mission = recordText(g, 'restated_mission');
  const intent = recordText(g, 'commanders_initial_intent');
  const defense = DEFENSE.includes(p);
  const documents =
    g.documents.length > 0
      ? [`Documents: ${g.documents.map((d) => `${d.file_name} (${d.classification ?? 'unmarked'})`).join(', ')}.`]
      : [];
  const instructions = g.instructions
    ? [`Instructions given (not interpreted by the rule-based drafter): ${g.instructions}`]
    : [];
  return {
    name: `COA ${n}: ${label}, main effort ${p.axis}`,
    statement: marked(
      `${g.operation.unit} ${HOW[p.form](axis)}. Main effort: TF 1 on the ${axis}; supporting effort: TF 2 on the ` +
        `${other}; reserve: TF 3.`,
      mission ? `Restated mission: ${mission}` : 'Mission: TBD (mission analysis has no restated mission yet).',
      ...documents,
      ...instructions,
    ),
    form_of_maneuver: p.form,
    main_effort: marked(`TF 1 on the ${axis}; supporting effort TF 2 on the ${other}.`),
    task_organization: [
      { unit: 'TF 1', text: `Main effort: ${label.toLowerCase()} on the ${axis}.` },
      { unit: 'TF 2', text: `Supporting effort: ${defense ? 'defend' : 'fix the enemy'} on the ${other}.` },
      { unit: 'TF 3', text: `Reserve: ready to reinforce TF 1 on the ${axis}.` },
    ],
    attributes: {
      decisive_operation: marked(`TF 1 (main effort) conducts the ${label.toLowerCase()} on the ${axis}.`),
      shaping_operations: marked(
        `TF 2 (supporting effort) ${defense ? 'defends' : 'fixes the enemy'} on the ${other}; ` +
          `fires and information collection shape the ${axis} before TF 1 commits.`,
      ),
      sustaining_operations: marked(
        `Sustainment follows the main effort on the ${axis}; the support area stays behind TF 2.`,
      ),
      reserve: marked(`TF 3, positioned to reinforce TF 1 on the ${axis} or to counter a threat on the ${other}.`),
      end_state: marked(
        intent
          ? `From the commander's initial intent: ${intent}`
          : `${g.operation.unit} has accomplished the mission of operation ${g.operation.name}; ` +
              "the commander's end state is TBD (no initial intent recorded yet).",
      ),
    },
    sections: [
      {
        title: 'Phase I: shaping',
        field: 'phases_and_transitions',
        content: marked(
          `TF 2 ${defense ? 'defends' : 'fixes the enemy'} on the ${other} while information ` +
            `collection confirms the ${axis}.`,
        ),
      },
      {
        title: `Phase II: ${label.toLowerCase()}`,
        field: 'phases_and_transitions',
        content: marked(`TF 1 conducts the ${label.toLowerCase()} on the ${axis}; TF 3 follows, ready to reinforce.`),
      },
      { title: 'COA sketch', field: 'control_measures', content: marked(sketchLine(g, p)) },
    ],
  };
}

export function draftCoasByRules(g: CoaGrounding): CoaSetDraft {
  // COAs developed on the terrain evaluation and the order (domain/coa-development) when there are.
  if (g.coa_development && g.coa_development.coas.length >= g.count) {
    return { coas: draftDevelopedCoas(g, g.coa_development) };
  }
  // Developed, but with no avenue: no axis is invented (the patterns below are for groundings
  // made before COA development).
  if (g.coa_development) {
    const intent = recordText(g, 'commanders_initial_intent');
    return {
      coas: draftCoasWithoutAvenues(g, g.coa_development, defending(g), {
        mission: recordText(g, 'restated_mission'),
        endState: marked(
          intent
            ? `From the commander's initial intent: ${intent}`
            : g.coa_development.order?.end_state
              ? `From the order's commander's intent: ${g.coa_development.order.end_state}`
              : `${g.operation.unit} has accomplished the mission of operation ${g.operation.name}; ` +
                "the commander's end state is TBD (no initial intent recorded yet).",
        ),
        documents:
          g.documents.length > 0
            ? [`Documents: ${g.documents.map((d) => `${d.file_name} (${d.classification ?? 'unmarked'})`).join(', ')}.`]
            : [],
        instructions: g.instructions
          ? [`Instructions given (not interpreted by the rule-based drafter): ${g.instructions}`]
          : [],
      }),
    };
  }
  const patterns = defending(g) ? DEFENSE : OFFENSE;
  return { coas: Array.from({ length: g.count }, (_, i) => draftCoa(g, patterns[i % patterns.length]!, i + 1)) };
}
