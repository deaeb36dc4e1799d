// An operation's map layers laid out as export tables: one table per layer with a name a GIS shows
// (map and layer title, made SQL- and file-safe, unique), its geometry type, its attribute columns
// (the union of its features' property keys, each typed from the values it holds) and its extent.
// GeoPackage, KML and KMZ are all written from this one layout.
import type { LayerFeature } from '../map/layer-feature-collection.ts';
import type { MapLayerType } from '../map/map-layer-vocabulary.ts';
import { geometryBbox } from './geopackage-geometry.ts';

export interface ExportLayerInput {
  map_id: string;
  map_name: string;
  layer_id: string;
  layer_type: MapLayerType;
  title: string;
  version: number;
  features: LayerFeature[];
}

/** GeoPackage column types the attributes take (OGC 12-128r19 Table 1). */
export type ColumnType = 'INTEGER' | 'REAL' | 'BOOLEAN' | 'TEXT';

export interface ExportColumn {
  /** Column name in the table (a property key, renamed only when it clashes with a reserved one). */
  name: string;
  /** The property key the values come from. */
  key: string;
  type: ColumnType;
}

export interface ExportTable extends Omit<ExportLayerInput, 'features'> {
  table_name: string;
  /** The one geometry type of the layer's features, or GEOMETRY when they mix types. */
  geometry_type: string;
  columns: ExportColumn[];
  /** [minX, minY, maxX, maxY] of every feature. */
  bbox: [number, number, number, number];
  features: LayerFeature[];
}

/** Columns every table has before the attributes (compared case-insensitively, as SQLite does). */
export const RESERVED_COLUMNS = ['fid', 'geom', 'feature_id'] as const;

/** Lower-case letters, digits and underscores, at most 48 characters, never empty. */
export function slug(text: string): string {
  const s = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 48)
    .replace(/_+$/, '');
  return s === '' ? 'layer' : /^[0-9]/.test(s) ? `l_${s}` : s;
}

/** The column type that holds every non-null value of a property. */
export function columnTypeOf(values: unknown[]): ColumnType {
  const present = values.filter((v) => v !== null && v !== undefined);
  if (present.length === 0) return 'TEXT';
  if (present.every((v) => typeof v === 'boolean')) return 'BOOLEAN';
  if (present.every((v) => typeof v === 'number' && Number.isSafeInteger(v))) return 'INTEGER';
  if (present.every((v) => typeof v === 'number' && Number.isFinite(v))) return 'REAL';
  return 'TEXT';
}

/** A property value as its column stores it: objects and arrays as JSON text, booleans as 0/1. */
export function columnValue(value: unknown, type: ColumnType): string | number | null {
  if (value === null || value === undefined) return null;
  if (type === 'BOOLEAN') return value ? 1 : 0;
  if (type === 'INTEGER' || type === 'REAL') return value as number;
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function columnsOf(features: LayerFeature[]): ExportColumn[] {
  const keys: string[] = [];
  const seen = new Set<string>();
  for (const feature of features) {
    for (const key of Object.keys(feature.properties)) {
      if (!seen.has(key)) {
        seen.add(key);
        keys.push(key);
      }
    }
  }
  const taken = new Set<string>(RESERVED_COLUMNS);
  return keys.map((key) => {
    let name = key;
    for (let n = 1; taken.has(name.toLowerCase()); n++) name = `prop_${key}${n > 1 ? `_${n}` : ''}`;
    taken.add(name.toLowerCase());
    return { name, key, type: columnTypeOf(features.map((f) => f.properties[key])) };
  });
}

function bboxOf(features: LayerFeature[]): [number, number, number, number] {
  return features
    .map((f) => geometryBbox(f.geometry))
    .reduce(
      (a, b) => [Math.min(a[0], b[0]), Math.min(a[1], b[1]), Math.max(a[2], b[2]), Math.max(a[3], b[3])],
      [Infinity, Infinity, -Infinity, -Infinity],
    );
}

/**
 * The layers with at least one feature, in the order given, as tables. Names are
 * `<map>__<layer title>`, with `_2`, `_3`, … added where two would be equal.
 */
export function exportLayerTables(layers: ExportLayerInput[]): ExportTable[] {
  const used = new Set<string>(['layers']);
  return layers
    .filter((layer) => layer.features.length > 0)
    .map((layer) => {
      const base = `${slug(layer.map_name)}__${slug(layer.title)}`;
      let table_name = base;
      for (let n = 2; used.has(table_name); n++) table_name = `${base}_${n}`;
      used.add(table_name);
      const types = new Set(layer.features.map((f) => f.geometry.type));
      return {
        ...layer,
        table_name,
        geometry_type: types.size === 1 ? [...types][0]!.toUpperCase() : 'GEOMETRY',
        columns: columnsOf(layer.features),
        bbox: bboxOf(layer.features),
      };
    });
}
