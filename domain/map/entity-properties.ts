// Entities on a map: emitters and receivers for RF analyses, as Point features of an `entity`
// layer whose properties are typed. The ranges are the radio model's (ITM: antenna heights
// 0.5–3000 m, 20 MHz–20 GHz) and physically sensible powers, gains and sensitivities. Pure.
import type { GeoJsonIssue, Loc } from './geojson/geojson-issue.ts';

export const ENTITY_KINDS = ['emitter', 'receiver'] as const;
export type EntityKind = (typeof ENTITY_KINDS)[number];

interface NumberField {
  min: number;
  max: number;
  required: boolean;
  unit: string;
}

/** Typed properties per kind: name and kind are required for both. */
export const ENTITY_FIELDS: Record<EntityKind, Record<string, NumberField>> = {
  emitter: {
    antenna_height_m: { min: 0.5, max: 3000, required: true, unit: 'metres above ground' },
    frequency_mhz: { min: 20, max: 20_000, required: true, unit: 'MHz' },
    transmit_power_dbm: { min: -30, max: 90, required: true, unit: 'dBm' },
    antenna_gain_dbi: { min: -20, max: 60, required: false, unit: 'dBi (default 0)' },
  },
  receiver: {
    antenna_height_m: { min: 0.5, max: 3000, required: true, unit: 'metres above ground' },
    antenna_gain_dbi: { min: -20, max: 60, required: false, unit: 'dBi (default 0)' },
    sensitivity_dbm: { min: -200, max: 0, required: true, unit: 'dBm' },
  },
};

export interface EmitterProperties {
  kind: 'emitter';
  name: string;
  antenna_height_m: number;
  frequency_mhz: number;
  transmit_power_dbm: number;
  antenna_gain_dbi?: number;
}

export interface ReceiverProperties {
  kind: 'receiver';
  name: string;
  antenna_height_m: number;
  antenna_gain_dbi?: number;
  sensitivity_dbm: number;
}

/** Issues of an entity feature's properties, with locs below `loc` (the properties object). */
export function validateEntityProperties(properties: Record<string, unknown>, loc: Loc): GeoJsonIssue[] {
  const issues: GeoJsonIssue[] = [];
  const { kind, name } = properties;
  if (typeof name !== 'string' || name.trim() === '' || name.length > 200) {
    issues.push(
      name === undefined
        ? { loc: [...loc, 'name'], msg: 'Field required', type: 'missing' }
        : {
            loc: [...loc, 'name'],
            msg: 'Input should be a non-blank string of at most 200 characters',
            type: 'string_type',
          },
    );
  }
  if (kind === undefined) return [...issues, { loc: [...loc, 'kind'], msg: 'Field required', type: 'missing' }];
  if (!(ENTITY_KINDS as readonly unknown[]).includes(kind)) {
    return [
      ...issues,
      { loc: [...loc, 'kind'], msg: `Input should be ${ENTITY_KINDS.map((k) => `'${k}'`).join(' or ')}`, type: 'enum' },
    ];
  }
  for (const [field, spec] of Object.entries(ENTITY_FIELDS[kind as EntityKind])) {
    const value = properties[field];
    if (value === undefined) {
      if (spec.required) issues.push({ loc: [...loc, field], msg: 'Field required', type: 'missing' });
    } else if (typeof value !== 'number' || !Number.isFinite(value)) {
      issues.push({ loc: [...loc, field], msg: 'Input should be a valid number', type: 'float_type' });
    } else if (value < spec.min) {
      issues.push({
        loc: [...loc, field],
        msg: `Input should be greater than or equal to ${spec.min} (${spec.unit})`,
        type: 'greater_than_equal',
      });
    } else if (value > spec.max) {
      issues.push({
        loc: [...loc, field],
        msg: `Input should be less than or equal to ${spec.max} (${spec.unit})`,
        type: 'less_than_equal',
      });
    }
  }
  return issues;
}
