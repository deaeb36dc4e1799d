// Reusable JSON-schema pieces (TypeBox), shared by event schemas, request validation and OpenAPI.
// Enumerations and nullable primitives are written as plain `enum` / `type: [t, "null"]` so a bad
// value yields one clear validation error rather than one per union branch.
import { Type } from '@sinclair/typebox';

export const Uuid = Type.String({ format: 'uuid', description: 'UUID' });
export const DateTime = Type.String({ format: 'date-time', description: 'RFC 3339 date-time' });

export const NonEmptyText = (maxLength: number, description?: string) =>
  Type.String({ minLength: 1, maxLength, pattern: '\\S', description });

export const StringEnum = <T extends string>(values: readonly T[], description?: string) =>
  Type.Unsafe<T>({ type: 'string', enum: [...values], description });

export const NullableUuid = (description?: string) =>
  Type.Unsafe<string | null>({ type: ['string', 'null'], format: 'uuid', description });

export const NullableDateTime = (description?: string) =>
  Type.Unsafe<string | null>({ type: ['string', 'null'], format: 'date-time', description });

export const NullableText = (maxLength: number, description?: string) =>
  Type.Unsafe<string | null>({ type: ['string', 'null'], maxLength, description });
