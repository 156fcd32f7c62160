import { convertMarkdownToLexical, editorConfigFactory } from '@payloadcms/richtext-lexical'
import type {
  CollectionSlug,
  DataFromGlobalSlug,
  Payload,
  RequiredDataFromCollectionSlug,
} from 'payload'

/** Seed content: what a fresh site shows before editors change anything in the admin. */

/**
 * A seed document whose upload fields are files of the artwork under /public (`seedFiles`, field
 * name to path): the seed imports them into Media first, the SVG's title as alt text.
 */
export type Seeded<S extends CollectionSlug> = RequiredDataFromCollectionSlug<S> & {
  seedFiles?: Record<string, string>
}

const FOUNDER = 'Elena Starling'

const streamingLinks = [
  { service: 'Spotify', url: 'https://open.spotify.com/search/Starfinity%20Records' },
  { service: 'Apple Music', url: 'https://music.apple.com/us/search?term=Starfinity%20Records' },
  { service: 'YouTube Music', url: 'https://music.youtube.com/search?q=Starfinity+Records' },
  { service: 'Amazon Music', url: 'https://music.amazon.com/search/Starfinity%20Records' },
]

const bookStoreUrl = 'https://www.amazon.com/s?k=Dune+Big+Ears+Starfinity'

export const characters: Seeded<'characters'>[] = [
  {
    slug: 'dune',
    name: 'Dune',
    species: 'Desert Fennec Fox',
    location: 'Golden Sands Preserve',
    description:
      'Dune is a young fennec fox whose enormous ears catch every whisper of the desert, from ' +
      'the hush of shifting sand to the heartbeat of a friend in need. Once shy about standing ' +
      'out, Dune discovers that the very thing that made them different is a gift: the power ' +
      'to listen with the heart.',
    wisdom:
      'The quietest voices often carry the biggest truths, if we slow down enough to hear them.',
    icon: '🦊',
    color: '#E8A33D',
    gradient: 'linear-gradient(135deg, #F9D976 0%, #E8A33D 55%, #B8692E 100%)',
    seedFiles: { artwork: '/images/characters/dune.svg' },
  },
  {
    slug: 'phoebe',
    name: 'Phoebe the Flamingo',
    species: 'American Flamingo',
    location: 'Florida Wetlands',
    description:
      'Phoebe wades through the warm, shimmering wetlands, balancing on one leg while the ' +
      'world rushes by. She teaches her friends that calm is something you practise, one ' +
      'steady breath at a time, and that being gently, brightly yourself is never too much.',
    wisdom: 'Balance is not standing still; it is learning to stay steady while everything moves.',
    icon: '🦩',
    color: '#F47CA0',
    gradient: 'linear-gradient(135deg, #FFD1DC 0%, #F47CA0 55%, #D94F7B 100%)',
    seedFiles: { artwork: '/images/characters/phoebe.svg' },
  },
  {
    slug: 'chirpy',
    name: 'Chirpy the Coqui Frog',
    species: 'Common Coqui Frog',
    location: 'Puerto Rican Rainforest',
    description:
      'Chirpy is small enough to sit on a fingertip, yet every evening the rainforest fills ' +
      'with the song "co-KEE! co-KEE!" He reminds every child that size has nothing to do ' +
      'with the difference one brave, joyful voice can make.',
    wisdom: 'A small voice, sung with a big heart, can fill a whole forest with music.',
    icon: '🐸',
    color: '#3FB56B',
    gradient: 'linear-gradient(135deg, #B7F0AD 0%, #3FB56B 55%, #1F7A48 100%)',
    seedFiles: { artwork: '/images/characters/chirpy.svg' },
  },
  {
    slug: 'fern',
    name: 'Fern the Flying Squirrel',
    species: 'Southern Flying Squirrel',
    location: 'Whisper Woods at Night',
    description:
      'When the moon rises over Whisper Woods, Fern spreads her arms and glides from branch ' +
      'to branch beneath the stars. She knows that every leap begins with a little fear, and ' +
      'that trusting yourself is what turns a fall into flight.',
    wisdom: 'You will never know how far you can glide until you are brave enough to leap.',
    icon: '🐿️',
    color: '#7B6CF6',
    gradient: 'linear-gradient(135deg, #A5B4FC 0%, #7B6CF6 50%, #2E2A6B 100%)',
    seedFiles: { artwork: '/images/characters/fern.svg' },
  },
  {
    slug: 'crystal',
    name: 'Crystal the Ermine',
    species: 'Ermine',
    location: 'Northern Boreal Forest',
    description:
      'Crystal lives among the tall spruce of the northern forest, where her coat turns from ' +
      'summer brown to snowy white as the seasons change. She shows young readers that change ' +
      'is not something to fear, but a natural part of growing into who we are meant to be.',
    wisdom: 'Like the seasons, we are always changing, and every new season has its own beauty.',
    icon: '❄️',
    color: '#7FC8F8',
    gradient: 'linear-gradient(135deg, #F0F9FF 0%, #BEE3F8 45%, #7FC8F8 100%)',
    seedFiles: { artwork: '/images/characters/crystal.svg' },
  },
]

