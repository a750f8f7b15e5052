/** How many members the account's plan allows (links plans' `max_team`); null: no cap. */
export interface TeamLimits {
  maxMembers(accountId: string): Promise<number | null>;
}
