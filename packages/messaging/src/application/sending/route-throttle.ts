/**
 * Per-route throughput: how many submissions per second are handed to the carrier for a route.
 * `acquire` waits for the route's next token (`SharedRouteThrottle`: one bucket for the fleet).
 */
export interface RouteThrottle {
  acquire(routeCode: string): Promise<void>;
}

/** No limit: for tests and embedding. */
export const unthrottled: RouteThrottle = { acquire: () => Promise.resolve() };
