// Types for vt-pbf 3 (it ships none): the one function this project uses.
declare module 'vt-pbf' {
  interface GeoJsonVtTile {
    features: unknown[];
  }
  const vtpbf: {
    fromGeojsonVt(layers: Record<string, GeoJsonVtTile>, options?: { version?: number; extent?: number }): Uint8Array;
  };
  export default vtpbf;
}
