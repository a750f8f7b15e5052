/** Who acts on a team: the authenticated user and the account of their access token (the role is read again, under lock). */
export interface Actor {
  readonly userId: string;
  readonly accountId: string;
}
