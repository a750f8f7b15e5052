/**
 * Who may call the links API's routes (docs/links.md, "Keys"): a links key (`svc_l_`) holding
 * `links:read`/`links:write` or `*`, or the dashboard's access token of a signed-in member (any
 * role reads; viewers change nothing). A key missing the scope gets 403 `insufficient_scope`.
 */
const WRITERS = ['owner', 'admin', 'developer'] as const;

export const LINKS_READ = { anyScope: ['links:read', 'links:write', '*'], session: true } as const;
export const LINKS_WRITE = { anyScope: ['links:write', '*'], session: true, roles: WRITERS } as const;
