// A problem found in submitted GeoJSON, in the FastAPI / pydantic shape: `loc` is the path to the
// culprit inside the value that was validated (callers prefix it with where that value sits).
export type Loc = Array<string | number>;

export interface GeoJsonIssue {
  loc: Loc;
  msg: string;
  type: string;
}
