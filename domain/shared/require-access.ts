// The one access rule of every resource: missing or deleted → not_found (404), another account's →
// forbidden (403). The interface's error table gives both meanings, so the service keeps them apart.
import { DomainError } from './domain-error.ts';

export interface AccessTarget {
  /** What the resource is, for messages: "Operation", "Map", "Terrain job", ... */
  kind: string;
  id: string;
}

/** The resource when `accountId` may use it; `resource` is null or undefined when missing or deleted. */
export function requireAccess<T extends { account_id: string }>(
  resource: T | null | undefined,
  accountId: string,
  target: AccessTarget,
): T {
  if (!resource) throw new DomainError('not_found', `${target.kind} ${target.id} not found`);
  if (resource.account_id !== accountId)
    throw new DomainError('forbidden', `${target.kind} belongs to another account`);
  return resource;
}
