/** Links to every contact channel (spec §3): phone, email, WhatsApp, Line, KakaoTalk, Telegram. */

import { __iconData as mailShape } from 'lucide-react/icons/mail'
import { __iconData as messageCircleShape } from 'lucide-react/icons/message-circle'
import { __iconData as phoneShape } from 'lucide-react/icons/phone'
import { __iconData as sendShape } from 'lucide-react/icons/send'
import { outlineIcon } from '#app/components/icons.tsx'
import { useTranslation } from '#app/i18n/use-translation.tsx'
import type { ContactChannels as Channels } from '#contracts/public-config.ts'

const Mail = outlineIcon(mailShape)
const MessageCircle = outlineIcon(messageCircleShape)
const Phone = outlineIcon(phoneShape)
const Send = outlineIcon(sendShape)

export function contactChannelLinks(channels: Channels) {
  return [
    {
      key: 'phone',
      href: `tel:${channels.phone.replace(/[^\d+]/g, '')}`,
      value: channels.phone,
      Icon: Phone,
    },
    { key: 'email', href: `mailto:${channels.email}`, value: channels.email, Icon: Mail },
    {
      key: 'whatsapp',
      href: `https://wa.me/${channels.whatsapp.replace(/\D/g, '')}`,
      value: channels.whatsapp,
      Icon: MessageCircle,
    },
    {
      key: 'line',
      href: `https://line.me/R/ti/p/${encodeURIComponent(channels.line)}`,
      value: channels.line,
      Icon: MessageCircle,
    },
    {
      key: 'kakaotalk',
      href: `https://pf.kakao.com/${encodeURIComponent(channels.kakaotalk)}`,
      value: channels.kakaotalk,
      Icon: MessageCircle,
    },
    {
      key: 'telegram',
      href: `https://t.me/${encodeURIComponent(channels.telegram)}`,
      value: channels.telegram,
      Icon: Send,
    },
  ] as const
}

export function ContactChannelList({ channels }: { channels: Channels }) {
  const { t } = useTranslation('shell')
  return (
    <ul className="grid gap-2 sm:grid-cols-2" data-testid="contact-channels">
      {contactChannelLinks(channels).map(({ key, href, value, Icon }) => (
        <li key={key}>
          <a
            href={href}
            {...(href.startsWith('https:') ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
            className="flex items-center gap-3 rounded-lg border border-ink-100 bg-white px-3 py-2 text-sm hover:border-brand-500"
          >
            <Icon className="size-4 text-brand-600" aria-hidden="true" />
            <span className="flex flex-col">
              <span className="font-medium text-ink-900">{t(`contact.channels.${key}`)}</span>
              <span className="text-ink-700">{value}</span>
            </span>
          </a>
        </li>
      ))}
    </ul>
  )
}
