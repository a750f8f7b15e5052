import { KERNEL_TOKENS, type Clock, type UnitOfWork } from '@tuma/kernel';
import { templateRoutes } from '@tuma/koa-adapter';
import { CreateTemplate, DeleteTemplate, ListTemplates, MESSAGING_TOKENS, UpdateTemplate, type TemplateRepository } from '@tuma/messaging';
import { MikroOrmTemplateRepository, type Database } from '@tuma/mikro-orm-adapter';
import { ContainerModule } from 'inversify';
import { resolve } from '../resolve.ts';
import { SERVER_TOKENS } from '../tokens.ts';
import type { ServerModule } from './server-module.ts';

const bindings = new ContainerModule(({ bind }) => {
  const M = MESSAGING_TOKENS;
  const K = KERNEL_TOKENS;
  bind(M.templateRepository).toResolvedValue((db: Database) => new MikroOrmTemplateRepository(db), [SERVER_TOKENS.database]);
  bind(M.listTemplates).toResolvedValue((templates: TemplateRepository) => new ListTemplates(templates), [M.templateRepository]);
  bind(M.createTemplate).toResolvedValue(
    (templates: TemplateRepository, uow: UnitOfWork, clock: Clock) => new CreateTemplate(templates, uow, clock),
    [M.templateRepository, K.unitOfWork, K.clock],
  );
  bind(M.updateTemplate).toResolvedValue(
    (templates: TemplateRepository, uow: UnitOfWork, clock: Clock) => new UpdateTemplate(templates, uow, clock),
    [M.templateRepository, K.unitOfWork, K.clock],
  );
  bind(M.deleteTemplate).toResolvedValue(
    (templates: TemplateRepository, uow: UnitOfWork) => new DeleteTemplate(templates, uow),
    [M.templateRepository, K.unitOfWork],
  );
});

/** Each account's message templates. */
export const templatesServerModule: ServerModule = {
  name: 'templates',
  bindings,
  routes: (container) =>
    templateRoutes({
      listTemplates: resolve(container, MESSAGING_TOKENS.listTemplates),
      createTemplate: resolve(container, MESSAGING_TOKENS.createTemplate),
      updateTemplate: resolve(container, MESSAGING_TOKENS.updateTemplate),
      deleteTemplate: resolve(container, MESSAGING_TOKENS.deleteTemplate),
    }),
};
