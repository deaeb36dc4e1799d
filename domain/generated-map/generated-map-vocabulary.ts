// The vocabulary of generated maps (README "Generated maps"): the kinds of asset, how each is named
// in its URL, and the one pattern a requested asset path must match. Declared once; schemas, routes
// and the dispatcher derive from it.
import { VEHICLE_CLASSES, type VehicleClass } from '../terrain/mobility-config.ts';

export const GENERATED_MAP_KINDS = ['area_overview', 'mcoo', 'analysis'] as const;
export type GeneratedMapKind = (typeof GENERATED_MAP_KINDS)[number];

/** Every asset is a PNG (PDF is not produced). */
export const GENERATED_MAP_CONTENT_TYPE = 'image/png';

/**
 * What an asset path may look like: lower-case letters, digits and hyphens, then `.png`. No slash,
 * dot segment or backslash can match, so a path is never a way out of the operation's assets.
 */
export const ASSET_PATH_PATTERN = '^[a-z0-9][a-z0-9-]{0,99}\\.png$';

export const AREA_OVERVIEW_PATH = 'area-overview.png';
export const mcooPath = (vehicle: VehicleClass) => `mcoo-${vehicle}.png`;
export const analysisMapPath = (analysisId: string) => `analysis-${analysisId.toLowerCase()}.png`;

/** The asset paths a prepared map always has (the analysis maps come one per completed analysis). */
export const TERRAIN_ASSET_PATHS: readonly string[] = [AREA_OVERVIEW_PATH, ...VEHICLE_CLASSES.map(mcooPath)];

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const MCOO = new RegExp(`^mcoo-(${VEHICLE_CLASSES.join('|')})\\.png$`);
const ANALYSIS = new RegExp(`^analysis-(${UUID})\\.png$`);

export type AssetOfPath =
  { kind: 'area_overview' } | { kind: 'mcoo'; vehicle: VehicleClass } | { kind: 'analysis'; analysis_id: string };

/** What an asset path names, or null when no asset can have it. */
export function assetOfPath(path: string): AssetOfPath | null {
  if (path === AREA_OVERVIEW_PATH) return { kind: 'area_overview' };
  const mcoo = MCOO.exec(path);
  if (mcoo) return { kind: 'mcoo', vehicle: mcoo[1] as VehicleClass };
  const analysis = ANALYSIS.exec(path);
  if (analysis) return { kind: 'analysis', analysis_id: analysis[1]! };
  return null;
}
