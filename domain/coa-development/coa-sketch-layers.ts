// The COA sketch as map layers (ATP 5-0.2-1 paras 2-144 to 2-146: the sketch shows the axes, the
// objectives, the control measures and the reserve): one layer per kind, every feature labelled with
// its COA, so a map (and OGC API Features, `svc:layer_type`) carries the whole set at once.
import type { LayerFeature } from '../map/layer-feature-collection.ts';
import type { DevelopedCoa } from './coa-types.ts';

export const COA_SKETCH_LAYER_TYPES = ['coa_axis', 'coa_objective', 'phase_line', 'coa_reserve'] as const;
export type CoaSketchLayerType = (typeof COA_SKETCH_LAYER_TYPES)[number];

/** The sketch of a COA set: features per layer type (a type without features is left empty). */
export function coaSketchLayers(
  coas: readonly DevelopedCoa[],
  newId: () => string,
): Record<CoaSketchLayerType, LayerFeature[]> {
  const layers: Record<CoaSketchLayerType, LayerFeature[]> = {
    coa_axis: [],
    coa_objective: [],
    phase_line: [],
    coa_reserve: [],
  };
  const feature = (properties: Record<string, unknown>, geometry: LayerFeature['geometry']): LayerFeature => ({
    type: 'Feature',
    id: newId(),
    properties,
    geometry,
  });
  for (const coa of coas) {
    const axes = [coa.main_axis, ...coa.supporting_axes.filter((a) => a.avenue_id !== coa.main_axis.avenue_id)];
    for (const axis of axes) {
      const units = coa.units.filter((u) => u.axis?.avenue_id === axis.avenue_id);
      const role = axis === coa.main_axis ? 'main_effort' : 'supporting_effort';
      layers.coa_axis.push(
        feature(
          {
            coa: coa.id,
            role,
            label: `${coa.id} ${role === 'main_effort' ? 'main effort' : 'supporting effort'} (${axis.avenue_id})`,
            avenue: axis.avenue_id,
            form_of_maneuver: coa.form_of_maneuver,
            units: units.map((u) => u.name),
            combat_power: units.reduce((s, u) => s + u.combat_power, 0),
            length_m: axis.length_m,
            seconds: axis.seconds,
          },
          { type: 'LineString', coordinates: axis.geometry.coordinates },
        ),
      );
    }
    for (const o of coa.objectives) {
      layers.coa_objective.push(
        feature(
          {
            coa: coa.id,
            label: `${coa.id} ${o.name}`,
            name: o.name,
            mgrs: o.mgrs,
            source: o.source,
            reference: o.reference,
          },
          { type: 'Point', coordinates: o.position },
        ),
      );
    }
    for (const pl of coa.phase_lines) {
      layers.phase_line.push(
        feature(
          {
            coa: coa.id,
            label: `${coa.id} ${pl.name}`,
            name: pl.name,
            mgrs: pl.mgrs,
            avenue: pl.avenue_id,
            reason: pl.reason,
          },
          pl.geometry,
        ),
      );
    }
    layers.coa_reserve.push(
      feature(
        { coa: coa.id, label: `${coa.id} reserve`, unit: coa.reserve.unit, reason: coa.reserve.reason },
        { type: 'Point', coordinates: coa.reserve.position },
      ),
    );
  }
  return layers;
}
