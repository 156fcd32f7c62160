'use client'

import { useState } from 'react'
import { Heading } from '../ui'
import styles from './FaqAccordion.module.css'

export type FaqGroupView = {
  group: string
  items: { id: number; question: string; answer: string }[]
}

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/(^-|-$)/g, '')

/** The FAQ groups: one answer open at a time; the open question closes again when clicked. */
export function FaqAccordion({ groups }: { groups: FaqGroupView[] }) {
  const [openId, setOpenId] = useState<number | null>(null)
  return (
    <>
      {groups.map(({ group, items }) => (
        <section className={styles.group} key={group} aria-labelledby={`faq-${slug(group)}`}>
          <Heading id={`faq-${slug(group)}`}>{group}</Heading>
          {items.map((item) => {
            const isOpen = openId === item.id
            return (
              <div className={styles.item} key={item.id}>
                <h3 className={styles.questionHeading}>
                  <button
                    className={styles.question}
                    type="button"
                    id={`faq-q-${item.id}`}
                    aria-expanded={isOpen}
                    aria-controls={`faq-a-${item.id}`}
                    onClick={() => setOpenId(isOpen ? null : item.id)}
                  >
                    {item.question}
                    <span aria-hidden="true">+</span>
                  </button>
                </h3>
                <div
                  className={styles.answer}
                  id={`faq-a-${item.id}`}
                  role="region"
                  aria-labelledby={`faq-q-${item.id}`}
                  hidden={!isOpen}
                >
                  <p>{item.answer}</p>
                </div>
              </div>
            )
          })}
        </section>
      ))}
    </>
  )
}
