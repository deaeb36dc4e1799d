// A layer's feature collection failed validation: every problem, with its loc inside the
// collection. The API answers it as a 422 under ["body", "feature_collection", ...].
import type { GeoJsonIssue } from './geojson/geojson-issue.ts';

export class InvalidFeatureCollectionError extends Error {
  constructor(readonly issues: GeoJsonIssue[]) {
    super(`Invalid feature collection: ${issues.map((i) => `${i.loc.join('.')}: ${i.msg}`).join('; ')}`);
    this.name = 'InvalidFeatureCollectionError';
  }
}
