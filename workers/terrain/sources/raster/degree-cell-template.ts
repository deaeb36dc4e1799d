/**
 * A path or URL template naming the 1°x1° cells of a tiled raster product by the latitude and
 * longitude of each cell's south-west corner (the convention of SRTM, Copernicus DEM, ALOS AW3D30,
 * NASADEM). Placeholders:
 *
 *   {lat_prefix}  N for latitude >= 0, S below      {lat_prefix_lower}  n / s
 *   {lon_prefix}  E for longitude >= 0, W below     {lon_prefix_lower}  e / w
 *   {lat}         |latitude| in degrees, no padding  {lat:02}  zero-padded to 2 digits (any width)
 *   {lon}         |longitude| in degrees             {lon:03}  zero-padded to 3 digits (any width)
 *
 * e.g. `/data/srtm/{lat_prefix}{lat:02}{lon_prefix}{lon:03}.tif` names the cell 46..47°N,
 * 7..8°E `/data/srtm/N46E007.tif`, and the cell 1..0°S, 1..0°W `/data/srtm/S01W001.tif`;
 * `Copernicus_DSM_COG_10_{lat_prefix}{lat:02}_00_{lon_prefix}{lon:03}_00_DEM.tif` names
 * Copernicus GLO-30 cells.
 */
export interface DegreeCellTemplate {
  readonly template: string;
  /** The path or URL of the cell whose south-west corner is at (lat, lon), integer degrees. */
  expand(lat: number, lon: number): string;
  /** Matches every name the template can produce (anchored). */
  readonly pattern: RegExp;
  /** The fixed part before the first placeholder, up to its last '/' (the directory to list). */
  readonly fixedPrefix: string;
}

const PLACEHOLDER = /\{([a-z_]+)(?::(\d+))?\}/g;
const NAMES = new Set(['lat_prefix', 'lon_prefix', 'lat_prefix_lower', 'lon_prefix_lower', 'lat', 'lon']);

/** Parses a template; throws a RangeError with a one-line reason when it cannot name cells. */
export function parseDegreeCellTemplate(template: string): DegreeCellTemplate {
  const found = new Set<string>();
  for (const match of template.matchAll(PLACEHOLDER)) {
    const [text, name, width] = match;
    if (!NAMES.has(name))
      throw new RangeError(`unknown placeholder ${text} (known: ${[...NAMES].map((n) => `{${n}}`).join(', ')})`);
    if (width !== undefined && name !== 'lat' && name !== 'lon')
      throw new RangeError(`placeholder ${text} takes no width`);
    found.add(name.replace('_lower', ''));
  }
  for (const required of ['lat', 'lon', 'lat_prefix', 'lon_prefix']) {
    if (!found.has(required)) {
      throw new RangeError(
        `template needs {${required}} (or its _lower form); e.g. {lat_prefix}{lat:02}{lon_prefix}{lon:03}.tif`,
      );
    }
  }
  const leftover = template.replace(PLACEHOLDER, '');
  if (/[{}]/.test(leftover)) throw new RangeError(`template has an unmatched brace: ${template}`);

  const firstPlaceholder = template.search(PLACEHOLDER);
  const fixedPrefix = template.slice(0, template.lastIndexOf('/', firstPlaceholder) + 1);
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  let source = '';
  let last = 0;
  for (const match of template.matchAll(PLACEHOLDER)) {
    source += escape(template.slice(last, match.index));
    const [, name, width] = match;
    source +=
      {
        lat_prefix: '[NS]',
        lon_prefix: '[EW]',
        lat_prefix_lower: '[ns]',
        lon_prefix_lower: '[ew]',
      }[name] ?? (width ? `\\d{${Number(width)},}` : '\\d+');
    last = match.index + match[0].length;
  }
  source += escape(template.slice(last));

  return {
    template,
    pattern: new RegExp(`^${source}$`),
    fixedPrefix,
    expand(lat: number, lon: number): string {
      if (!Number.isInteger(lat) || !Number.isInteger(lon) || lat < -90 || lat > 89 || lon < -180 || lon > 179) {
        throw new RangeError(`cell corner (${lat}, ${lon}) is not whole degrees within -90..89, -180..179`);
      }
      return template.replace(PLACEHOLDER, (_text, name: string, width?: string) => {
        switch (name) {
          case 'lat_prefix':
            return lat >= 0 ? 'N' : 'S';
          case 'lon_prefix':
            return lon >= 0 ? 'E' : 'W';
          case 'lat_prefix_lower':
            return lat >= 0 ? 'n' : 's';
          case 'lon_prefix_lower':
            return lon >= 0 ? 'e' : 'w';
          default: {
            const value = String(Math.abs(name === 'lat' ? lat : lon));
            return width ? value.padStart(Number(width), '0') : value;
          }
        }
      });
    },
  };
}
