// Events of a generated map (stream `generated_map-<uuid>`): one stream per operation and asset
// path, its id a name-based UUID of the two, so every rendering of `mcoo-wheeled.png` for an
// operation lands on one stream and the newest event is the asset served. The event carries the
// operation in its metadata, so each rendering is part of the operation's history.
import { Type, type Static } from '@sinclair/typebox';
import type { DomainEvent } from '../shared/event-envelope.ts';
import { NonEmptyText, StringEnum, Uuid } from '../shared/schema-types.ts';
import { uuidV5 } from '../shared/uuid-v5.ts';
import { ASSET_PATH_PATTERN, GENERATED_MAP_KINDS } from './generated-map-vocabulary.ts';

export const GeneratedMapCreatedData = Type.Object(
  {
    generated_map_id: Uuid,
    operation_id: Uuid,
    map_id: Uuid,
    asset_path: Type.String({ pattern: ASSET_PATH_PATTERN, maxLength: 104 }),
    kind: StringEnum(GENERATED_MAP_KINDS),
    title: NonEmptyText(300, 'The title printed on the map'),
    inputs: Type.Record(Type.String({ maxLength: 64 }), Type.String({ maxLength: 300 }), {
      description: 'What the map was drawn from: input streams with their versions, products with their hashes',
    }),
    input_hash: Type.String({ pattern: '^[0-9a-f]{16}$', description: 'Hash of kind, renderer version and inputs' }),
    renderer_version: Type.String({ maxLength: 100 }),
    blob_key: Type.String({ minLength: 1, maxLength: 300 }),
    content_type: Type.String({ minLength: 1, maxLength: 100 }),
    size: Type.Integer({ minimum: 1 }),
    sha256: Type.String({ pattern: '^[0-9a-f]{64}$', description: 'SHA-256 of the stored bytes' }),
    width: Type.Integer({ minimum: 1 }),
    height: Type.Integer({ minimum: 1 }),
  },
  { additionalProperties: false },
);
export type GeneratedMapCreatedData = Static<typeof GeneratedMapCreatedData>;

export type GeneratedMapCreated = DomainEvent<'GeneratedMapCreated', GeneratedMapCreatedData>;
export type GeneratedMapEvent = GeneratedMapCreated;

export const generatedMapEventSchemas = {
  GeneratedMapCreated: { version: 1, schema: GeneratedMapCreatedData },
};

export const generatedMapIdOf = (operationId: string, assetPath: string) =>
  uuidV5(`generated-map:${operationId.toLowerCase()}:${assetPath}`);
export const generatedMapStream = (generatedMapId: string) => `generated_map-${generatedMapId}`;
