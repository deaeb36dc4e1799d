// The rings of an area polygon as flat lists of [lon, lat], whatever the nesting (Polygon or
// MultiPolygon): the even-odd rule over all rings gives inside/outside with holes honoured.
import type { Position } from 'geojson';
import type { AreaPolygon } from '../../../../domain/terrain/types.ts';

export function areaRings(area: AreaPolygon): Position[][] {
  if (area?.type === 'Polygon') return area.coordinates;
  if (area?.type === 'MultiPolygon') return area.coordinates.flat();
  throw new TypeError(
    `area must be a GeoJSON Polygon or MultiPolygon, got ${String((area as { type?: unknown })?.type)}`,
  );
}
