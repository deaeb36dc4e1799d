// The road network of an analysis footprint as a terrain evaluation reads it: the roads with their
// speeds (readFootprintRoads), the lines of bridges, fords and tunnels (OSM bridge=*, ford=*,
// tunnel=*, or layer above 0: crossing sites of water obstacles), and the junctions where three or more road ends meet.
import type { EvaluationRoads } from '../../domain/analysis-job/terrain-evaluation-result.ts';
import { holdsFootprintTile, pixelOfLonLat, type FootprintGrid } from '../../domain/analysis-job/footprint-grid.ts';
import { roadJunctions } from '../../domain/terrain-evaluation/road-junctions.ts';
import type { TaskControl } from '../../infra/work-queue/work-queue.ts';
import { SourceError, type SourceProvider } from '../terrain/sources/source-provider.ts';
import { crossingKind, type CrossingKind } from '../../domain/terrain-evaluation/crossing-kind.ts';
import { readFootprintRoads } from './read-footprint-elevation.ts';

export async function readFootprintRoadNetwork(
  provider: SourceProvider,
  grid: FootprintGrid,
  control: TaskControl,
): Promise<EvaluationRoads> {
  if (provider.kind !== 'vector')
    throw new SourceError('INVALID_SOURCE_CONFIG', 'the roads source is not a vector source', 'roads');
  const roads = await readFootprintRoads(provider, grid, control);
  const crossings: Array<Array<[number, number]>> = [];
  const crossingSites: CrossingKind[] = [];
  for (let ty = 0; ty < grid.tilesHigh; ty++) {
    for (let tx = 0; tx < grid.tilesWide; tx++) {
      if (!holdsFootprintTile(grid, tx, ty)) continue;
      const tile = await provider.readTile({ z: grid.zoom, x: grid.tileX + tx, y: grid.tileY + ty }, control.signal);
      for (const feature of tile.features) {
        const props = feature.properties ?? {};
        const site = crossingKind(props);
        if (!site) continue;
        const g = feature.geometry;
        const lines = g.type === 'LineString' ? [g.coordinates] : g.type === 'MultiLineString' ? g.coordinates : [];
        for (const line of lines) {
          crossings.push(line.map((p) => pixelOfLonLat(grid, [p[0]!, p[1]!])));
          crossingSites.push(site);
        }
      }
      control.heartbeat();
    }
  }
  return { roads, crossings, crossingSites, junctions: roadJunctions(roads.map((r) => r.line)) };
}
