// The waterways of an analysis footprint as the mobility rasters read them: the roads source's
// waterway lines (VectorSourceProvider.waterways: OSM `waterway=*`) in pixel coordinates of the
// footprint grid, with their class and tagged width. A roads source without waterways gives none.
import { holdsFootprintTile, pixelOfLonLat, type FootprintGrid } from '../../domain/analysis-job/footprint-grid.ts';
import type { WaterwayLine } from '../../domain/terrain-evaluation/burn-linear-obstacles.ts';
import type { TaskControl } from '../../infra/work-queue/work-queue.ts';
import type { SourceProvider } from '../terrain/sources/source-provider.ts';

export async function readFootprintWaterways(
  roads: SourceProvider,
  grid: FootprintGrid,
  control: TaskControl,
): Promise<WaterwayLine[]> {
  const source = roads.kind === 'vector' ? roads.waterways : undefined;
  if (!source) return [];
  const waterways: WaterwayLine[] = [];
  for (let ty = 0; ty < grid.tilesHigh; ty++) {
    for (let tx = 0; tx < grid.tilesWide; tx++) {
      if (!holdsFootprintTile(grid, tx, ty)) continue;
      const tile = await source.readTile({ z: grid.zoom, x: grid.tileX + tx, y: grid.tileY + ty }, control.signal);
      for (const feature of tile.features) {
        const g = feature.geometry;
        const lines = g.type === 'LineString' ? [g.coordinates] : g.type === 'MultiLineString' ? g.coordinates : [];
        const props = feature.properties ?? {};
        const kind = typeof props.waterway === 'string' ? props.waterway : 'stream';
        const widthM = typeof props.width_m === 'number' ? props.width_m : null;
        for (const line of lines) {
          if (line.length > 1)
            waterways.push({ line: line.map((p) => pixelOfLonLat(grid, [p[0]!, p[1]!])), kind, widthM });
        }
      }
      control.heartbeat();
    }
  }
  return waterways;
}
