/**
 * The blocklist shipped with Tuma (docs/links.md, "URL screening"), in the format of
 * BLOCKED_HOSTS_FILE: one host a line, `#` comments; a host blocks its subdomains too. Seeded with
 * well-known test, IP-logger and abuse hosts; an operator adds a maintained feed through the file.
 * (A module rather than a text file, so that the built package carries it in dist/.)
 */
export const SHIPPED_BLOCKLIST = `
malware.testing.google.test
testsafebrowsing.appspot.com
phishing.example
malware.example
grabify.link
iplogger.org
iplogger.com
2no.co
yip.su
`;
