import { createTransport, Transporter } from 'nodemailer';
import { Mailer, MailMessage } from './mail.port';

/** Production mail over SMTP (the only file that imports nodemailer). */
export class SmtpMailer implements Mailer {
  private readonly transport: Transporter;
  private readonly domain: string;

  constructor(
    url: string,
    private readonly from: string,
  ) {
    this.transport = createTransport(url);
    // The sender's domain names our Message-IDs ("CrewClock <no-reply@example.com>" → example.com).
    const at = from.lastIndexOf('@');
    this.domain =
      at < 0
        ? 'crewclock.invalid'
        : from
            .slice(at + 1)
            .replace('>', '')
            .trim() || 'crewclock.invalid';
  }

  async send({ id, ...message }: MailMessage): Promise<void> {
    await this.transport.sendMail({
      from: this.from,
      ...message,
      ...(id ? { messageId: `<${id}@${this.domain}>` } : {}),
    });
  }
}
