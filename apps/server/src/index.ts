export { CONFIG_VARIABLES, loadConfig, ConfigError, ROLES, type ServerConfig } from './config.ts';
export { jsonLogger, type Logger, type LogLevel } from './logger.ts';
export { buildContainer, type ContainerOptions } from './container.ts';
export type { CarrierGatewayFactory, CarrierGatewayPorts } from './carrier-gateway-factory.ts';
export { openDatabase } from './open-database.ts';
export { resolve } from './resolve.ts';
export { SERVER_TOKENS } from './tokens.ts';
export { TumaServer, VERSION, type ServedApi, type StartedServer } from './tuma-server.ts';
export { buildInfo, type BuildInfo } from './build-info.ts';
