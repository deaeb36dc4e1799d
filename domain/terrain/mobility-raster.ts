import {
  DEFAULT_MOBILITY_CONFIG,
  MOBILITY_GO,
  MOBILITY_NO_GO,
  MOBILITY_NODATA,
  MOBILITY_SLOW_GO,
  type MobilityConfig,
  type VehicleClass,
} from './mobility-config.ts';

export interface MobilityInputs {
  /** Slope in degrees per pixel (slopeDegrees), NaN = nodata. */
  slopeDegrees: Float32Array;
  /** Land-cover category per pixel (ESA WorldCover codes). */
  landCover: Uint8Array;
  /** The land-cover nodata value. */
  landCoverNodata: number;
  /** Optional roads mask, non-zero where a road crosses the pixel. */
  roads?: Uint8Array | null;
}

/**
 * Cross-country mobility per pixel for one vehicle class: MOBILITY_GO (0), MOBILITY_SLOW_GO (1),
 * MOBILITY_NO_GO (2), or MOBILITY_NODATA (255) where slope or land cover is unknown (and no road
 * makes the question moot). The rules and their sources are in mobility-config.ts.
 */
export function mobilityRaster(
  inputs: MobilityInputs,
  vehicle: VehicleClass,
  config: MobilityConfig = DEFAULT_MOBILITY_CONFIG,
): Uint8Array {
  const rules = config[vehicle];
  if (!rules) throw new RangeError(`unknown vehicle class ${JSON.stringify(vehicle)} (foot, wheeled or tracked)`);
  const { slopeDegrees, landCover, landCoverNodata, roads } = inputs;
  const n = slopeDegrees.length;
  if (landCover.length !== n || (roads && roads.length !== n)) {
    throw new RangeError(
      `mobility inputs differ in size: slope ${n}, land cover ${landCover.length}, roads ${roads?.length}`,
    );
  }
  const { goBelowSlopePercent: go, slowGoBelowSlopePercent: slow } = rules;
  if (!(go > 0) || !(slow >= go)) {
    throw new RangeError(`${vehicle} slope thresholds must satisfy 0 < go (${go}) <= slow-go (${slow})`);
  }
  // Compare in degrees: one atan per threshold instead of one tan per pixel.
  const goDegrees = (Math.atan(go / 100) * 180) / Math.PI;
  const slowDegrees = (Math.atan(slow / 100) * 180) / Math.PI;
  const coverClass = new Uint8Array(256).fill(MOBILITY_NODATA);
  for (const [code, cls] of Object.entries(rules.landCover)) coverClass[Number(code)] = cls;
  if (landCoverNodata >= 0 && landCoverNodata <= 255) coverClass[landCoverNodata] = MOBILITY_NODATA;

  const out = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    if (roads && rules.roadsAreGo && roads[i] !== 0) {
      out[i] = MOBILITY_GO;
      continue;
    }
    const slope = slopeDegrees[i];
    const cover = coverClass[landCover[i]];
    if (slope !== slope || cover === MOBILITY_NODATA) {
      out[i] = MOBILITY_NODATA;
      continue;
    }
    const bySlope = slope < goDegrees ? MOBILITY_GO : slope < slowDegrees ? MOBILITY_SLOW_GO : MOBILITY_NO_GO;
    out[i] = bySlope > cover ? bySlope : cover;
  }
  return out;
}
