import { ACCOUNTS_TOKENS } from '@tuma/accounts';
import { KERNEL_TOKENS } from '@tuma/kernel';
import { mailDomainRoutes, mailKeyRoutes } from '@tuma/koa-adapter';
import { createMail, MAIL_TOKENS } from '@tuma/mail';
import { NodeDkimKeys, NodeDnsResolver } from '@tuma/mail-adapter';
import { MikroOrmMailDomainRepository } from '@tuma/mikro-orm-adapter';
import { AesGcmSecretCipher } from '@tuma/webhooks-adapter';
import { ContainerModule } from 'inversify';
import { resolve } from '../resolve.ts';
import { bindClass, bindFactory } from '../bind-class.ts';
import type { ServerConfig } from '../config.ts';
import { webhookSecretKey } from '../server-secrets.ts';
import { SERVER_TOKENS } from '../tokens.ts';
import type { ServerModule } from './server-module.ts';

const M = MAIL_TOKENS;
const K = KERNEL_TOKENS;
const S = SERVER_TOKENS;

const bindings = new ContainerModule(({ bind }) => {
  bindClass(bind, M.domainRepository, MikroOrmMailDomainRepository, [S.database]);
  bind(M.dnsResolver).toResolvedValue((config: ServerConfig) => new NodeDnsResolver({ servers: config.mail.dnsServers }), [S.config]);
  // DKIM private keys are sealed with the project's one secret cipher, as webhook secrets are (docs/mail.md, "DKIM keys").
  bind(M.dkimKeys).toResolvedValue((config: ServerConfig) => new NodeDkimKeys(new AesGcmSecretCipher(webhookSecretKey(config))), [S.config]);
  bind(M.dnsSettings).toResolvedValue((config: ServerConfig) => config.mail.dns, [S.config]);
  bindFactory(bind, M.mail, createMail, {
    clock: K.clock,
    domains: M.domainRepository,
    dns: M.dnsResolver,
    dkimKeys: M.dkimKeys,
    dnsSettings: M.dnsSettings,
  });
});

/** The mail API (docs/mail.md): its own Koa app at `/mail` (or MAIL_PORT), its keys, domains and sending. */
export const mailServerModule: ServerModule = {
  name: 'mail',
  api: 'mail',
  bindings,
  // svc_k_ keys only: an SMS key is as unknown here as a mail key is on the SMS API.
  authenticator: (container) => {
    const authenticate = resolve(container, ACCOUNTS_TOKENS.accounts).authenticateMailKey;
    return (token) => authenticate.execute(token);
  },
  routes: (container) => [...mailKeyRoutes(resolve(container, ACCOUNTS_TOKENS.accounts)), ...mailDomainRoutes(resolve(container, M.mail))],
};
