// The result of an RF coverage analysis: received power per cell from the emitter entity over the
// footprint's elevation (domain/terrain-analysis/rf-coverage.ts: ITM point-to-point along radials),
// its statistics against the receiver's sensitivity, and the features of its map layer. Pure.
import { rfCoverage } from '../terrain-analysis/rf-coverage.ts';
import type { LayerFeatureCollection } from '../map/layer-feature-collection.ts';
import { analysisLayerFeature } from './analysis-layer-feature.ts';
import type { RfCoverageParameters } from './analysis-parameters.ts';
import { groundRasterOf, type ElevationGrid } from './elevation-grid.ts';
import { requireCell, sightPointView } from './sight-point-view.ts';
import { circleRing } from './circle-ring.ts';

export const RF_MODEL =
  'ITM (Longley–Rice 1.2.2) point-to-point loss over terrain profiles along radials (as SPLAT!), ' +
  'median time and situation, location variability left out; ' +
  'continental temperate climate, N0 301, ground εr 15, σ 0.005 S/m, vertical polarization; isotropic antennas; ' +
  "no clutter (buildings, forest). Paths under 1 km are outside ITM's fitted range.";

const round = (value: number, digits: number) => Number(value.toFixed(digits));

export function rfCoverageResult(elevation: ElevationGrid, parameters: RfCoverageParameters, newId: () => string) {
  const { grid, data } = elevation;
  const { emitter, receiver, radius_m } = parameters;
  const dem = groundRasterOf(elevation, emitter.position);
  const coverage = rfCoverage(
    dem,
    {
      cell: requireCell(grid, emitter.position),
      antennaHeight: emitter.antenna_height_m,
      frequencyMhz: emitter.frequency_mhz,
      transmitPowerDbm: emitter.transmit_power_dbm,
      antennaGainDbi: emitter.antenna_gain_dbi,
    },
    {
      antennaHeight: receiver.antenna_height_m,
      antennaGainDbi: receiver.antenna_gain_dbi,
      sensitivityDbm: receiver.sensitivity_dbm,
    },
    { radiusMetres: radius_m },
  );
  const s = coverage.statistics;
  const point = sightPointView(grid, data, emitter.position, emitter.antenna_height_m);
  const result = {
    emitter: {
      ...point,
      entity_id: emitter.entity_id,
      name: emitter.name,
      frequency_mhz: emitter.frequency_mhz,
      transmit_power_dbm: emitter.transmit_power_dbm,
      antenna_gain_dbi: emitter.antenna_gain_dbi,
    },
    receiver,
    radius_m,
    cell_size_m: round(dem.cellWidth, 4),
    model: RF_MODEL,
    statistics: {
      cells_computed: s.cellsComputed,
      cells_covered: s.cellsCovered,
      covered_share: round(s.coveredShare, 6),
      max_range_m: round(s.maxRangeMetres, 2),
      max_received_dbm: round(s.maxReceivedDbm, 3),
      min_received_dbm: round(s.minReceivedDbm, 3),
    },
  };
  const features: LayerFeatureCollection = {
    type: 'FeatureCollection',
    features: [
      analysisLayerFeature(
        newId,
        'emitter',
        {
          entity_id: emitter.entity_id,
          name: emitter.name,
          mgrs: point.mgrs,
          ground_elevation_m: point.ground_elevation_m,
          antenna_height_m: emitter.antenna_height_m,
          frequency_mhz: emitter.frequency_mhz,
        },
        { type: 'Point', coordinates: point.position },
      ),
      analysisLayerFeature(
        newId,
        'radius',
        { radius_m, covered_share: result.statistics.covered_share, max_range_m: result.statistics.max_range_m },
        { type: 'Polygon', coordinates: [circleRing(point.position, radius_m)] },
      ),
    ],
  };
  return { result, receivedDbm: coverage.receivedDbm, features };
}
