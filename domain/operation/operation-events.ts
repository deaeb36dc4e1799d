// Events of the operation aggregate (stream `operation-<uuid>`) and their JSON schemas.
import { Type, type Static } from '@sinclair/typebox';
import type { DomainEvent } from '../shared/event-envelope.ts';
import { NonEmptyText, NullableText, NullableUuid, StringEnum, Uuid } from '../shared/schema-types.ts';
import { BRANCHES, ECHELONS } from './operation-vocabulary.ts';

export const OperationFieldSchemas = {
  name: NonEmptyText(200, 'Name of the operation'),
  unit: NonEmptyText(200, 'Unit conducting the operation'),
  branch: StringEnum(BRANCHES, 'Branch (arm or service)'),
  echelon: StringEnum(ECHELONS, 'Echelon (unit size)'),
  unit_id: NullableUuid('Unit the operation belongs to'),
  parent_id: NullableUuid('Parent operation (same account)'),
  description: NullableText(10000, 'Free text'),
};

export const OperationCreatedData = Type.Object(
  {
    operation_id: Uuid,
    account_id: Uuid,
    ...OperationFieldSchemas,
  },
  { additionalProperties: false },
);

export const OperationUpdatedData = Type.Object(
  {
    operation_id: Uuid,
    changes: Type.Partial(Type.Object(OperationFieldSchemas, { additionalProperties: false }), { minProperties: 1 }),
  },
  { additionalProperties: false },
);

export const OperationDeletedData = Type.Object({ operation_id: Uuid }, { additionalProperties: false });

export type OperationCreated = DomainEvent<'OperationCreated', Static<typeof OperationCreatedData>>;
export type OperationUpdated = DomainEvent<'OperationUpdated', Static<typeof OperationUpdatedData>>;
export type OperationDeleted = DomainEvent<'OperationDeleted', Static<typeof OperationDeletedData>>;
export type OperationEvent = OperationCreated | OperationUpdated | OperationDeleted;

export const operationEventSchemas = {
  OperationCreated: { version: 1, schema: OperationCreatedData },
  OperationUpdated: { version: 1, schema: OperationUpdatedData },
  OperationDeleted: { version: 1, schema: OperationDeletedData },
};

export const operationStream = (operationId: string) => `operation-${operationId}`;
