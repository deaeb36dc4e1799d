// The document aggregate, given/when/then: a generation grounds only in active documents of its
// operation (422 at the id's index), and only an active document of the account is deleted.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { DomainError } from '../../../domain/shared/domain-error.ts';
import { specFor } from '../../support/given-when-then.ts';
import { documentDecider } from '../../../domain/document/document-decider.ts';
import type { DocumentEvent } from '../../../domain/document/document-events.ts';

const spec = specFor(documentDecider);
const DOC = 'dddddddd-dddd-4ddd-8ddd-dddddddddddd';
const OP = '0c6b5f0e-1a2b-4c3d-8e9f-0a1b2c3d4e5f';
const OTHER_OP = '99999999-9999-4999-8999-999999999999';
const ACCOUNT = '7d1f2e3c-4b5a-4968-8776-655443322110';
const UPLOAD = '11111111-1111-4111-8111-111111111111';
const by = { account_id: ACCOUNT, api_key_id: null, at: '2026-11-23T08:00:00.000Z' };
const uploaded: DocumentEvent = {
  type: 'DocumentUploaded',
  data: {
    document_id: DOC,
    operation_id: OP,
    account_id: ACCOUNT,
    upload_id: UPLOAD,
    storage_key: `documents/${UPLOAD}`,
    file_name: 'opord.pdf',
    media_type: 'application/pdf',
    declared_media_type: null,
    size: 1,
    sha256: 'a'.repeat(64),
    description: null,
    classification: null,
    by,
  },
};
const deleted: DocumentEvent = {
  type: 'DocumentDeleted',
  data: { document_id: DOC, operation_id: OP, upload_id: UPLOAD, by },
};

test("grounding: an active document of the operation is admitted; another operation's, a deleted or a missing one is a 422 at its index", () => {
  const admit = (operation_id: string, index = 2) => ({
    type: 'AdmitGrounding' as const,
    document_id: DOC,
    operation_id,
    index,
  });
  spec([uploaded]).when(admit(OP)).then([]);
  const message = new RegExp(`^Document ${DOC} is not a document of operation ${OTHER_OP}$`);
  spec([uploaded]).when(admit(OTHER_OP)).thenThrows('invalid', message);
  spec([uploaded, deleted]).when(admit(OP)).thenThrows('invalid');
  spec([]).when(admit(OP)).thenThrows('invalid');
  assert.throws(
    () => documentDecider.decide(admit(OP, 3), documentDecider.initialState()),
    (error: DomainError) => JSON.stringify(error.loc) === JSON.stringify(['body', 'document_ids', 3]),
  );
});

test("delete: an active document of the account, once; missing or deleted is 404, another account's 403", () => {
  const del = (account_id = ACCOUNT) => ({ type: 'DeleteDocument' as const, document_id: DOC, account_id, by });
  spec([uploaded]).when(del()).then([deleted]);
  spec([uploaded, deleted])
    .when(del())
    .thenThrows('not_found', new RegExp(`^Document ${DOC} not found$`));
  spec([]).when(del()).thenThrows('not_found');
  spec([uploaded]).when(del(OTHER_OP)).thenThrows('forbidden');
});

test.run();
