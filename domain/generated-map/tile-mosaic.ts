// The tiles of one zoom that cover a map's frame, as one mosaic grid (tile rows and columns in
// order). The generated maps read the service's own tiles (terrain display tiles, analysis result
// tiles) into such a mosaic and resample it onto the face (frame-pixels-in-mosaic.ts and beside).
export interface TileMosaic {
  zoom: number;
  /** The north-west tile. */
  tileX: number;
  tileY: number;
  tilesWide: number;
  tilesHigh: number;
}
