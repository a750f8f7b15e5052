import { err, notFound, ok, type NotFoundError, type Result } from '@tuma/kernel';
import type { MembershipSnapshot } from '../../domain/team/membership.ts';

/** The acting member and the one acted on, from the locked team; either missing is a 404 (a former member, another account's user). */
export function findPair(team: readonly MembershipSnapshot[], actorId: string, targetId: string): Result<{ actor: MembershipSnapshot; target: MembershipSnapshot }, NotFoundError> {
  const actor = team.find((member) => member.userId === actorId);
  const target = team.find((member) => member.userId === targetId);
  if (!actor) return err(notFound('member', actorId));
  if (!target) return err(notFound('member', targetId));
  return ok({ actor, target });
}
