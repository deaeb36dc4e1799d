// RF coverage of one emitter over a DEM: received power per cell from ITM point-to-point path loss.
//
//   rfCoverage(dem: GroundRaster, emitter: RfEmitter, receiver: RfReceiver, options: RfCoverageOptions)
//     → { receivedDbm: Float32Array, lossDb: Float32Array, statistics }
//
// Received power = transmitPowerDbm + emitter.antennaGainDbi + receiver.antennaGainDbi − ITM loss.
// Invalid input throws an ItmParameterError (a RangeError) whose `field` is the request path
// ('emitter.frequencyMhz', 'options.radiusMetres', …); assertRfCoverageInput is the same check for the
// request layer. Distances are ground metres (the DEM's cell sizes must be ground sizes).
//
// Model and limits: ITM (Longley–Rice 1.2.2, itm/itm-point-to-point-loss.ts) over terrain profiles
// only — no clutter (buildings, forest), no antenna patterns, isotropic gains; a statistical median
// (by default: median time and situation, location variability left out, as SPLAT!). Paths shorter
// than 1 km are outside ITM's fitted range (it answers with a warning, not an error).
//
// Profiles are taken along radials the way SPLAT! takes them (walk-coverage-radials.ts, bilinear
// between cell centres): the first time a radial's sample falls in a cell, that cell's loss is
// ITM's over the radial's profile up to that sample. Cells no radial reached (rare, at the rim) get
// a profile of their own to their centre. A sample on nodata ends its radial (the cells beyond stay
// NaN). The emitter's own cell gets the free-space loss at half a cell. Earth curvature is ITM's own
// (effective radius from the surface refractivity).
import { asRequestFieldError, assertRfCoverageInput, rfItmParams } from './assert-rf-coverage-input.ts';
import { extractTerrainProfile } from './extract-terrain-profile.ts';
import { freeSpaceLoss } from './itm/free-space-loss.ts';
import type { ItmWarning } from './itm/itm-vocabulary.ts';
import { predictItmLoss } from './itm/predict-itm-loss.ts';
import type { RfCoverage, RfCoverageOptions, RfEmitter, RfReceiver } from './rf-coverage-types.ts';
import type { GroundRaster } from './types.ts';
import { walkCoverageRadials } from './walk-coverage-radials.ts';

export function rfCoverage(
  dem: GroundRaster,
  emitter: RfEmitter,
  receiver: RfReceiver,
  options: RfCoverageOptions,
): RfCoverage {
  assertRfCoverageInput(dem, emitter, receiver, options);
  const { width, height } = dem;
  const params = rfItmParams(emitter, receiver, options);
  const radius = options.radiusMetres;
  const lossDb = new Float32Array(width * height).fill(NaN);
  const warnings: ItmWarning[] = [];
  const loss = (elevations: Float64Array, spacing: number, length = elevations.length) => {
    warnings.length = 0;
    try {
      return predictItmLoss({ elevations, spacing, length }, params, warnings).lossDb;
    } catch (error) {
      // Nₛ at the path's mean height, hence the effective earth, can leave ITM's range on high ground.
      throw asRequestFieldError(error);
    }
  };
  const done = walkCoverageRadials(dem, emitter.cell, radius, (index, elevations, spacing, length) => {
    lossDb[index] = loss(elevations, spacing, length);
  });
  const emitterIndex = emitter.cell.row * width + emitter.cell.col;
  lossDb[emitterIndex] = freeSpaceLoss(Math.min(dem.cellWidth, dem.cellHeight) / 2, params.frequencyMhz);
  fillMissedCells(dem, emitter, radius, done, lossDb, loss);
  return summarise(dem, emitter, receiver, radius, lossDb);
}

/** Cells within the radius that no radial sample fell in: a straight profile to each cell's centre. */
function fillMissedCells(
  dem: GroundRaster,
  emitter: RfEmitter,
  radius: number,
  done: Uint8Array,
  lossDb: Float32Array,
  loss: (elevations: Float64Array, spacing: number) => number,
): void {
  const { width, height, cellWidth, cellHeight } = dem;
  const { col: c0, row: r0 } = emitter.cell;
  const rowSpan = Math.ceil(radius / cellHeight),
    colSpan = Math.ceil(radius / cellWidth);
  for (let row = Math.max(0, r0 - rowSpan); row <= Math.min(height - 1, r0 + rowSpan); row++) {
    for (let col = Math.max(0, c0 - colSpan); col <= Math.min(width - 1, c0 + colSpan); col++) {
      const index = row * width + col;
      if (done[index]) continue;
      const east = (col - c0) * cellWidth,
        south = (row - r0) * cellHeight;
      const distance = Math.hypot(east, south);
      if (distance > radius) continue;
      done[index] = 1;
      const profile = extractTerrainProfile(dem, emitter.cell, { col, row });
      if (profile) lossDb[index] = loss(profile.elevations as Float64Array, profile.spacing);
    }
  }
}

function summarise(
  dem: GroundRaster,
  emitter: RfEmitter,
  receiver: RfReceiver,
  radius: number,
  lossDb: Float32Array,
): RfCoverage {
  const { width, height, cellWidth, cellHeight } = dem;
  const { col: c0, row: r0 } = emitter.cell;
  const gain = emitter.transmitPowerDbm + emitter.antennaGainDbi + receiver.antennaGainDbi;
  const receivedDbm = new Float32Array(lossDb.length).fill(NaN);
  let cellsComputed = 0,
    cellsCovered = 0,
    maxRange = 0,
    maxReceived = -Infinity,
    minReceived = Infinity;
  // Only the radius's bounding box holds values (row-major, as a scan of the whole raster would meet them).
  const rowSpan = Math.ceil(radius / cellHeight),
    colSpan = Math.ceil(radius / cellWidth);
  const colFirst = Math.max(0, c0 - colSpan),
    colLast = Math.min(width - 1, c0 + colSpan);
  for (let row = Math.max(0, r0 - rowSpan); row <= Math.min(height - 1, r0 + rowSpan); row++) {
    for (let col = colFirst; col <= colLast; col++) {
      const i = row * width + col;
      const l = lossDb[i];
      if (l !== l) continue;
      const received = gain - l;
      receivedDbm[i] = received;
      cellsComputed++;
      if (received > maxReceived) maxReceived = received;
      if (received < minReceived) minReceived = received;
      if (received < receiver.sensitivityDbm) continue;
      cellsCovered++;
      const east = (col - c0) * cellWidth;
      const south = (row - r0) * cellHeight;
      maxRange = Math.max(maxRange, Math.hypot(east, south));
    }
  }
  return {
    receivedDbm,
    lossDb,
    statistics: {
      cellsComputed,
      cellsCovered,
      coveredShare: cellsComputed ? cellsCovered / cellsComputed : 0,
      maxRangeMetres: maxRange,
      maxReceivedDbm: cellsComputed ? maxReceived : NaN,
      minReceivedDbm: cellsComputed ? minReceived : NaN,
    },
  };
}