const featuredArticle = `
## A Question at Bedtime

Starfinity began the way so many good things do: with a question at bedtime. My niece, four
years old and half asleep, pointed at the picture of a fox in her book and asked, *"Why are his
ears so big?"* Before I could answer, she answered herself: *"So he can hear when someone is
sad."*

I have thought about that moment almost every day since. In one sentence she had said what I
believe children need most from the stories we give them: not just adventure, but a way of
**paying attention** to the world, to each other and to themselves. That evening the first
sketch of a little fennec fox named Dune appeared in the margin of my notebook.

## Why a Fennec Fox?

The fennec fox is the smallest fox on Earth, with the largest ears for its size of any member
of the dog family. Those ears are not decoration. In the desert they let the fox hear prey
moving beneath the sand, and they release heat so the fox can stay cool under a blazing sun.
What looks like an oddity is really **a perfect fit for where it lives**.

That felt like the heart of a story every child could use. Most of us, at some point, feel that
something about us is too big, too loud, too quiet or too different. Dune feels that way too,
until the day a tiny cry drifts across the dunes and only Dune can hear it. In *Dune and the Big
Ears*, the thing Dune wanted to hide becomes the thing that helps a friend find the way home.

## Meeting the Five Guides

Once Dune existed, the others arrived quickly, each from a real habitat and each carrying a
quality I wanted young readers to grow up with:

- **Dune**, the desert fennec fox of the Golden Sands Preserve: *listening with the heart*.
- **Phoebe the Flamingo**, from the Florida Wetlands: *balance and calm*, practised one steady
  breath at a time.
- **Chirpy the Coqui Frog**, from the Puerto Rican Rainforest: *finding your voice*, because a
  frog small enough to sit on a fingertip sings one of the island's loudest songs.
- **Fern the Flying Squirrel**, of the Whisper Woods at Night: *courage and trust*, the leap that
  turns a fall into flight.
- **Crystal the Ermine**, from the Northern Boreal Forest: *embracing change*, as her coat turns
  from brown to white with the seasons.

We call them **guides** rather than heroes. A hero saves the day; a guide walks beside you while
you learn to save it yourself. None of them is perfect. Each one has a worry, a wobble, a
moment of doubt, because that is where the real lessons live.

## Why the Wild Comes First

Starfinity stories grow up alongside their readers. There are four story lines, each for a
different season of life:

- **Starfinity Wild** (ages 3-8): animal guides, real habitats and big feelings in small words.
- **Starfinity Kids** (ages 8-12): friendship, curiosity and the first big questions.
- **Starfinity Sci-Fi** (ages 12-18): the future, technology and what it means to stay human.
- **Starfinity Saga** (adults): the full universe, for the grown-ups who started it all.

The Wild comes first because it is the root of everything else. Before a child can imagine
starships and distant worlds, they need to feel at home in this one. The desert, the wetlands,
the rainforest, the night woods and the northern forest are real places, and every book in the
series quietly invites families to step outside and **notice the living world around them**.

## How a Story Becomes a Book

Each Starfinity Wild book goes through the same gentle process before it reaches your shelf:

- **We study the real animal and its home**, so every detail, from a flamingo's pink feathers to
  an ermine's winter coat, is rooted in nature rather than invented for convenience.
- **We read every draft aloud**, because these are bedtime books first. If a line does not sound
  lovely in a sleepy voice, it does not stay.
- **We write a song for every story**. Dune's theme, *Listen With Your Heart*, came from
  Starfinity Records, so children can carry the story with them long after the book is closed.
- **We share early versions with parents and educators**, and their notes shape the final pages
  more than anything else.

## Where the Future is Human

People sometimes ask why a company that also builds an app talks so much about foxes and frogs.
For me, it is all the same work. Our tagline, *Where the Future is Human*, is a promise that no
matter how much technology changes our lives, the things that matter most will stay the same:
**curiosity, kindness, wonder and the courage to listen**.

*Dune and the Big Ears* is book 1 of 8 in the Starfinity Wild series. Phoebe, Chirpy, Fern and
Crystal are waiting for their turn, and I cannot wait for you to meet them properly. Until then,
I hope you will read Dune's story with someone you love, hum the song together, and maybe,
tonight, ask each other what you heard today that no one else noticed.

*With a full heart,*
*${FOUNDER}, Founder of Starfinity*
`

