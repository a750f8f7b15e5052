/** Hashes link passwords (scrypt, as the account service's: identity's `ScryptPasswordHasher` fits) and checks one in constant time. */
export interface LinkPasswords {
  hash(password: string): Promise<string>;
  verify(password: string, hash: string): Promise<boolean>;
}
