/**
 * Minimum landing-point diameter in metres by helicopter size class 1–7, after FM 3-21.38
 * (Pathfinder Operations, 2006), chapter 4, as quoted by pathfinder study guides: 25, 35, 50, 80,
 * 100, 125 and 150 m (size 1: light observation helicopters … size 7: heavy lift, e.g. CH-47 sling loads).
 */
export const LANDING_POINT_DIAMETERS_M: Readonly<Record<1 | 2 | 3 | 4 | 5 | 6 | 7, number>> = Object.freeze({
  1: 25,
  2: 35,
  3: 50,
  4: 80,
  5: 100,
  6: 125,
  7: 150,
});