/** Needs the Payload instance: the article body is converted to Lexical with the site's editor. */
const listeningArticle = `
Children rarely ask to be taught how to listen. They ask for a story, and the listening comes with it.

## The Quiet Minute

Before every chapter of **Dune Big Ears** we leave a pause: one minute in which nobody turns the page. Parents tell us it is the part their children remember.

- Sit close enough to hear each other breathe.
- Name one sound from outside the room.
- Guess what Dune would hear that we cannot.

## Why Silence Is Not Empty

*Silence is where the other person's answer lives.* When the story stops, a child fills the space with a question, and the question is the point.
`

const songArticle = `
The theme song of Starfinity Wild began as a lullaby hummed on a long drive through the desert.

## From Hum to Harmony

The melody stayed simple on purpose, so that a four-year-old can sing it after hearing it twice. Around it the band layered:

- a frame drum for the fox's quick heartbeat,
- a soft flute for the wind over the dunes,
- and a choir of children recorded in one afternoon.

## Singing Along Together

*Music is a story you can hold in your mouth.* We hope families sing it in the car, off-key and all.
`

export const articles = async (payload: Payload): Promise<Seeded<'articles'>[]> => {
  const editorConfig = await editorConfigFactory.default({ config: payload.config })
  const lexical = (markdown: string) => convertMarkdownToLexical({ editorConfig, markdown })
  return [
    {
      slug: 'stories-behind-the-stories',
      seedFiles: { coverImage: '/images/characters/dune.svg' },
      title: 'Big Ears, Open Hearts: How the Starfinity Wild Guides Came to Be',
      excerpt:
        'A bedtime question, a little fennec fox and five animal guides from five real ' +
        'habitats: the story of how Dune, Phoebe, Chirpy, Fern and Crystal found their way ' +
        'into Starfinity Wild, and why the Wild comes first.',
      content: lexical(featuredArticle),
      author: `${FOUNDER}, Founder of Starfinity`,
      publishedAt: '2024-12-10T12:00:00.000Z',
      readTime: '8 min',
      topics: ['Storytelling', 'Starfinity Wild', 'Characters', 'Conscious Parenting'],
      featured: true,
      _status: 'published',
    },
    {
      slug: 'the-quiet-minute',
      seedFiles: { coverImage: '/images/books/dune-big-ears.svg' },
      title: 'The Quiet Minute: Teaching Children to Listen Through Stories',
      excerpt:
        'Why every chapter of Dune Big Ears begins with a pause, and three small rituals ' +
        'families use to turn story time into listening time.',
      content: lexical(listeningArticle),
      author: `${FOUNDER}, Founder of Starfinity`,
      publishedAt: '2024-11-18T12:00:00.000Z',
      readTime: '4 min',
      topics: ['Conscious Parenting', 'Books'],
      featured: false,
      _status: 'published',
    },
    {
      slug: 'making-the-theme-song',
      seedFiles: { coverImage: '/images/books/dune-music-album.svg' },
      title: 'From a Desert Lullaby to the Starfinity Wild Theme Song',
      excerpt:
        'How a melody hummed on a long drive became the song children sing along to, and ' +
        'what each instrument stands for.',
      content: lexical(songArticle),
      author: 'The Starfinity Records team',
      publishedAt: '2024-10-02T12:00:00.000Z',
      readTime: '3 min',
      topics: ['Music', 'Starfinity Records'],
      featured: false,
      _status: 'published',
    },
  ]
}

type FaqGroup = RequiredDataFromCollectionSlug<'faq-items'>['group']
type FaqEntry = { question: string; answer: string }

