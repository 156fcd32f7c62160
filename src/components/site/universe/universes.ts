/** The four story universes (spec §1, §3): ids are the newsletter interests they follow. */
export const UNIVERSES = [
  {
    id: 'wild',
    name: 'Starfinity Wild',
    ages: 'Ages 3-8',
    accent: '#5ee6a0',
    description:
      'Picture-book adventures with Dune the fennec fox and friends: listening, courage and love for wild places.',
  },
  {
    id: 'kids',
    name: 'Starfinity Kids',
    ages: 'Ages 8-12',
    accent: '#5ee6d0',
    description:
      'Chapter books and quests where young explorers learn that feelings are a compass and friendship a superpower.',
  },
  {
    id: 'sci-fi',
    name: 'Starfinity Sci-Fi',
    ages: 'Ages 12-18',
    accent: '#8b6cff',
    description:
      'Stories of teens, stars and thinking machines, asking what it means to stay human in a future we build together.',
  },
  {
    id: 'verse',
    name: 'Starfinity Saga',
    ages: 'Adult',
    accent: '#f5c66b',
    description:
      'An epic for grown-ups across generations and worlds, about consciousness, legacy and the courage to create.',
  },
] as const

export type Universe = (typeof UNIVERSES)[number]

export const LIFE_STAGES = [
  { stage: 'Wonder', ages: '3-8', text: 'Senses, nature and the first big feelings.' },
  { stage: 'Discovery', ages: '8-12', text: 'Friendship, curiosity and learning by doing.' },
  { stage: 'Identity', ages: '12-18', text: 'Values, belonging and imagining the future.' },
  { stage: 'Wisdom', ages: 'Adult', text: 'Purpose, presence and passing stories on.' },
] as const
