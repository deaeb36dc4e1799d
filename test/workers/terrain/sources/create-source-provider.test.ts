import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { DATASET_NAMES } from '../../../../domain/terrain/types.ts';
import {
  createSourceProvider,
  sourceProvidersFromEnv,
} from '../../../../workers/terrain/sources/create-source-provider.ts';
import { SourceError } from '../../../../workers/terrain/sources/source-provider.ts';

function configError(fn: () => unknown): SourceError {
  try {
    fn();
  } catch (error) {
    assert.instance(error, SourceError);
    assert.is((error as SourceError).code, 'INVALID_SOURCE_CONFIG');
    assert.not.match((error as Error).message, /\n/, 'one line');
    return error as SourceError;
  }
  throw new Error('expected INVALID_SOURCE_CONFIG');
}

test('raster specs build the raster providers, with no I/O at configuration time', () => {
  const file = createSourceProvider('elevation', 'geotiff:/data/dem.tif');
  assert.is(file.kind, 'raster');
  assert.match(file.fingerprint, /^geotiff\|\/data\/dem\.tif\|missing\|reader=1$/);
  const cells = createSourceProvider(
    'elevation',
    ' geotiff-tiles:/data/srtm/{lat_prefix}{lat:02}{lon_prefix}{lon:03}.tif ',
  );
  assert.match(cells.description, /GeoTIFF cells \/data\/srtm\/\{lat_prefix\}/);
  const cog = createSourceProvider('land_cover', 'cog:https://example.org/worldcover.tif');
  assert.is(cog.kind, 'raster');
  assert.is(cog.kind === 'raster' && cog.sampling, 'nearest');
  assert.match(cog.fingerprint, /^cog\|https:\/\/example\.org\/worldcover\.tif\|/);
  assert.is(createSourceProvider('population', 'cog:http://host/pop.tif').kind, 'raster');
});

test("synthetic and vector specs build the other engineer's providers", () => {
  for (const dataset of DATASET_NAMES) {
    const provider = createSourceProvider(dataset, 'synthetic');
    assert.is(provider.dataset, dataset);
    assert.match(provider.description, /[Ss]ynthetic/);
  }
  assert.is(createSourceProvider('roads', 'osm-pbf:/data/x.osm.pbf').kind, 'vector');
  assert.is(createSourceProvider('soil', 'geojson:https://host/soil.geojson').kind, 'vector');
  assert.is(createSourceProvider('buildings', 'flatgeobuf:/data/b.fgb').kind, 'vector');
});

test('bad specs are INVALID_SOURCE_CONFIG with a one-line reason', () => {
  assert.match(configError(() => createSourceProvider('elevation', '')).message, /empty source/);
  assert.match(
    configError(() => createSourceProvider('elevation', 'shapefile:/x.shp')).message,
    /unknown source kind "shapefile"/,
  );
  assert.match(configError(() => createSourceProvider('elevation', 'geotiff:')).message, /geotiff needs a location/);
  assert.match(
    configError(() => createSourceProvider('elevation', 'synthetic:/x')).message,
    /synthetic takes no location/,
  );
  assert.match(
    configError(() => createSourceProvider('elevation', 'geotiff:https://h/x.tif')).message,
    /use cog:https:\/\/h\/x\.tif/,
  );
  assert.match(
    configError(() => createSourceProvider('elevation', 'cog:/data/x.tif')).message,
    /use geotiff:\/data\/x\.tif/,
  );
  assert.match(configError(() => createSourceProvider('elevation', 'cog:https://')).message, /not a valid URL/);
  assert.match(
    configError(() => createSourceProvider('elevation', 'geotiff-tiles:/dem/{lat}{lon}.tif')).message,
    /needs \{lat_prefix\}/,
  );
  assert.match(
    configError(() => createSourceProvider('elevation', 'geojson:/x.geojson')).message,
    /elevation needs a raster source, but geojson is vector/,
  );
  assert.match(
    configError(() => createSourceProvider('roads', 'geotiff:/x.tif')).message,
    /roads needs a vector source/,
  );
  assert.match(configError(() => createSourceProvider('roads', 'osm-pbf:https://h/x.pbf')).message, /local file/);
  configError(() => createSourceProvider('terrain' as never, 'synthetic'));
});

test('sourceProvidersFromEnv: one provider per dataset, synthetic by default, errors name the variable', () => {
  const providers = sourceProvidersFromEnv({
    ELEVATION_SOURCE: 'geotiff:/data/dem.tif',
    ROADS_SOURCE: '',
    SOIL_SOURCE: 'flatgeobuf:/d/soil.fgb',
  });
  assert.equal(Object.keys(providers).sort(), [...DATASET_NAMES].sort());
  assert.match(providers.elevation.fingerprint, /^geotiff\|/);
  assert.match(providers.roads.description, /[Ss]ynthetic/);
  assert.match(providers.land_cover.description, /[Ss]ynthetic/);
  assert.is(providers.soil.kind, 'vector');
  const error = configError(() => sourceProvidersFromEnv({ LAND_COVER_SOURCE: 'geotiff' }));
  assert.match(error.message, /^LAND_COVER_SOURCE="geotiff": geotiff needs a location/);
  assert.is(error.dataset, 'land_cover');
});

test.run();
