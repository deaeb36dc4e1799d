// Fields every generate request takes (WARNO, mission analysis, COA sets).
import { Type } from '@sinclair/typebox';
import { Uuid } from '../../domain/shared/schema-types.ts';

export const generateFields = {
  instructions: Type.Optional(
    Type.String({
      maxLength: 4000,
      description: 'What the staff wants stressed (in the prompt; the rule-based drafter quotes it)',
    }),
  ),
  document_ids: Type.Optional(
    Type.Array(Uuid, {
      maxItems: 20,
      uniqueItems: true,
      description: 'Documents of the operation to ground the draft in (their extracted text)',
    }),
  ),
  overwrite: Type.Optional(
    Type.Boolean({
      default: false,
      description: 'Replace a record a person wrote since its last generation (409 otherwise)',
    }),
  ),
};
