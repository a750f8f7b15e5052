import { templatePages, templateRoutes } from '@tuma/koa-adapter';
import { MESSAGING_TOKENS } from '@tuma/messaging';
import { MikroOrmTemplateRepository } from '@tuma/mikro-orm-adapter';
import { bindClass } from '../../bind-class.ts';
import { ContainerModule } from 'inversify';
import { SERVER_TOKENS } from '../../tokens.ts';
import type { ServerModule } from '../server-module.ts';
import { messagingOf } from './sms-core.module.ts';

const bindings = new ContainerModule(({ bind }) => {
  const M = MESSAGING_TOKENS;
  bindClass(bind, M.templateRepository, MikroOrmTemplateRepository, [SERVER_TOKENS.database]);
});

/** Each account's message templates. */
export const templatesServerModule: ServerModule = {
  name: 'templates',
  bindings,
  routes: (container) =>
    templateRoutes(messagingOf(container)),
  consolePages: (container) => templatePages(messagingOf(container)),
};
