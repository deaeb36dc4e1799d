/** How a road crosses a linear obstacle under it (README "Waterways and the river rule"). */
export const CROSSING_KINDS = ['bridge', 'ford', 'tunnel'] as const;
export type CrossingKind = (typeof CROSSING_KINDS)[number];

const flagged = (value: unknown) => value === true || (typeof value === 'string' && value !== '' && value !== 'no');

/**
 * What a road is from its properties (bridge / ford / tunnel flags, OSM `layer`): a way above layer 0
 * passes over what it crosses, a bridge untagged as one; null for an ordinary road.
 */
export function crossingKind(properties: Record<string, unknown>): CrossingKind | null {
  if (flagged(properties.bridge)) return 'bridge';
  if (flagged(properties.ford)) return 'ford';
  if (flagged(properties.tunnel)) return 'tunnel';
  if (typeof properties.layer === 'number' && properties.layer > 0) return 'bridge';
  return null;
}
