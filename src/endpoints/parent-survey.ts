import type { Endpoint } from 'payload'

import { parentEngagementSchema } from '@/schemas/parent-engagement'
import { submitParentEngagement } from '@/services/parent-survey/submit'

import { submission } from './submission'

/** The parent survey of Parent Connect. */
export const parentSurveyEndpoints: Endpoint[] = [
  submission(
    '/parent-engagement',
    'parent-engagement',
    parentEngagementSchema,
    async (req, input, ip) => {
      await submitParentEngagement(req.payload, input, ip)
      return {
        message: 'Welcome to the journey! Your Five-Minute Nature Moments guide is on its way.',
      }
    },
  ),
]
