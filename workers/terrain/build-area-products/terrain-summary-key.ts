// Key of an area's terrain_summary product, from the fingerprints of the sources it summarises and
// the area: the builder stores the summary under it, and a reader finds it from the terrain job's
// request alone (the sources it recorded and its boundary), with no listing of the store.
import { sourceHash } from '../../../domain/terrain/source-hash.ts';
import type { AreaPolygon } from '../../../domain/terrain/types.ts';
import { ARTIFACT_FORMAT } from './artifact-key.ts';
import { productKey } from './product-key.ts';

// v2: the summary carries AO sanity warnings. v3: waterways, and rivers in the mobility shares.
export const SUMMARY_VERSION = 'summary-v3';

/** Provider fingerprints; population and buildings are left out when the job did not include them. */
export interface SummarySourceFingerprints {
  elevation: string;
  landCover: string;
  roads: string;
  population?: string;
  buildings?: string;
}

export function terrainSummaryKey(fingerprints: SummarySourceFingerprints, area: AreaPolygon): string {
  const { elevation, landCover, roads, population, buildings } = fingerprints;
  const sources = [elevation, landCover, roads, population, buildings].map((fingerprint) =>
    fingerprint === undefined ? '-' : sourceHash(fingerprint, ARTIFACT_FORMAT),
  );
  return productKey('terrain_summary', 'json', ...sources, JSON.stringify(area), SUMMARY_VERSION);
}
