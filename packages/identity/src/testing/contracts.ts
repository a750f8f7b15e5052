/** Contract suites every implementation of identity's storage ports must pass (the in-memory fakes and the database adapters). */
import { expect } from 'chai';
import { Email } from '@tuma/accounts';
import { User } from '../domain/users/user.aggregate.ts';
import { oneTimeToken } from '../domain/tokens/one-time-token.ts';
import { startSession } from '../domain/sessions/session.ts';
import { membership } from '../domain/team/membership.ts';
import { newInvite } from '../domain/team/invite.ts';
import type { UserRepository } from '../application/users/user.repository.port.ts';
import type { TokenStore } from '../application/tokens/token-store.port.ts';
import type { SessionRepository } from '../application/sessions/session.repository.port.ts';
import type { MembershipRepository } from '../application/team/membership.repository.port.ts';
import type { FailureLog } from '@tuma/kernel';

export interface IdentityStoresFixture {
  readonly users: UserRepository;
  readonly tokens: TokenStore;
  readonly sessions: SessionRepository;
  readonly memberships: MembershipRepository;
  /** The kernel's port, which sign-ins throttle with (the database adapter is tested here, beside identity's other stores). */
  readonly failureLog: FailureLog;
  /** Runs a step the way the application does (in a fresh unit of work / context). */
  readonly step: <T>(work: () => Promise<T>) => Promise<T>;
}

const at = new Date('2026-06-01T09:00:00.000Z');
const later = (ms: number) => new Date(at.getTime() + ms);
const HOUR = 60 * 60 * 1000;

const newUser = (email: string) =>
  User.register({ email: Email.create(email)._unsafeUnwrap(), passwordHash: 'scrypt$1024$8$1$c2FsdA$aGFzaA', profile: { name: 'Amina', company: null } }, at);

