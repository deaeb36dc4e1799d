// The subordinate units of a unit by its echelon and branch, as doctrine organizes them (FM 3-96
// brigade combat team; ATP 3-21.20 infantry battalion; ATP 3-90.5 combined arms battalion; ATP
// 3-21.10 infantry rifle company): a minimal table for the WARNO's tasks to subordinate units until
// the operation records its own task organization. `role` says which WARNO task a unit gets.
export type SubordinateRole = 'maneuver' | 'reconnaissance' | 'fires' | 'sustainment';

export interface SubordinateUnit {
  name: string;
  role: SubordinateRole;
}

const unit = (name: string, role: SubordinateRole): SubordinateUnit => ({ name, role });

export function subordinateUnits(echelon: string, branch: string): SubordinateUnit[] {
  const armor = /armor|cavalry|mechani[sz]ed/i.test(branch);
  switch (echelon.toLowerCase()) {
    case 'brigade':
      return [
        unit('1st maneuver battalion', 'maneuver'),
        unit('2nd maneuver battalion', 'maneuver'),
        unit('3rd maneuver battalion', 'maneuver'),
        unit('Cavalry squadron', 'reconnaissance'),
        unit('Field artillery battalion', 'fires'),
        unit('Brigade support battalion', 'sustainment'),
      ];
    case 'battalion':
      return [
        unit('A Company', 'maneuver'),
        unit('B Company', 'maneuver'),
        unit('C Company', 'maneuver'),
        ...(armor ? [] : [unit('D Company (weapons)', 'maneuver')]),
        unit('Scout platoon (HHC)', 'reconnaissance'),
        unit('Mortar platoon (HHC)', 'fires'),
        unit('HHC (support)', 'sustainment'),
      ];
    case 'company':
      return [
        unit('1st Platoon', 'maneuver'),
        unit('2nd Platoon', 'maneuver'),
        unit('3rd Platoon', 'maneuver'),
        ...(armor ? [] : [unit('Weapons platoon', 'fires')]),
        unit('Headquarters section', 'sustainment'),
      ];
    case 'platoon':
      return [
        unit('1st Squad', 'maneuver'),
        unit('2nd Squad', 'maneuver'),
        unit('3rd Squad', 'maneuver'),
        ...(armor ? [] : [unit('Weapons squad', 'fires')]),
      ];
    default:
      return [];
  }
}
