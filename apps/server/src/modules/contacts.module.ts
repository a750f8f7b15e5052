import { KERNEL_TOKENS, type Clock, type UnitOfWork } from '@tuma/kernel';
import { contactListRoutes } from '@tuma/koa-adapter';
import {
  AddContactMembers,
  CreateContactList,
  DeleteContactList,
  GetContactList,
  ImportContacts,
  ListContactLists,
  ListContactMembers,
  MESSAGING_TOKENS,
  RemoveContactMember,
  UpdateContactList,
  type ContactListRepository,
} from '@tuma/messaging';
import { MikroOrmContactListRepository, type Database } from '@tuma/mikro-orm-adapter';
import { ContainerModule } from 'inversify';
import { resolve } from '../resolve.ts';
import { SERVER_TOKENS } from '../tokens.ts';
import type { ServerModule } from './server-module.ts';

const bindings = new ContainerModule(({ bind }) => {
  const M = MESSAGING_TOKENS;
  const K = KERNEL_TOKENS;
  bind(M.contactListRepository).toResolvedValue((db: Database) => new MikroOrmContactListRepository(db), [SERVER_TOKENS.database]);
  bind(M.contactSource).toResolvedValue((lists: ContactListRepository) => lists, [M.contactListRepository]);
  bind(M.listContactLists).toResolvedValue((lists: ContactListRepository) => new ListContactLists(lists), [M.contactListRepository]);
  bind(M.getContactList).toResolvedValue((lists: ContactListRepository) => new GetContactList(lists), [M.contactListRepository]);
  bind(M.listContactMembers).toResolvedValue((lists: ContactListRepository) => new ListContactMembers(lists), [M.contactListRepository]);
  bind(M.deleteContactList).toResolvedValue(
    (lists: ContactListRepository, uow: UnitOfWork) => new DeleteContactList(lists, uow),
    [M.contactListRepository, K.unitOfWork],
  );
  bind(M.createContactList).toResolvedValue(
    (lists: ContactListRepository, uow: UnitOfWork, clock: Clock) => new CreateContactList(lists, uow, clock),
    [M.contactListRepository, K.unitOfWork, K.clock],
  );
  bind(M.updateContactList).toResolvedValue(
    (lists: ContactListRepository, uow: UnitOfWork, clock: Clock) => new UpdateContactList(lists, uow, clock),
    [M.contactListRepository, K.unitOfWork, K.clock],
  );
  bind(M.addContactMembers).toResolvedValue(
    (lists: ContactListRepository, uow: UnitOfWork, clock: Clock) => new AddContactMembers(lists, uow, clock),
    [M.contactListRepository, K.unitOfWork, K.clock],
  );
  bind(M.removeContactMember).toResolvedValue(
    (lists: ContactListRepository, uow: UnitOfWork, clock: Clock) => new RemoveContactMember(lists, uow, clock),
    [M.contactListRepository, K.unitOfWork, K.clock],
  );
  bind(M.importContacts).toResolvedValue(
    (lists: ContactListRepository, uow: UnitOfWork, clock: Clock) => new ImportContacts(lists, uow, clock),
    [M.contactListRepository, K.unitOfWork, K.clock],
  );
});

/** Each account's saved contact lists; the bulk send reads them through `MESSAGING_TOKENS.contactSource`. */
export const contactsServerModule: ServerModule = {
  name: 'contacts',
  bindings,
  routes: (container) =>
    contactListRoutes({
      listContactLists: resolve(container, MESSAGING_TOKENS.listContactLists),
      createContactList: resolve(container, MESSAGING_TOKENS.createContactList),
      getContactList: resolve(container, MESSAGING_TOKENS.getContactList),
      updateContactList: resolve(container, MESSAGING_TOKENS.updateContactList),
      deleteContactList: resolve(container, MESSAGING_TOKENS.deleteContactList),
      listContactMembers: resolve(container, MESSAGING_TOKENS.listContactMembers),
      addContactMembers: resolve(container, MESSAGING_TOKENS.addContactMembers),
      removeContactMember: resolve(container, MESSAGING_TOKENS.removeContactMember),
      importContacts: resolve(container, MESSAGING_TOKENS.importContacts),
    }),
};
