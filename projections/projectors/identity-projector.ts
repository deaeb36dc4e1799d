import type { IdentityEvent } from '../../domain/identity/identity-events.ts';
import { foldRowsProjector } from '../fold-rows-projector.ts';
import { isEventOf } from '../is-event-of.ts';
import type { IdentityRow } from '../queries/session-queries.ts';

const IDENTITY_EVENTS = new Set<IdentityEvent['type']>(['IdentityLinked']);

export const identityProjector = foldRowsProjector<IdentityRow>({
  name: 'identities',
  table: 'identities',
  key: 'identity_id',
  keyOf: (event) => (isEventOf<IdentityEvent>(event, IDENTITY_EVENTS) ? event.data.identity_id : null),
  evolve(_row, event) {
    if (!isEventOf<IdentityEvent>(event, IDENTITY_EVENTS)) return _row;
    return {
      identity_id: event.data.identity_id,
      issuer: event.data.issuer,
      subject: event.data.subject,
      account_id: event.data.account_id,
      linked_by: event.data.linked_by,
      linked_at: event.metadata.occurred_at,
    };
  },
});
