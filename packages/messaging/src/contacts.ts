/** Saved contact lists: the aggregate, member rules, CSV reading, the repository and `ContactSource` ports, the in-memory store and the use cases of `/api/contacts/lists`. */
export type { ContactMember, ContactSource } from './application/contacts/contact-source.port.ts';
export {
  ContactList,
  CONTACT_LIST_DESCRIPTION_MAX_LENGTH,
  CONTACT_LIST_NAME_MAX_LENGTH,
  CONTACT_LISTS_DEFAULT_LIMIT,
  CONTACT_LISTS_MAX_LIMIT,
  contactListIssues,
  contactListNameKey,
  type ContactListChanges,
  type ContactListContent,
  type ContactListDraft,
  type ContactListSnapshot,
} from './domain/contacts/contact-list.aggregate.ts';
export {
  CONTACT_MAX_VARS,
  CONTACT_MEMBERS_DEFAULT_LIMIT,
  CONTACT_MEMBERS_MAX_LIMIT,
  CONTACT_MEMBERS_PER_CALL,
  CONTACT_NAME_MAX_LENGTH,
  CONTACT_VAR_KEY,
  CONTACT_VAR_VALUE_MAX_LENGTH,
  contactMember,
  contactMemberIssues,
  readContactMembers,
  RESERVED_VAR_KEYS,
  type ContactMemberBatch,
  type ContactMemberError,
  type ContactMemberInput,
  type ContactVars,
  type StoredContactMember,
} from './domain/contacts/contact-member.ts';
export { contactListNotFound, contactNotFound, duplicateContactListName, tooManyRows, type TooManyRowsError } from './domain/contacts/contact-errors.ts';
export { parseCsv, type CsvRecord } from '@tuma/kernel';
export {
  CONTACT_IMPORT_MAX_ROWS,
  PHONE_COLUMN_NAMES,
  readContactFile,
  type ContactFile,
  type ContactRowError,
  type ContactRowErrorReason,
} from './domain/contacts/contact-file.ts';
export type { ContactListRepository, ContactMemberPage, ContactMemberWrite } from './application/contacts/contact-list.repository.port.ts';
export { ListContactLists, type ListContactListsInput } from './application/contacts/list-contact-lists.use-case.ts';
export { CreateContactList, type CreateContactListError, type CreateContactListInput } from './application/contacts/create-contact-list.use-case.ts';
export { GetContactList } from './application/contacts/get-contact-list.use-case.ts';
export { UpdateContactList, type UpdateContactListError, type UpdateContactListInput } from './application/contacts/update-contact-list.use-case.ts';
export { DeleteContactList } from './application/contacts/delete-contact-list.use-case.ts';
export { ListContactMembers, type ListContactMembersInput } from './application/contacts/list-contact-members.use-case.ts';
export {
  AddContactMembers,
  type AddContactMembersError,
  type AddContactMembersInput,
  type ContactMembersAdded,
} from './application/contacts/add-contact-members.use-case.ts';
export { RemoveContactMember, type RemoveContactMemberInput } from './application/contacts/remove-contact-member.use-case.ts';
export {
  CONTACT_IMPORT_ERRORS_SHOWN,
  ImportContacts,
  type ContactImport,
  type ImportContactsError,
  type ImportContactsInput,
} from './application/contacts/import-contacts.use-case.ts';
