import { DEFAULT_MOBILITY_CONFIG, VEHICLE_CLASSES, type MobilityConfig, type VehicleClass } from './mobility-config.ts';
import { mobilityClassName, type MobilityClassName } from './mobility-class-names.ts';
import { mobilityRaster } from './mobility-raster.ts';
import { slopeDegrees } from './slope-degrees.ts';
import { WORLDCOVER_CLASS_NAMES } from './worldcover-class-names.ts';

export interface TerrainPixelInputs {
  /** Elevation of the pixel and its 8 neighbours, metres, row-major from the north-west; NaN = nodata. */
  elevationWindow: ArrayLike<number>;
  /** True ground size of the pixel's row, metres (pixelGroundSizeMeters). */
  groundSpacingM: number;
  /** Land-cover code of the pixel (ESA WorldCover), or `landCoverNodata`. */
  landCover: number;
  landCoverNodata: number;
}

export interface TerrainAtPixel {
  /** Metres to 0.1 m (the elevation tiles' step), null where the DEM has no value. */
  elevation_m: number | null;
  /** Degrees to 0.01°, Horn's method; null where a neighbour has no value (an absent tile or nodata). */
  slope_deg: number | null;
  land_cover: { code: number; name: string } | null;
  /** Cross-country class per vehicle class (roads not considered); null where slope or land cover is unknown. */
  mobility: Record<VehicleClass, MobilityClassName | null>;
}

const round = (value: number, step: number) => Math.round(value / step) * step;
const tidy = (value: number, decimals: number) => Number(round(value, 10 ** -decimals).toFixed(decimals));

/** Elevation, slope, land cover and mobility of one work pixel from its 3x3 elevation window. */
export function terrainAtPixel(
  inputs: TerrainPixelInputs,
  config: MobilityConfig = DEFAULT_MOBILITY_CONFIG,
): TerrainAtPixel {
  if (inputs.elevationWindow.length !== 9) {
    throw new RangeError(`a 3x3 elevation window has 9 values, got ${inputs.elevationWindow.length}`);
  }
  const window = Float32Array.from(inputs.elevationWindow);
  const spacing = [inputs.groundSpacingM];
  const slope = slopeDegrees({ width: 1, height: 1, data: window }, { x: spacing, y: spacing })[0]!;
  const centre = window[4]!;
  const code = inputs.landCover;
  const known = code !== inputs.landCoverNodata && code >= 0 && code <= 255;
  const landCover = Uint8Array.of(known ? code : inputs.landCoverNodata);
  const mobility = Object.fromEntries(
    VEHICLE_CLASSES.map((vehicle) => {
      const cls = mobilityRaster(
        { slopeDegrees: Float32Array.of(slope), landCover, landCoverNodata: inputs.landCoverNodata },
        vehicle,
        config,
      )[0]!;
      return [vehicle, mobilityClassName(cls)];
    }),
  ) as Record<VehicleClass, MobilityClassName | null>;
  return {
    elevation_m: Number.isNaN(centre) ? null : tidy(centre, 1),
    slope_deg: Number.isNaN(slope) ? null : tidy(slope, 2),
    land_cover: known ? { code, name: WORLDCOVER_CLASS_NAMES[code] ?? `class ${code}` } : null,
    mobility,
  };
}
