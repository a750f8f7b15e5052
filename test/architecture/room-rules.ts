/**
 * The product rooms of adapters and of the composition root (docs/architecture.md, "Rooms"): a file
 * in a product's room imports, of the domain packages, only its product's package and what that
 * package may use (DOMAIN_DAG); and files of its own room, of the shared rooms, and of the rooms of
 * those packages only (apis/sms reads apis/webhooks, as messaging uses webhooks; not apis/mail).
 */
import { DOMAIN_DAG, resolveRelative, type Violation } from './dependency-rules.ts';

interface RoomBase {
  /** Where the rooms are: `<base><room>/...`; a file right under the base is the base's frame (index, app). */
  readonly base: string;
  /** Rooms every room may import: no product's. */
  readonly shared: readonly string[];
  /** Whether its rooms' imports of domain packages are held to their product (not in the composition root, which wires products together). */
  readonly packages?: false;
}

/**
 * Per source root, its bases of rooms, the same room names in each (console/sms reads apis/sms). The
 * root's other folders (http/) are shared rooms; files right under a root or a base are its frame.
 */
const LAYERS: Record<string, readonly RoomBase[]> = {
  'adapters/koa/src/': [
    { base: 'adapters/koa/src/apis/', shared: [] },
    { base: 'adapters/koa/src/console/', shared: ['layout', 'session', 'assets'] },
  ],
  'adapters/mikro-orm/src/': [{ base: 'adapters/mikro-orm/src/', shared: ['database', 'migrations'] }],
  'adapters/mikro-orm/test/': [{ base: 'adapters/mikro-orm/test/', shared: ['database', 'support'] }],
  'apps/server/src/': [{ base: 'apps/server/src/modules/', shared: [], packages: false }],
};

/** A room's domain package, where the room's name is not the package's own. */
const ROOM_PACKAGE: Record<string, string> = { sms: 'messaging', verify: 'verification', auth: 'identity' };

/** Rooms that present several products at once (the operator's pages, the console's overview): they read the products' rooms. */
const READERS = ['admin', 'home'];

/**
 * Packages a room's adapter code may use beyond its package's DAG: ports every HTTP room meets
 * (keys and accounts, rate limits, Idempotency-Key); the plans the links account and the account
 * service's profile show; the team a plan's page reads.
 */
const EVERY_ROOM = ['kernel', 'accounts', 'rate-limits', 'idempotency'];
const ROOM_EXTRAS: Record<string, readonly string[]> = { links: ['subscriptions'], auth: ['subscriptions'], subscriptions: ['identity'] };

interface Place {
  /** Undefined for a frame file. */
  readonly room: string | undefined;
  readonly shared: boolean;
  readonly packages?: false;
}

function placeOf(path: string): Place | undefined {
  for (const [root, bases] of Object.entries(LAYERS)) {
    if (!path.startsWith(root)) continue;
    const { base, shared, packages } = bases.find(({ base }) => path.startsWith(base)) ?? { base: root, shared: undefined, packages: undefined };
    const rest = path.slice(base.length).split('/');
    if (rest.length === 1) return { room: undefined, shared: true };
    return { room: rest[0], shared: shared ? shared.includes(rest[0]!) : true, packages };
  }
  return undefined;
}

const packageOf = (room: string): string => ROOM_PACKAGE[room] ?? room;

/** The domain packages a room may import: its package, what that may depend on, and the extras. */
function allowedPackages(room: string): Set<string> | undefined {
  const own = packageOf(room);
  if (!(own in DOMAIN_DAG)) return undefined;
  const allowed = new Set<string>();
  const visit = (name: string) => {
    if (allowed.has(name)) return;
    allowed.add(name);
    for (const next of DOMAIN_DAG[name] ?? []) visit(next);
  };
  for (const seed of [own, ...EVERY_ROOM, ...(ROOM_EXTRAS[room] ?? [])]) visit(seed);
  return allowed;
}

/** `file` relative to the repository root; `imports` its specifiers (importsOf). */
export function checkRooms(file: string, imports: readonly string[]): Violation[] {
  const from = placeOf(file);
  if (!from) return [];
  const violations: Violation[] = [];
  for (const specifier of imports) {
    if (specifier.startsWith('.')) {
      const to = placeOf(resolveRelative(file, specifier));
      if (!to || to.shared || to.room === from.room) continue;
      if (from.room === undefined) continue; // a base's frame (index, app) gathers the rooms
      if (from.shared) violations.push({ file, specifier, rule: `the shared room ${from.room} must not import the product room ${to.room}` });
      else if (!READERS.includes(from.room) && !allowedPackages(from.room)?.has(packageOf(to.room!))) {
        violations.push({ file, specifier, rule: `the room ${from.room} must not import the room ${to.room}` });
      }
      continue;
    }
    const tuma = /^@tuma\/([^/]+)/.exec(specifier)?.[1];
    if (!tuma || !(tuma in DOMAIN_DAG) || !from.room || from.shared || from.packages === false || READERS.includes(from.room)) continue;
    const allowed = allowedPackages(from.room);
    if (!allowed) violations.push({ file, specifier, rule: `the room ${from.room} is no product's: name its package in room-rules.ts` });
    else if (!allowed.has(tuma)) violations.push({ file, specifier, rule: `the room ${from.room} must not import @tuma/${tuma}` });
  }
  return violations;
}
