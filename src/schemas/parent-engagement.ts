import { z } from 'zod'

import { CHILD_AGES } from '@/lib/constants'

import { emailSchema, optionalLongText, optionalText, personName, tagList } from './common'

export const parentEngagementSchema = z.object({
  name: personName(100),
  email: emailSchema(),
  childAge: z.enum(CHILD_AGES, { error: "Please select your child's age range" }),
  bookAttraction: optionalText(200),
  natureConnection: optionalText(200),
  parentingValues: optionalText(200),
  familyWish: optionalLongText(2000),
  interests: tagList(),
  source: optionalText(100),
})

export type ParentEngagementInput = z.input<typeof parentEngagementSchema>