const faqGroups: [FaqGroup, FaqEntry[]][] = [
  [
    'About',
    [
      {
        question: 'What is Starfinity?',
        answer:
          'Starfinity is a creative ecosystem built around one idea: Where the Future is Human. ' +
          'It brings together four ventures (the Earth App, Starfinity Publishing, Starfinity ' +
          'Records and the Starfinity Universe) and a warm community of parents, readers, ' +
          'music lovers and dreamers who believe stories can help us grow more connected, ' +
          'curious and kind.',
      },
      {
        question: 'Who is behind Starfinity?',
        answer:
          `Starfinity was founded by ${FOUNDER}, a storyteller who wanted to create books, ` +
          'songs and tools that help families slow down and listen to each other. Today a ' +
          'small team of writers, illustrators, musicians and technologists works together ' +
          'to bring the universe to life. You can read more on our About page.',
      },
      {
        question: 'What does "Where the Future is Human" mean?',
        answer:
          'It is our promise that, however quickly technology changes, the things that matter ' +
          'most stay at the centre: empathy, creativity, connection with nature and with each ' +
          'other. Everything we make is meant to support those human qualities, never to ' +
          'replace them.',
      },
      {
        question: 'Who is Starfinity for?',
        answer:
          'Starfinity is for families with young children, readers of every age, music lovers, ' +
          'educators and anyone curious about mindful, heart-centred living. Our stories grow ' +
          'with their readers, from picture books for ages 3-8 to the Saga for adults.',
      },
    ],
  ],
  [
    'The Four Ventures',
    [
      {
        question: 'What is the Starfinity Earth App?',
        answer:
          'The Earth App is our companion app, currently in development. It is designed to ' +
          'help families build small daily rituals of reflection, gratitude and time in ' +
          'nature. Many of its features will be free; some premium features may cost a ' +
          'little, and we will always say so clearly before you choose them. Join the waitlist ' +
          'to be among the first to try it.',
      },
      {
        question: 'What does Starfinity Publishing create?',
        answer:
          'Starfinity Publishing creates books in four story lines that grow with their ' +
          'readers: Wild (ages 3-8), Kids (ages 8-12), Sci-Fi (ages 12-18) and Saga (adults). ' +
          'The first title, Dune and the Big Ears, is book 1 of 8 in the Starfinity Wild ' +
          'series and is available in hardcover, paperback and digital formats.',
      },
      {
        question: 'What is Starfinity Records?',
        answer:
          'Starfinity Records is our music label. It creates songs that carry the messages of ' +
          'our stories beyond the page, starting with "Listen With Your Heart", the theme song ' +
          'for Dune and the Big Ears. You can stream our music on Spotify, Apple Music, ' +
          'YouTube Music and Amazon Music.',
      },
      {
        question: 'What is the Starfinity Universe?',
        answer:
          'The Starfinity Universe is the shared world that connects every book, song and ' +
          'character. It begins with five animal guides (Dune, Phoebe, Chirpy, Fern and ' +
          'Crystal) and expands through the Wild, Kids, Sci-Fi and Saga story lines, so a ' +
          'reader can grow up inside the same universe from their first picture book onwards.',
      },
      {
        question: 'How do the four ventures fit together?',
        answer:
          'Each venture is a different doorway into the same story. A child might meet Dune in ' +
          "a book, sing along to Dune's song, explore the characters in the Universe and " +
          'practise listening with the heart through the Earth App. You can enjoy any one of ' +
          'them on its own, or all of them together.',
      },
    ],
  ],
  [
    'Community & Participation',
    [
      {
        question: 'How can I join the Starfinity community?',
        answer:
          'The easiest way is to subscribe to our newsletter from the Community page or any ' +
          'signup form on the site. You will receive updates on new books, songs and app ' +
          'features, along with gentle ideas for mindful family time. You can also follow us ' +
          'on social media through our link hub.',
      },
      {
        question: 'Does it cost anything to take part?',
        answer:
          'Many Starfinity features are free, including the newsletter, the waitlist, the ' +
          'community and much of the content on this site. Some premium experiences, such as ' +
          'books, merchandise or future premium app features, may cost money, and prices are ' +
          'always shown clearly before you decide.',
      },
      {
        question: 'Can I collaborate or partner with Starfinity?',
        answer:
          'We love hearing from educators, artists, musicians, organisations and media who ' +
          'share our values. Send us a message through the Contact page and choose the subject ' +
          'that fits best (collaboration, partnership, media and speaking, and more). We reply ' +
          'within 24-48 hours.',
      },
      {
        question: 'How can parents and educators get involved?',
        answer:
          'Parents can share what matters to their family through our short Parent Connect ' +
          'survey, reached from the QR code in our books, and receive a free Five-Minute Nature ' +
          'Moments guide by email. Educators are warmly invited to get in touch about reading ' +
          'sessions and classroom ideas.',
      },
    ],
  ],
  [
    'Values & Philosophy',
    [
      {
        question: 'What values guide Starfinity?',
        answer:
          'Everything we create is guided by empathy, curiosity, respect for nature and the ' +
          'belief that every voice matters. We aim to make things that leave people, and ' +
          'especially children, feeling more connected, more capable and more themselves.',
      },
      {
        question: 'How do you handle my personal data?',
        answer:
          'With care. We collect only what we need, such as your email address to send the ' +
          'newsletter you asked for, and we never sell your data to anyone. You can ask to ' +
          'see, correct or delete your information at any time, and every email includes a ' +
          'way to unsubscribe. Our Privacy Policy explains the details.',
      },
      {
        question: 'Why do your stories focus on animals and nature?',
        answer:
          'Children learn naturally through animals, and real habitats give every story roots ' +
          'in the living world. Each of our guides comes from a real place, so the books invite ' +
          'families to step outside, notice the world around them and care for it together.',
      },
      {
        question: 'How does Starfinity think about technology?',
        answer:
          'Technology should serve human connection, not compete with it. We use modern tools ' +
          'thoughtfully, but our stories, songs and characters are shaped by human hands and ' +
          'hearts, and our app is designed to encourage time together and time outdoors ' +
          'rather than endless screen time.',
      },
    ],
  ],
  [
    'Getting Started',
    [
      {
        question: 'Where is the best place to start?',
        answer:
          'Start with Dune! Read Dune and the Big Ears, listen to "Listen With Your Heart" and ' +
          'meet all five animal guides on the Characters page. If you would like to hear about ' +
          'what comes next, join the newsletter or the waitlist.',
      },
      {
        question: 'How do I join the waitlist?',
        answer:
          'Visit the Waitlist page, enter your email and first name, and choose the venture ' +
          'you are most excited about. Joining is free, and we will let you know as soon as ' +
          'early access opens.',
      },
      {
        question: 'How do I unsubscribe or change my email preferences?',
        answer:
          'Every email we send includes a link to unsubscribe or update your preferences. You ' +
          'can also contact us directly and we will take care of it for you.',
      },
      {
        question: 'How do I ask about an order or a refund?',
        answer:
          'Please send refund and order questions through our Contact page, including your ' +
          'order number if you have one. A real person will look into it and reply within ' +
          '24-48 hours.',
      },
    ],
  ],
]

