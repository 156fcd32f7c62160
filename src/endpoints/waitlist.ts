import type { Endpoint } from 'payload'

import { WAITLIST_CONFIRMED } from '@/lib/email/waitlist'
import { emailTokenSchema } from '@/schemas/email'
import { waitlistSignupSchema } from '@/schemas/waitlist'
import { ConfirmLinkExpired, confirmWaitlist } from '@/services/waitlist/confirm'
import { joinWaitlist } from '@/services/waitlist/join'

import { answer, failedForm, readFields } from './forms'
import { clientIp, handler, parseWith } from './http'
import { submission } from './submission'

/** The waitlist: the signup, and the confirmation page's button (decision 0119). */
export const waitlistEndpoints: Endpoint[] = [
  // A new address and a known one are answered alike; the email tells the person which
  // (decision 0163).
  submission('/waitlist', 'waitlist', waitlistSignupSchema, async (req, input, ip) => ({
    message: 'Successfully joined waitlist!',
    data: await joinWaitlist(req.payload, input, ip),
  })),
  {
    // The waitlist confirmation page's button (a GET confirms nothing), then the place in line.
    path: '/waitlist/confirm',
    method: 'post',
    handler: handler(async (req) => {
      const { token } = parseWith(emailTokenSchema, await readFields(req))
      return confirmWaitlist(req.payload, token, clientIp(req))
        .then(({ statusToken }) =>
          answer(req, `/waitlist/status?token=${encodeURIComponent(statusToken)}&confirmed=1`, {
            success: true,
            message: WAITLIST_CONFIRMED,
          }),
        )
        .catch(
          failedForm(req, (error) =>
            error instanceof ConfirmLinkExpired
              ? `/waitlist/confirm?status=expired&product=${error.product}`
              : '/waitlist/confirm?status=invalid',
          ),
        )
    }),
  },
]
