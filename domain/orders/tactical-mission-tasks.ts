// The tasks a mission statement or a task to a unit is matched against. A tactical mission task is "a
// specific activity performed by a unit while executing a form of tactical operation or form of
// maneuver"; it is an action by friendly forces or an effect on enemy forces (ADP 1-02 (2018) para 9-1,
// citing FM 3-90-1 [read]). The list and the two groups follow FM 3-90-1 (Mar 2013) appendix B,
// carried into FM 3-90 (May 2023) [recalled: the 2023 chapter and paragraph numbers were not read].
// Meanings and tags: ../shared/reference/ipb-and-coa-facts.md §8.4 ([S71]–[S75] read, others recalled).
// Orders also task units with types of operations (attack, defend, delay) and security or
// reconnaissance tasks; those are here as such, so that "attacks to seize" is read as seize within an
// attack and "defends" is still read, but never mistaken for a tactical mission task.
export type TaskKind =
  | 'action_by_friendly_forces'
  | 'effect_on_enemy_forces'
  | 'security_task'
  | 'reconnaissance_task'
  | 'type_of_operation';

export interface TacticalTask {
  id: string;
  kind: TaskKind;
  /** Manual and paragraph, with how the entry was checked. */
  doctrine: string;
  meaning: string;
  /** Written forms, lower case, longest first where one contains another. */
  forms: readonly string[];
  /** Words that, just before a form, make it something else ("fire control"). */
  notAfter?: string;
}

const APPB = 'FM 3-90-1 (2013) app. B; FM 3-90 (2023)';
const verb = (base: string, third: string, ing: string, past: string) => [third, ing, past, base];

