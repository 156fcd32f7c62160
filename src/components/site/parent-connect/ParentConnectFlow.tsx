'use client'

import { type RefObject, useEffect, useRef, useState } from 'react'

import { Field, Textarea } from '../forms/fields'
import { useNotify } from '../notifications/Notifications'
import { Button, ButtonLink, ButtonRow, Card, Heading, List, Muted, Stack } from '../ui'
import styles from './ParentConnectFlow.module.css'
import { ParentSignupForm } from './ParentSignupForm'
import { SURVEY_ADVANCE_MS, SURVEY_STEPS, type SurveyAnswers } from './survey'

const BENEFITS = [
  "A free 'Five-Minute Nature Moments' guide for busy family days",
  'Early news of the next seven Starfinity Wild books',
  'Gentle, screen-light activities that grow with your child',
  'Invitations to family read-alongs and nature days',
]

/**
 * Spec §4: three questions, each advancing 500 ms after a choice, then benefits with the signup
 * form, then a thank-you screen. The heading of each new screen takes focus.
 */
export function ParentConnectFlow() {
  const [step, setStep] = useState(0)
  const [answers, setAnswers] = useState<SurveyAnswers>({})
  const [isAdvancing, setAdvancing] = useState(false)
  const heading = useRef<HTMLHeadingElement>(null)
  const isFirstRender = useRef(true)

  useEffect(() => {
    if (isFirstRender.current) {
      isFirstRender.current = false
      return
    }
    heading.current?.focus()
  }, [step])

  const choose = (field: keyof SurveyAnswers, option: string) => {
    if (isAdvancing) return
    setAnswers((current) => ({ ...current, [field]: option }))
    setAdvancing(true)
    setTimeout(() => {
      setAdvancing(false)
      setStep((current) => current + 1)
    }, SURVEY_ADVANCE_MS)
  }

  const survey = SURVEY_STEPS[step]
  if (survey)
    return (
      <Card className={styles.panel}>
        <p className={styles.progress}>Step {step + 1} of 4</p>
        <Heading ref={heading} tabIndex={-1}>
          {survey.question}
        </Heading>
        <div className={styles.options} role="group" aria-label={survey.question}>
          {survey.options.map((option) => (
            <button
              key={option}
              className={styles.option}
              type="button"
              aria-pressed={answers[survey.field] === option}
              onClick={() => choose(survey.field, option)}
            >
              {option}
            </button>
          ))}
        </div>
      </Card>
    )

  if (step === SURVEY_STEPS.length)
    return (
      <Card className={styles.panel}>
        <p className={styles.progress}>Step 4 of 4</p>
        <Heading ref={heading} tabIndex={-1}>
          Join the Starfinity Family
        </Heading>
        <List>
          {BENEFITS.map((benefit) => (
            <li key={benefit}>{benefit}</li>
          ))}
        </List>
        <div className={styles.formWrap}>
          <ParentSignupForm answers={answers} onSuccess={() => setStep(step + 1)} />
        </div>
      </Card>
    )

  return <ThankYou headingRef={heading} />
}

function ThankYou({ headingRef }: { headingRef: RefObject<HTMLHeadingElement | null> }) {
  const notify = useNotify()
  const [wish, setWish] = useState('')
  return (
    <Card className={styles.panel}>
      <Heading ref={headingRef} tabIndex={-1}>
        Thank You for Joining!
      </Heading>
      <Muted>
        Your guide is on its way. While you wait, tell us: what&apos;s one thing you wish existed
        for your family?
      </Muted>
      <Stack>
        <Field label="One thing you wish existed (optional)">
          {(aria) => (
            <Textarea
              rows={4}
              maxLength={2000}
              value={wish}
              onChange={(event) => setWish(event.target.value)}
              {...aria}
            />
          )}
        </Field>
        <div>
          <Button
            type="button"
            $variant="secondary"
            onClick={() => {
              // Spec §4: only a thank-you when something was written; nothing is sent.
              if (wish.trim())
                notify({ title: 'Thank you for sharing!', description: 'Your wish inspires us.' })
            }}
          >
            Share My Wish
          </Button>
        </div>
      </Stack>
      <ButtonRow>
        <ButtonLink href="/books/dune-big-ears">Read Dune&apos;s Story</ButtonLink>
        <ButtonLink href="/about" $variant="secondary">
          Meet the Creator
        </ButtonLink>
        <ButtonLink href="/publishing" $variant="secondary">
          Explore Publishing
        </ButtonLink>
      </ButtonRow>
    </Card>
  )
}
