/**
 * A real SMTP server on 127.0.0.1 for the tests (smtp-server speaks the protocol; mailparser reads what arrived).
 * Recipients whose local part starts with `bounce` are refused for good (550), `later` for now (451); every other
 * message is accepted and kept, parsed. With `credentials`, a client must log in with them.
 */
import type { AddressInfo } from 'node:net'
import { type ParsedMail, simpleParser } from 'mailparser'
import { SMTPServer } from 'smtp-server'

export interface LocalSmtpServer {
  url: string
  received: ParsedMail[]
  /** Raw envelopes: who the client named in RCPT TO, per message. */
  close(): Promise<void>
}

export async function startLocalSmtpServer(
  options: { credentials?: { user: string; pass: string } } = {},
): Promise<LocalSmtpServer> {
  const received: ParsedMail[] = []
  const server = new SMTPServer({
    disabledCommands: options.credentials ? ['STARTTLS'] : ['STARTTLS', 'AUTH'],
    authOptional: !options.credentials,
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      const { user, pass } = options.credentials ?? { user: '', pass: '' }
      if (auth.username === user && auth.password === pass) return callback(null, { user })
      return callback(new Error('Invalid username or password'))
    },
    onRcptTo(address, _session, callback) {
      const local = address.address.split('@')[0] ?? ''
      if (local.startsWith('bounce'))
        return callback(Object.assign(new Error('No such user here'), { responseCode: 550 }))
      if (local.startsWith('later'))
        return callback(Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 451 }))
      return callback()
    },
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          received.push(parsed)
          callback()
        })
        .catch(callback)
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.server.address() as AddressInfo
  const credentials = options.credentials
    ? `${encodeURIComponent(options.credentials.user)}:${encodeURIComponent(options.credentials.pass)}@`
    : ''
  return {
    url: `smtp://${credentials}127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
