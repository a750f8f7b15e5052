import type { ApiName, Authenticate, AuthenticateSession, ConsolePage, HostedApp, MountedApi, RouteDefinition } from '@tuma/koa-adapter';
import type { Container, ContainerModule } from 'inversify';

/**
 * One capability as the server wires it: its DI bindings, the HTTP routes it serves, the jobs its
 * workers run and what it must do at start (e.g. seed reference data). Listed in `modules/index.ts`.
 */
export interface ServerModule {
  readonly name: string;
  readonly bindings: ContainerModule;
  /** The API its routes and key check belong to, each API a Koa app of its own (default `sms`). */
  readonly api?: ApiName;
  readonly routes?: (container: Container) => RouteDefinition[];
  /** Its pages in the web console at `{base_url}/app` (docs/dashboard.md), over the same use cases as its routes. */
  readonly consolePages?: (container: Container) => ConsolePage[];
  /** Checks the bearer tokens of its API's keyed routes (the API's key kinds); one module per API gives it. */
  readonly authenticator?: (container: Container) => Authenticate;
  /** Checks signed-in users' access tokens (JWT) on the session routes of every API; one module gives it (identity). */
  readonly sessionAuthenticator?: (container: Container) => AuthenticateSession;
  /** Declares (and, in worker processes, registers handlers for) the module's jobs. */
  readonly jobs?: (container: Container) => void;
  /** Runs once at start, inside a database context, after migrations. */
  readonly onStart?: (container: Container) => Promise<void>;
  /** Runs once after the job queue started, inside a database context (e.g. a recurring job's first run). */
  readonly onJobsStarted?: (container: Container) => Promise<void>;
  /** Runs once at stop, after the job workers stopped and before the database closes. */
  readonly onStop?: (container: Container) => Promise<void>;
  /** Koa apps of its own on PORT under a path of their own, beside the APIs (the short-link host at `/s`). */
  readonly pathApps?: (container: Container) => readonly MountedApi[];
  /** Apps on PORT for the requests whose `Host` they claim, whatever the path (branded short domains), before the APIs. */
  readonly hostApps?: (container: Container) => readonly HostedApp[];
  /** Servers of its own beside the HTTP APIs (the mail API's SMTP submission): started with the APIs, closed before them. */
  readonly servers?: (container: Container) => readonly ModuleServer[];
}

/** A listener a module runs in processes that serve the APIs. */
export interface ModuleServer {
  readonly name: string;
  /** Listens at `host`: the port bound, or undefined when it is configured off. */
  listen(host: string): Promise<number | undefined>;
  close(): Promise<void>;
}
