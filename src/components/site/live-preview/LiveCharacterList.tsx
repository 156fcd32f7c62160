'use client'

import type { Character } from '@/payload-types'

import { CharacterCard } from '../characters/CharacterCard'
import { useLivePreviewList } from './useLivePreviewList'

/** The guides of /characters in the admin's live preview: the edited one follows the form. */
export function LiveCharacterList({ characters }: { characters: Character[] }) {
  const docs = useLivePreviewList('characters', characters)
  return docs.map((character) => <CharacterCard key={character.id} character={character} />)
}
