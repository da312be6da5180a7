import { Status, type LdapSyncActionValue } from '@lintel/contracts';
import type { DirectoryPerson, DirectoryUnit } from './ldap-directory.js';

/**
 * What a synchronisation would change, worked out from the directory and the tenant's rows without
 * touching either: the preview answers it, the apply writes it. Pure, so its rules are tested
 * without a directory.
 */

/** DNs compared as the directory compares them: case and spaces around separators do not count. */
export const normalDn = (dn: string): string =>
  dn
    .split(',')
    .map((rdn) =>
      rdn
        .split('=')
        .map((part) => part.trim())
        .join('='),
    )
    .join(',')
    .toLowerCase();

/** The nearest unit above a DN, by DN suffix; undefined when it sits under none. */
export function parentUnit<T extends { dn: string }>(dn: string, units: Map<string, T>): T | undefined {
  let rest = normalDn(dn);
  for (;;) {
    const comma = rest.indexOf(',');
    if (comma < 0) return undefined;
    rest = rest.slice(comma + 1);
    const unit = units.get(rest);
    if (unit) return unit;
  }
}

export interface OrgLink {
  orgId: string;
  code: string;
  name: string;
  pid: string;
}

export interface UnitStep {
  unit: DirectoryUnit;
  action: LdapSyncActionValue;
  /** The organisation it becomes (a new id for `add`). */
  orgId: string;
  pid: string;
}

/**
 * Units become organisations under `rootOrgId`, each under the organisation of the unit above it.
 * A unit already synchronised (same code) is updated when its name or place changed.
 */
export function planUnits(
  units: DirectoryUnit[],
  links: Map<string, OrgLink>,
  rootOrgId: string,
  newId: () => string,
): UnitStep[] {
  const byDn = new Map(units.map((u) => [normalDn(u.dn), u]));
  // Parents first: a unit's parent has fewer RDNs than it.
  const ordered = [...units].sort(
    (a, b) => normalDn(a.dn).split(',').length - normalDn(b.dn).split(',').length,
  );
  const orgOf = new Map<string, string>();
  const steps: UnitStep[] = [];
  for (const unit of ordered) {
    const parent = parentUnit(unit.dn, byDn);
    const pid = parent ? orgOf.get(parent.code)! : rootOrgId;
    const link = links.get(unit.code);
    const orgId = link?.orgId ?? newId();
    orgOf.set(unit.code, orgId);
    const action: LdapSyncActionValue = !link
      ? 'add'
      : link.name !== unit.name || link.pid !== pid
        ? 'update'
        : 'keep';
    steps.push({ unit, action, orgId, pid });
  }
  return steps;
}

export interface AccountRow {
  id: string;
  account: string;
  realName: string | null;
  email: string | null;
  orgId: string | null;
  employeeId: string | null;
  /** A super admin is never bound to a directory entry. */
  superAdmin: boolean;
  status: number;
}

export interface PersonStep {
  person: DirectoryPerson;
  action: LdapSyncActionValue;
  /** The skip reason's message key (ldap.skip.*). */
  reason?: string;
  userId?: string;
  orgId?: string;
}

const ACCOUNT = /^[A-Za-z0-9_.@-]{2,64}$/;

/**
 * People become accounts: one linked already is updated (name, e-mail, employee id, organisation);
 * an account of the same name is linked; anyone else is added. An entry without a usable account
 * name, a name given twice, or a super admin's name is skipped with its reason.
 */
export function planPeople(
  people: DirectoryPerson[],
  input: {
    /** Linked accounts by directory account name (lower case). */
    linked: Map<string, AccountRow>;
    /** Every account of the tenant by account name (lower case). */
    accounts: Map<string, AccountRow>;
    /** Organisation of each synchronised unit, by normalised DN. */
    unitOrgs: Map<string, { dn: string; orgId: string }>;
    rootOrgId: string;
    newId: () => string;
  },
): PersonStep[] {
  const seen = new Set<string>();
  return people.map((person): PersonStep => {
    const name = person.account?.trim() ?? '';
    if (!ACCOUNT.test(name)) return { person, action: 'skip', reason: 'ldap.skip.noAccount' };
    const key = name.toLowerCase();
    if (seen.has(key)) return { person, action: 'skip', reason: 'ldap.skip.duplicate' };
    seen.add(key);
    const orgId = parentUnit(person.dn, input.unitOrgs)?.orgId ?? input.rootOrgId;
    const linked = input.linked.get(key);
    if (linked) {
      const same =
        (linked.realName ?? null) === (person.name ?? linked.realName ?? null) &&
        (linked.email ?? null) === (person.mail ?? linked.email ?? null) &&
        (linked.employeeId ?? null) === (person.employeeId ?? linked.employeeId ?? null) &&
        linked.orgId === orgId;
      return { person, action: same ? 'keep' : 'update', userId: linked.id, orgId };
    }
    const existing = input.accounts.get(key);
    if (existing?.superAdmin) return { person, action: 'skip', reason: 'ldap.skip.superAdmin' };
    if (existing) return { person, action: 'link', userId: existing.id, orgId };
    return { person, action: 'add', userId: input.newId(), orgId };
  });
}

export interface LinkedAccount extends AccountRow {
  /** The directory account and entry it is linked to. */
  linkedAs: string;
  linkedDn: string;
}

/**
 * Linked accounts whose entry is no longer in the directory, still enabled: they are disabled (the
 * person left; the account and its history stay). Only a complete reading can say who left: none
 * when the directory answered nobody (a wrong base or filter) or as many as the read limit.
 */
export function planDeparted(
  people: DirectoryPerson[],
  linked: LinkedAccount[],
  complete: boolean,
): LinkedAccount[] {
  if (!complete || people.length === 0) return [];
  const present = new Set(people.map((p) => p.account?.trim().toLowerCase()).filter(Boolean));
  return linked.filter((a) => a.status === Status.Enable && !present.has(a.linkedAs.toLowerCase()));
}