export const TACTICAL_TASKS: readonly TacticalTask[] = [
  // Actions by friendly forces.
  {
    id: 'attack_by_fire',
    kind: 'action_by_friendly_forces',
    doctrine: `${APPB} [recalled]`,
    meaning: 'Direct fires from a position of advantage to engage the enemy without closing',
    forms: ['attacks by fire', 'attacking by fire', 'attacked by fire', 'attack by fire'],
  },
  {
    id: 'breach',
    kind: 'action_by_friendly_forces',
    doctrine: `${APPB} [recalled]`,
    meaning: 'Employ all means to break through or secure a passage through an obstacle or defence',
    forms: verb('breach', 'breaches', 'breaching', 'breached'),
  },
  {
    id: 'bypass',
    kind: 'action_by_friendly_forces',
    doctrine: `${APPB} [recalled]`,
    meaning: 'Maneuver around an obstacle, position or enemy force to keep momentum',
    forms: verb('bypass', 'bypasses', 'bypassing', 'bypassed'),
  },
  {
    id: 'clear',
    kind: 'action_by_friendly_forces',
    doctrine: `${APPB} [recalled]`,
    meaning: 'Remove all enemy forces and eliminate organized resistance in an assigned area',
    forms: verb('clear', 'clears', 'clearing', 'cleared'),
  },
  {
    id: 'control',
    kind: 'action_by_friendly_forces',
    doctrine: `${APPB} [recalled]`,
    meaning: 'Maintain physical influence over a specified area to prevent its use by an enemy',
    forms: verb('control', 'controls', 'controlling', 'controlled'),
    notAfter: 'fire|traffic|movement|positive|procedural|airspace|graphic|span of|under|of|and',
  },
  {
    id: 'follow_and_assume',
    kind: 'action_by_friendly_forces',
    doctrine: `${APPB} [recalled]`,
    meaning: 'A second committed force follows a force conducting an offensive task and continues it when ordered',
    forms: ['follows and assumes', 'following and assuming', 'follow and assume'],
  },
  {
    id: 'follow_and_support',
    kind: 'action_by_friendly_forces',
    doctrine: `${APPB} [recalled]`,
    meaning: 'A committed force follows and supports a lead force conducting an offensive task',
    forms: ['follows and supports', 'following and supporting', 'follow and support'],
  },
  {
    id: 'occupy',
    kind: 'action_by_friendly_forces',
    doctrine: `${APPB} [recalled]`,
    meaning: 'Move into an area to control it without enemy opposition',
    forms: verb('occupy', 'occupies', 'occupying', 'occupied'),
  },
  {
    id: 'reduce',
    kind: 'action_by_friendly_forces',
    doctrine: `${APPB} [recalled]`,
    meaning: 'Destroy an encircled or bypassed enemy force',
    forms: verb('reduce', 'reduces', 'reducing', 'reduced'),
  },
  {
    id: 'retain',
    kind: 'action_by_friendly_forces',
    doctrine: `${APPB} [recalled]`,
    meaning: 'Ensure a terrain feature already controlled is not occupied by the enemy',
    forms: verb('retain', 'retains', 'retaining', 'retained'),
  },
  {
    id: 'secure',
    kind: 'action_by_friendly_forces',
    doctrine: `${APPB} [recalled]`,
    meaning: 'Prevent a unit, facility or location from being damaged or destroyed by enemy action',
    forms: verb('secure', 'secures', 'securing', 'secured'),
  },
  {
    id: 'seize',
    kind: 'action_by_friendly_forces',
    doctrine: `${APPB}; [S74] [read]`,
    meaning: 'Take possession of a designated area using overwhelming force',
    forms: verb('seize', 'seizes', 'seizing', 'seized'),
  },
  {
    id: 'support_by_fire',
    kind: 'action_by_friendly_forces',
    doctrine: `${APPB} [recalled]`,
    meaning: 'Engage the enemy by direct fire to support a maneuvering force',
    forms: ['supports by fire', 'supporting by fire', 'supported by fire', 'support by fire'],
  },
  // Effects on enemy forces.
  {
    id: 'block',
    kind: 'effect_on_enemy_forces',
    doctrine: `${APPB}; [S71] [read]`,
    meaning: 'Deny the enemy access to an area or prevent its advance in a direction or along an avenue',
    forms: verb('block', 'blocks', 'blocking', 'blocked'),
  },
  {
    id: 'canalize',
    kind: 'effect_on_enemy_forces',
    doctrine: `${APPB}; [S71] [read]`,
    meaning: 'Restrict enemy movement to a narrow zone',
    forms: [
      ...verb('canalize', 'canalizes', 'canalizing', 'canalized'),
      ...verb('canalise', 'canalises', 'canalising', 'canalised'),
    ],
  },
  {
    id: 'contain',
    kind: 'effect_on_enemy_forces',
    doctrine: `${APPB}; [S71] [read]`,
    meaning: 'Stop, hold or surround enemy forces',
    forms: verb('contain', 'contains', 'containing', 'contained'),
  },
  {
    id: 'defeat',
    kind: 'effect_on_enemy_forces',
    doctrine: `${APPB}; [S71] [read, short form]`,
    meaning: 'The enemy force has temporarily or permanently lost the means or will to fight',
    forms: verb('defeat', 'defeats', 'defeating', 'defeated'),
  },
  {
    id: 'destroy',
    kind: 'effect_on_enemy_forces',
    doctrine: `${APPB}; [S71] [read, short form]`,
    meaning: 'Render an enemy force combat-ineffective until reconstituted',
    forms: verb('destroy', 'destroys', 'destroying', 'destroyed'),
  },
  {
    id: 'disrupt',
    kind: 'effect_on_enemy_forces',
    doctrine: `${APPB}; [S71] [read]`,
    meaning: 'Upset an enemy action, its formation, tempo or timetable',
    forms: verb('disrupt', 'disrupts', 'disrupting', 'disrupted'),
  },
  {
    id: 'fix',
    kind: 'effect_on_enemy_forces',
    doctrine: `${APPB}; [S72] [read]`,
    meaning: 'Prevent the enemy from moving any part of its force from a location for a period',
    forms: verb('fix', 'fixes', 'fixing', 'fixed'),
  },
  {
    id: 'interdict',
    kind: 'effect_on_enemy_forces',
    doctrine: `${APPB}; [S71] [read]`,
    meaning: "Prevent, disrupt or delay the enemy's use of an area or route",
    forms: verb('interdict', 'interdicts', 'interdicting', 'interdicted'),
  },
  {
    id: 'isolate',
    kind: 'effect_on_enemy_forces',
    doctrine: `${APPB} [recalled]`,
    meaning: 'Separate a force from its sources of support',
    forms: verb('isolate', 'isolates', 'isolating', 'isolated'),
  },
  {
    id: 'neutralize',
    kind: 'effect_on_enemy_forces',
    doctrine: `${APPB}; [S71][S73] [read]`,
    meaning: 'Render enemy personnel or materiel incapable of interfering with an operation',
    forms: [
      ...verb('neutralize', 'neutralizes', 'neutralizing', 'neutralized'),
      ...verb('neutralise', 'neutralises', 'neutralising', 'neutralised'),
    ],
  },
  {
    id: 'suppress',
    kind: 'effect_on_enemy_forces',
    doctrine: `${APPB}; [S71] [read]`,
    meaning: "Temporarily degrade a force's or weapon system's performance",
    forms: verb('suppress', 'suppresses', 'suppressing', 'suppressed'),
  },
  {
    id: 'turn',
    kind: 'effect_on_enemy_forces',
    doctrine: `${APPB} [recalled]`,
    meaning: 'Force an enemy element from one avenue of approach or mobility corridor to another',
    forms: ['turns the enemy', 'turn the enemy', 'turning the enemy'],
  },
  // Security and reconnaissance tasks.
  {
    id: 'screen',
    kind: 'security_task',
    doctrine: 'FM 3-90 (2023) security operations; [S75] [read]',
    meaning: 'Provide early warning to the protected force',
    forms: verb('screen', 'screens', 'screening', 'screened'),
  },
  {
    id: 'guard',
    kind: 'security_task',
    doctrine: 'FM 3-90 (2023) security operations; [S75] [read]',
    meaning: 'Protect the main body by fighting to gain time, besides early warning',
    forms: verb('guard', 'guards', 'guarding', 'guarded'),
  },
  {
    id: 'cover',
    kind: 'security_task',
    doctrine: 'FM 3-90 (2023) security operations [recalled]',
    meaning: 'Protect the main body as a self-contained force that develops the situation',
    forms: ['conducts a covering force', 'covers the'],
  },
  {
    id: 'reconnoiter',
    kind: 'reconnaissance_task',
    doctrine: 'FM 3-90 (2023) reconnaissance [recalled]',
    meaning: 'Obtain information about an area, zone, route or enemy force by observation',
    forms: [
      ...verb('reconnoiter', 'reconnoiters', 'reconnoitering', 'reconnoitered'),
      ...verb('reconnoitre', 'reconnoitres', 'reconnoitring', 'reconnoitred'),
      'conducts zone reconnaissance',
      'conducts area reconnaissance',
      'conducts route reconnaissance',
    ],
  },
  // Types of operations a unit is ordered to conduct.
  {
    id: 'attack',
    kind: 'type_of_operation',
    doctrine: 'ADP 3-90 (2019) offensive operations [recalled]',
    meaning: 'An offensive operation that destroys or defeats enemy forces, seizes and secures terrain',
    forms: verb('attack', 'attacks', 'attacking', 'attacked'),
  },
  {
    id: 'defend',
    kind: 'type_of_operation',
    doctrine: 'ADP 3-90 (2019) defensive operations [recalled]',
    meaning: 'A defensive operation (area, mobile or retrograde)',
    forms: verb('defend', 'defends', 'defending', 'defended'),
  },
  {
    id: 'delay',
    kind: 'type_of_operation',
    doctrine: 'ADP 3-90 (2019) retrograde; [S70] [recalled]',
    meaning: 'Slow the enemy and trade space for time without decisive engagement',
    forms: verb('delay', 'delays', 'delaying', 'delayed'),
  },
];
