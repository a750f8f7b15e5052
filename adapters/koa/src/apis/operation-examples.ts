import { HEALTH_EXAMPLES } from '../http/health-examples.ts';
import { allExamples } from '../http/operation-examples.ts';
import { ADMIN_EXAMPLES } from './admin/examples.ts';
import { AUTH_EXAMPLES } from './auth/examples.ts';
import { BILLING_EXAMPLES } from './billing/examples.ts';
import { LINKS_EXAMPLES } from './links/examples.ts';
import { MAIL_EXAMPLES } from './mail/examples.ts';
import { MESSAGE_EXAMPLES } from './sms/message-examples.ts';
import { SMS_EXAMPLES } from './sms/examples.ts';
import { SUBSCRIPTION_EXAMPLES } from './subscriptions/examples.ts';
import { TWO_WAY_EXAMPLES } from './two-way/examples.ts';
import { VERIFY_EXAMPLES } from './verify/examples.ts';

/** The examples of every operation of the four APIs (issue 33), each room's from beside its routes. */
export const OPERATION_EXAMPLES = allExamples(
  HEALTH_EXAMPLES,
  SMS_EXAMPLES,
  MESSAGE_EXAMPLES,
  VERIFY_EXAMPLES,
  TWO_WAY_EXAMPLES,
  BILLING_EXAMPLES,
  ADMIN_EXAMPLES,
  AUTH_EXAMPLES,
  SUBSCRIPTION_EXAMPLES,
  MAIL_EXAMPLES,
  LINKS_EXAMPLES,
);
