export { loadConfig, ConfigError, ROLES, type ServerConfig } from './config.ts';
export { jsonLogger, type Logger, type LogLevel } from './logger.ts';
export { buildContainer } from './container.ts';
export { openDatabase } from './open-database.ts';
export { resolve } from './resolve.ts';
export { SERVER_TOKENS } from './tokens.ts';
export { TumaServer, VERSION, type StartedServer } from './tuma-server.ts';
