// The answer of an analysis read: the read model's state in the API's shape, with links.
import type { AnalysisRow } from '../../projections/queries/analysis-job-queries.ts';
import { tileBounds } from '../../domain/terrain/tile-bounds.ts';
import { JSON_TYPE, GEOJSON } from '../ogc/ogc-media-types.ts';
import { collectionUrl, itemsUrl } from '../ogc/ogc-urls.ts';
import { ogcLink } from '../ogc/ogc-links.ts';

export const analysisUrl = (origin: string, analysisId: string) => `${origin}/api/analyses/${analysisId}`;

function footprintBbox(zoom: number, tiles: Array<[number, number]>): number[] {
  let west = Infinity,
    south = Infinity,
    east = -Infinity,
    north = -Infinity;
  for (const [x, y] of tiles) {
    const [w, s, e, n] = tileBounds({ z: zoom, x, y });
    west = Math.min(west, w);
    south = Math.min(south, s);
    east = Math.max(east, e);
    north = Math.max(north, n);
  }
  return [west, south, east, north];
}

export function analysisView(origin: string, row: AnalysisRow) {
  const s = row.state;
  const links = [
    ogcLink(analysisUrl(origin, row.analysis_id), 'self', JSON_TYPE, 'This analysis'),
    ogcLink(`${origin}/api/maps/${row.map_id}`, 'up', JSON_TYPE, 'The map'),
  ];
  if (s.layer_id) {
    links.push(
      ogcLink(
        collectionUrl(origin, row.map_id, s.layer_id),
        'collection',
        JSON_TYPE,
        'The result layer (OGC API Features)',
      ),
    );
    links.push(ogcLink(itemsUrl(origin, row.map_id, s.layer_id), 'items', GEOJSON, 'The result features'));
  }
  return {
    id: row.analysis_id,
    map_id: row.map_id,
    operation_id: row.operation_id,
    type: s.analysis_type,
    title: s.title,
    status: s.status,
    parameters: s.parameters,
    elevation_source: s.elevation_source,
    terrain_job_id: s.terrain_job_id,
    footprint: {
      work_zoom: s.work_zoom,
      work_tiles: s.work_tiles.length,
      bbox: footprintBbox(s.work_zoom, s.work_tiles),
    },
    waiting_for: s.waiting_for,
    progress: s.progress,
    result: s.result,
    error: s.error,
    layer_id: s.layer_id,
    created_at: row.created_at,
    updated_at: row.updated_at,
    links,
  };
}
