// The river rule on one work tile of the terrain summary (README "Waterways and the river rule"):
// the tile's waterway lines burnt into each vehicle class's mobility raster (in place), crossable
// only on the cells of roads tagged bridge, ford or tunnel (or above layer 0); and which of those
// crossing roads actually cross water here (a waterway or land cover's water under them).
import { lineCellMask } from '../../../../domain/analysis-job/line-cell-mask.ts';
import { VEHICLE_CLASSES, WORLDCOVER, type VehicleClass } from '../../../../domain/terrain/mobility-config.ts';
import { pixelCenterLonLat } from '../../../../domain/terrain/pixel-center-lon-lat.ts';
import { pixelGroundSizeMeters } from '../../../../domain/terrain/pixel-ground-size-meters.ts';
import type { TileAddress, TileFeature } from '../../../../domain/terrain/types.ts';
import { applyLinearObstacles } from '../../../../domain/terrain-evaluation/apply-linear-obstacles.ts';
import { burnLinearObstacles, type WaterwayLine } from '../../../../domain/terrain-evaluation/burn-linear-obstacles.ts';
import { crossingKind, type CrossingKind } from '../../../../domain/terrain-evaluation/crossing-kind.ts';
import { tilePixelLines } from './tile-pixel-lines.ts';

export interface WaterwaysOnTile {
  tile: TileAddress;
  size: number;
  waterways: readonly TileFeature[];
  roads: readonly TileFeature[];
  landCover: Uint8Array;
  /** Mobility per vehicle class, changed in place. */
  mobility: Record<VehicleClass, Uint8Array>;
}

export interface WaterCrossing {
  id: string;
  kind: CrossingKind;
  /** [lon, lat] of the first cell over water. */
  at: [number, number];
}

/** Applies the rule; answers the crossing roads over water. */
export function applyWaterwaysOnTile(input: WaterwaysOnTile): WaterCrossing[] {
  const { tile, size } = input;
  const lines: WaterwayLine[] = tilePixelLines(input.waterways, tile, size).map(({ line, feature }) => ({
    line,
    kind: typeof feature.properties.waterway === 'string' ? feature.properties.waterway : 'stream',
    widthM: typeof feature.properties.width_m === 'number' ? feature.properties.width_m : null,
  }));
  const crossing = tilePixelLines(
    input.roads.filter((f) => crossingKind(f.properties) !== null),
    tile,
    size,
  );
  const crossingMask = lineCellMask(
    size,
    size,
    crossing.map((c) => c.line),
  );
  const cellSizeM = pixelGroundSizeMeters(tile, size / 2, size);
  let wet: Uint8Array | null = null;
  for (const vehicle of VEHICLE_CLASSES) {
    const linear = burnLinearObstacles(size, size, cellSizeM, lines, vehicle);
    applyLinearObstacles(input.mobility[vehicle], linear, crossingMask);
    wet ??= linear;
  }
  const over = new Map<string, WaterCrossing>();
  crossing.forEach(({ line, feature }, k) => {
    const id = String(feature.id ?? `${tile.z}/${tile.x}/${tile.y}#${k}`);
    if (over.has(id)) return;
    const cells = lineCellMask(size, size, [line]);
    for (let i = 0; i < cells.length; i++) {
      if (cells[i] === 0 || (wet![i] === 0 && input.landCover[i] !== WORLDCOVER.permanentWater)) continue;
      const at = pixelCenterLonLat(tile, i % size, Math.floor(i / size), size) as [number, number];
      over.set(id, { id, kind: crossingKind(feature.properties)!, at });
      break;
    }
  });
  return [...over.values()];
}
