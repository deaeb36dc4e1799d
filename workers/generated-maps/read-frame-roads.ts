// The roads of a map's face: the road vectors the svc-native--roads MVT collection is built from (the
// terrain job's raw road artifacts, one clipped GeoJSON per work tile), for the work tiles of the job
// inside the frame, split into major and minor classes; footpaths and unknown ways are left off.
import type { Feature } from 'geojson';
import type { MapFrame } from '../../domain/cartography/map-composition.ts';
import { MAJOR_ROAD_CLASSES, UNDRAWN_ROAD_CLASSES } from '../../domain/generated-map/map-symbols.ts';
import type { FrameRoads } from '../../domain/generated-map/map-compositions.ts';
import { mosaicForFrame } from '../../domain/generated-map/mosaic-for-frame.ts';
import type { TileAddress } from '../../domain/terrain/types.ts';
import { WORK_ZOOM } from '../../domain/terrain/work-grid.ts';
import type { BlobStore } from '../../infra/blob-store/blob-store.ts';
import { artifactKey } from '../terrain/build-area-products/artifact-key.ts';
import { decodeFeaturesArtifact } from '../terrain/build-area-products/decode-features-artifact.ts';
import { normaliseRoadClass } from '../terrain/sources/vector/road-class.ts';

/** The job's work tiles that hold part of the frame. */
export function workTilesInFrame(frame: MapFrame, workTiles: ReadonlyArray<readonly [number, number]>): TileAddress[] {
  const m = mosaicForFrame(frame, WORK_ZOOM);
  return workTiles
    .filter(([x, y]) => x >= m.tileX && x < m.tileX + m.tilesWide && y >= m.tileY && y < m.tileY + m.tilesHigh)
    .map(([x, y]) => ({ z: WORK_ZOOM, x, y }));
}

export async function readFrameRoads(
  blobStore: BlobStore,
  frame: MapFrame,
  roadsFingerprint: string,
  workTiles: ReadonlyArray<readonly [number, number]>,
): Promise<FrameRoads> {
  const roads: FrameRoads = { major: [], minor: [] };
  const provider = { dataset: 'roads', fingerprint: roadsFingerprint, kind: 'vector' } as const;
  for (const tile of workTilesInFrame(frame, workTiles)) {
    const blob = await blobStore.get(artifactKey(provider, tile));
    if (!blob) continue;
    for (const feature of decodeFeaturesArtifact(blob).features) {
      const type = feature.geometry?.type;
      if (type !== 'LineString' && type !== 'MultiLineString') continue;
      const cls = normaliseRoadClass(feature.properties.class ?? feature.properties.highway);
      if (UNDRAWN_ROAD_CLASSES.includes(cls)) continue;
      (MAJOR_ROAD_CLASSES.includes(cls) ? roads.major : roads.minor).push(feature as Feature);
    }
  }
  return roads;
}
