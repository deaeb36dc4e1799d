// The time of a feature for OGC `datetime` filters and the collection's temporal extent: its
// `datetime` property when it has one (validated as RFC 3339 on the way in), else the time its layer
// version was recorded.
import { isRfc3339DateTime } from './is-rfc3339-date-time.ts';

export function featureTime(properties: Record<string, unknown>, versionRecordedAt: string): string {
  return isRfc3339DateTime(properties.datetime) ? properties.datetime : versionRecordedAt;
}
