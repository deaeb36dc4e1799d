import proj4 from 'proj4';
import { SourceError } from '../source-provider.ts';
import type { RasterCrs } from './raster-crs.ts';

/** GeoKey values of GeoTIFF 1.1 (OGC 19-008r4) that the reader looks at. */
export interface GeoKeys {
  GTModelTypeGeoKey?: number;
  GTRasterTypeGeoKey?: number;
  GeographicTypeGeoKey?: number;
  GeogGeodeticDatumGeoKey?: number;
  GeogSemiMajorAxisGeoKey?: number;
  GeogInvFlatteningGeoKey?: number;
  ProjectedCSTypeGeoKey?: number;
  [key: string]: unknown;
}

const USER_DEFINED = 32767;
const MODEL_PROJECTED = 1;
const MODEL_GEOGRAPHIC = 2;

/**
 * proj4 definitions for the EPSG codes the reader always knows. UTM zones of WGS 84 (326xx north,
 * 327xx south) cover most DEM and land-cover products delivered in a projected CRS; ETRS89 and
 * NAD83 UTM zones and ETRS89-LAEA cover European and North American national products. ETRS89 and
 * NAD83 are used without datum shift (they differ from WGS 84 by about a metre, far below the
 * 38 m work pixel). Any other code works once registered with proj4.defs('EPSG:<code>', ...).
 */
function builtInDefinition(epsg: number): string | null {
  if (epsg === 4326) return '+proj=longlat +datum=WGS84 +no_defs';
  if (epsg === 4258 || epsg === 4269) return '+proj=longlat +ellps=GRS80 +no_defs';
  if (epsg === 3857 || epsg === 900913 || epsg === 3785) {
    return '+proj=merc +a=6378137 +b=6378137 +lat_ts=0 +lon_0=0 +x_0=0 +y_0=0 +k=1 +units=m +no_defs';
  }
  if (epsg >= 32601 && epsg <= 32660) return `+proj=utm +zone=${epsg - 32600} +datum=WGS84 +units=m +no_defs`;
  if (epsg >= 32701 && epsg <= 32760) return `+proj=utm +zone=${epsg - 32700} +south +datum=WGS84 +units=m +no_defs`;
  if (epsg >= 25828 && epsg <= 25838) return `+proj=utm +zone=${epsg - 25800} +ellps=GRS80 +units=m +no_defs`;
  if (epsg >= 26901 && epsg <= 26923) return `+proj=utm +zone=${epsg - 26900} +ellps=GRS80 +units=m +no_defs`;
  if (epsg === 3035) return '+proj=laea +lat_0=52 +lon_0=10 +x_0=4321000 +y_0=3210000 +ellps=GRS80 +units=m +no_defs';
  return null;
}

function kindOf(epsg: number, definition: string): RasterCrs['kind'] {
  if (epsg === 3857 || epsg === 900913 || epsg === 3785) return 'web-mercator';
  if (/\+proj=longlat\b/.test(definition)) return 'geographic';
  if (!definition.startsWith('EPSG:')) return 'projected';
  const registered = proj4.defs(definition) as unknown as { projName?: string } | undefined;
  return registered?.projName === 'longlat' ? 'geographic' : 'projected';
}

/** The proj4 name of a code registered by the application (proj4.defs('EPSG:n', ...)), if any. */
function registeredDefinition(epsg: number): string | null {
  const name = `EPSG:${epsg}`;
  return proj4.defs(name) ? name : null;
}

/**
 * The CRS of a GeoTIFF from its GeoKeys: the EPSG code of ProjectedCSTypeGeoKey (projected model)
 * or GeographicTypeGeoKey (geographic model). A user-defined geographic CRS on the WGS 84
 * ellipsoid counts as EPSG:4326; other user-defined or unknown codes throw INVALID_SOURCE_DATA
 * naming the code and the way out (reproject with gdalwarp). `where` names the file for messages.
 */
export function crsFromGeoKeys(keys: GeoKeys | null | undefined, where: string): RasterCrs {
  if (!keys) {
    throw new SourceError('INVALID_SOURCE_DATA', `${where}: no GeoTIFF georeferencing (GeoKeyDirectory missing)`);
  }
  const model = keys.GTModelTypeGeoKey;
  let epsg: number | undefined;
  if (model === MODEL_PROJECTED || (model === undefined && keys.ProjectedCSTypeGeoKey !== undefined)) {
    epsg = keys.ProjectedCSTypeGeoKey;
    if (epsg === undefined || epsg === USER_DEFINED) {
      throw new SourceError(
        'INVALID_SOURCE_DATA',
        `${where}: user-defined projected CRS is not supported; reproject it to an EPSG CRS, e.g. gdalwarp -t_srs EPSG:4326`,
      );
    }
  } else if (model === MODEL_GEOGRAPHIC || (model === undefined && keys.GeographicTypeGeoKey !== undefined)) {
    epsg = keys.GeographicTypeGeoKey;
    if (epsg === undefined || epsg === USER_DEFINED) {
      if (
        keys.GeogGeodeticDatumGeoKey === 6326 ||
        (keys.GeogSemiMajorAxisGeoKey === 6378137 &&
          Math.abs((keys.GeogInvFlatteningGeoKey ?? 0) - 298.257223563) < 1e-6)
      ) {
        epsg = 4326;
      } else {
        throw new SourceError(
          'INVALID_SOURCE_DATA',
          `${where}: user-defined geographic CRS not on WGS 84 is not supported; reproject it, e.g. gdalwarp -t_srs EPSG:4326`,
        );
      }
    }
  } else {
    throw new SourceError(
      'INVALID_SOURCE_DATA',
      `${where}: GeoTIFF model type ${String(model)} is neither projected nor geographic`,
    );
  }
  if (!Number.isInteger(epsg)) {
    throw new SourceError('INVALID_SOURCE_DATA', `${where}: CRS code ${String(epsg)} is not an EPSG code`);
  }
  const definition = builtInDefinition(epsg) ?? registeredDefinition(epsg);
  if (!definition) {
    throw new SourceError(
      'INVALID_SOURCE_DATA',
      `${where}: CRS EPSG:${epsg} is unknown to the terrain reader (it knows EPSG:4326, 4258, 4269, 3857, 3035, ` +
        'WGS 84 UTM 326xx/327xx, ETRS89 UTM 258xx, NAD83 UTM 269xx); reproject the file with gdalwarp -t_srs EPSG:4326',
    );
  }
  return { epsg, kind: kindOf(epsg, definition), proj4: definition };
}
