import { createTransport } from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/** Sends email; the only kind today is the password-reset link. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/**
 * Email through the SMTP server SMTP_URL names (nodemailer reads user, password, port and TLS from
 * it). Not pooled: each message opens its own connection and closes it, so nothing is left to close.
 */
export function createSmtpMailer(smtp: { url: string; from: string }): Mailer {
  const transport = createTransport(smtp.url);
  return {
    async send(message) {
      await transport.sendMail({ from: smtp.from, ...message });
    },
  };
}
