// Task organisation by the unit's real structure (issue 25): the operation's echelon and branch, and
// how the terrain evaluation says the force moves, give its subordinate units — never "TF 1–3".
// ATP 5-0.2-1 para 2-131: planners array the units available one and two levels below their echelon.
// The table holds the current US Army organisations (sources on each row); every maneuver company
// counts one maneuver-company equivalent of combat power (force-ratio.ts).
import type { Movement, SubordinateUnit } from './coa-types.ts';

/** Which organisation a branch moving a certain way is. */
export type Organization =
  | 'armor_battalion'
  | 'mechanized_infantry_battalion'
  | 'stryker_infantry_battalion'
  | 'infantry_battalion'
  | 'cavalry_squadron'
  | 'armored_brigade'
  | 'stryker_brigade'
  | 'infantry_brigade'
  | 'tank_company'
  | 'mechanized_infantry_company'
  | 'stryker_infantry_company'
  | 'rifle_company';

interface Row {
  label: string;
  source: string;
  units: SubordinateUnit[];
}

const unit = (name: string, kind: string, movement: Movement, combat_power = 1, maneuver = true): SubordinateUnit => ({
  name,
  kind,
  movement,
  maneuver,
  combat_power,
});
const companies = (kind: string, label: string, movement: Movement, letters: string[]) =>
  letters.map((l) => unit(`${l} Company (${label})`, kind, movement));
const battalions = (kind: string, label: string, movement: Movement, power: number, names: string[]) =>
  names.map((n) => unit(`${n} Battalion (${label})`, kind, movement, power));
const platoons = (kind: string, label: string, movement: Movement) =>
  ['1st', '2nd', '3rd'].map((n) => unit(`${n} Platoon (${label})`, kind, movement, 1 / 3));
const HHC = (movement: Movement) => unit('Headquarters and Headquarters Company', 'hhc', movement, 0, false);

/**
 * The table. Sources: the combined arms battalion (CAB) of the armored brigade combat team since 2016
 * — an HHC and three companies, two armor-heavy CABs (two tank, one mechanized infantry company) and
 * one infantry-heavy (one tank, two mechanized infantry) — ATP 3-90.5 (2016) ch. 1 and
 * battleorder.org "U.S. Army Armor Company (Current)" [weak]; the IBCT infantry battalion (HHC, three
 * rifle companies, a weapons company) — ATP 3-21.20 (2017) ch. 1; the SBCT infantry battalion (HHC,
 * three Stryker infantry companies) — ATP 3-21.21 ch. 1; the ABCT cavalry squadron (three troops and
 * a tank company) — ATP 3-20.96; brigades: three maneuver battalions and a cavalry squadron — FM 3-96
 * (2021) ch. 1; companies: three platoons — ATP 3-20.15 (tank), ATP 3-21.10 (infantry).
 */
