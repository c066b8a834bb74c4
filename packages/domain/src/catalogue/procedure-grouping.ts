import { foldAccents } from '../shared/text.ts';

/**
 * Builder card grouping (SPEC section 4, DESIGN section 6): procedures whose names start with the
 * same 4 letters ('Criolipólise - Abdômen', 'Criolipólise - Flancos', …) fold into one
 * collapsible group when there are 3 or more of them.
 */

export const GROUP_KEY_LENGTH = 4;
export const MIN_GROUP_SIZE = 3;
export const FALLBACK_GROUP_KEY = 'OUTR';

/** First 4 alphanumeric characters of the name, accents stripped, upper case; 'OUTR' if none. */
export function groupKey(name: string): string {
  const key = foldAccents(name)
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '')
    .slice(0, GROUP_KEY_LENGTH);
  return key === '' ? FALLBACK_GROUP_KEY : key;
}

export type ProcedureGroupEntry<T> =
  { kind: 'group'; key: string; services: T[] } | { kind: 'single'; key: string; service: T };

/**
 * Entries in input order: a single card where its service is, a group where its first service
 * is (so a list sorted by name stays sorted). A group keeps its services in input order.
 */
export function groupProcedures<T extends { name: string }>(
  services: readonly T[],
): ProcedureGroupEntry<T>[] {
  const keys = services.map((service) => groupKey(service.name));
  const membersByKey = new Map<string, T[]>();
  services.forEach((service, index) => {
    const key = keys[index] ?? FALLBACK_GROUP_KEY;
    const members = membersByKey.get(key);
    if (members) members.push(service);
    else membersByKey.set(key, [service]);
  });
  const entries: ProcedureGroupEntry<T>[] = [];
  const emittedGroups = new Set<string>();
  services.forEach((service, index) => {
    const key = keys[index] ?? FALLBACK_GROUP_KEY;
    const members = membersByKey.get(key) ?? [service];
    if (members.length < MIN_GROUP_SIZE) {
      entries.push({ kind: 'single', key, service });
    } else if (!emittedGroups.has(key)) {
      emittedGroups.add(key);
      entries.push({ kind: 'group', key, services: members });
    }
  });
  return entries;
}
