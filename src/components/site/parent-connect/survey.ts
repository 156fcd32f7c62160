/** The parent survey (spec §4, §9): three questions of five options, then the signup. */
export const SURVEY_ADVANCE_MS = 500

export const SURVEY_STEPS = [
  {
    field: 'bookAttraction',
    question: 'What drew you to Dune and the Big Ears?',
    options: [
      'Nature connection',
      'Emotional learning',
      'Quality time together',
      'Beautiful artwork',
      "Child's interest",
    ],
  },
  {
    field: 'natureConnection',
    question: "What's your family's favorite nature activity?",
    options: [
      'Exploring trails and parks',
      'Gardening together',
      'Watching birds and wildlife',
      'Stargazing at night',
      'Playing by the water',
    ],
  },
  {
    field: 'parentingValues',
    question: 'What matters most to you as a parent right now?',
    options: [
      'Emotional intelligence',
      'Connection with nature',
      'Creativity and imagination',
      'Kindness and empathy',
      'Mindful presence',
    ],
  },
] as const

export type SurveyAnswers = Partial<Record<(typeof SURVEY_STEPS)[number]['field'], string>>

export const CHILD_AGE_LABELS = {
  '3-4': 'Ages 3-4',
  '5-6': 'Ages 5-6',
  '7-8': 'Ages 7-8',
  multiple: 'Multiple children',
} as const

/** Spec §7: what every parent signup is tagged with. */
export const PARENT_INTERESTS = ['parenting', 'nature', 'wild-universe']
export const PARENT_SOURCE = 'parent_qr_connect'
