// Rule-based COAs when COA development has no avenue to build on (no terrain evaluation, or none
// that joins start and objective): the COAs differ by form of maneuver only and name the unit's
// real subordinate units (domain/coa-development/task-organization.ts); no axis, objective or phase
// line is invented — each missing input is named in one line. Infiltration is offered only to a
// force entirely on foot, a mobile defense only to a mounted one; a set larger than the forms
// repeats them, and the screening then finds those COAs not distinguishable.
import { allocateUnits } from '../coa-development/develop-coas.ts';
import type { CoaGrounding, GroundingCoaDevelopment } from './coa-grounding.ts';
import { FORM_OF_MANEUVER_LABELS, type CoaDraft, type FormOfManeuver } from './coa-draft-schema.ts';
import { RULE_BASED_MARK } from './rule-based-record-draft.ts';

const OFFENSE: FormOfManeuver[] = ['penetration', 'envelopment', 'infiltration', 'turning_movement', 'flank_attack'];
const DEFENSE: FormOfManeuver[] = ['area_defense', 'mobile_defense', 'retrograde'];

const marked = (...lines: string[]) => [RULE_BASED_MARK, ...lines.filter((l) => l)].join('\n\n');

/** `count` drafts, by form of maneuver, with the missing inputs named. */
export function draftCoasWithoutAvenues(
  g: CoaGrounding,
  d: GroundingCoaDevelopment,
  defense: boolean,
  context: { mission: string | null; endState: string; documents: string[]; instructions: string[] },
): CoaDraft[] {
  const { main, supporting, reserve } = allocateUnits(d.units);
  const onFoot = main.length > 0 && main.every((u) => u.movement === 'foot');
  // A mobile defense needs a mounted striking force (form-of-maneuver.ts); infiltration a force on foot.
  const forms = defense
    ? DEFENSE.filter((f) => f !== 'mobile_defense' || (main.length > 0 && !onFoot))
    : OFFENSE.filter((f) => f !== 'infiltration' || onFoot);
  const mainName = main.length > 0 ? main.map((u) => u.name).join(' and ') : 'the main effort';
  const missing = d.missing.map((m) => `Missing: ${m}`);
  const conducts = main.length > 1 ? 'conduct' : 'conducts';
  return Array.from({ length: g.count }, (_, i) => {
    const form = forms[i % forms.length]!;
    const label = FORM_OF_MANEUVER_LABELS[form];
    const lower = label.toLowerCase();
    const supportTask = defense ? 'defends the secondary sector' : 'fixes the enemy';
    const roles =
      `Main effort: ${mainName}` +
      (supporting ? `; supporting effort: ${supporting.name}, ${supportTask}` : '') +
      (reserve ? `; reserve: ${reserve.name}.` : '; no reserve.');
    return {
      name: `COA ${i + 1}: ${label} (no avenue yet)`,
      statement: marked(
        `${g.operation.unit} conducts ${/^[aeiou]/.test(lower) ? 'an' : 'a'} ${lower}; its axis is not chosen: no avenue of approach is known.`,
        roles,
        context.mission
          ? `Restated mission: ${context.mission}`
          : 'Mission: TBD (mission analysis has no restated mission yet).',
        ...missing,
        ...context.documents,
        ...context.instructions,
      ),
      form_of_maneuver: form,
      main_effort: marked(`${mainName}; axis not chosen (no avenue of approach).`),
      task_organization: [
        ...main.map((u) => ({ unit: u.name, text: `Main effort: ${lower}.` })),
        ...(supporting ? [{ unit: supporting.name, text: `Supporting effort: ${supportTask}.` }] : []),
        ...(reserve ? [{ unit: reserve.name, text: 'Reserve: ready to reinforce the main effort.' }] : []),
      ].slice(0, 4),
      attributes: {
        decisive_operation: marked(`${mainName} (main effort) ${conducts} the ${lower}.`),
        shaping_operations: marked(
          supporting
            ? `${supporting.name} (supporting effort) ${supportTask}.`
            : 'Missing: no unit for a supporting effort.',
        ),
        sustaining_operations: marked('Sustainment follows the main effort; its route waits for the avenue.'),
        reserve: marked(reserve ? `${reserve.name}, ready to reinforce the main effort.` : 'No reserve.'),
        end_state: context.endState,
      },
      sections: [
        {
          title: 'Phase I: shaping',
          field: 'phases_and_transitions',
          content: marked(
            `${supporting ? `${supporting.name} ${supportTask}` : 'Information collection'} while the terrain evaluation ` +
              'gives the avenues.',
          ),
        },
        {
          title: `Phase II: ${lower}`,
          field: 'phases_and_transitions',
          content: marked(
            `${mainName} ${conducts} the ${lower}${reserve ? `; ${reserve.name} follows, ready to reinforce` : ''}.`,
          ),
        },
        {
          title: 'COA sketch',
          field: 'control_measures',
          content: marked(
            ...missing,
            g.maps.length > 0
              ? `Run a terrain evaluation on ${g.maps.map((m) => m.name).join(', ')} to draw the axes, objectives and phase lines.`
              : 'No map of the operation exists yet.',
          ),
        },
      ],
    };
  });
}
