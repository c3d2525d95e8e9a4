// Who may do what at a station: each client (a desk user) has one role, and each role can do all that the roles
// before it can. Packers ship, print and track; supervisors also void processed shipments, reprint and change
// carrier settings; admins also manage clients, integrations and stations.
export const ROLES = ['packer', 'supervisor', 'admin'] as const;

export type Role = (typeof ROLES)[number];

export const DEFAULT_ROLE: Role = 'packer';

/** Whether a client of `role` may do what needs `needed`. */
export function hasRole(role: Role, needed: Role): boolean {
  return ROLES.indexOf(role) >= ROLES.indexOf(needed);
}

/** A role as sent by a script or typed at the command line, in any case; undefined when it names none. */
export function parseRole(value: unknown): Role | undefined {
  const text = typeof value === 'string' ? value.trim().toLowerCase() : undefined;
  return ROLES.find((role) => role === text);
}
