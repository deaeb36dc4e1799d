import type { Projector } from '../projector.ts';
import type { AccountEvent } from '../../domain/account/account-events.ts';

export const accountProjector: Projector = {
  name: 'accounts',
  async apply(trx, event) {
    const e = event as unknown as AccountEvent;
    if (e.type !== 'AccountRegistered') return;
    await trx('accounts')
      .insert({ account_id: e.data.account_id, name: e.data.name, created_at: event.metadata.occurred_at })
      .onConflict('account_id').ignore();
  },
};
