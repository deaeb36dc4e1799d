// SQLite for the GeoPackage and MBTiles exports: sql.js (SQLite compiled to WebAssembly), loaded
// once per process. A WASM build needs no native compiler or prebuilt binary, so the Docker image
// and an air-gapped machine install it from the npm registry alone.
import initSqlJs, { type SqlJsStatic } from 'sql.js';

let engine: Promise<SqlJsStatic> | null = null;

export function sqliteEngine(): Promise<SqlJsStatic> {
  engine ??= initSqlJs();
  return engine;
}