/** Created in page order, so the drag-and-drop order keeps each group together. */
export const faqItems: RequiredDataFromCollectionSlug<'faq-items'>[] = faqGroups.flatMap(
  ([group, entries]) => entries.map((entry) => ({ group, ...entry })),
)

export const books: Seeded<'books'>[] = [
  {
    slug: 'dune-big-ears',
    title: 'Dune and the Big Ears',
    subtitle: 'A Story About Listening With Your Heart',
    seriesName: 'Starfinity Wild',
    seriesNumber: 1,
    seriesTotal: 8,
    ageRange: '3-8',
    description:
      'Meet Dune, a little fennec fox with the biggest ears in the Golden Sands Preserve. In ' +
      'this heartwarming first book of the Starfinity Wild series, Dune learns that what makes ' +
      'us different can be our greatest gift, and that the most important things are heard ' +
      'with the heart.',
    story:
      'Dune has always felt a little self-conscious about those enormous ears. The other ' +
      'desert animals giggle when they flop in the wind, so Dune tries to tuck them down and ' +
      'blend in. But one quiet evening, as the sun melts into the golden dunes, a tiny cry ' +
      'drifts across the sand, too soft for anyone else to hear. Following the sound, Dune ' +
      'finds a lost little jerboa far from home and, by listening to the whispering wind, the ' +
      'shifting sand and the beating of a worried heart, leads the way back under a sky full ' +
      "of stars. By morning, everyone in the Golden Sands Preserve knows that Dune's big ears " +
      'were never too big at all: they were just the right size for listening.',
    themes: [
      'Listening with your heart',
      'Embracing what makes you unique',
      'Kindness and courage',
      'Connection with nature',
      'Friendship and belonging',
    ],
    formats: 'Available in hardcover, paperback, and digital formats',
    seedFiles: { cover: '/images/books/dune-big-ears.svg' },
    storeUrl: bookStoreUrl,
  },
]

