import { FOUNDER_NAME } from './constants'
import { DEFAULT_DESCRIPTION } from './metadata'
import type { PublicRoute } from './routes'

/** A page's title (the site name is added after it) and description for search results and shares. */
export type PageTexts = { title?: string; description: string }

/**
 * The texts each fixed public route is shown with until editors change them (its `page-seo`
 * entry, decision 0122): the seed's starting values and the fallback of an empty field.
 */
export const PAGE_TEXTS: Record<PublicRoute, PageTexts> = {
  '/': { description: DEFAULT_DESCRIPTION },
  '/waitlist': {
    title: 'Join the Waitlist',
    description:
      'Join the Starfinity waitlist for the Earth App, new books, music releases or the story universe.',
  },
  '/earth-app': {
    title: 'Earth App',
    description:
      'The Starfinity Earth App: small daily rituals of reflection, gratitude and time in nature ' +
      'for the whole family. Join the waitlist for early access.',
  },
  '/publishing': {
    title: 'Starfinity Publishing',
    description:
      'Four collections of books that grow with their readers: Starfinity Wild, Kids, Sci-Fi and ' +
      'Saga. Start with Dune and the Big Ears.',
  },
  '/records': {
    title: 'Starfinity Records',
    description:
      'Music that carries the heart of our stories: hear Listen With Your Heart, the theme song ' +
      'of Dune and the Big Ears, on your favourite streaming service.',
  },
  '/universe': {
    title: 'The Starfinity Universe',
    description:
      'Four story universes for every age: Wild 3-8, Kids 8-12, Sci-Fi 12-18 and Saga for adults.',
  },
  '/characters': {
    title: 'Meet the Animal Guides',
    description:
      'Dune, Phoebe, Chirpy, Fern and Crystal: five animal guides from five real habitats, each ' +
      'with a story and a little wisdom for growing hearts.',
  },
  '/community': {
    title: 'Community',
    description:
      'A community of conscious families, readers, listeners and creators. Join with your first name and email.',
  },
  '/about': {
    title: `About ${FOUNDER_NAME}`,
    description: `${FOUNDER_NAME}, author, songwriter and founder of Starfinity: stories, music and tools for conscious families.`,
  },
  '/contact': {
    title: 'Connect with Purpose',
    description:
      'Collaboration, guidance, community building, media and speaking: send a message and expect a reply within 24-48 hours.',
  },
  '/insights': {
    title: 'Insights: Stories Behind the Stories',
    description:
      'Starfinity Insights: the stories behind our books, songs and animal guides, told by the ' +
      'people who make them.',
  },
  '/coming-soon': {
    title: 'Coming Soon',
    description: 'Something new is on its way to the Starfinity universe.',
  },
  '/privacy': {
    title: 'Privacy Policy',
    description:
      'How Starfinity collects, uses and protects your information: a heart-centered approach, ' +
      'minimal collection and your rights.',
  },
  '/terms': {
    title: 'Terms of Service',
    description: 'The terms that apply when you use the Starfinity website and its services.',
  },
  '/faq': {
    title: 'Frequently Asked Questions',
    description:
      'Answers about Starfinity, its four ventures, the community, our values and how to get ' +
      'started.',
  },
  '/books/dune-big-ears': {
    title: 'Dune and the Big Ears',
    description:
      'Book 1 of 8 in the Starfinity Wild series for ages 3-8: a little fennec fox learns to ' +
      'listen with the heart.',
  },
  '/books/dune-music': {
    title: 'Listen With Your Heart',
    description:
      'The theme song of Dune and the Big Ears from Starfinity Records: watch, stream and sing ' +
      'along with the full lyrics.',
  },
  '/parent-connect': {
    title: 'Parent Connect',
    description:
      'Three quick questions for Dune families, then a free Five-Minute Nature Moments guide by email.',
  },
  '/demo': {
    title: 'Cosmic Loader Demo',
    description: 'The cosmic loading spinner of the Starfinity site.',
  },
  '/demo-stars': {
    title: 'Star Field Demo',
    description: 'Try the Starfinity star field: density, animation, patterns and shooting stars.',
  },
}

export const isPublicRoute = (path: unknown): path is PublicRoute =>
  typeof path === 'string' && Object.hasOwn(PAGE_TEXTS, path)

/** The texts of a path, when it is a fixed public route. */
export const pageTextsOf = (path: unknown): PageTexts | undefined =>
  isPublicRoute(path) ? PAGE_TEXTS[path] : undefined
