'use client'

import { useState } from 'react'

import { COMPOSE_TYPES } from '@/schemas/ai'

import { labelOf } from '../../parts'
import { Button, Panel, Row, Select } from '../../ui'
import { ChatPanel } from './ChatPanel'
import { PreviewPanel } from './PreviewPanel'
import { SendPanel } from './SendPanel'
import { type ComposeType, useComposer } from './useComposer'

const STEPS = {
  'Chat & Compose': ChatPanel,
  'Email Preview': PreviewPanel,
  'Send Email': SendPanel,
} as const
type Step = keyof typeof STEPS

/** The AI email composer: chat with the assistant, preview and edit, send; one draft for all three. */
export function ComposerTab() {
  const composer = useComposer()
  const [step, setStep] = useState<Step>('Chat & Compose')
  const Current = STEPS[step]
  return (
    <Panel aria-label="AI Email Composer">
      <Row>
        <Row role="tablist" aria-label="Composer steps">
          {(Object.keys(STEPS) as Step[]).map((name) => (
            <Button
              key={name}
              role="tab"
              selected={step === name}
              variant={step === name ? 'primary' : 'secondary'}
              onClick={() => setStep(name)}
            >
              {name}
            </Button>
          ))}
        </Row>
        <Select
          aria-label="Email type"
          value={composer.draft.type}
          onChange={(event) => composer.set('type', event.target.value as ComposeType)}
        >
          {COMPOSE_TYPES.map((value) => (
            <option key={value} value={value}>
              {labelOf(value)}
            </option>
          ))}
        </Select>
      </Row>
      <Current composer={composer} />
    </Panel>
  )
}
