import { createTransport, Transporter } from 'nodemailer';
import { Mailer, MailMessage } from './mail.port';

/** Production mail over SMTP (the only file that imports nodemailer). */
export class SmtpMailer implements Mailer {
  private readonly transport: Transporter;

  constructor(
    url: string,
    private readonly from: string,
  ) {
    this.transport = createTransport(url);
  }

  async send(message: MailMessage): Promise<void> {
    await this.transport.sendMail({ from: this.from, ...message });
  }
}
