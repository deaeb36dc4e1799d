// Rings whose crossing check (ring-crossing-issue.ts) the caller runs later, off the event loop:
// a validator given a DeferredRingChecks collects the closed, valid rings here instead of searching
// them itself. Without one, every ring is searched where it is checked.
import type { Position } from 'geojson';
import type { Loc } from './geojson-issue.ts';

export interface DeferredRingCheck {
  ring: Position[];
  loc: Loc;
}

export type DeferredRingChecks = DeferredRingCheck[];
