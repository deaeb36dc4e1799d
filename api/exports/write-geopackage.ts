// An operation's layers as a GeoPackage 1.2 (OGC 12-128r14; the tables are unchanged in 1.4): the required core tables
// (gpkg_spatial_ref_sys, gpkg_contents, gpkg_geometry_columns), one feature table per layer with
// its attributes and extent, and an attributes table `layers` saying where each table came from
// (map, layer id, type and version). QGIS, ATAK and ArcGIS open it as it is.
import { geopackageGeometry } from '../../domain/exports/geopackage-geometry.ts';
import { columnValue, type ExportTable } from '../../domain/exports/export-layer-tables.ts';
import { sqliteEngine } from './sqlite-engine.ts';

const GPKG_APPLICATION_ID = 0x47504b47; // "GPKG"
// 1.2.0: what GDAL 3.6, older ATAK and ArcGIS releases read without a warning; the tables are the same in 1.4.
const GPKG_USER_VERSION = 10200;
const WGS84 = 4326;
const WGS84_WKT =
  'GEOGCS["WGS 84",DATUM["WGS_1984",SPHEROID["WGS 84",6378137,298.257223563,AUTHORITY["EPSG","7030"]],' +
  'AUTHORITY["EPSG","6326"]],PRIMEM["Greenwich",0,AUTHORITY["EPSG","8901"]],UNIT["degree",0.0174532925199433,' +
  'AUTHORITY["EPSG","9122"]],AXIS["Latitude",NORTH],AXIS["Longitude",EAST],AUTHORITY["EPSG","4326"]]';

const CORE_TABLES = `
CREATE TABLE gpkg_spatial_ref_sys (
  srs_name TEXT NOT NULL, srs_id INTEGER NOT NULL PRIMARY KEY, organization TEXT NOT NULL,
  organization_coordsys_id INTEGER NOT NULL, definition TEXT NOT NULL, description TEXT);
CREATE TABLE gpkg_contents (
  table_name TEXT NOT NULL PRIMARY KEY, data_type TEXT NOT NULL, identifier TEXT UNIQUE,
  description TEXT DEFAULT '', last_change DATETIME NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')),
  min_x DOUBLE, min_y DOUBLE, max_x DOUBLE, max_y DOUBLE, srs_id INTEGER,
  CONSTRAINT fk_gc_r_srs_id FOREIGN KEY (srs_id) REFERENCES gpkg_spatial_ref_sys(srs_id));
CREATE TABLE gpkg_geometry_columns (
  table_name TEXT NOT NULL, column_name TEXT NOT NULL, geometry_type_name TEXT NOT NULL,
  srs_id INTEGER NOT NULL, z TINYINT NOT NULL, m TINYINT NOT NULL,
  CONSTRAINT pk_geom_cols PRIMARY KEY (table_name, column_name),
  CONSTRAINT uk_gc_table_name UNIQUE (table_name),
  CONSTRAINT fk_gc_tn FOREIGN KEY (table_name) REFERENCES gpkg_contents(table_name),
  CONSTRAINT fk_gc_srs FOREIGN KEY (srs_id) REFERENCES gpkg_spatial_ref_sys (srs_id));
INSERT INTO gpkg_spatial_ref_sys VALUES
  ('Undefined cartesian SRS', -1, 'NONE', -1, 'undefined', 'undefined cartesian coordinate reference system'),
  ('Undefined geographic SRS', 0, 'NONE', 0, 'undefined', 'undefined geographic coordinate reference system');
`;

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** The GeoPackage's bytes. `changedAt` is written as every table's last_change (RFC 3339, UTC). */
export async function writeGeopackage(tables: ExportTable[], changedAt: string): Promise<Uint8Array> {
  const SQL = await sqliteEngine();
  const db = new SQL.Database();
  try {
    db.run(`PRAGMA application_id = ${GPKG_APPLICATION_ID}; PRAGMA user_version = ${GPKG_USER_VERSION};`);
    db.run('BEGIN');
    db.run(CORE_TABLES);
    db.run('INSERT INTO gpkg_spatial_ref_sys VALUES (?, ?, ?, ?, ?, ?)', [
      'WGS 84 geodetic',
      WGS84,
      'EPSG',
      WGS84,
      WGS84_WKT,
      'longitude/latitude coordinates in decimal degrees on the WGS 84 spheroid',
    ]);
    for (const table of tables) {
      const name = quote(table.table_name);
      const attributes = table.columns.map((c) => `, ${quote(c.name)} ${c.type}`).join('');
      db.run(
        `CREATE TABLE ${name} (fid INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL, geom ${table.geometry_type}, ` +
          `feature_id TEXT NOT NULL${attributes})`,
      );
      db.run('INSERT INTO gpkg_contents VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)', [
        table.table_name,
        'features',
        table.table_name,
        `${table.title} (${table.layer_type}) of map ${table.map_name}, version ${table.version}`,
        changedAt,
        table.bbox[0],
        table.bbox[1],
        table.bbox[2],
        table.bbox[3],
        WGS84,
      ]);
      db.run('INSERT INTO gpkg_geometry_columns VALUES (?, ?, ?, ?, 0, 0)', [
        table.table_name,
        'geom',
        table.geometry_type,
        WGS84,
      ]);
      const placeholders = table.columns.map(() => ', ?').join('');
      const columns = table.columns.map((c) => `, ${quote(c.name)}`).join('');
      const insert = db.prepare(`INSERT INTO ${name} (geom, feature_id${columns}) VALUES (?, ?${placeholders})`);
      for (const feature of table.features) {
        insert.run([
          geopackageGeometry(feature.geometry, WGS84),
          feature.id,
          ...table.columns.map((c) => columnValue(feature.properties[c.key], c.type)),
        ]);
      }
      insert.free();
    }
    writeProvenanceTable(db, tables, changedAt);
    db.run('COMMIT');
    return db.export();
  } finally {
    db.close();
  }
}

/** `layers`: one row per feature table, saying which map layer (and version) it holds. */
function writeProvenanceTable(db: import('sql.js').Database, tables: ExportTable[], changedAt: string) {
  db.run(
    'CREATE TABLE layers (id INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL, table_name TEXT NOT NULL, ' +
      'map_id TEXT NOT NULL, map_name TEXT NOT NULL, layer_id TEXT NOT NULL, layer_type TEXT NOT NULL, ' +
      'title TEXT NOT NULL, version INTEGER NOT NULL, feature_count INTEGER NOT NULL)',
  );
  db.run(
    "INSERT INTO gpkg_contents (table_name, data_type, identifier, description, last_change) VALUES (?, 'attributes', ?, ?, ?)",
    ['layers', 'layers', 'Which map layer, of which version, each feature table holds', changedAt],
  );
  const insert = db.prepare(
    'INSERT INTO layers (table_name, map_id, map_name, layer_id, layer_type, title, version, feature_count) ' +
      'VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
  );
  for (const t of tables) {
    insert.run([t.table_name, t.map_id, t.map_name, t.layer_id, t.layer_type, t.title, t.version, t.features.length]);
  }
  insert.free();
}
