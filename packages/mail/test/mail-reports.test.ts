import { expect } from 'chai';
import { reportedOutcomes } from '../src/index.ts';

const report = (type: 'delivery-status' | 'feedback-report', machine: string, original = 'To: Amina <amina@example.org>\r\nSubject: Order\r\n') =>
  [
    'From: MAILER-DAEMON@mx.example.org',
    'Subject: Returned mail',
    'MIME-Version: 1.0',
    `Content-Type: multipart/report; report-type=${type};`,
    '\tboundary="REPORT-1"',
    '',
    '--REPORT-1',
    'Content-Type: text/plain',
    '',
    'Prose for people: Final-Recipient: rfc822; decoy@example.org (not read)',
    '',
    '--REPORT-1',
    `Content-Type: message/${type}`,
    '',
    machine,
    '',
    '--REPORT-1',
    'Content-Type: text/rfc822-headers',
    '',
    original,
    '--REPORT-1--',
    '',
  ].join('\r\n');

describe('mail reports (DSN and ARF)', () => {
  it('reads the failed recipients of a delivery status notification, with status and diagnostic, and skips delayed and delivered ones', () => {
    const dsn = report(
      'delivery-status',
      [
        'Reporting-MTA: dns; mx.example.org',
        '',
        'Final-Recipient: rfc822; Amina@Example.org',
        'Action: failed',
        'Status: 5.1.1',
        'Diagnostic-Code: smtp; 550 5.1.1 <amina@example.org>:',
        ' No such user',
        '',
        'Final-Recipient: rfc822; baraka@example.org',
        'Action: delayed',
        'Status: 4.2.2',
        '',
        'Original-Recipient: rfc822; chebet@example.org',
        'Action: failed',
        'Status: 5.2.1',
      ].join('\r\n'),
    );
    expect(reportedOutcomes(dsn)).to.deep.equal([
      { recipient: 'amina@example.org', event: 'bounced', reason: '5.1.1 550 5.1.1 <amina@example.org>: No such user' },
      { recipient: 'chebet@example.org', event: 'bounced', reason: '5.2.1' },
    ]);
  });

  it('reads the complaining recipient of an abuse report: Original-Rcpt-To, else the original To', () => {
    expect(reportedOutcomes(report('feedback-report', 'Feedback-Type: abuse\r\nUser-Agent: FBL/1.0\r\nVersion: 1\r\nOriginal-Rcpt-To: <baraka@example.org>'))).to.deep.equal([
      { recipient: 'baraka@example.org', event: 'complained', reason: 'feedback: abuse' },
    ]);
    expect(reportedOutcomes(report('feedback-report', 'Feedback-Type: fraud\r\nVersion: 1'))).to.deep.equal([{ recipient: 'amina@example.org', event: 'complained', reason: 'feedback: fraud' }]);
  });

  it('finds nothing in a message that is not a report', () => {
    expect(reportedOutcomes('From: a@example.org\r\nContent-Type: text/plain\r\n\r\nAction: failed\r\nFinal-Recipient: rfc822; amina@example.org\r\n')).to.deep.equal([]);
  });
});
