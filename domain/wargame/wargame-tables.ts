// The planning tables the adjudicated war game reads, each with its source. Where no readable
// manual gave a number the entry says ENGINEERING DEFAULT and the reason; the README lists the same.
// A scenario may override any of them (WargameScenario.tables), so a staff can put its own numbers in.

/** How a unit moves: on foot, in wheeled or in tracked vehicles (mobility-config's vehicle classes). */
export type SpeedClass = 'foot' | 'wheeled' | 'tracked';

/** The mobility class under a unit (domain/terrain mobility-class-names), null where unknown. */
export type MobilityName = 'GO' | 'SLOW-GO' | 'NO-GO';

/** Direct-fire weapon classes; the longest-ranged system of a unit names its class. */
export type WeaponClass = 'tank' | 'atgm' | 'ifv' | 'heavy_machine_gun' | 'small_arms';

/** Posture of a force, for the defender's advantage in attrition. */
export type Posture = 'attack' | 'hasty_defence' | 'prepared_defence' | 'fortified_defence' | 'delay';

/** Obstacle kinds with a breach-time range. */
export type ObstacleKind = 'minefield' | 'wire' | 'ditch' | 'abatis' | 'crater' | 'gap';

export interface WargameTables {
  /** Rate of march on GO ground, km/h (a rate: periodic halts included). */
  march_rate_kmh: Record<SpeedClass, number>;
  /** Multiplier of the rate of march by the mobility class under the unit. */
  mobility_factor: Record<MobilityName, number>;
  /** Multiplier of the rate of march while the unit is engaged (fire and movement). */
  engaged_factor: number;
  /** Breach (or crossing) time of one obstacle, minutes, as [least, most]; the seed draws within it. */
  breach_minutes: Record<ObstacleKind, readonly [number, number]>;
  /** Maximum effective range of direct fire, metres. */
  weapon_range_m: Record<WeaponClass, number>;
  /** Lanchester attrition coefficient: combat power destroyed per hour per unit of firing combat power. */
  attrition_per_hour: number;
  /** Multiplier of a force's attrition coefficient by its posture (the defender's advantage). */
  posture_factor: Record<Posture, number>;
  /** Fraction of its initial combat power below which a unit breaks off (the enemy withdraws). */
  breakpoint: number;
}

export const DEFAULT_WARGAME_TABLES: Readonly<WargameTables> = Object.freeze<WargameTables>({
  // Foot: FM 21-18's 4 km/h day road-march rate with the 10-minute hourly halt (FM 21-20, via the
  // reference sheet §7.1). Wheeled 30 and tracked 25 km/h: the route model's cross-country speeds
  // (domain/terrain-analysis/travel-models.ts, engineering defaults) — no readable manual gave
  // tactical rates by vehicle type (reference sheet §7.2 NOT FOUND).
  march_rate_kmh: { foot: 4, wheeled: 30, tracked: 25 },
  // SLOW-GO halves the speed, as the route model does (travel-models slowGoFactor). NO-GO is
  // "severely restricted": passable only slowly or with effort (FM 34-130), ENGINEERING DEFAULT 0.1.
  mobility_factor: { GO: 1, 'SLOW-GO': 0.5, 'NO-GO': 0.1 },
  // ENGINEERING DEFAULT: a unit in contact moves by bounds, half its rate.
  engaged_factor: 0.5,
  // ENGINEERING DEFAULTS (no readable breach-time table was found): a lane through a minefield
  // 30–60 min, wire 10–20, an anti-tank ditch 30–60 (filled or bridged), abatis 20–40, a road crater
  // 20–40, a dry gap crossed by an assault bridge 10–20.
  breach_minutes: {
    minefield: [30, 60],
    wire: [10, 20],
    ditch: [30, 60],
    abatis: [20, 40],
    crater: [20, 40],
    gap: [10, 20],
  },
  // Maximum effective ranges [recalled from the systems' public fact sheets]: 120 mm tank gun
  // 2,500 m, TOW-2 3,750 m, 25 mm M242 2,000 m, M2 .50 cal 1,830 m, M4/M249 area fire 600 m.
  weapon_range_m: { tank: 2500, atgm: 3750, ifv: 2000, heavy_machine_gun: 1830, small_arms: 600 },
  // ENGINEERING DEFAULT (no readable per-hour coefficient table was found): at 1:1 a force in the
  // attack destroys a quarter of an equal opponent's power per hour, so a company fight at 3:1 breaks
  // the defender in about 40 minutes — tune per force.
  attrition_per_hour: 0.25,
  // T. N. Dupuy's QJM posture factors (Numbers, Predictions and War, 1979) [recalled]: attack 1.0,
  // hasty defence 1.3, prepared 1.5, fortified 1.6, delay 1.2.
  posture_factor: { attack: 1, hasty_defence: 1.3, prepared_defence: 1.5, fortified_defence: 1.6, delay: 1.2 },
  // ENGINEERING DEFAULT: a unit reduced below half its power breaks off (the common 50 % breakpoint).
  breakpoint: 0.5,
});
