import type { CollectionConfig } from 'payload'

import { personalDataAccess } from '@/access'
import { emailField } from '@/fields'

const score = (name: string) => ({ name, type: 'number' as const, defaultValue: 0 })

export const EngagementScores: CollectionConfig = {
  slug: 'engagement-scores',
  admin: {
    useAsTitle: 'email',
    group: 'Audience',
    defaultColumns: ['email', 'totalScore', 'lastActivityAt'],
  },
  access: personalDataAccess,
  defaultSort: '-totalScore',
  fields: [
    emailField({ unique: true }),
    { ...score('totalScore'), index: true },
    score('emailEngagement'),
    score('websiteEngagement'),
    score('conversionScore'),
    score('recencyScore'),
    { name: 'lastActivityAt', type: 'date' },
    { name: 'calculatedAt', type: 'date' },
  ],
}
