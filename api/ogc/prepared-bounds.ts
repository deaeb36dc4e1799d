// Where each tile collection's display phase has tiles or is preparing them, for the collection
// and tileset documents' extents.
import type { Knex } from 'knex';
import type { PhaseId } from '../../domain/terrain-job/terrain-phases.ts';
import { findPreparedTileExtents } from '../../projections/queries/tile-extent-queries.ts';
import type { TileCollection } from './tile-collections.ts';
import { workTileRangeBounds } from './work-tile-range-bounds.ts';

/** A function giving each collection's lon/lat bounds, or null where nothing is prepared. */
export async function preparedBounds(readModels: Knex, collections: readonly TileCollection[]) {
  const phases = [...new Set(collections.map((c) => c.phase))] as PhaseId[];
  const extents = await findPreparedTileExtents(readModels, phases);
  return (collection: TileCollection) => {
    const range = extents.get(collection.phase);
    return range ? workTileRangeBounds(range) : null;
  };
}