const chorus = [
  'Listen with your heart, listen with your heart,',
  'Every little voice can shine just like a star,',
  "When the world gets loud and you don't know where to start,",
  'Close your eyes, breathe in, and listen with your heart.',
].join('\n')

const lyrics: { section: 'verse' | 'chorus' | 'bridge' | 'outro'; text: string }[] = [
  {
    section: 'verse',
    text: [
      'Out where the golden sands roll on and on,',
      'There lives a little fox who hums the desert song,',
      'With ears so big they catch the softest sound,',
      'The whisper of the wind, the heartbeat underground.',
    ].join('\n'),
  },
  { section: 'chorus', text: chorus },
  {
    section: 'verse',
    text: [
      'Some friends would laugh and say, "Your ears are way too wide!"',
      'So Dune would tuck them low and try to hide,',
      'But when a tiny cry came drifting through the night,',
      'Those big ears led the way and made it right.',
    ].join('\n'),
  },
  { section: 'chorus', text: chorus },
  {
    section: 'bridge',
    text: [
      'The stars hum low, the dunes hum too,',
      'The whole wide world is singing back to you,',
      'Slow down, slow down, be still and see,',
      'The quiet holds a melody.',
    ].join('\n'),
  },
  { section: 'chorus', text: chorus },
  {
    section: 'outro',
    text: [
      'Under the moon on the golden sand,',
      'A fox and a friend walk side by side, hand in hand,',
      'Listen with your heart,',
      'Listen... with your heart.',
    ].join('\n'),
  },
]

/** The related book is added by the seeder, once the book exists. */
export const songs: Omit<Seeded<'songs'>, 'book'>[] = [
  {
    slug: 'dune-music',
    title: 'Listen With Your Heart',
    artist: 'Starfinity Records',
    description:
      'The theme song of Dune and the Big Ears: a gentle, singalong lullaby about a little ' +
      'fennec fox who learns that big ears, and big hearts, are made for listening. Perfect ' +
      'for bedtime, car rides and quiet moments together.',
    videoUrl: 'https://www.youtube-nocookie.com/embed/starfinity-dune',
    seedFiles: { albumCover: '/images/books/dune-music-album.svg' },
    albumUrl: 'https://open.spotify.com/search/Listen%20With%20Your%20Heart%20Starfinity',
    lyrics,
    streamingLinks,
  },
]

export const shopProducts: RequiredDataFromCollectionSlug<'shop-products'>[] = [
  {
    handle: 'where-the-future-is-human-tee',
    title: 'Where the Future is Human Tee',
    description:
      'A soft organic-cotton t-shirt printed with our tagline and a scattering of hand-drawn ' +
      'stars. Made for everyday wear and big conversations.',
    price: 34,
    imageUrl: '/images/shop/where-the-future-is-human-tee.svg',
    order: 1,
  },
  {
    handle: 'starfinity-stardust-hoodie',
    title: 'Starfinity Stardust Hoodie',
    description:
      'A cosy midnight-blue hoodie with the Starfinity constellation embroidered on the ' +
      'chest, for stargazing nights and slow mornings alike.',
    price: 68,
    imageUrl: '/images/shop/starfinity-stardust-hoodie.svg',
    order: 2,
  },
  {
    handle: 'listen-with-your-heart-tote',
    title: 'Listen With Your Heart Tote',
    description:
      'A sturdy canvas tote featuring Dune the fennec fox, roomy enough for library books, ' +
      'picnic snacks and little treasures found on nature walks.',
    price: 24,
    imageUrl: '/images/shop/listen-with-your-heart-tote.svg',
    order: 3,
  },
]

export const siteSettings: Omit<DataFromGlobalSlug<'site-settings'>, 'id' | 'aboutGallery'> = {
  tagline: 'Where the Future is Human',
  shopName: 'Starfinity Shop',
  shopDescription:
    'Conscious apparel and keepsakes inspired by the Starfinity universe, made with care for ' +
    'people and planet.',
  shopUrl: 'https://shop.starfinity.example',
  linkHubUrl: 'https://linktr.ee/starfinity',
  bookStoreUrl,
  musicStoreUrl: 'https://bandcamp.com/search?q=Starfinity%20Records',
  streamingLinks,
  retention: { eventsMonths: 13, emailBodiesMonths: 12 },
  referralPlaces: { earthApp: 1, publishing: 1, records: 1, studio: 1, universe: 1 },
  vitalsSampleRate: 100,
}
