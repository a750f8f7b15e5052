import type { ExamplesByOperation } from '../../http/operation-examples.ts';
import { deliveredEvent } from '../webhooks/delivery-examples.ts';

/**
 * Duka Online's mail on the starter plan: the domain duka.co.ke verified in January 2026, order
 * mail to customers on 10 March, with open and click tracking. The deployment's SPF include and
 * bounce host are `_spf.tu.ma` and `feedback.tu.ma` (MAIL_SPF_INCLUDE, MAIL_BOUNCE_MX).
 */
const DOMAIN_ID = 'dom_01KEV9ETWRY75QAB5P9S4MH8XA';
const EMAIL_ID = 'em_01KKBHBS5XPR49PFQ79FJEPFB8';
const WEBHOOK_ID = 'mwh_01KEXZSQ8HAD3RHRBPQXX8WSAR';
const SPF = 'v=spf1 include:_spf.tu.ma ~all';

const records = (name: string, selector: string, publicKey: string, status: string, optional: string) => [
  { record: 'spf', type: 'TXT', name, value: SPF, priority: null, required: true, status },
  { record: 'dkim', type: 'TXT', name: `${selector}._domainkey.${name}`, value: `v=DKIM1; k=rsa; p=${publicKey}`, priority: null, required: true, status },
  { record: 'return_path_mx', type: 'MX', name: `bounces.${name}`, value: 'feedback.tu.ma', priority: 10, required: false, status: optional },
  { record: 'return_path_spf', type: 'TXT', name: `bounces.${name}`, value: SPF, priority: null, required: false, status: optional },
  { record: 'dmarc', type: 'TXT', name: `_dmarc.${name}`, value: 'v=DMARC1; p=none;', priority: null, required: false, status: optional },
];
const domain = {
  id: DOMAIN_ID,
  name: 'duka.co.ke',
  region: 'af-south-1',
  status: 'verified',
  records: records(
    'duka.co.ke',
    'tuma202601-k3xq',
    'MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAuPToaq1sgu15dNsZwPmrJOhm097f71lWU8LbBjINOH3IjiDMU6HhHmqUwvufGse6cjXRyFbpVx6ZNAkwzToaE6El1qjbrvBM7U/O9qy53NDMdRxmoyTzEV8QAPMd2xDpsYEqsi6Wf2O4KIqyOPPqS3IFSs9zMnb2IEo6Oq1YfdPSpdfwgwcd0Qa6POx2k4muS7jU6nd/vBr61kmUnSQ1QbsfGw8IU5J9q+bH4ORfRjbrg05ep6tow9vlRppsNVKNMq1Ia7q6yuVCs6iOJGTn19+hgfvouYOcJ6rLua5YIIu+aP+pPKJOB/OCEwQ6AZEzZCNSyAcYwlhxwLsHzyh44wIDAQAB',
    'verified',
    'verified',
  ),
  open_tracking: true,
  click_tracking: true,
  dkim_selector: 'tuma202601-k3xq',
  checked_at: '2026-03-10T06:00:12.530Z',
  created_at: '2026-01-13T09:02:15.448Z',
};
const newDomain = {
  id: 'dom_01KKBEECT5SEBQ8Q8HVCF2N4VR',
  name: 'mail.duka.co.ke',
  region: 'af-south-1',
  status: 'pending',
  records: records(
    'mail.duka.co.ke',
    'tuma202603-601h',
    'MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAt4ZxAHZn1oWlGl2WLkECQCLiL0f7Ss6nnhDODjOUcj0L6+PwMc0B0HSFJ8dz1npbcWiCZ5D9mubi+PFJ1IQKds6GcwWncI6eqy2impv9IWGB4rFJ9oc/6TQPoehocTusGZsmYNBmI8cmj5MLmp7Z+9AjrGbwlPqFFaGsOq7IcnuzZWGKVuKLapRwd+gkZ8gHGtVwb9kovTjiXDN58o879deT3TPxzZcm2IQg+STU/+4eOa3oZLTHPrk9KcHLTqd7VM6p0DRiw41E02A9gK1e1QVxFHqZerN8UGT2LJH6MJwJtJZNdZH4MGUwmvpfl3gcrNjENteaFdoqueTLpAUd7wIDAQAB',
    'pending',
    'pending',
  ),
  open_tracking: false,
  click_tracking: false,
  dkim_selector: 'tuma202603-601h',
  checked_at: null,
  created_at: '2026-03-10T08:40:02.117Z',
};

