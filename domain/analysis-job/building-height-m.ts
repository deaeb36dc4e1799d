// A building's height above ground from its properties (OSM-style, as the buildings sources give
// them): `height` in metres, else `levels` storeys of 3 m, else one storey. Pure.

/** Storey height assumed for `levels` and for buildings with neither height nor levels, metres. */
export const STOREY_HEIGHT_M = 3;

const positive = (value: unknown): number | null => {
  const n = typeof value === 'string' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) && n > 0 ? n : null;
};

export function buildingHeightM(properties: Record<string, unknown> | null | undefined): number {
  const height = positive(properties?.height);
  if (height !== null) return height;
  const levels = positive(properties?.levels ?? properties?.['building:levels']);
  return (levels ?? 1) * STOREY_HEIGHT_M;
}
