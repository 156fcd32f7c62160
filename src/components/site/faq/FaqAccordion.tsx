'use client'

import { useState } from 'react'
import styled from 'styled-components'

import { colors } from '../theme'
import { Heading } from '../ui'

export type FaqGroupView = {
  group: string
  items: { id: number; question: string; answer: string }[]
}

const Group = styled.section`
  & + & {
    margin-top: 48px;
  }
`

const Item = styled.div`
  border: 1px solid ${colors.border};
  border-radius: 16px;
  background: ${colors.panel};
  & + & {
    margin-top: 12px;
  }
`

const QuestionHeading = styled.h3`
  margin: 0;
  font-size: 1.05rem;
`

const Question = styled.button`
  display: flex;
  width: 100%;
  justify-content: space-between;
  align-items: center;
  gap: 16px;
  min-height: 56px;
  padding: 16px 20px;
  border: 0;
  border-radius: 16px;
  background: transparent;
  color: ${colors.text};
  font: inherit;
  font-weight: 700;
  text-align: left;
  cursor: pointer;
  span[aria-hidden] {
    flex: none;
    transition: transform 0.2s ease;
  }
  &[aria-expanded='true'] span[aria-hidden] {
    transform: rotate(45deg);
  }
`

const Answer = styled.div`
  padding: 0 20px 18px;
  color: ${colors.muted};
  p {
    margin: 0;
  }
`

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
        <Group key={group} aria-labelledby={`faq-${slug(group)}`}>
          <Heading id={`faq-${slug(group)}`}>{group}</Heading>
          {items.map((item) => {
            const isOpen = openId === item.id
            return (
              <Item key={item.id}>
                <QuestionHeading>
                  <Question
                    type="button"
                    id={`faq-q-${item.id}`}
                    aria-expanded={isOpen}
                    aria-controls={`faq-a-${item.id}`}
                    onClick={() => setOpenId(isOpen ? null : item.id)}
                  >
                    {item.question}
                    <span aria-hidden="true">+</span>
                  </Question>
                </QuestionHeading>
                <Answer
                  id={`faq-a-${item.id}`}
                  role="region"
                  aria-labelledby={`faq-q-${item.id}`}
                  hidden={!isOpen}
                >
                  <p>{item.answer}</p>
                </Answer>
              </Item>
            )
          })}
        </Group>
      ))}
    </>
  )
}
