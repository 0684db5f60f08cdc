import nodemailer from 'nodemailer'

export interface MailMessage {
  to: string
  subject: string
  text: string
  html: string
}

/** Sends mail through the SMTP server of `SMTP_URL` (credentials and TLS as the URL says). */
export interface Mailer {
  send(message: MailMessage): Promise<void>
  close(): void
}

export function createMailer({ smtpUrl, from }: { smtpUrl: string; from: string }): Mailer {
  const transport = nodemailer.createTransport(smtpUrl)
  return {
    async send({ to, subject, text, html }) {
      await transport.sendMail({ from, to, subject, text, html })
    },
    close: () => transport.close(),
  }
}