export const TASK_ORGANIZATION_TABLE: Readonly<Record<Organization, Row>> = {
  armor_battalion: {
    label: 'armor battalion (combined arms battalion, armor-heavy)',
    source: 'ATP 3-90.5 ch. 1 (CAB since 2016: two tank companies, one mechanized infantry company)',
    units: [
      ...companies('tank_company', 'tank', 'tracked', ['A', 'B']),
      ...companies('mechanized_infantry_company', 'mechanized infantry', 'tracked', ['C']),
      HHC('tracked'),
    ],
  },
  mechanized_infantry_battalion: {
    label: 'mechanized infantry battalion (combined arms battalion, infantry-heavy)',
    source: 'ATP 3-90.5 ch. 1 (CAB since 2016: two mechanized infantry companies, one tank company)',
    units: [
      ...companies('mechanized_infantry_company', 'mechanized infantry', 'tracked', ['A', 'B']),
      ...companies('tank_company', 'tank', 'tracked', ['C']),
      HHC('tracked'),
    ],
  },
  stryker_infantry_battalion: {
    label: 'Stryker infantry battalion',
    source: 'ATP 3-21.21 ch. 1 (three Stryker infantry companies)',
    units: [...companies('stryker_infantry_company', 'Stryker infantry', 'wheeled', ['A', 'B', 'C']), HHC('wheeled')],
  },
  infantry_battalion: {
    label: 'infantry battalion (IBCT)',
    source: 'ATP 3-21.20 ch. 1 (three rifle companies and a weapons company)',
    units: [
      ...companies('rifle_company', 'rifle', 'foot', ['A', 'B', 'C']),
      unit('D Company (weapons)', 'weapons_company', 'wheeled'),
      HHC('wheeled'),
    ],
  },
  cavalry_squadron: {
    label: 'cavalry squadron (ABCT)',
    source: 'ATP 3-20.96 ch. 1 (three cavalry troops and a tank company)',
    units: [
      ...['A', 'B', 'C'].map((l) => unit(`${l} Troop (cavalry)`, 'cavalry_troop', 'tracked')),
      unit('D Company (tank)', 'tank_company', 'tracked'),
      unit('Headquarters and Headquarters Troop', 'hht', 'tracked', 0, false),
    ],
  },
  armored_brigade: {
    label: 'armored brigade combat team',
    source: 'FM 3-96 ch. 1 (three combined arms battalions, a cavalry squadron)',
    units: [
      ...battalions('combined_arms_battalion', 'combined arms, armor-heavy', 'tracked', 3, ['1st', '2nd']),
      ...battalions('combined_arms_battalion', 'combined arms, infantry-heavy', 'tracked', 3, ['3rd']),
      unit('Cavalry Squadron', 'cavalry_squadron', 'tracked', 4),
    ],
  },
  stryker_brigade: {
    label: 'Stryker brigade combat team',
    source: 'FM 3-96 ch. 1 (three Stryker infantry battalions, a cavalry squadron)',
    units: [
      ...battalions('stryker_infantry_battalion', 'Stryker infantry', 'wheeled', 3, ['1st', '2nd', '3rd']),
      unit('Cavalry Squadron', 'cavalry_squadron', 'wheeled', 3),
    ],
  },
  infantry_brigade: {
    label: 'infantry brigade combat team',
    source: 'FM 3-96 ch. 1 (three infantry battalions, a cavalry squadron)',
    units: [
      ...battalions('infantry_battalion', 'infantry', 'foot', 4, ['1st', '2nd', '3rd']),
      unit('Cavalry Squadron', 'cavalry_squadron', 'wheeled', 3),
    ],
  },
  tank_company: {
    label: 'tank company',
    source: 'ATP 3-20.15 ch. 1 (three tank platoons of four tanks)',
    units: platoons('tank_platoon', 'tank', 'tracked'),
  },
  mechanized_infantry_company: {
    label: 'mechanized infantry company',
    source: 'ATP 3-21.10 ch. 1 (three mechanized infantry platoons)',
    units: platoons('mechanized_infantry_platoon', 'mechanized infantry', 'tracked'),
  },
  stryker_infantry_company: {
    label: 'Stryker infantry company',
    source: 'ATP 3-21.10 ch. 1 (three Stryker infantry platoons)',
    units: platoons('stryker_infantry_platoon', 'Stryker infantry', 'wheeled'),
  },
  rifle_company: {
    label: 'rifle company',
    source: 'ATP 3-21.10 ch. 1 (three rifle platoons)',
    units: platoons('rifle_platoon', 'rifle', 'foot'),
  },
};

/** How the terrain evaluation's force moves (domain/terrain-evaluation FORCES). */
export type ForceMovement = 'mounted_tracked' | 'mounted_wheeled' | 'dismounted';

/**
 * The organisation of an operation's unit: branch × echelon × movement. Armor is tracked; infantry
 * is mechanized (tracked), Stryker (wheeled) or light (dismounted); cavalry at battalion is a
 * squadron. Null when the table has no row (the COA says so).
 */
export function organizationOf(branch: string, echelon: string, movement: ForceMovement | null): Organization | null {
  const infantry = (m: ForceMovement | null) =>
    m === 'mounted_tracked' ? 'mechanized' : m === 'mounted_wheeled' ? 'stryker' : 'light';
  if (echelon === 'battalion') {
    if (branch === 'armor') return 'armor_battalion';
    if (branch === 'cavalry') return 'cavalry_squadron';
    if (branch === 'infantry' || branch === 'marines')
      return {
        mechanized: 'mechanized_infantry_battalion',
        stryker: 'stryker_infantry_battalion',
        light: 'infantry_battalion',
      }[infantry(movement)] as Organization;
  }
  if (echelon === 'brigade' || echelon === 'regiment') {
    if (branch === 'armor' || branch === 'cavalry') return 'armored_brigade';
    if (branch === 'infantry' || branch === 'marines')
      return { mechanized: 'armored_brigade', stryker: 'stryker_brigade', light: 'infantry_brigade' }[
        infantry(movement)
      ] as Organization;
  }
  if (echelon === 'company') {
    if (branch === 'armor') return 'tank_company';
    if (branch === 'infantry' || branch === 'marines')
      return { mechanized: 'mechanized_infantry_company', stryker: 'stryker_infantry_company', light: 'rifle_company' }[
        infantry(movement)
      ] as Organization;
  }
  return null;
}

export type TaskOrganization =
  | { organization: Organization; label: string; source: string; units: SubordinateUnit[] }
  | { organization: null; missing: string };

/** The subordinate units of the operation's unit, or the one line saying why there are none. */
export function taskOrganization(branch: string, echelon: string, movement: ForceMovement | null): TaskOrganization {
  const organization = organizationOf(branch, echelon, movement);
  if (!organization) {
    return {
      organization: null,
      missing: `No task organisation for a ${branch.replace(/_/g, ' ')} ${echelon.replace(/_/g, ' ')}: the table covers armor, cavalry, infantry and marine companies, battalions and brigades.`,
    };
  }
  const row = TASK_ORGANIZATION_TABLE[organization];
  return { organization, label: row.label, source: row.source, units: row.units.map((u) => ({ ...u })) };
}
