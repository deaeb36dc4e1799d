// Issue 23 over HTTP: a terrain_evaluation analysis on a prepared (synthetic) terrain job, computed
// by the analysis workers; its four MCOO layers through OGC API Features with their svc:layer_type,
// the OAKOC summary in the result, the AO-only defaults (both ways along the long axis), and 422s.
// The AO lies inland, east of Kerava: the synthetic world puts water where the real water is. The
// former AO off Helsinki (24.88–24.965 E, 60.152–60.168 N) was three-quarters sea with no land
// passage west to east, and 25.08–25.17 E at 60.51–60.53 N is cut north to south by a river with
// no bridge; either leaves no corridor at all, so "avenues both ways" could not hold there.
import * as assert from 'uvu/assert';
import { suite } from 'uvu';
import sharp from 'sharp';
import { mapImagePixelOfLonLat } from '../../domain/cartography/map-image-pixel-of-lon-lat.ts';
import { mapFrameForArea } from '../../domain/generated-map/map-frame-for-area.ts';
import { http, startTestService } from '../support/test-service.ts';
import { mapWithBoundary, requestJob, squareBoundary, expectJobSuccess } from '../support/terrain-flow.ts';

const test = suite('terrain evaluation over HTTP [pglite]');
test('AO only: avenues both ways along the long axis, layers in OGC API Features, OAKOC in the result', async () => {
  const svc = await startTestService('pglite', { GENERATED_MAPS: 'true' });
  try {
    const { operationId, mapId, boundary } = await mapWithBoundary(svc, squareBoundary(25.166, 60.508, 25.264, 60.532));
    const jobId = await requestJob(svc, mapId, boundary);
    await expectJobSuccess(svc, jobId);
    const area = {
      type: 'Polygon',
      coordinates: [
        [
          [25.17, 60.51],
          [25.26, 60.51],
          [25.26, 60.53],
          [25.17, 60.53],
          [25.17, 60.51],
        ],
      ],
    };
    const bad = await http(svc.url, 'POST', `/api/maps/${mapId}/analyses/`, {
      key: svc.key,
      body: {
        type: 'terrain_evaluation',
        force: 'mounted_tracked',
        echelon: 'battalion',
        area,
        start: { type: 'Point', coordinates: [25.18, 60.52] },
      },
    });
    assert.is(bad.status, 422, bad.text);
    assert.equal(bad.body.detail[0].loc, ['body', 'objective']);
    const wrong = await http(svc.url, 'POST', `/api/maps/${mapId}/analyses/`, {
      key: svc.key,
      body: { type: 'terrain_evaluation', force: 'hovercraft', echelon: 'battalion', area },
    });
    assert.is(wrong.status, 422, wrong.text);
    const r = await http(svc.url, 'POST', `/api/maps/${mapId}/analyses/`, {
      key: svc.key,
      body: { type: 'terrain_evaluation', force: 'dismounted', echelon: 'company', area },
    });
    assert.is(r.status, 202, r.text);
    const deadline = Date.now() + 600_000;
    let done;
    for (;;) {
      done = (await http(svc.url, 'GET', `/api/analyses/${r.body.id}`, { key: svc.key })).body;
      if (['success', 'failed'].includes(done.status) || Date.now() > deadline) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    assert.is(done.status, 'success', JSON.stringify(done).slice(0, 2000));
    assert.is(done.title, 'Terrain evaluation (MCOO)');
    const result = done.result;
    assert.equal(
      result.directions.map((d: any) => d.name),
      ['west_to_east', 'east_to_west'],
    );
    assert.equal([result.corridor_echelon, result.avenue_echelon, result.corridor_width_m], ['squad', 'platoon', 100]);
    assert.equal(Object.keys(result.oakoc).sort(), [
      'avenues_of_approach',
      'cover_and_concealment',
      'key_terrain',
      'observation_and_fields_of_fire',
      'obstacles',
    ]);
    assert.equal(Object.keys(result.oakoc.avenues_of_approach).sort(), ['east_to_west', 'west_to_east']);
    assert.ok(
      result.directions.every((d: any) => d.avenues.length > 0),
      'the synthetic terrain has avenues both ways',
    );
    if (process.env.SHOW_RESULT)
      console.log(
        JSON.stringify(
          { ...result, directions: result.directions.map((d: any) => ({ ...d, corridors: d.corridors.length })) },
          null,
          1,
        ).slice(0, 6000),
      );
    const shares = result.oakoc.obstacles;
    assert.ok(
      Math.abs(shares.share_unrestricted + shares.share_restricted + shares.share_severely_restricted - 1) < 1e-3,
    );
    assert.is(result.layer_ids.avenue_of_approach, done.layer_id);
    const collections = await http(svc.url, 'GET', `/api/maps/${mapId}/ogc/features/collections`, { key: svc.key });
    for (const [type, layerId] of Object.entries(result.layer_ids as Record<string, string>)) {
      const layer = collections.body.collections.find((c: any) => c.id === `layer--${layerId}`);
      assert.ok(layer, `${type} layer listed`);
      assert.is(layer['svc:layer_type'], type);
      const items = await http(
        svc.url,
        'GET',
        `/api/maps/${mapId}/ogc/features/collections/layer--${layerId}/items?limit=1000`,
        { key: svc.key },
      );
      assert.is(items.status, 200, items.text);
      assert.ok(items.body.features.length > 0);
    }
    for (const direction of result.directions) {
      for (const corridor of direction.corridors) {
        assert.ok(corridor.min_width_m >= 100 || corridor.crossings.length > 0, JSON.stringify(corridor).slice(0, 300));
        assert.match(corridor.chokepoint.mgrs, /^35V/);
      }
      for (const avenue of direction.avenues) assert.equal(Object.keys(avenue.criteria).length, 7);
    }

    // The analysis map is the MCOO sheet: drawn from all four layers, an avenue's arrow on its line.
    const path = `analysis-${r.body.id}.png`;
    let sheet: any;
    for (const until = Date.now() + 120_000; !sheet && Date.now() < until;) {
      const list = await http(svc.url, 'GET', `/api/operations/${operationId}/generated-maps/`, { key: svc.key });
      sheet = list.body.items.find((i: any) => i.path === path);
      if (!sheet) await new Promise((resolve) => setTimeout(resolve, 250));
    }
    assert.ok(sheet, 'the MCOO sheet is drawn');
    assert.is(sheet.title, 'MCOO — Terrain evaluation (MCOO)');
    for (const type of ['obstacle', 'mobility_corridor', 'key_terrain'])
      assert.ok(sheet.inputs[`${type}_layer`]?.startsWith(result.layer_ids[type]), `${type} is an input`);
    const png = await fetch(`${svc.url}/api/operations/${operationId}/generated-maps/${path}`, {
      headers: { Authorization: `Bearer ${svc.key}` },
    });
    const pngBytes = Buffer.from(await png.arrayBuffer());
    const { data, info } = await sharp(pngBytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const avenues = await http(
      svc.url,
      'GET',
      `/api/maps/${mapId}/ogc/features/collections/layer--${done.layer_id}/items?limit=1000`,
      { key: svc.key },
    );
    const line = avenues.body.features[0].geometry.coordinates as [number, number][];
    // The sheet's frame: the AO and the avenues together (README "Generated maps").
    const all = avenues.body.features.flatMap((f: any) => f.geometry.coordinates as [number, number][]);
    const frame = mapFrameForArea([
      Math.min(25.166, ...all.map((p: [number, number]) => p[0])),
      Math.min(60.508, ...all.map((p: [number, number]) => p[1])),
      Math.max(25.264, ...all.map((p: [number, number]) => p[0])),
      Math.max(60.532, ...all.map((p: [number, number]) => p[1])),
    ]);
    const blue = [0x1f, 0x4f, 0xd1];
    const onArrow = [0.25, 0.4, 0.6].map((f) => {
      const [x, y] = mapImagePixelOfLonLat(
        { frame, layers: [], legend: [], gridSpacingMeters: null, title: {} as never },
        ...line[Math.floor(f * (line.length - 1))]!,
      )!;
      const around = [-1, 0, 1].flatMap((dx) => [-1, 0, 1].map((dy) => ((y + dy) * info.width + x + dx) * 3));
      return around.some((i) => [0, 1, 2].every((c) => Math.abs(data[i + c]! - blue[c]!) <= 40));
    });
    assert.ok(onArrow.filter(Boolean).length >= 2, `avenue arrow pixels: ${onArrow}`);
  } finally {
    await svc.close();
  }
});
test.run();
