// Allowed values of an operation's branch and echelon. Echelons follow the NATO / APP-6 unit
// size ladder from team/crew to army; branches are the common arms and services.
export const ECHELONS = [
  'team_crew',
  'squad',
  'section',
  'platoon',
  'company',
  'battalion',
  'regiment',
  'brigade',
  'division',
  'corps',
  'army',
] as const;

export const BRANCHES = [
  'infantry',
  'armor',
  'cavalry',
  'aviation',
  'artillery',
  'air_defense',
  'engineers',
  'signal',
  'military_intelligence',
  'military_police',
  'chemical',
  'logistics',
  'medical',
  'special_forces',
  'civil_affairs',
  'psychological_operations',
  'cyber',
  'marines',
  'naval',
  'air_force',
  'joint',
] as const;

export type Echelon = (typeof ECHELONS)[number];
export type Branch = (typeof BRANCHES)[number];