export function describeIdentityStoresContract(name: string, make: () => Promise<IdentityStoresFixture>): void {
  describe(`identity stores contract: ${name}`, () => {
    let f: IdentityStoresFixture;
    beforeEach(async () => {
      f = await make();
    });

    it('UserRepository: adds, finds by id, email and ids field for field, and saves changes', async () => {
      const user = newUser('amina@example.com');
      await f.step(() => f.users.add(user));
      expect((await f.step(() => f.users.findById(user.id)))?.toSnapshot()).to.deep.equal(user.toSnapshot());
      expect((await f.step(() => f.users.findByEmail('amina@example.com')))?.id).to.equal(user.id);
      expect((await f.step(() => f.users.findByIds([user.id, 'usr_missing']))).map((found) => found.id)).to.deep.equal([user.id]);
      expect(await f.step(() => f.users.findByEmail('nobody@example.com'))).to.equal(undefined);
      await f.step(async () => {
        const locked = (await f.users.lock(user.id))!;
        locked.verifyEmail(later(HOUR));
        locked.disable(later(2 * HOUR));
        await f.users.save(locked);
      });
      const stored = (await f.step(() => f.users.findById(user.id)))!.toSnapshot();
      expect(stored).to.deep.include({ status: 'disabled', emailVerifiedAt: later(HOUR), updatedAt: later(2 * HOUR) });
    });

    it('UserRepository: searches email and name, ignoring case, newest first, up to the limit; % and _ are plain text', async () => {
      const users = [newUser('wanjiru@duka.example'), newUser('otieno@example.com'), newUser('wanjiku_k@example.com')];
      for (const [index, user] of users.entries()) {
        const dated = User.rehydrate({ ...user.toSnapshot(), name: index === 1 ? 'Otieno Wanjala' : null, createdAt: later(index * HOUR) });
        await f.step(() => f.users.add(dated));
      }
      const emails = async (text: string, limit = 10) => (await f.step(() => f.users.search(text, limit))).map((user) => user.email);
      expect(await emails('WANJ')).to.deep.equal(['wanjiku_k@example.com', 'otieno@example.com', 'wanjiru@duka.example']);
      expect(await emails('wanj', 2)).to.deep.equal(['wanjiku_k@example.com', 'otieno@example.com']);
      expect(await emails('u_k')).to.deep.equal(['wanjiku_k@example.com']);
      expect(await emails('%')).to.deep.equal([]);
      expect(await emails('')).to.have.length(3);
    });

    it('UserRepository: refuses a second user with the same email', async () => {
      await f.step(() => f.users.add(newUser('twice@example.com')));
      let refused = false;
      await f.step(() => f.users.add(newUser('twice@example.com'))).catch(() => (refused = true));
      expect(refused).to.equal(true);
    });

    it('TokenStore: a token is found while usable, consumed once, and of its purpose only', async () => {
      const token = oneTimeToken('reset_password', 'usr_1', 'a'.repeat(64), at);
      await f.step(() => f.tokens.add(token));
      expect(await f.step(() => f.tokens.find('verify_email', token.tokenHash, at))).to.equal(undefined);
      expect(await f.step(() => f.tokens.find('reset_password', token.tokenHash, at))).to.deep.equal(token);
      expect(await f.step(() => f.tokens.consume('reset_password', token.tokenHash, later(1000)))).to.deep.equal(token);
      expect(await f.step(() => f.tokens.consume('reset_password', token.tokenHash, later(2000)))).to.equal(undefined);
      expect(await f.step(() => f.tokens.find('reset_password', token.tokenHash, later(2000)))).to.equal(undefined);
    });

    it('TokenStore: an expired or revoked token cannot be consumed', async () => {
      const expiring = oneTimeToken('reset_password', 'usr_1', 'b'.repeat(64), at);
      const revoked = oneTimeToken('invite', 'inv_1', 'c'.repeat(64), at);
      const other = oneTimeToken('invite', 'inv_2', 'd'.repeat(64), at);
      for (const token of [expiring, revoked, other]) await f.step(() => f.tokens.add(token));
      expect(await f.step(() => f.tokens.consume('reset_password', expiring.tokenHash, expiring.expiresAt))).to.equal(undefined);
      await f.step(() => f.tokens.revokeAll('invite', 'inv_1', at));
      expect(await f.step(() => f.tokens.consume('invite', revoked.tokenHash, at))).to.equal(undefined);
      expect(await f.step(() => f.tokens.consume('invite', other.tokenHash, at))).to.deep.equal(other);
    });

    it('SessionRepository: finds a session by its current token, rotates only from the current one, and knows replaced ones', async () => {
      const session = startSession({ userId: 'usr_1', accountId: 'acc_1', tokenHash: '1'.repeat(64) }, at);
      await f.step(() => f.sessions.add(session));
      expect(await f.step(() => f.sessions.findByTokenHash(session.tokenHash))).to.deep.equal({ session, current: true });
      const next = { tokenHash: '2'.repeat(64), rotatedAt: later(HOUR), refreshExpiresAt: later(100 * HOUR) };
      expect(await f.step(() => f.sessions.rotate(session.id, session.tokenHash, next))).to.equal(true);
      expect(await f.step(() => f.sessions.rotate(session.id, session.tokenHash, { ...next, tokenHash: '3'.repeat(64) }))).to.equal(false);
      const rotated = { ...session, ...next };
      expect(await f.step(() => f.sessions.findByTokenHash('2'.repeat(64)))).to.deep.equal({ session: rotated, current: true });
      expect(await f.step(() => f.sessions.findByTokenHash('1'.repeat(64)))).to.deep.equal({ session: rotated, current: false });
      expect(await f.step(() => f.sessions.findByTokenHash('3'.repeat(64)))).to.equal(undefined);
      expect(await f.step(() => f.sessions.findById(session.id))).to.deep.equal(rotated);
    });

    it('SessionRepository: an ended session keeps its first end and rotates no more', async () => {
      const session = startSession({ userId: 'usr_1', accountId: 'acc_1', tokenHash: '4'.repeat(64) }, at);
      await f.step(() => f.sessions.add(session));
      await f.step(() => f.sessions.end(session.id, 'reuse_detected', later(1000)));
      await f.step(() => f.sessions.end(session.id, 'logout', later(2000)));
      expect(await f.step(() => f.sessions.findById(session.id))).to.deep.include({ endedAt: later(1000), endReason: 'reuse_detected' });
      expect(await f.step(() => f.sessions.rotate(session.id, session.tokenHash, { tokenHash: '5'.repeat(64), rotatedAt: at, refreshExpiresAt: later(HOUR) }))).to.equal(false);
    });

    it("SessionRepository: lists a user's live sessions oldest first, and ends them all, or those on one account", async () => {
      const sessions = [
        startSession({ userId: 'usr_1', accountId: 'acc_1', tokenHash: '6'.repeat(64) }, at),
        startSession({ userId: 'usr_1', accountId: 'acc_2', tokenHash: '7'.repeat(64) }, later(1000)),
        startSession({ userId: 'usr_1', accountId: 'acc_1', tokenHash: '8'.repeat(64) }, later(2000)),
        startSession({ userId: 'usr_2', accountId: 'acc_1', tokenHash: '9'.repeat(64) }, at),
      ];
      for (const session of sessions) await f.step(() => f.sessions.add(session));
      const live = async (userId: string) => (await f.step(() => f.sessions.listLive(userId, later(3000)))).map((session) => session.id);
      expect(await live('usr_1')).to.deep.equal([sessions[0]!.id, sessions[1]!.id, sessions[2]!.id]);
      expect(await f.step(() => f.sessions.endAll({ userId: 'usr_1', accountId: 'acc_1' }, 'removed_from_team', later(3000)))).to.equal(2);
      expect(await live('usr_1')).to.deep.equal([sessions[1]!.id]);
      expect(await f.step(() => f.sessions.endAll({ userId: 'usr_1' }, 'logout_all', later(3000)))).to.equal(1);
      expect(await live('usr_1')).to.deep.equal([]);
      expect(await live('usr_2')).to.deep.equal([sessions[3]!.id]);
      expect(await f.step(() => f.sessions.listLive('usr_2', sessions[3]!.refreshExpiresAt))).to.deep.equal([]);
    });

    it('MembershipRepository: saves, lists by team and by user oldest first, updates and removes', async () => {
      const owner = membership('acc_1', 'usr_1', 'owner', at);
      const viewer = membership('acc_1', 'usr_2', 'viewer', later(1000));
      const elsewhere = membership('acc_2', 'usr_2', 'admin', later(2000));
      for (const member of [elsewhere, viewer, owner]) await f.step(() => f.memberships.save(member));
      expect(await f.step(() => f.memberships.find('acc_1', 'usr_2'))).to.deep.equal(viewer);
      expect(await f.step(() => f.memberships.listTeam('acc_1'))).to.deep.equal([owner, viewer]);
      expect(await f.step(() => f.memberships.lockTeam('acc_1'))).to.deep.equal([owner, viewer]);
      expect(await f.step(() => f.memberships.listOfUser('usr_2'))).to.deep.equal([viewer, elsewhere]);
      const promoted = { ...viewer, role: 'developer' as const, updatedAt: later(HOUR) };
      await f.step(() => f.memberships.save(promoted));
      expect(await f.step(() => f.memberships.find('acc_1', 'usr_2'))).to.deep.equal(promoted);
      await f.step(() => f.memberships.remove('acc_1', 'usr_2'));
      expect(await f.step(() => f.memberships.listTeam('acc_1'))).to.deep.equal([owner]);
    });

    it('MembershipRepository: keeps invites, lists the pending ones oldest first, and removes them', async () => {
      const first = newInvite({ accountId: 'acc_1', email: 'a@example.com', role: 'viewer', invitedBy: 'usr_1' }, at);
      const second = newInvite({ accountId: 'acc_1', email: 'b@example.com', role: 'admin', invitedBy: 'usr_1' }, later(HOUR));
      const other = newInvite({ accountId: 'acc_2', email: 'c@example.com', role: 'developer', invitedBy: 'usr_9' }, at);
      for (const invite of [second, other, first]) await f.step(() => f.memberships.addInvite(invite));
      expect(await f.step(() => f.memberships.findInvite(first.id))).to.deep.equal(first);
      expect(await f.step(() => f.memberships.listPendingInvites('acc_1', at))).to.deep.equal([first, second]);
      expect(await f.step(() => f.memberships.listPendingInvites('acc_1', first.expiresAt))).to.deep.equal([second]);
      await f.step(() => f.memberships.removeInvite(second.id));
      expect(await f.step(() => f.memberships.findInvite(second.id))).to.equal(undefined);
    });

    it('FailureLog: the newest failures of each key after a time, newest first, at most the limit; one taken back per key; cleared per key', async () => {
      for (let minute = 0; minute < 5; minute++) await f.step(() => f.failureLog.record(['login:subject:a@example.com', 'login:ip:192.0.2.1'], later(minute * 60_000)));
      const recent = (keys: string[], since: Date, limit: number) => f.step(() => f.failureLog.recent(keys, since, limit));
      expect(await recent(['login:subject:a@example.com', 'login:ip:none'], later(60_000), 10)).to.deep.equal([[later(240_000), later(180_000), later(120_000)], []]);
      expect(await recent(['login:ip:192.0.2.1'], at, 2)).to.deep.equal([[later(240_000), later(180_000)]]);
      await f.step(() => f.failureLog.record(['login:ip:192.0.2.1'], later(240_000)));
      await f.step(() => f.failureLog.forget(['login:subject:a@example.com', 'login:ip:192.0.2.1'], later(240_000)));
      expect(await recent(['login:subject:a@example.com', 'login:ip:192.0.2.1'], at, 3)).to.deep.equal([
        [later(180_000), later(120_000), later(60_000)],
        [later(240_000), later(180_000), later(120_000)],
      ]);
      await f.step(() => f.failureLog.clear('login:subject:a@example.com'));
      expect(await recent(['login:subject:a@example.com', 'login:ip:192.0.2.1'], new Date(0), 10)).to.deep.equal([[], [later(240_000), later(180_000), later(120_000), later(60_000), at]]);
    });
  });
}