const receiptsKey = { id: 'key_01KKBEQWYRHABD7CSVVMHCEFDB', name: 'Order receipts', prefix: 'svc_k_IiKvm1bc', permissions: ['send'], last_used_at: null, created_at: '2026-03-10T08:45:13.560Z' };

const shipped = {
  from: 'Duka <orders@duka.co.ke>',
  to: ['amina.wanjiru@gmail.com'],
  subject: 'Your order KE-1042 has shipped',
  html: '<p>Habari Amina,</p><p>Your order <b>KE-1042</b> is on its way. <a href="https://duka.co.ke/orders/KE-1042">Track it</a>.</p>',
  text: 'Habari Amina, your order KE-1042 is on its way: https://duka.co.ke/orders/KE-1042',
  tags: [{ name: 'category', value: 'order_shipped' }],
};
const summary = {
  id: EMAIL_ID,
  from: '"Duka" <orders@duka.co.ke>',
  to: shipped.to,
  cc: [],
  bcc: [],
  reply_to: ['care@duka.co.ke'],
  subject: shipped.subject,
  status: 'delivered',
  tags: shipped.tags,
  message_id: '<em_01kkbhbs5xpr49pfq79fjepfb8@bounces.duka.co.ke>',
  scheduled_at: null,
  created_at: '2026-03-10T09:31:02.205Z',
};
const event = (type: string, at: string, reason: string | null = null) => ({ type, recipient: type === 'queued' ? null : 'amina.wanjiru@gmail.com', at, reason });
const scheduled = {
  ...summary,
  id: 'em_01KKBQBC5B830GZEP9MZ9Q6DM8',
  to: ['otieno.odhiambo@yahoo.com'],
  reply_to: [],
  subject: 'Weekend offers at Duka',
  status: 'scheduled',
  tags: [{ name: 'category', value: 'promotion' }],
  message_id: null,
  scheduled_at: '2026-03-13T05:00:00.000Z',
  created_at: '2026-03-10T11:15:40.331Z',
};
const bounced = {
  ...summary,
  id: 'em_01KKBKRF3A3S17Z14BX0MGWFD0',
  to: ['j.mwangi@safaricom.co.ke'],
  reply_to: [],
  subject: 'Your order KE-1039 has shipped',
  status: 'bounced',
  message_id: '<em_01kkbkrf3a3s17z14bx0mgwfd0@bounces.duka.co.ke>',
  created_at: '2026-03-10T10:12:55.018Z',
};
const webhook = { id: WEBHOOK_ID, url: 'https://duka.co.ke/hooks/mail', events: ['delivered', 'bounced', 'complained', 'open', 'click'], is_active: true, created_at: '2026-01-14T10:11:09.713Z', updated_at: '2026-03-02T16:40:51.118Z' };
const bouncedEvent = deliveredEvent({ id: 'evt_01KKBKRGXJDQYD0SM5YKSNW6NB', type: 'bounced', url: webhook.url, at: '2026-03-10T10:12:56.882Z', attemptAt: '2026-03-10T10:12:57.104Z', latencyMs: 212 });
const senderAddress = { id: 'sa_01KK97GCG9PC10QQA6W7YMDGWV', email: 'amina.wanjiru@gmail.com', name: 'Amina Wanjiru', status: 'pending', confirmed_at: null, created_at: '2026-03-09T12:00:18.441Z' };
const smtpCredential = { id: 'smtpc_01KH3ZB7Q086GX8K4TP5BGQXSV', name: 'Shop server', username: 'tuma_P3PMcmP3CTM2', created_at: '2026-02-10T14:30:05.280Z', last_used_at: '2026-03-10T09:58:40.612Z' };
const contactList = { id: 'cl_01KFD794R01D79SG7YGA77YGPC', name: 'Duka newsletter', contact_count: 1248, unsubscribed_count: 37, created_at: '2026-01-20T08:10:31.552Z', updated_at: '2026-03-09T19:02:44.316Z' };
const contact = {
  id: 'ct_01KFD7C0WK8DEQTHVAB1FV9VRS',
  email: 'amina.wanjiru@gmail.com',
  first_name: 'Amina',
  last_name: 'Wanjiru',
  data: { city: 'Nairobi' },
  unsubscribed: false,
  created_at: '2026-01-20T08:12:05.907Z',
  updated_at: '2026-01-20T08:12:05.907Z',
};
const counts = { recipients: 1211, skipped_unsubscribed: 37, skipped_suppressed: 0, pending: 0, cancelled: 0, queued: 0, sent: 0, delivered: 1188, bounced: 14, complained: 2, failed: 7 };
const broadcast = {
  id: 'bc_01KK0R8MGWZD3SVP76M1CRJSH6',
  list_id: contactList.id,
  status: 'sent',
  from: 'Duka <news@duka.co.ke>',
  subject: 'Karibu, {{first_name}}: this week at Duka',
  scheduled_at: null,
  cancelled_at: null,
  created_at: '2026-03-06T05:00:00.412Z',
  counts,
};
const later = {
  ...broadcast,
  id: 'bc_01KKBR69WMDKHWV8TFFH9MVZSE',
  status: 'scheduled',
  subject: 'Easter offers for you, {{first_name}}',
  scheduled_at: '2026-03-13T05:00:00.000Z',
  created_at: '2026-03-10T11:30:22.740Z',
  counts: { ...counts, pending: 1211, delivered: 0, bounced: 0, complained: 0, failed: 0 },
};
const forward = { id: 'fwd_01KEY0B83F93C23GQJ76T7HZR4', from: 'sales@duka.co.ke', to: 'amina.wanjiru@gmail.com', domain_id: DOMAIN_ID, created_at: '2026-01-14T10:20:44.015Z' };
export const MAIL_EXAMPLES = {
  createMailApiKey: { request: { name: 'Order receipts', permissions: ['send'] }, response: { ...receiptsKey, key: 'svc_k_IiKvm1bcIOR6xQFrvONWxIbJGv1ILv1rXXoRIqcr' } },
  listMailApiKeys: {
    response: {
      data: [receiptsKey, { id: 'key_01KEV9BZHE2VZFPMTXD4AE2N53', name: 'Duka backend', prefix: 'svc_k_Rk2mV8tQ', permissions: ['send', 'read', 'manage'], last_used_at: '2026-03-10T09:31:02.190Z', created_at: '2026-01-13T09:00:41.902Z' }],
    },
  },
  addMailDomain: { request: { name: 'mail.duka.co.ke' }, response: newDomain },
  listMailDomains: { response: { data: [newDomain, domain] } },
  getMailDomain: { response: domain },
  updateMailDomain: { request: { open_tracking: true, click_tracking: true }, response: domain },
  verifyMailDomain: { response: domain },
  sendEmail: {
    request: { ...shipped, reply_to: 'care@duka.co.ke', attachments: [{ filename: 'invoice-KE-1042.pdf', path: 'https://duka.co.ke/invoices/KE-1042.pdf' }] },
    response: { id: EMAIL_ID },
  },
  listEmails: { response: { data: [scheduled, summary, bounced], next_cursor: 'em_01KKBKRF3A3S17Z14BX0MGWFD0' } },
  getEmail: {
    response: {
      ...summary,
      html: shipped.html,
      text: shipped.text,
      attachments: [{ filename: 'invoice-KE-1042.pdf', content_type: 'application/pdf', size: 48213 }],
      headers: {},
      events: [
        event('queued', '2026-03-10T09:31:02.205Z'),
        event('sent', '2026-03-10T09:31:02.918Z'),
        event('delivered', '2026-03-10T09:31:04.633Z'),
        event('opened', '2026-03-10T09:47:50.104Z'),
        event('clicked', '2026-03-10T09:48:21.226Z', 'https://duka.co.ke/orders/KE-1042'),
      ],
    },
  },
  cancelEmail: { response: { ...scheduled, status: 'cancelled' } },
  createMailWebhook: {
    request: { url: webhook.url, events: webhook.events },
    response: { ...webhook, updated_at: webhook.created_at, secret: 'whsec_aeX2QQ8ZOHRqoUrqYA23Jk6QuHe2bFt3' },
  },
  listMailWebhooks: { response: { data: [webhook] } },
  getMailWebhook: { response: webhook },
  updateMailWebhook: { request: { events: webhook.events }, response: webhook },
  listMailWebhookDeliveries: {
    response: { deliveries: [bouncedEvent, deliveredEvent({ id: 'evt_01KKBHBVM67E6KDBDECBNY849H', type: 'delivered', url: webhook.url, at: '2026-03-10T09:31:04.710Z', attemptAt: '2026-03-10T09:31:04.955Z', latencyMs: 198 })], total: 2, page: 0, limit: 20 },
  },
  redeliverMailWebhook: { response: { ...bouncedEvent, status: 'pending', next_attempt_at: '2026-03-10T13:02:40.510Z' } },
  listSuppressions: {
    response: {
      data: [{ id: 'sup_01KKBKRGX6ECNCTYV3PMABRF93', email: 'j.mwangi@safaricom.co.ke', reason: 'hard_bounce', email_id: bounced.id, detail: '550 5.1.1 The email account does not exist', created_at: '2026-03-10T10:12:56.870Z' }],
      next_cursor: null,
    },
  },
  addSenderAddress: { request: { email: senderAddress.email, name: senderAddress.name }, response: senderAddress },
  listSenderAddresses: { response: { data: [senderAddress] } },
  getSenderAddress: { response: senderAddress },
  confirmSenderAddress: { response: { ...senderAddress, status: 'confirmed', confirmed_at: '2026-03-09T12:04:51.307Z' } },
  getMailAnalytics: {
    response: {
      days: 7,
      from: '2026-03-04',
      to: '2026-03-10',
      totals: { sent: 3538, delivered: 3473, bounced: 41, complained: 3, opened: 1689, clicked: 384, failed: 5, delivery_rate: 0.9816, bounce_rate: 0.0116, complaint_rate: 0.0009, open_rate: 0.4863, click_rate: 0.1106, failure_rate: 0.0014 },
      daily: [
        { date: '2026-03-04', sent: 412, delivered: 405, bounced: 4, complained: 0, opened: 188, clicked: 41, failed: 1, delivery_rate: 0.983, bounce_rate: 0.0097, complaint_rate: 0, open_rate: 0.4642, click_rate: 0.1012, failure_rate: 0.0024 },
        { date: '2026-03-05', sent: 388, delivered: 381, bounced: 5, complained: 1, opened: 170, clicked: 35, failed: 0, delivery_rate: 0.982, bounce_rate: 0.0129, complaint_rate: 0.0026, open_rate: 0.4462, click_rate: 0.0919, failure_rate: 0 },
        { date: '2026-03-06', sent: 1630, delivered: 1598, bounced: 21, complained: 2, opened: 842, clicked: 203, failed: 3, delivery_rate: 0.9804, bounce_rate: 0.0129, complaint_rate: 0.0013, open_rate: 0.5269, click_rate: 0.127, failure_rate: 0.0018 },
        { date: '2026-03-07', sent: 295, delivered: 290, bounced: 3, complained: 0, opened: 131, clicked: 28, failed: 0, delivery_rate: 0.9831, bounce_rate: 0.0102, complaint_rate: 0, open_rate: 0.4517, click_rate: 0.0966, failure_rate: 0 },
        { date: '2026-03-08', sent: 140, delivered: 138, bounced: 1, complained: 0, opened: 52, clicked: 9, failed: 0, delivery_rate: 0.9857, bounce_rate: 0.0071, complaint_rate: 0, open_rate: 0.3768, click_rate: 0.0652, failure_rate: 0 },
        { date: '2026-03-09', sent: 455, delivered: 447, bounced: 5, complained: 0, opened: 219, clicked: 52, failed: 1, delivery_rate: 0.9824, bounce_rate: 0.011, complaint_rate: 0, open_rate: 0.4899, click_rate: 0.1163, failure_rate: 0.0022 },
        { date: '2026-03-10', sent: 218, delivered: 214, bounced: 2, complained: 0, opened: 87, clicked: 16, failed: 0, delivery_rate: 0.9817, bounce_rate: 0.0092, complaint_rate: 0, open_rate: 0.4065, click_rate: 0.0748, failure_rate: 0 },
      ],
    },
  },
  getMailBilling: {
    response: {
      plan: { tier: 'starter', price_usd: 20, monthly_emails: 50000, daily_emails: -1, max_domains: 10, log_retention_days: 3 },
      usage: { month: '2026-03', emails_this_month: 5842, day: '2026-03-10', emails_today: 218 },
    },
  },
  createSmtpCredential: { request: { name: 'Shop server' }, response: { ...smtpCredential, last_used_at: null, password: 'ofPDJyY0ZJnnHTGHlpzEZ4srqKO3UHis' } },
  listSmtpCredentials: { response: { data: [smtpCredential] } },
  createMailForward: { request: { from: forward.from, to: forward.to }, response: forward },
  listMailForwards: { response: { data: [forward] } },
  listMailForwardLog: {
    response: {
      data: [
        {
          id: 'fwl_01KKBC2EXEA3B77CJYGAWKQ02P',
          received_at: '2026-03-10T07:58:33.902Z',
          recipient: 'sales@duka.co.ke',
          to: 'amina.wanjiru@gmail.com',
          original_from: 'Grace Achieng <grace@achiengcrafts.co.ke>',
          envelope_from: 'grace@achiengcrafts.co.ke',
          return_path: 'SRS0=k7vqm2xa=4f=achiengcrafts.co.ke=grace@bounces.duka.co.ke',
          message_id: '<CAF3k9QbX2m@mail.achiengcrafts.co.ke>',
          subject: 'Wholesale order: 40 kiondo baskets',
          outcome: 'delivered',
          error: null,
          settled_at: '2026-03-10T07:58:35.118Z',
        },
      ],
      next_cursor: null,
    },
  },
  createMailContactList: { request: { name: contactList.name }, response: { ...contactList, contact_count: 0, unsubscribed_count: 0, updated_at: contactList.created_at } },
  listMailContactLists: { response: { data: [contactList], next_cursor: null } },
  getMailContactList: { response: contactList },
  renameMailContactList: { request: { name: 'Duka newsletter (Kenya)' }, response: { ...contactList, name: 'Duka newsletter (Kenya)', updated_at: '2026-03-10T08:05:19.244Z' } },
  addMailContacts: { request: { email: contact.email, first_name: 'Amina', last_name: 'Wanjiru', data: { city: 'Nairobi' } }, response: contact },
  listMailContacts: {
    response: {
      data: [contact, { ...contact, id: 'ct_01KGFQ8XHGTKYE06W9C33T9BKN', email: 'otieno.odhiambo@yahoo.com', first_name: 'Otieno', last_name: 'Odhiambo', data: { city: 'Kisumu' }, created_at: '2026-02-02T17:44:12.080Z', updated_at: '2026-02-02T17:44:12.080Z' }],
      total: 1248,
      page: 0,
      limit: 2,
    },
  },
  importMailContacts: { response: { imported: 212, added: 205, updated: 7, duplicates: 3, error_count: 1, encoding: 'utf-8', errors: [{ row: 41, value: 'wanjiku@', reason: 'invalid_email' }] } },
  getMailContact: { response: contact },
  updateMailContact: { request: { data: { city: 'Nairobi', tier: 'gold' } }, response: { ...contact, data: { city: 'Nairobi', tier: 'gold' }, updated_at: '2026-03-10T08:07:51.630Z' } },
  sendBroadcast: {
    request: {
      from: broadcast.from,
      subject: broadcast.subject,
      html: '<p>Habari {{first_name}},</p><p>New arrivals in Nairobi this week: <a href="https://duka.co.ke/new">see them</a>.</p>',
      tags: [{ name: 'category', value: 'newsletter' }],
    },
    response: { ...broadcast, status: 'sending', counts: { ...counts, pending: 1211, delivered: 0, bounced: 0, complained: 0, failed: 0 } },
  },
  listBroadcasts: { response: { data: [later, broadcast], next_cursor: null } },
  getBroadcast: { response: broadcast },
  cancelBroadcast: { response: { ...later, status: 'cancelled', cancelled_at: '2026-03-10T11:42:03.518Z', counts: { ...later.counts, pending: 0, cancelled: 1211 } } },
} satisfies ExamplesByOperation;
