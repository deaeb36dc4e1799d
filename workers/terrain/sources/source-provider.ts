// The port every terrain source implements. One provider serves one dataset; which provider a
// dataset uses is configuration (see create-source-provider.ts and README "Terrain sources").
import type { DatasetName, TileAddress, TileRaster, TileFeatures } from '../../../domain/terrain/types.ts';

/** Stable failure codes reported in the terrain job's `sources[*].code`. */
export type SourceErrorCode =
  | 'ELEVATION_SOURCE_UNREACHABLE'
  | 'LAND_COVER_SOURCE_UNREACHABLE'
  | 'ROADS_SOURCE_UNREACHABLE'
  | 'SOIL_SOURCE_UNREACHABLE'
  | 'POPULATION_SOURCE_UNREACHABLE'
  | 'BUILDINGS_SOURCE_UNREACHABLE'
  | 'NO_COVERAGE'
  | 'INVALID_SOURCE_DATA'
  | 'INVALID_SOURCE_CONFIG';

export class SourceError extends Error {
  constructor(
    readonly code: SourceErrorCode,
    message: string,
    readonly dataset?: DatasetName,
  ) {
    super(message);
    this.name = 'SourceError';
  }
}

export function unreachableCode(dataset: DatasetName): SourceErrorCode {
  return `${dataset.toUpperCase()}_SOURCE_UNREACHABLE` as SourceErrorCode;
}

interface ProviderBase {
  readonly dataset: DatasetName;
  /**
   * Content address of what this provider serves (kind, location, version of the reader):
   * products built from the same fingerprint over the same tile are reused, not rebuilt.
   */
  readonly fingerprint: string;
  /** Human-readable description for the job's source `message` (a synthetic source says so). */
  readonly description: string;
  /**
   * Optional: re-reads whatever `fingerprint` depends on that needs I/O (a remote ETag, a directory
   * listing) and returns the new fingerprint. Call it once per job before using the fingerprint as
   * a content address; providers whose fingerprint is always current may omit it.
   */
  refreshFingerprint?(signal?: AbortSignal): Promise<string>;
  /** Optional: releases open files and connections; the provider reopens them if used again. */
  close?(): Promise<void>;
}

export interface RasterSourceProvider extends ProviderBase {
  readonly kind: 'raster';
  /** Continuous values are resampled bilinearly (elevation), categories by nearest neighbour. */
  readonly sampling: 'bilinear' | 'nearest';
  /** The source resampled onto the work tile; throws SourceError. */
  readTile(tile: TileAddress, signal?: AbortSignal): Promise<TileRaster>;
}

export interface VectorSourceProvider extends ProviderBase {
  readonly kind: 'vector';
  /** Features clipped to the work tile, lon/lat; throws SourceError. */
  readTile(tile: TileAddress, signal?: AbortSignal): Promise<TileFeatures>;
  /**
   * Optional, on a roads source: the waterway lines of the same data (OSM `waterway=*`: river,
   * canal, stream, drain, ditch with `waterway`, `width_m`, `name`), the linear obstacles its
   * bridges, fords and tunnels cross. A source without them has no waterways to offer.
   */
  readonly waterways?: VectorSourceProvider;
}

export type SourceProvider = RasterSourceProvider | VectorSourceProvider;
