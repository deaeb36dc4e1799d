// Which provider serves each dataset is configuration: one string per dataset (README "Terrain
// sources"), read from <DATASET>_SOURCE environment variables, `synthetic` by default so that the
// service works offline out of the box.
import { DATASET_NAMES, type DatasetName } from '../../../domain/terrain/types.ts';
import { createCogUrlProvider } from './raster/cog-url-provider.ts';
import { parseDegreeCellTemplate } from './raster/degree-cell-template.ts';
import { createGeoTiffFileProvider } from './raster/geotiff-file-provider.ts';
import { createGeoTiffIndexProvider } from './raster/geotiff-index-provider.ts';
import { createGeoTiffTilesProvider } from './raster/geotiff-tiles-provider.ts';
import { createFilledRasterProvider } from './create-filled-raster-provider.ts';
import { existsSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { SourceError, type SourceProvider, type VectorSourceProvider } from './source-provider.ts';
import { createSyntheticProvider } from './synthetic/create-synthetic-provider.ts';
import { createFlatGeobufProvider } from './vector/create-flatgeobuf-provider.ts';
import { createGeoJsonProvider } from './vector/create-geojson-provider.ts';
import { createOsmLandCoverProvider } from './vector/create-osm-land-cover-provider.ts';
import { createOsmPbfProvider } from './vector/create-osm-pbf-provider.ts';

export type SourceKind =
  'synthetic' | 'geotiff' | 'geotiff-tiles' | 'geotiff-index' | 'cog' | 'osm-pbf' | 'geojson' | 'flatgeobuf';

const RASTER_KINDS: readonly SourceKind[] = ['geotiff', 'geotiff-tiles', 'geotiff-index', 'cog'];
const VECTOR_KINDS: readonly SourceKind[] = ['osm-pbf', 'geojson', 'flatgeobuf'];
const KINDS: readonly SourceKind[] = ['synthetic', ...RASTER_KINDS, ...VECTOR_KINDS];

/**
 * Datasets the pipeline consumes as rasters (elevation and land cover feed slope, ruggedness and
 * mobility), as vectors (roads feed the road graph, buildings are footprints), or either.
 */
const ACCEPTS: Record<DatasetName, 'raster' | 'vector' | 'either'> = {
  elevation: 'raster',
  land_cover: 'raster',
  roads: 'vector',
  buildings: 'vector',
  soil: 'either',
  population: 'either',
};

const isHttp = (location: string) => /^https?:\/\//i.test(location);

function invalid(dataset: DatasetName, reason: string): SourceError {
  return new SourceError('INVALID_SOURCE_CONFIG', reason, dataset);
}

/**
 * The provider for `dataset` described by `spec`:
 *   synthetic                          deterministic generated data covering the globe
 *   geotiff:<path>                     one GeoTIFF / COG file
 *   geotiff-tiles:<path or URL template> 1°x1° GeoTIFF cells, e.g. /dem/{lat_prefix}{lat:02}{lon_prefix}{lon:03}.tif
 *   geotiff-index:<index.json>         GeoTIFFs of any tiling listed by `npm run import-source -- --rasters`
 *   cog:<http(s) URL>                  a Cloud Optimized GeoTIFF read with HTTP range requests
 *   osm-pbf:<path>                     an OpenStreetMap PBF extract (roads, buildings; land cover rasterised)
 *   geojson:<path or URL>              a GeoJSON FeatureCollection
 *   flatgeobuf:<path or URL>           a FlatGeobuf file (indexed ones are read by range)
 * Throws SourceError INVALID_SOURCE_CONFIG with a one-line reason for anything else. No I/O
 * happens here (but for looking for a `waterways.fgb` beside a `roads.fgb`): a missing file is
 * reported by the provider when the job reads it.
 */
export function createSourceProvider(dataset: DatasetName, spec: string): SourceProvider {
  if (!(DATASET_NAMES as readonly string[]).includes(dataset)) {
    throw new SourceError('INVALID_SOURCE_CONFIG', `unknown dataset ${JSON.stringify(dataset)}`);
  }
  const text = (spec ?? '').trim();
  if (text === '') throw invalid(dataset, 'empty source; use synthetic or <kind>:<location>');
  const colon = text.indexOf(':');
  const kind = (colon === -1 ? text : text.slice(0, colon)) as SourceKind;
  const location = colon === -1 ? '' : text.slice(colon + 1).trim();
  if (!KINDS.includes(kind)) {
    throw invalid(dataset, `unknown source kind ${JSON.stringify(kind)}; expected one of ${KINDS.join(', ')}`);
  }
  if (kind === 'synthetic') {
    if (location !== '') throw invalid(dataset, 'synthetic takes no location');
    return createSyntheticProvider(dataset);
  }
  if (location === '') throw invalid(dataset, `${kind} needs a location: ${kind}:<${kind === 'cog' ? 'URL' : 'path'}>`);
  if (kind === 'osm-pbf' && dataset === 'land_cover') {
    // the one vector kind land cover takes: its areas are rasterised onto the work grid
    if (isHttp(location)) throw invalid(dataset, `osm-pbf: takes a local file path, got ${location}`);
    return createOsmLandCoverProvider(location);
  }
  const family = RASTER_KINDS.includes(kind) ? 'raster' : 'vector';
  const accepts = ACCEPTS[dataset];
  if (accepts !== 'either' && accepts !== family) {
    throw invalid(dataset, `${dataset} needs a ${accepts} source, but ${kind} is ${family}`);
  }
  switch (kind) {
    case 'geotiff':
      if (isHttp(location)) throw invalid(dataset, `geotiff: takes a file path; for ${location} use cog:${location}`);
      return createGeoTiffFileProvider(dataset, location);
    case 'cog':
      if (!isHttp(location))
        throw invalid(dataset, `cog: takes an http(s) URL; for a local file use geotiff:${location}`);
      try {
        new URL(location);
      } catch {
        throw invalid(dataset, `cog: ${location} is not a valid URL`);
      }
      return createCogUrlProvider(dataset, location);
    case 'geotiff-tiles':
      try {
        parseDegreeCellTemplate(location);
      } catch (error) {
        throw invalid(dataset, `geotiff-tiles: ${(error as Error).message}`);
      }
      return createGeoTiffTilesProvider(dataset, location);
    case 'geotiff-index':
      if (isHttp(location)) throw invalid(dataset, `geotiff-index: takes a local index file, got ${location}`);
      return createGeoTiffIndexProvider(dataset, location);
    case 'osm-pbf':
      if (isHttp(location)) throw invalid(dataset, `osm-pbf: takes a local file path, got ${location}`);
      return createOsmPbfProvider(dataset, location);
    case 'geojson':
      return createGeoJsonProvider(dataset, location);
    case 'flatgeobuf':
      return dataset === 'roads'
        ? withSiblingWaterways(createFlatGeobufProvider(dataset, location), location)
        : createFlatGeobufProvider(dataset, location);
  }
}

/**
 * A local `roads.fgb` written by `import-source --osm` has the extract's waterway lines beside it
 * (`waterways.fgb`): the roads provider serves them as its `waterways`, and its fingerprint names
 * them (a summary built before they were imported is not reused).
 */
function withSiblingWaterways(roads: VectorSourceProvider, location: string): VectorSourceProvider {
  if (isHttp(location) || basename(location) !== 'roads.fgb') return roads;
  const sibling = join(dirname(location), 'waterways.fgb');
  if (!existsSync(sibling)) return roads;
  const waterways = createFlatGeobufProvider('roads', sibling);
  return { ...roads, fingerprint: `${roads.fingerprint}+${waterways.fingerprint}`, waterways };
}

/** The environment variable that configures a dataset's source, e.g. LAND_COVER_SOURCE. */
function sourceVariableName(dataset: DatasetName): string {
  return `${dataset.toUpperCase()}_SOURCE`;
}

/**
 * The extract land cover is completed from when LAND_COVER_SOURCE is a raster: the OSM PBF file of
 * ROADS_SOURCE, else of BUILDINGS_SOURCE; null when neither is one.
 */
function osmExtractForLandCover(env: Record<string, string | undefined>): string | null {
  for (const name of ['ROADS_SOURCE', 'BUILDINGS_SOURCE']) {
    const match = /^osm-pbf:(.+)$/.exec(env[name]?.trim() ?? '');
    if (match && !isHttp(match[1].trim())) return match[1].trim();
  }
  return null;
}

/**
 * One provider per dataset from ELEVATION_SOURCE, LAND_COVER_SOURCE, ROADS_SOURCE, SOIL_SOURCE,
 * POPULATION_SOURCE and BUILDINGS_SOURCE (unset or empty: synthetic). A bad value throws
 * INVALID_SOURCE_CONFIG naming the variable.
 */
export function sourceProvidersFromEnv(
  env: Record<string, string | undefined> = process.env,
): Record<DatasetName, SourceProvider> {
  const providers = {} as Record<DatasetName, SourceProvider>;
  for (const dataset of DATASET_NAMES) {
    const name = sourceVariableName(dataset);
    const spec = env[name]?.trim() || 'synthetic';
    try {
      providers[dataset] = createSourceProvider(dataset, spec);
    } catch (error) {
      if (error instanceof SourceError)
        throw new SourceError(error.code, `${name}=${JSON.stringify(spec)}: ${error.message}`, dataset);
      throw error;
    }
  }
  // A land-cover raster (WorldCover) wins where it has a class; the OSM extract fills its nodata.
  const landCoverKind = (env.LAND_COVER_SOURCE?.trim() ?? '').split(':', 1)[0] as SourceKind;
  const extract = osmExtractForLandCover(env);
  if (RASTER_KINDS.includes(landCoverKind) && extract && providers.land_cover.kind === 'raster') {
    providers.land_cover = createFilledRasterProvider(providers.land_cover, createOsmLandCoverProvider(extract));
  }
  return providers;
}
