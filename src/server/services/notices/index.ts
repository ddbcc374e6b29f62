/**
 * Notices: what Roll Call tells people (issue 39). The bottom domain: accounts, attendance and reports queue a notice
 * in their own transaction (queueNotice); the bell lists them; with SMTP set, the mail sender emails them from a
 * queue in the database, every node sending its share. It imports no other domain.
 * Code outside this folder imports it from here only; files inside import each other directly.
 */
export { markNoticesRead, myNotices } from './bell';
export { emailDelivery } from './email-delivery';
export { createMailSender, MAIL_LEASE_MS, MAIL_RETRY_BASE_MS } from './mail-sender';
export { queueNotice } from './notice-queue';
