// The map viewer page: one map of an operation in MapLibre GL JS. Credentials: the browser-login
// session cookie (sent by the browser), or an API key typed into the page, kept in this closure
// only (never in a URL or in storage) and sent as a bearer header, also on MapLibre's tile requests.
(() => {
  'use strict';
  const $ = (id) => document.getElementById(id);
  const origin = window.location.origin;
  const ogcTilesPath = '/api/ogc/tiles/collections';
  const ogcTiles = `${origin}${ogcTilesPath}`;
  const quad = 'tiles/WebMercatorQuad/{z}/{y}/{x}';
  let apiKey = '';
  let map = null;
  let jobTimer = null;

  const authHeaders = () => (apiKey ? { Authorization: `Bearer ${apiKey}` } : {});

  async function api(path) {
    const headers = { Accept: 'application/json', ...authHeaders() };
    const response = await fetch(`${origin}${path}`, { headers, credentials: 'same-origin' });
    const body = await response.json().catch(() => null);
    if (!response.ok) {
      const detail = body && body.detail;
      throw new Error(`${response.status}: ${typeof detail === 'string' ? detail : JSON.stringify(detail)}`);
    }
    return body;
  }

  const status = (text) => {
    $('status').textContent = text;
  };

  // ESA WorldCover classes and their official colours; the land-cover tiles carry the code in red.
  const LAND_COVER_COLOURS = [
    [10, '#006400'],
    [20, '#ffbb22'],
    [30, '#ffff4c'],
    [40, '#f096ff'],
    [50, '#fa0000'],
    [60, '#b4b4b4'],
    [70, '#f0f0f0'],
    [80, '#0064c8'],
    [90, '#0096a0'],
    [95, '#00cf75'],
    [100, '#fae6a0'],
  ];
  const landCoverRamp = [
    'interpolate',
    ['linear'],
    ['elevation'],
    0,
    'rgba(0,0,0,0)',
    8,
    'rgba(0,0,0,0)',
    ...LAND_COVER_COLOURS.flatMap(([code, colour]) => [code - 1.5, colour, code + 1.5, colour]),
  ];
  // Nodata decodes to -10000 m: transparent.
  const elevationRamp = [
    'interpolate',
    ['linear'],
    ['elevation'],
    -10000,
    'rgba(0,0,0,0)',
    -9000,
    'rgba(0,0,0,0)',
    -8999,
    '#2b6cb0',
    0,
    '#2f855a',
    200,
    '#9ae6b4',
    600,
    '#f6e05e',
    1500,
    '#975a16',
    3000,
    '#ffffff',
  ];
  // The interface's terrain-RGB encoding, metres = -10000 + (R·65536 + G·256 + B)·0.1, is MapLibre's
  // 'mapbox' encoding (factors 6553.6, 25.6, 0.1; MapLibre subtracts its baseShift of 10000).
  const elevationEncoding = { encoding: 'mapbox' };
  // The land-cover PNG as a "DEM" whose height is the class code (red; green and blue are 0), so
  // color-relief can colour it. The factors must be non-zero: MapLibre packs the ramp's stops with them.
  const landCoverEncoding = {
    encoding: 'custom',
    redFactor: 1,
    greenFactor: 1 / 256,
    blueFactor: 1 / 65536,
    baseShift: 0,
  };

  // The service answers 204 for a tile with nothing in it or not prepared yet. MapLibre decodes an empty
  // answer as a 1×1 image, and a 1×1 DEM tile beside a 256×256 one cannot lend it its border ("dem
  // dimension mismatch" on the console). The DEM sources load through this protocol, which makes such a
  // tile a full-size DEM of nodata instead: RGB 0 decodes to -10000 m in the elevation encoding and to
  // class 0 in the land-cover one, transparent in both ramps.
  const DEM_PROTOCOL = 'service-dem';
  const DEM_TILE_SIZE = 256;
  maplibregl.addProtocol(DEM_PROTOCOL, async (params, abortController) => {
    const url = `${window.location.protocol}//${params.url.slice(`${DEM_PROTOCOL}://`.length)}`;
    const response = await fetch(url, {
      headers: authHeaders(),
      credentials: 'same-origin',
      signal: abortController.signal,
    });
    if (response.status === 204) return { data: await createImageBitmap(new ImageData(DEM_TILE_SIZE, DEM_TILE_SIZE)) };
    if (!response.ok) throw new Error(`${response.status} ${response.statusText}: ${url}`);
    return {
      data: await response.arrayBuffer(),
      cacheControl: response.headers.get('cache-control'),
      expires: response.headers.get('expires'),
    };
  });

  function baseStyle() {
    const tiles = (collection, ext) => [`${ogcTiles}/${collection}/${quad}.${ext}`];
    const demTiles = (collection) => [
      `${DEM_PROTOCOL}://${window.location.host}${ogcTilesPath}/${collection}/${quad}.png`,
    ];
    const dem = (collection, encoding) => ({
      type: 'raster-dem',
      tiles: demTiles(collection),
      tileSize: DEM_TILE_SIZE,
      minzoom: 8,
      maxzoom: 12,
      ...encoding,
    });
    const vector = (collection) => ({ type: 'vector', tiles: tiles(collection, 'mvt'), minzoom: 8, maxzoom: 12 });
    const hidden = { visibility: 'none' };
    return {
      version: 8,
      sources: {
        elevation: dem('svc-native--terrain-elevation', elevationEncoding),
        'land-cover-codes': dem('svc-native--terrain-landcover', landCoverEncoding),
        roads: vector('svc-native--roads'),
        buildings: vector('svc-native--buildings'),
      },
      layers: [
        { id: 'background', type: 'background', paint: { 'background-color': '#f4f1ea' } },
        {
          id: 'land-cover',
          type: 'color-relief',
          source: 'land-cover-codes',
          paint: { 'color-relief-color': landCoverRamp, 'color-relief-opacity': 0.55 },
        },
        {
          id: 'elevation-colour',
          type: 'color-relief',
          source: 'elevation',
          layout: hidden,
          paint: { 'color-relief-color': elevationRamp, 'color-relief-opacity': 0.7 },
        },
        { id: 'hillshade', type: 'hillshade', source: 'elevation', paint: { 'hillshade-exaggeration': 0.6 } },
        {
          id: 'roads',
          type: 'line',
          source: 'roads',
          'source-layer': 'svc-native--roads',
          paint: { 'line-color': '#333', 'line-width': 1.5 },
        },
        {
          id: 'buildings',
          type: 'fill',
          source: 'buildings',
          'source-layer': 'svc-native--buildings',
          paint: { 'fill-color': '#8b5e3c', 'fill-opacity': 0.8 },
        },
      ],
    };
  }

  // Map-owned tile collections (raster analysis results), under the roads.
  async function addMapTileCollections(mapId) {
    const { collections } = await api(`/api/maps/${mapId}/ogc/tiles/collections`);
    for (const collection of collections) {
      const id = `owned-${collection.id}`;
      const url = `${origin}/api/maps/${mapId}/ogc/tiles/collections/${collection.id}/map/${quad}.png`;
      map.addSource(id, { type: 'raster', tileSize: 256, maxzoom: 12, tiles: [url] });
      map.addLayer({ id, type: 'raster', source: id, paint: { 'raster-opacity': 0.7 } }, 'roads');
    }
  }

  // How each layer type is drawn: the area of operations in red; analysis results as the generated
  // maps draw them (domain/generated-map/map-symbols.ts): routes blue, lines of sight purple, landing
  // zones green, a viewshed's or RF coverage's radius dashed; other layers blue.
  const LAYER_STYLES = {
    boundary: { line: '#d00000', width: 3, fill: '#d00000', fillOpacity: 0.08 },
    route: { line: '#1f4fd1', width: 4, fill: '#1f4fd1', fillOpacity: 0 },
    line_of_sight: { line: '#6a1b9a', width: 3, fill: '#6a1b9a', fillOpacity: 0 },
    landing_zone: { line: '#0b6e4f', width: 2, fill: '#2ecc71', fillOpacity: 0.45 },
    viewshed: { line: '#333333', width: 1.5, fill: '#333333', fillOpacity: 0, dash: [4, 4] },
    rf_coverage: { line: '#333333', width: 1.5, fill: '#333333', fillOpacity: 0, dash: [4, 4] },
    // A terrain evaluation's MCOO layers, in the MCOO sheet's colours (MCOO_SYMBOLS): water and
    // rivers blue, severely restricted dark green, restricted light green; corridors orange,
    // avenues blue (the enemy's red), key terrain candidates purple.
    obstacle: {
      line: 'rgba(0, 0, 0, 0)',
      width: 0,
      fill: [
        'match',
        ['get', 'cause'],
        ['water', 'waterway'],
        '#1e5ac8',
        ['match', ['get', 'terrain_class'], 'severely_restricted', '#1b7a1b', '#8bc34a'],
      ],
      fillOpacity: 0.45,
    },
    mobility_corridor: { line: '#e67e22', width: 2, fill: '#e67e22', fillOpacity: 0.08, point: '#e67e22' },
    avenue_of_approach: {
      line: ['match', ['get', 'direction'], 'enemy', '#c62828', '#1f4fd1'],
      width: 5,
      fill: '#1f4fd1',
      fillOpacity: 0,
    },
    key_terrain: { line: '#8e24aa', width: 2, fill: '#8e24aa', fillOpacity: 0, point: '#8e24aa' },
  };
  const OTHER_LAYERS = { line: '#1f4fd1', width: 2, fill: '#1f4fd1', fillOpacity: 0.08 };
  const ANALYSIS_TYPES = ['route', 'line_of_sight', 'landing_zone', 'viewshed', 'rf_coverage'];

  // Every layer of the map from OGC API Features, styled by its layer type.
  async function addFeatureLayers(mapId) {
    const { collections } = await api(`/api/maps/${mapId}/ogc/features/collections`);
    const bounds = new maplibregl.LngLatBounds();
    for (const collection of collections) {
      const data = await api(`/api/maps/${mapId}/ogc/features/collections/${collection.id}/items?limit=1000`);
      const id = `features-${collection.id}`;
      const layerType = collection['svc:layer_type'];
      const style = LAYER_STYLES[layerType] || OTHER_LAYERS;
      const analysis = ANALYSIS_TYPES.includes(layerType);
      const type = (t) => ['==', ['geometry-type'], t];
      map.addSource(id, { type: 'geojson', data });
      map.addLayer({
        id: `${id}-fill`,
        type: 'fill',
        source: id,
        filter: type('Polygon'),
        paint: { 'fill-color': style.fill, 'fill-opacity': style.fillOpacity },
      });
      map.addLayer({
        id: `${id}-line`,
        type: 'line',
        source: id,
        filter: ['!', type('Point')],
        paint: {
          'line-color': style.line,
          'line-width': style.width,
          ...(style.dash ? { 'line-dasharray': style.dash } : {}),
        },
      });
      map.addLayer({
        id: `${id}-point`,
        type: 'circle',
        source: id,
        filter: type('Point'),
        paint: analysis
          ? {
              'circle-color': '#ffffff',
              'circle-radius': 6,
              'circle-stroke-color': '#000000',
              'circle-stroke-width': 1.5,
            }
          : { 'circle-color': style.point || style.line, 'circle-radius': 5 },
      });
      for (const feature of data.features) extend(bounds, feature.geometry);
    }
    return bounds;
  }

  function extend(bounds, geometry) {
    if (!geometry) return;
    const walk = (c) => (typeof c[0] === 'number' ? bounds.extend([c[0], c[1]]) : c.forEach(walk));
    if (geometry.type === 'GeometryCollection') geometry.geometries.forEach((g) => extend(bounds, g));
    else walk(geometry.coordinates);
  }

  // Work tiles done of the total: built (completed) and reused or empty (skipped) alike, so a cached
  // phase reads 9/9, not 0/9.
  const tileCounts = (c) => `${c.completed + c.skipped}/${c.total} tiles${c.failed ? `, ${c.failed} failed` : ''}`;

  // The newest terrain job of the map, polled while it runs; its tiles are reloaded each time.
  async function followTerrainJob(mapId) {
    clearTimeout(jobTimer);
    const { items } = await api(`/api/terrain-analysis/jobs?map_id=${mapId}&size=1`);
    if (items.length === 0) {
      $('job').textContent = 'No terrain job for this map';
      return;
    }
    // The job read has no id of its own (the interface's shape): the list item names it.
    const jobId = items[0].job_id;
    const job = await api(`/api/terrain-analysis/jobs/${jobId}`);
    const list = document.createElement('ul');
    for (const phase of job.phases || []) {
      const item = document.createElement('li');
      item.textContent = `${phase.id}: ${phase.status}${phase.counts ? ` (${tileCounts(phase.counts)})` : ''}`;
      list.append(item);
    }
    const title = document.createElement('div');
    title.textContent = `Job ${jobId}: `;
    const state = document.createElement('b');
    state.id = 'job-status';
    state.textContent = job.status;
    title.append(state);
    $('job').replaceChildren(title, warningList(job.warnings || []), list);
    if (job.status === 'pending' || job.status === 'in_progress') {
      jobTimer = setTimeout(() => followTerrainJob(mapId).then(refreshTiles, (e) => status(e.message)), 2000);
    }
  }

  // AO sanity warnings (synthetic data, mostly water, no roads, outside a source's coverage) above
  // the phases, so nobody reads the map as real ground without seeing them.
  function warningList(warnings) {
    const list = document.createElement('div');
    list.id = 'job-warnings';
    list.className = 'warnings';
    for (const warning of warnings) {
      const item = document.createElement('p');
      item.dataset.code = warning.code;
      const code = document.createElement('b');
      code.textContent = warning.code;
      item.append(code, `: ${warning.message}`);
      list.append(item);
    }
    return list;
  }

  function refreshTiles() {
    for (const id of ['elevation', 'land-cover-codes', 'roads', 'buildings']) {
      const source = map.getSource(id);
      if (source && source.tiles) source.setTiles(source.tiles);
    }
  }

  function showPoint(rows) {
    $('point').replaceChildren(
      ...rows.flatMap(([name, value]) => {
        const dt = document.createElement('dt');
        dt.textContent = name;
        if (value === undefined) return [dt];
        const dd = document.createElement('dd');
        dd.textContent = value;
        dd.dataset.field = name;
        return [dt, dd];
      }),
    );
  }

  const pointRows = (answer) => [
    ['Elevation', answer.elevation_m === null ? 'no data' : `${answer.elevation_m} m`],
    ['Slope', answer.slope_deg === null ? 'no data' : `${answer.slope_deg}°`],
    ['Land cover', answer.land_cover ? `${answer.land_cover.name} (${answer.land_cover.code})` : 'no data'],
    ...Object.entries(answer.mobility).map(([vehicle, cls]) => [`Mobility, ${vehicle}`, cls || 'no data']),
    ['MGRS', answer.mgrs || '—'],
  ];

  async function openMap(mapId) {
    status('');
    delete document.body.dataset.mapReady;
    delete document.body.dataset.mapIdle;
    if (map) map.remove();
    map = new maplibregl.Map({
      container: 'map',
      style: baseStyle(),
      center: [0, 0],
      zoom: 1,
      attributionControl: false,
      // The service's own requests carry the key (the session cookie goes by itself).
      transformRequest: (url) =>
        url.startsWith(origin) ? { url, headers: authHeaders(), credentials: 'same-origin' } : { url },
    });
    map.addControl(new maplibregl.NavigationControl(), 'top-right');
    map.addControl(new maplibregl.ScaleControl({ unit: 'metric' }));
    await new Promise((resolve) => map.once('load', resolve));
    map.on('click', async (event) => {
      const { lng, lat } = event.lngLat.wrap();
      try {
        showPoint(pointRows(await api(`/api/maps/${mapId}/terrain/point?lon=${lng.toFixed(6)}&lat=${lat.toFixed(6)}`)));
      } catch (error) {
        showPoint([[error.message, undefined]]);
      }
    });
    const bounds = await addFeatureLayers(mapId);
    await addMapTileCollections(mapId);
    if (!bounds.isEmpty()) map.fitBounds(bounds, { padding: 40, animate: false });
    await followTerrainJob(mapId);
    document.body.dataset.mapReady = mapId;
    // Every tile of the view loaded and drawn, after opening and after each move (for scripts and tests
    // that wait on the page).
    map.on('idle', () => {
      document.body.dataset.mapIdle = mapId;
    });
  }

  // A map id may come in the URL (?map=<uuid>); credentials never do.
  $('map-id').value = new URLSearchParams(window.location.search).get('map') || '';
  $('open-map').addEventListener('submit', (event) => {
    event.preventDefault();
    apiKey = $('api-key').value.trim();
    $('api-key').value = '';
    openMap($('map-id').value.trim()).catch((error) => status(error.message));
  });
  for (const input of document.querySelectorAll('#layers input')) {
    input.addEventListener('change', () => {
      if (!map) return;
      if (input.name === 'relief') {
        const colour = document.querySelector('input[name=relief]:checked').value === 'colour';
        map.setLayoutProperty('elevation-colour', 'visibility', colour ? 'visible' : 'none');
        map.setLayoutProperty('hillshade', 'visibility', colour ? 'none' : 'visible');
      } else {
        map.setLayoutProperty(input.dataset.layer, 'visibility', input.checked ? 'visible' : 'none');
      }
    });
  }
})();
