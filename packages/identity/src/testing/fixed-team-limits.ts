import type { TeamLimits } from '../application/team/team-limits.port.ts';

/** One cap for every account (null: none), changed by hand in tests. */
export class FixedTeamLimits implements TeamLimits {
  constructor(public limit: number | null = null) {}

  async maxMembers(): Promise<number | null> {
    return this.limit;
  }
}
