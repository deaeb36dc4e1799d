/** The coordinate reference system of a raster source, as far as the terrain reader needs it. */
export interface RasterCrs {
  /** EPSG code. */
  epsg: number;
  /** geographic: degrees of lon/lat; web-mercator: EPSG:3857 metres; projected: anything proj4 does. */
  kind: 'geographic' | 'web-mercator' | 'projected';
  /** proj4 definition string, or an 'EPSG:n' name registered with proj4.defs. */
  proj4: string;
}
