// An operation's layers as KML 2.2 (Google Earth, ATAK) through @placemarkio/tokml: one Folder per
// map, one Folder per layer inside it, one Placemark per feature with its properties as
// ExtendedData and the feature id as the Placemark id; and KMZ, the same document zipped as doc.kml.
import { foldersToKML } from '@placemarkio/tokml';
import JSZip from 'jszip';
import type { ExportTable } from '../../domain/exports/export-layer-tables.ts';

/** A Placemark's name: the feature's own name or label when it has one, else its layer's title. */
const placemarkName = (properties: Record<string, unknown>, layerTitle: string) => {
  const own = properties.name ?? properties.label ?? properties.title;
  return typeof own === 'string' && own.trim() !== '' ? own : layerTitle;
};

export function writeKml(documentName: string, tables: ExportTable[]): string {
  const maps = new Map<string, ExportTable[]>();
  for (const table of tables) maps.set(table.map_id, [...(maps.get(table.map_id) ?? []), table]);
  const children = [...maps.values()].map((mapTables) => ({
    type: 'folder' as const,
    meta: { name: mapTables[0]!.map_name, id: `map-${mapTables[0]!.map_id}` },
    children: mapTables.map((table) => ({
      type: 'folder' as const,
      meta: {
        name: table.title,
        id: `layer-${table.layer_id}`,
        description: `${table.layer_type}, version ${table.version}`,
      },
      children: table.features.map((feature) => ({
        type: 'Feature' as const,
        id: feature.id,
        properties: {
          ...feature.properties,
          name: placemarkName(feature.properties, table.title),
          layer_type: table.layer_type,
        },
        geometry: feature.geometry,
      })),
    })),
  }));
  const kml = foldersToKML({ type: 'root', children });
  // tokml writes a bare <Document>; give it the operation's name so a device lists it by name.
  return kml.replace('<Document>', `<Document><name>${escapeXml(documentName)}</name>`);
}

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** KMZ: the KML as doc.kml, the entry every KMZ reader opens first. */
export async function writeKmz(kml: string): Promise<Uint8Array> {
  const zip = new JSZip();
  zip.file('doc.kml', kml);
  return zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE', compressionOptions: { level: 6 } });
}
