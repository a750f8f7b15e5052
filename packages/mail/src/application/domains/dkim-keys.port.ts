/** A new DKIM key pair: the public half for the DNS record, the private half sealed at rest. */
export interface GeneratedDkimKey {
  /** Base64 of the DER SubjectPublicKeyInfo (the record's `p=`). */
  readonly publicKey: string;
  readonly sealedPrivateKey: string;
}

/**
 * The domains' signing keys. The private key is sealed bound to its domain's id, so a sealed key
 * copied onto another domain's row does not open.
 */
export interface DkimKeys {
  /** An RSA-2048 pair for the domain. */
  generate(domainId: string): Promise<GeneratedDkimKey>;
  /** The private key as PKCS#8 PEM; throws when it does not open (another key sealed it, or another domain's). */
  open(sealedPrivateKey: string, domainId: string): string;
}
