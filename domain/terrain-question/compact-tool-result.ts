// What a terrain agent's tool returns to the model and records in the answer: the analysis result's
// figures and MGRS references without what only a map draws (profiles, zone outlines, rasters). Pure.
type Json = Record<string, unknown>;

/** A route: everything but the elevation profile. */
export function compactRouteResult(result: Json): Json {
  const { profile: _profile, ...rest } = result;
  return rest;
}

/** A line of sight: everything but the ground profile (its highest point is kept). */
export function compactLineOfSightResult(result: Json): Json {
  const { profile, ...rest } = result as Json & { profile?: Array<{ ground_elevation_m: number | null }> };
  const heights = (profile ?? []).map((p) => p.ground_elevation_m).filter((z): z is number => z !== null);
  return { ...rest, highest_ground_m: heights.length ? Math.max(...heights) : null };
}

interface ZoneCheck {
  pass: boolean;
  reason: string | null;
}
interface Zone {
  rank: number;
  suitable: boolean;
  diameter_m: number;
  center: { position: [number, number]; mgrs: string | null; ground_elevation_m: number | null };
  slope: ZoneCheck & { degrees: number | null; landing_class: string | null };
  surface: ZoneCheck;
  obstacles: ZoneCheck;
  clearance: ZoneCheck;
  road: ZoneCheck | null;
}

/** A landing-zone survey: each zone's centre, slope and the reasons of failed checks, without its outline. */
export function compactLandingZonesResult(result: Json): Json {
  const { zones, source: _source, ...rest } = result as Json & { zones: Zone[] };
  return {
    ...rest,
    zones: zones.map((z) => ({
      rank: z.rank,
      suitable: z.suitable,
      diameter_m: z.diameter_m,
      center: z.center,
      slope_degrees: z.slope.degrees,
      landing_class: z.slope.landing_class,
      failed_checks: (['slope', 'surface', 'obstacles', 'clearance', 'road'] as const)
        .filter((check) => z[check] && !z[check]!.pass)
        .map((check) => ({ check, reason: z[check]!.reason })),
    })),
  };
}

/** RF coverage: the emitter, receiver and statistics (the model's long description left out). */
export function compactRfCoverageResult(result: Json): Json {
  const { model: _model, ...rest } = result;
  return rest;
}
