// The KML writer on names that need escaping: GDAL (LIBKML) reads the map and layer folders, the
// placemark's name and its ExtendedData back as they were written; the KMZ holds the same as doc.kml.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import JSZip from 'jszip';
import { writeKml, writeKmz } from '../../../api/exports/write-kml.ts';
import { exportLayerTables } from '../../../domain/exports/export-layer-tables.ts';

const run = promisify(execFile);

const tables = exportLayerTables([
  {
    map_id: 'm1',
    map_name: 'A & B <map>',
    layer_id: 'l1',
    layer_type: 'annotation',
    title: 'PL "red" & <blue>',
    version: 3,
    features: [
      {
        type: 'Feature',
        id: '6f0c1e0a-0000-4000-8000-000000000001',
        properties: { name: 'CP <1> & 2', note: 'a&b' },
        geometry: { type: 'Point', coordinates: [24.5, 60.25] },
      },
    ],
  },
]);

test('folders and placemarks survive characters XML must escape', async () => {
  const kml = writeKml('Op & <x>', tables);
  const dir = mkdtempSync(join(tmpdir(), 'kml-'));
  try {
    const file = join(dir, 'layers.kml');
    writeFileSync(file, kml);
    const { stdout } = await run('ogr2ogr', ['-f', 'GeoJSON', '/vsistdout/', file, 'PL "red" & <blue>']);
    const features = JSON.parse(stdout).features;
    assert.is(features.length, 1);
    assert.is(features[0].properties.Name, 'CP <1> & 2');
    assert.is(features[0].properties.note, 'a&b');
    assert.is(features[0].properties.layer_type, 'annotation');
    assert.equal(features[0].geometry.coordinates, [24.5, 60.25]);
    const { stdout: listing } = await run('ogrinfo', ['-ro', '-q', file]);
    assert.match(listing, /1: A & B <map>/);

    const zip = await JSZip.loadAsync(await writeKmz(kml));
    assert.equal(Object.keys(zip.files), ['doc.kml']);
    assert.is(await zip.file('doc.kml')!.async('string'), kml);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test.run();
