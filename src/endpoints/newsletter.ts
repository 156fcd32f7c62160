import type { Endpoint } from 'payload'

import { emailTokenSchema } from '@/schemas/email'
import { newsletterSignupSchema } from '@/schemas/newsletter'
import { confirmNewsletter, subscribeNewsletter } from '@/services/newsletter/subscribe'

import { answer, failedForm, readFields } from './forms'
import { clientIp, handler, parseWith } from './http'
import { submission } from './submission'

/** The newsletter: the signup (double opt-in), and the confirmation page's button. */
export const newsletterEndpoints: Endpoint[] = [
  // A new address and a known one are answered alike; the email tells the person which
  // (decision 0163).
  submission('/newsletter', 'newsletter', newsletterSignupSchema, async (req, input, ip) => ({
    message: 'Successfully subscribed!',
    data: await subscribeNewsletter(req.payload, input, ip),
  })),
  {
    // The confirmation page's button. A GET (a mail scanner following the link) confirms nothing.
    path: '/newsletter/confirm',
    method: 'post',
    handler: handler(async (req) => {
      const { token } = parseWith(emailTokenSchema, await readFields(req))
      return confirmNewsletter(req.payload, token, clientIp(req))
        .then(() =>
          answer(req, '/newsletter/confirm?status=confirmed', {
            success: true,
            message: 'Your subscription is confirmed.',
          }),
        )
        .catch(failedForm(req, '/newsletter/confirm?status=invalid'))
    }),
  },
]
